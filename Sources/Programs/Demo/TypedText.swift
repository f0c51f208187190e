import DirectDisplay
import Foundation

/// The demo's text line: one `TextField` in every demo window, all showing the same
/// text so typing carries on while the key window moves from window to window.
/// Return empties the line; each change is logged.
@MainActor
final class TypedText: TextFieldDelegate {
    /// Older characters are dropped from the front beyond this; no field shows more.
    static let maximumLength = 200

    private struct WeakField {
        weak var field: TextField?
    }

    private(set) var text = ""
    private var fields: [WeakField] = []

    /// A text field for a demo window: its window's first responder, so the keys typed
    /// while that window is key arrive in it.
    func makeField(frame: CGRect) -> TextField {
        let field = TextField(frame: frame)
        field.font = .systemFont(ofSize: (frame.height * 0.6).rounded())
        field.textColor = .white
        field.backgroundColor = Color(white: 0, alpha: 0.6)
        field.placeholder = "Type here"
        field.text = text
        field.delegate = self
        field.addAction(
            Action { [weak self, weak field] _ in
                guard let self, let field else { return }
                self.changed(in: field)
            }, for: .editingChanged)
        fields.removeAll { $0.field == nil }
        fields.append(WeakField(field: field))
        return field
    }

    private func changed(in source: TextField) {
        var new = source.text ?? ""
        if new.count > Self.maximumLength {
            new.removeFirst(new.count - Self.maximumLength)
            source.text = new
        }
        guard new != text else { return }
        text = new
        for entry in fields where entry.field !== source { entry.field?.text = new }
        DemoLog.write("demo: typed \"\(text)\"")
    }

    /// Return starts an empty line (the field keeps editing).
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        textField.text = ""
        changed(in: textField)
        return false
    }
}
