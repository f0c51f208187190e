import DirectDisplayCore
import Foundation
import XCTest

/// Records what the clear button asks; refuses when told to.
@MainActor private final class ClearingDelegate: TextFieldDelegate {
    var allowsClear = true
    var log: [String] = []
    func textFieldShouldClear(_ textField: TextField) -> Bool {
        log.append("shouldClear")
        return allowsClear
    }
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String)
        -> Bool
    {
        log.append("change \(range.location),\(range.length)")
        return true
    }
}

/// `clearButtonMode`: when the circled x shows, what it takes from the text
/// rect, what a tap on it does, and how it is drawn.
final class TextFieldClearButtonTests: DirectDisplayTestCase {
    private var screen: Screen!
    private var window: Window!
    private var field: TextField!
    private var changes = 0

    override func setUp() async throws {
        try await super.setUp()
        screen = connect(width: 400, height: 200)
        window = showWindow(on: screen)
        field = TextField(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        field.text = "abc"
        window.addSubview(field)
        changes = 0
        field.addAction(Action { [unowned self] _ in changes += 1 }, for: .editingChanged)
        display.runUntilIdle()
    }

    private func tap(_ point: CGPoint) {
        let onScreen = field.convert(point, to: nil)
        display.touchDown(1, at: onScreen, on: screen)
        display.touchUp(1, at: onScreen, on: screen)
    }

    private var buttonCenter: CGPoint {
        let button = field.clearButtonRect(forBounds: field.bounds)
        return CGPoint(x: button.midX, y: button.midY)
    }

    func testEachModeShowsTheButtonWhenItSaysAndNeverOverNoText() async {
        let full = field.textRect(forBounds: field.bounds)
        XCTAssertEqual(full.width, 300, "never: the text has the whole width")
        let shown: [(TextField.ViewMode, notEditing: Bool, editing: Bool)] = [
            (.never, false, false), (.whileEditing, false, true), (.unlessEditing, true, false), (.always, true, true),
        ]
        for (mode, notEditing, editing) in shown {
            field.clearButtonMode = mode
            XCTAssertTrue(field.resignFirstResponder())
            XCTAssertEqual(field.isClearButtonShown, notEditing, "\(mode) not editing")
            XCTAssertTrue(field.becomeFirstResponder())
            XCTAssertEqual(field.isClearButtonShown, editing, "\(mode) editing")
        }
        field.text = ""
        XCTAssertFalse(field.isClearButtonShown, "no text: no button")
        field.text = "x"
        let button = field.clearButtonRect(forBounds: field.bounds)
        XCTAssertEqual(button, CGRect(x: 281, y: 10.5, width: 19, height: 19))
        XCTAssertEqual(
            field.textRect(forBounds: field.bounds).maxX, button.minX - 4, "the text rect stops short of the button")
        field.borderStyle = .roundedRect
        XCTAssertEqual(field.clearButtonRect(forBounds: field.bounds).maxX, 293, "inside the border")
    }

    func testATapClearsThroughTheDelegateAsOneUndoStep() async {
        let delegate = ClearingDelegate()
        field.delegate = delegate
        field.clearButtonMode = .always
        tap(buttonCenter)
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(delegate.log, ["shouldClear"], "the change itself is not asked about, as UIKit")
        XCTAssertEqual(changes, 1)
        XCTAssertTrue(field.isEditing, "a tap on the button begins editing as a tap on the text does")
        XCTAssertEqual(window.undoManager?.undoActionName, "Clear")
        display.keyDown(29)
        display.keyDown(44)
        display.keyUp(44)
        display.keyUp(29)
        XCTAssertEqual(field.text, "abc", "Ctrl+Z brings the text back")
        XCTAssertEqual(delegate.log, ["shouldClear", "change 0,0"])
        XCTAssertEqual(changes, 2)
    }

    func testARefusedClearKeepsTheText() async {
        let delegate = ClearingDelegate()
        delegate.allowsClear = false
        field.delegate = delegate
        field.clearButtonMode = .always
        XCTAssertTrue(field.becomeFirstResponder())
        field.selectedRange = NSRange(location: 1, length: 0)
        tap(buttonCenter)
        XCTAssertEqual(field.text, "abc")
        XCTAssertEqual(changes, 0)
        XCTAssertEqual(field.selectedRange, NSRange(location: 1, length: 0), "nor does the tap move the caret")
    }

    func testATapBesideTheHiddenButtonPlacesTheCaret() async {
        field.clearButtonMode = .unlessEditing
        XCTAssertTrue(field.becomeFirstResponder())
        tap(buttonCenter)
        XCTAssertEqual(field.text, "abc")
        XCTAssertEqual(field.selectedRange, NSRange(location: 3, length: 0))
    }

    func testTheButtonIsAGreyDiscWithAWhiteCross() async throws {
        let button = field.clearButtonRect(forBounds: field.bounds).offsetBy(dx: 20, dy: 20)
        let disc = (x: Int(button.midX + button.width * 0.35), y: Int(button.midY))
        assertPixel(try display.capture(screen), disc.x, disc.y, .white)
        field.clearButtonMode = .always
        display.runUntilIdle()
        let image = try display.capture(screen)
        assertPixel(image, disc.x, disc.y, Color(white: 0.7))
        assertPixel(image, Int(button.midX), Int(button.midY), .white)
        XCTAssertNotEqual(image.pixel(x: Int(button.minX + 4), y: Int(button.minY + 4)), Color(white: 0.7))
    }
}
