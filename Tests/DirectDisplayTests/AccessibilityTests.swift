import DirectDisplayCore
import Foundation
import XCTest

/// A drawn keypad of two keys, each an `AccessibilityElement`.
private final class Keypad: View {
    private(set) lazy var keys: [AccessibilityElement] = ["1", "2"].enumerated().map { index, title in
        let key = AccessibilityElement(accessibilityContainer: self)
        key.accessibilityLabel = title
        key.accessibilityTraits = .keyboardKey
        key.accessibilityFrameInContainerSpace = CGRect(x: CGFloat(index) * 50, y: 0, width: 50, height: 40)
        return key
    }
    override var accessibilityElements: [Any]? {
        get { keys }
        set {}
    }
}

/// UIKit's accessibility properties on views and what the standard views report.
final class AccessibilityTests: DirectDisplayTestCase {
    func testAPlainViewIsNoElementAndReportsItsScreenFrame() async {
        let screen = connect(width: 400, height: 300)
        let window = Window(screen: screen)
        let holder = View(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        let view = View(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        holder.addSubview(view)
        window.addSubview(holder)
        XCTAssertFalse(view.isAccessibilityElement)
        XCTAssertEqual(view.accessibilityTraits, .none)
        XCTAssertNil(view.accessibilityLabel)
        XCTAssertEqual(view.accessibilityFrame, CGRect(x: 15, y: 26, width: 30, height: 40))
        XCTAssertEqual(view.accessibilityActivationPoint, CGPoint(x: 30, y: 46))
        holder.frame.origin = CGPoint(x: 100, y: 100)
        XCTAssertEqual(view.accessibilityFrame.origin, CGPoint(x: 105, y: 106), "the default follows the view")
        view.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        holder.frame.origin = .zero
        XCTAssertEqual(view.accessibilityFrame, CGRect(x: 1, y: 2, width: 3, height: 4), "a frame set stays")
        view.isAccessibilityElement = true
        view.accessibilityHint = "Opens the door"
        view.accessibilityTraits = [.button, .selected]
        XCTAssertTrue(view.isAccessibilityElement)
        XCTAssertEqual(view.accessibilityHint, "Opens the door")
        XCTAssertEqual(view.accessibilityTraits, [.button, .selected])
        XCTAssertFalse(view.accessibilityActivate())
    }

    func testStandardViewsFillThemInAsUIKits() async {
        let label = Label()
        label.text = "Boiler room 2"
        XCTAssertTrue(label.isAccessibilityElement)
        XCTAssertEqual(label.accessibilityLabel, "Boiler room 2")
        XCTAssertEqual(label.accessibilityTraits, .staticText)
        label.accessibilityLabel = "Room"
        XCTAssertEqual(label.accessibilityLabel, "Room", "a label set wins over the text")

        let button = Button(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        button.setTitle("Acknowledge", for: .normal)
        XCTAssertTrue(button.isAccessibilityElement)
        XCTAssertEqual(button.accessibilityLabel, "Acknowledge")
        XCTAssertEqual(button.accessibilityTraits, .button)
        button.isEnabled = false
        XCTAssertEqual(button.accessibilityTraits, [.button, .notEnabled])
        button.isEnabled = true
        button.isSelected = true
        XCTAssertEqual(button.accessibilityTraits, [.button, .selected])

        let image = ImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertFalse(image.isAccessibilityElement)
        XCTAssertEqual(image.accessibilityTraits, .image)

        let field = TextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        field.placeholder = "Name"
        XCTAssertTrue(field.isAccessibilityElement)
        XCTAssertEqual(field.accessibilityLabel, "Name")
        XCTAssertEqual(field.accessibilityValue, "")
        field.text = "Alice"
        XCTAssertEqual(field.accessibilityValue, "Alice")
        XCTAssertFalse(field.accessibilityTraits.contains(.searchField))

        let notes = TextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        notes.text = "Pump checked"
        XCTAssertTrue(notes.isAccessibilityElement)
        XCTAssertEqual(notes.accessibilityValue, "Pump checked")

        let cell = TableViewCell(style: .value1, reuseIdentifier: nil)
        cell.textLabel?.text = "Kitchen"
        cell.detailTextLabel?.text = "21 °C"
        XCTAssertTrue(cell.isAccessibilityElement)
        XCTAssertEqual(cell.accessibilityLabel, "Kitchen, 21 °C")
        cell.isSelected = true
        XCTAssertEqual(cell.accessibilityTraits, .selected)
    }

    func testAnElementFollowsItsContainer() async {
        let screen = connect(width: 400, height: 300)
        let window = Window(screen: screen)
        let keypad = Keypad(frame: CGRect(x: 100, y: 50, width: 100, height: 40))
        window.addSubview(keypad)
        XCTAssertEqual(keypad.keys[1].accessibilityFrame, CGRect(x: 150, y: 50, width: 50, height: 40))
        keypad.frame.origin.y = 60
        XCTAssertEqual(keypad.keys[1].accessibilityFrame, CGRect(x: 150, y: 60, width: 50, height: 40))
        XCTAssertEqual(keypad.keys[0].accessibilityActivationPoint, CGPoint(x: 125, y: 80))
        XCTAssertTrue(keypad.keys[0].accessibilityContainer === keypad)
    }
}
