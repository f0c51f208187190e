// Composition of window content into scanout pixels (pixman) and PNG files (cairo).
import CCairo
import CPixman
