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
            + tableCases + controlCases
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

    /// A finger flicks up from (100, 200) to (100, 40) in 80 ms, then 10 s pass for
    /// whatever it set moving to coast and settle.
    func flickUpAndSettle() {
        display.touchDown(0, at: CGPoint(x: 100, y: 200), on: screen)
        for step in 1...8 {
            display.advanceTime(by: 0.01)
            display.touchMove(0, at: CGPoint(x: 100, y: 200 - 20 * Double(step)), on: screen)
        }
        display.touchUp(0, at: CGPoint(x: 100, y: 40), on: screen)
        display.advanceTime(by: 10)
    }

    /// Composes what is pending and returns the screen's pixels.
    func frame() throws -> CapturedImage {
        display.runUntilIdle()
        return try display.capture(screen)
    }
}
