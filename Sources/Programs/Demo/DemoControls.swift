import DirectDisplay
import Foundation

/// The standard views in the demo's normal window: a title label, an image, and
/// a button that animates a small window in and out (it slides down into place
/// and fades in, and back); the window holds a navigation controller with a page
/// of controls and an alert to present (`DemoSettings`). Each finished animation is logged to stdout
/// ("demo: panel shown" / "demo: panel hidden"). Two fingers pinch the image larger or
/// smaller (half to three times its size, under the button and the list; "demo: pinched the image to 2.5x" when they lift).
@MainActor
final class DemoControls {
    private let panel: Window
    private let button: Button
    /// The pinchable image.
    let icon: ImageView
    /// The image's scale when the pinch under way began.
    private var scaleAtPinchStart: CGFloat = 1
    private var panelShown = false
    /// Where the panel rests when shown, and where it starts and ends (above, invisible).
    private let shownFrame: CGRect
    private let hiddenFrame: CGRect

    init(in root: View, screenBounds bounds: CGRect) {
        let left = (bounds.width * 0.1).rounded()
        let title = Label(frame: CGRect(x: left, y: (bounds.height * 0.085).rounded(), width: 300, height: 40))
        title.text = "DirectDisplay"
        title.font = .boldSystemFont(ofSize: 28)
        title.textColor = .white
        root.addSubview(title)

        icon = ImageView(image: Self.icon)
        icon.frame = CGRect(x: left + 200, y: (bounds.height * 0.155).rounded(), width: 64, height: 64)
        icon.contentMode = .scaleAspectFit
        // An image view takes no touches by default (as UIKit's), and a view a second one only
        // when it is multi-touch: the pinch needs both fingers.
        icon.isUserInteractionEnabled = true
        icon.isMultipleTouchEnabled = true
        root.addSubview(icon)

        button = Button(frame: CGRect(x: left, y: (bounds.height * 0.165).rounded(), width: 180, height: 44))
        button.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        button.setTitle("Show panel", for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.setTitleColor(Color(red: 0.8, green: 0.85, blue: 1, alpha: 1), for: .highlighted)
        root.addSubview(button)

        shownFrame = CGRect(x: left, y: (bounds.height * 0.3).rounded(), width: 340, height: 320)
        hiddenFrame = shownFrame.offsetBy(dx: 0, dy: -shownFrame.height)
        panel = Window(frame: hiddenFrame)
        // Above the normal window, below the status bar and the alert.
        panel.windowLevel = .normal + 10
        panel.backgroundColor = Color(red: 0.12, green: 0.12, blue: 0.16, alpha: 1)
        // A navigation controller: its first page pushes the settings and presents an alert.
        panel.rootViewController = DemoSettings.makeNavigation()
        panel.alpha = 0

        button.addAction(Action { [weak self] _ in self?.togglePanel() }, for: .touchUpInside)
        icon.addGestureRecognizer(PinchGestureRecognizer { [weak self] pinch in self?.pinched(pinch) })
    }

    /// Scales the image about its centre by the pinch's scale since it began.
    private func pinched(_ pinch: PinchGestureRecognizer) {
        if pinch.state == .began { scaleAtPinchStart = icon.transform.a }
        let scale = min(max(scaleAtPinchStart * pinch.scale, 0.5), 3)
        icon.transform = CGAffineTransform(scaleX: scale, y: scale)
        if pinch.state == .ended { DemoLog.write("demo: pinched the image to \(String(format: "%.1f", scale))x") }
    }

    private func togglePanel() {
        panelShown.toggle()
        let showing = panelShown
        button.setTitle(showing ? "Hide panel" : "Show panel", for: .normal)
        if showing { panel.isHidden = false }
        View.animate(
            withDuration: 0.4, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
            animations: { [panel, shownFrame, hiddenFrame] in
                panel.frame = showing ? shownFrame : hiddenFrame
                panel.alpha = showing ? 1 : 0
            },
            completion: { [weak self] finished in
                guard let self, finished, self.panelShown == showing else { return }
                if !showing { self.panel.isHidden = true }
                DemoLog.write("demo: panel \(showing ? "shown" : "hidden")")
            })
    }

    /// A 64x64 PNG made for the demo (a window on a sunset disc), decoded by Image(data:).
    static let icon = Image(data: Data(base64Encoded: iconPNG, options: .ignoreUnknownCharacters)!)

    private static let iconPNG = """
        iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAADUklEQVR42u2baUsVURjHZT7CpQ8R3NchgkjLpRCnkDakGKTQCpFE
        qhstXASRiqwrYlzasEKEIIIIos/QqxYrW6zsti9WZrYgTHPhCMrZnmfuzDPnyDzweyPq/M9/zpzlOc+pqUmDJnzfdwKyAW5Ae0A+
        oMDIs5+57HecpdLgSoOKAXcC5nx4zLG/KbL/4djU8FzAcMCMH13MsP+ZM7nhHntrcUflGZ5JDXeJGi4ywk2y4RnWLcHxb7QWBDIq
        GjJJvPWyTtnfkbpIAESZrDewKUsZf67UxwIg8nE3vqh6+u9LDSRoohhX40uyJ85eXJUIiiiRvfnZ82sSJfaeoPrmf51dawSxjQls
        tBcvzUqNRqEIt5p5XjjV/RxqMhLFFJkJY4BwkTM9uMFoZIulSLr+9ECzFVT9KYjW9j9Ob7IK0d4Bs6vj4nv/FquQhBfq7X870WIl
        6F7AkhlcTB3bZiWSyKFG/qk+D8Sy5XtJgeoCzwgsh8elsb72toKgNgCqS5Jec0BT35eenWDmhcUd88/BaANNiaINz+dCGxhqAzDa
        QBsl0ej/6ehuMNQGYLRpZwP2/XN5+4+HO8BQG4DRJjl3cBYakOUaf7ATBfUgiNUniKxyAPxwoAsFtQFYfcqBkJ3LLYr3+7pRUBuA
        1SeIdmXW5133fhTUBmD1KbNF7IR2UbztyqOgNgCrTxAFtQGdh1CQG4DUpzOAs+hNxxEU1AZg9ek+AW4QLO8poKA2AKtPNwhy0+Dr
        XT0oqA3A6tNNg9xCaLKtFwW1AVh9uoWQcCk8uaMPDLkBCG3apbBsM/Sq9TgYagMw2kCpMdF2+KV3Egy1ARht0O0wNxC+2H4KDLUB
        GG3QhIgwJTbRMgCC2gCoLnBKTJYUndg6CILcAKAu1DGZLC3+fPMZK0GnxWWzwbONJSsJdTwmOxp72nzOKkIfjcl6wZP1F6wi9OGo
        6nh8vGnYCiKpFJEVSIw3XjaaSAokdCUyj9eNGEmkJTK6IqlHuVGjiLxIClIm93D1VSOIvXRWVSg5tvJaopCVzKpKZccaricCWaks
        tFj6Qf0NEhIplsaUy9+vuxkLiZfLYy9M3Ku9FQlGXZio5srM3RW3QRh/ZSa9NJVem0svTqZXZ9PL00sk/gPPGt/ZrX5N3gAAAABJ
        RU5ErkJggg==
        """
}
