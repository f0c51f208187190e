import DirectDisplayCore
import Foundation
import XCTest

/// Counts `tintColorDidChange()` calls.
private final class TintRecordingView: View {
    var changes = 0
    override func tintColorDidChange() {
        super.tintColorDidChange()
        changes += 1
    }
}

final class TintColorTests: DirectDisplayTestCase {
    private let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)

    func testTheDefaultIsSystemBlueAndNilInherits() async {
        let outer = TintRecordingView()
        let inner = TintRecordingView()
        outer.addSubview(inner)
        XCTAssertEqual(outer.tintColor, systemBlue)
        XCTAssertEqual(inner.tintColor, systemBlue)
        XCTAssertEqual(inner.changes, 0, "moving under the same tint is no change")
        outer.tintColor = .red
        XCTAssertEqual(inner.tintColor, .red, "inherited")
        XCTAssertEqual([outer.changes, inner.changes], [1, 1])
        inner.tintColor = .green
        XCTAssertEqual(inner.tintColor, .green)
        XCTAssertEqual(inner.changes, 2)
        outer.tintColor = .orange
        XCTAssertEqual(inner.tintColor, .green, "its own tint wins")
        XCTAssertEqual([outer.changes, inner.changes], [2, 2], "not told: its tint did not change")
        inner.tintColor = nil
        XCTAssertEqual(inner.tintColor, .orange, "nil inherits again")
        XCTAssertEqual(inner.changes, 3)
        outer.tintColor = .orange
        XCTAssertEqual([outer.changes, inner.changes], [2, 3], "the same colour again is no change")
    }

    func testMovingUnderADifferentTintTellsTheSubtree() async {
        let red = View()
        red.tintColor = .red
        let blue = View()
        let moved = TintRecordingView()
        let child = TintRecordingView()
        let ownTint = TintRecordingView()
        ownTint.tintColor = .green
        XCTAssertEqual(ownTint.changes, 1, "setting its own tint is a change")
        ownTint.changes = 0
        moved.addSubview(child)
        moved.addSubview(ownTint)
        blue.addSubview(moved)
        XCTAssertEqual([moved.changes, child.changes, ownTint.changes], [0, 0, 0])
        red.addSubview(moved)
        XCTAssertEqual(child.tintColor, .red)
        XCTAssertEqual([moved.changes, child.changes, ownTint.changes], [1, 1, 0])
        moved.removeFromSuperview()
        XCTAssertEqual(child.tintColor, systemBlue, "out of any superview: the default")
        XCTAssertEqual([moved.changes, child.changes, ownTint.changes], [2, 2, 0])
    }

    func testAWindowsTintReachesItsViews() async {
        let screen = connect(width: 100, height: 100)
        let window = showWindow(on: screen)
        let view = TintRecordingView()
        window.addSubview(view)
        XCTAssertEqual(view.tintColor, systemBlue)
        window.tintColor = .magenta
        XCTAssertEqual(view.tintColor, .magenta)
        XCTAssertEqual(view.changes, 1)
    }

    func testDimmedReadsGreyAndIsInherited() async {
        let outer = TintRecordingView()
        let inner = TintRecordingView()
        inner.tintColor = .red
        outer.addSubview(inner)
        inner.changes = 0
        XCTAssertEqual(outer.tintAdjustmentMode, .normal, "automatic at the root reads as normal")
        outer.tintAdjustmentMode = .dimmed
        XCTAssertEqual(inner.tintAdjustmentMode, .dimmed)
        let grey = try? XCTUnwrap(inner.tintColor)
        XCTAssertEqual(grey?.red, grey?.green, "grey")
        XCTAssertNotEqual(inner.tintColor, .red)
        XCTAssertEqual(outer.tintColor, inner.tintColor)
        XCTAssertEqual([outer.changes, inner.changes], [1, 1])
        outer.tintColor = .green
        XCTAssertEqual([outer.changes, inner.changes], [1, 1], "dimmed: a new colour reads the same")
        inner.tintAdjustmentMode = .normal
        XCTAssertEqual(inner.tintColor, .red, "its own mode wins")
        outer.tintAdjustmentMode = .automatic
        XCTAssertEqual(outer.tintColor, .green)
        XCTAssertEqual([outer.changes, inner.changes], [2, 2])
    }

    func testNonFiniteTintIsRefused() async {
        let view = View()
        view.tintColor = .red
        view.tintColor = Color(red: .nan, green: 0, blue: 0)
        XCTAssertEqual(view.tintColor, .red)
    }

    /// A tint set on a deep chain's root reaches the bottom by a loop (no recursion).
    func testDeepChainsTakeATintWithoutRecursion() async {
        let root = View()
        var last = root
        for _ in 0..<50_000 {
            let next = View()
            last.addSubview(next)
            last = next
        }
        root.tintColor = .red
        XCTAssertEqual(last.tintColor, .red)
    }

    func testControlsFollowTheTint() async throws {
        let screen = connect(width: 200, height: 60)
        let window = showWindow(on: screen)
        let progress = ProgressView(frame: CGRect(x: 10, y: 20, width: 180, height: 4))
        progress.progress = 1
        window.addSubview(progress)
        assertPixel(try display.capture(screen), 100, 21, systemBlue)
        window.tintColor = .red
        assertPixel(try display.capture(screen), 100, 21, .red)
        window.tintAdjustmentMode = .dimmed
        let dimmed = try display.capture(screen).pixel(x: 100, y: 21)
        XCTAssertEqual(dimmed.red, dimmed.green, accuracy: 0.02, "grey when dimmed")
    }
}

final class SystemButtonTests: DirectDisplayTestCase {
    private let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)

    func testASystemButtonsTitleIsTheTintFadedWhenHighlightedGreyWhenDisabled() async throws {
        let screen = connect(width: 200, height: 100)
        let window = showWindow(on: screen)
        let button = Button(type: .system)
        XCTAssertEqual(button.buttonType, .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        button.setTitle("OK", for: .normal)
        window.addSubview(button)
        XCTAssertEqual(button.currentTitleColor, systemBlue)
        XCTAssertEqual(button.titleLabel.textColor, systemBlue)
        window.tintColor = .red
        XCTAssertEqual(button.titleLabel.textColor, .red, "it follows the tint")
        display.touchDown(1, at: CGPoint(x: 100, y: 50), on: screen)
        XCTAssertEqual(button.titleLabel.textColor, Color.red.withAlphaComponent(0.3), "faded while pressed")
        display.touchUp(1, at: CGPoint(x: 100, y: 50), on: screen)
        button.isEnabled = false
        let disabled = button.titleLabel.textColor
        XCTAssertEqual(disabled.red, disabled.blue, "grey when disabled")
        button.isEnabled = true
        button.setTitleColor(.green, for: .normal)
        XCTAssertEqual(button.titleLabel.textColor, .green, "a colour set wins")
        window.tintColor = .orange
        XCTAssertEqual(button.titleLabel.textColor, .green)
        let ink = InkMap(image: try display.capture(screen), background: .white)
        XCTAssertFalse(ink.inkPixels().isEmpty)
    }

    func testACustomButtonsTitleStaysWhite() async {
        let button = Button(type: .custom)
        button.tintColor = .red
        XCTAssertEqual(button.currentTitleColor, .white)
        XCTAssertEqual(Button(frame: .zero).buttonType, .custom)
    }
}
