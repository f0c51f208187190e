import DirectDisplay
import Foundation

/// One hostile input: `run` feeds it through the public API and returns nil when
/// the app survived with the behaviour the case expects, or what went wrong.
struct HostileCase: Sendable {
    let name: String
    let run: @MainActor @Sendable () throws -> String?

    /// Every case; each area keeps its own list in its own file.
    static var all: [HostileCase] {
        geometryCases + colourCases + inputCases + structureCases + imageCases + textCases + textFieldCases
            + scrollCases
            + tableCases
    }
}

/// A headless display with one 320x240 screen and a visible window filling it,
/// for cases that need a view on screen.
@MainActor struct HostileStage {
    let display: HeadlessDisplay
    let screen: Screen
    let window: Window

    init(width: Int = 320, height: Int = 240, scale: Double = 1) {
        display = HeadlessDisplay()
        screen = display.connectScreen(name: "hostile", width: width, height: height, scale: scale)
        window = Window(screen: screen)
        window.backgroundColor = .white
        window.isHidden = false
        display.runUntilIdle()
    }

    /// Composes what is pending and returns the screen's pixels.
    func frame() throws -> CapturedImage {
        display.runUntilIdle()
        return try display.capture(screen)
    }
}
