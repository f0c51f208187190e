// The public UIKit-shaped API.
