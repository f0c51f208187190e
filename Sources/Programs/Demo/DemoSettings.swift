import DirectDisplay
import Foundation

/// The content of the demo's animated panel: a `NavigationController` whose first
/// page has two buttons, "Settings" (pushes a page of standard controls: a switch, a
/// slider with a progress bar that follows it, a segmented control and a stepper) and
/// "Alert" (presents an `AlertController` with a text field, in a window of its own at
/// the alert level). Each change is logged to stdout ("demo: switch on", "demo: slider
/// 0.42", "demo: alert OK: Ada"...).
@MainActor
enum DemoSettings {
    /// The panel's navigation controller, its first page titled "Panel".
    static func makeNavigation() -> NavigationController {
        NavigationController(rootViewController: PanelPage())
    }
}

/// The navigation's first page.
@MainActor
private final class PanelPage: ViewController {
    override init() {
        super.init()
        title = "Panel"
    }

    override func viewDidLoad() {
        view.backgroundColor = Color(white: 0.97, alpha: 1)
        let text = Label(frame: CGRect(x: 16, y: 12, width: 300, height: 48))
        text.text = "A window animated in and out by View.animate"
        text.numberOfLines = 2
        text.font = .systemFont(ofSize: 16)
        view.addSubview(text)
        let settings = Button(
            type: .system,
            primaryAction: Action(title: "Settings") { [weak self] _ in
                self?.navigationController?.pushViewController(SettingsPage(), animated: true)
            })
        settings.frame = CGRect(x: 16, y: 72, width: 120, height: 40)
        view.addSubview(settings)
        let alert = Button(
            type: .system, primaryAction: Action(title: "Alert") { [weak self] _ in self?.presentAlert() })
        alert.frame = CGRect(x: 150, y: 72, width: 120, height: 40)
        view.addSubview(alert)
    }

    private func presentAlert() {
        let alert = AlertController(
            title: "Your name", message: "Typed in a text field of the alert's own window", preferredStyle: .alert)
        alert.addTextField { field in field.placeholder = "Name" }
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in DemoLog.write("demo: alert cancelled") })
        let ok = AlertAction(title: "OK", style: .default) { [weak alert] _ in
            DemoLog.write("demo: alert OK: \(alert?.textFields?.first?.text ?? "")")
        }
        alert.addAction(ok)
        alert.preferredAction = ok
        present(alert, animated: true)
    }
}

/// The pushed page of standard controls, one row each.
@MainActor
private final class SettingsPage: ViewController {
    override init() {
        super.init()
        title = "Settings"
    }

    override func viewDidLoad() {
        view.backgroundColor = Color(white: 1, alpha: 1)
        var top: CGFloat = 12
        func row(_ name: String, _ control: View, width: CGFloat) {
            let label = Label(frame: CGRect(x: 16, y: top, width: 110, height: 32))
            label.text = name
            label.font = .systemFont(ofSize: 15)
            view.addSubview(label)
            control.frame = CGRect(
                x: 130, y: top + (32 - control.frame.height) / 2, width: width, height: control.frame.height)
            view.addSubview(control)
            top += 44
        }

        let spin = Switch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
        spin.isOn = true
        spin.addAction(
            Action { [weak spin] _ in DemoLog.write("demo: switch \(spin?.isOn == true ? "on" : "off")") },
            for: .valueChanged)
        row("Switch", spin, width: 51)

        let progress = ProgressView(frame: CGRect(x: 0, y: 0, width: 180, height: 4))
        let slider = Slider(frame: CGRect(x: 0, y: 0, width: 180, height: 31))
        slider.value = 0.5
        progress.progress = 0.5
        slider.addAction(
            Action { [weak slider, weak progress] _ in
                guard let slider else { return }
                progress?.progress = slider.value
            }, for: .valueChanged)
        slider.addAction(
            Action { [weak slider] _ in
                DemoLog.write("demo: slider \(String(format: "%.2f", slider?.value ?? 0))")
            }, for: [.touchUpInside, .touchUpOutside])
        row("Slider", slider, width: 180)
        row("Progress", progress, width: 180)

        let speed = SegmentedControl(items: ["Slow", "Normal", "Fast"])
        speed.frame = CGRect(x: 0, y: 0, width: 180, height: 30)
        speed.selectedSegmentIndex = 1
        speed.addAction(
            Action { [weak speed] _ in DemoLog.write("demo: segment \(speed?.selectedSegmentIndex ?? -1)") },
            for: .valueChanged)
        row("Speed", speed, width: 180)

        let count = Label(frame: .zero)
        let stepper = Stepper(frame: CGRect(x: 0, y: 0, width: 94, height: 29))
        stepper.maximumValue = 10
        stepper.value = 3
        count.text = "3"
        stepper.addAction(
            Action { [weak stepper, weak count] _ in
                let value = Int(stepper?.value ?? 0)
                count?.text = "\(value)"
                DemoLog.write("demo: stepper \(value)")
            }, for: .valueChanged)
        row("Stepper", stepper, width: 94)
        count.frame = CGRect(x: 236, y: top - 44, width: 40, height: 32)
        view.addSubview(count)
    }
}
