// Hostile-value cases: the standard controls given non-finite, negative and huge values
// and sizes, then touched across and left to settle.
import DirectDisplay
import Foundation

extension HostileCase {
    static var controlCases: [HostileCase] {
        let values = nonFiniteValues + [("negative", -1e6), ("huge", 1e300)]
        let valueCases = values.map { valueName, value in
            HostileCase(name: "controls-values-\(valueName)") {
                let stage = HostileStage()
                let (slider, stepper, progress, pages) = addControls(to: stage.window, width: 300)
                let number = Float(value)
                slider.minimumValue = number
                slider.maximumValue = number
                slider.setValue(number, animated: true)
                stepper.minimumValue = Double(value)
                stepper.stepValue = Double(value)
                stepper.value = Double(value)
                progress.setProgress(number, animated: true)
                pages.numberOfPages = value.isFinite ? Int(max(min(value, 1e6), -1e6)) : 3
                pages.currentPage = value.isFinite ? Int(max(min(value, 1e6), -1e6)) : 1
                dragAcross(stage)
                _ = try stage.frame()
                guard slider.value.isFinite, slider.minimumValue <= slider.value, slider.value <= slider.maximumValue
                else { return "the slider's value is \(slider.value) in \(slider.minimumValue)…\(slider.maximumValue)" }
                guard stepper.value.isFinite, stepper.minimumValue <= stepper.value,
                    stepper.value <= stepper.maximumValue, stepper.stepValue > 0
                else { return "the stepper's value is \(stepper.value), step \(stepper.stepValue)" }
                guard (0...1).contains(progress.progress) else { return "the progress is \(progress.progress)" }
                guard pages.numberOfPages >= 0, pages.currentPage >= 0,
                    pages.currentPage <= max(pages.numberOfPages - 1, 0)
                else { return "page \(pages.currentPage) of \(pages.numberOfPages)" }
                return nil
            }
        }
        let sizeCases = [("huge", 1e9), ("zero", 0)].map { sizeName, width in
            HostileCase(name: "controls-width-\(sizeName)") {
                let stage = HostileStage()
                _ = addControls(to: stage.window, width: width)
                dragAcross(stage)
                _ = try stage.frame()
                return nil
            }
        }
        return valueCases + sizeCases
    }

    /// A slider, a segmented control, a stepper, a switch, a progress view and a page
    /// control, `width` wide where the control's width is free, one under another.
    @MainActor private static func addControls(to window: Window, width: CGFloat) -> (
        Slider, Stepper, ProgressView, PageControl
    ) {
        let slider = Slider(frame: CGRect(x: 0, y: 0, width: width, height: 30))
        let segments = SegmentedControl(items: ["One", "Two", ""])
        segments.frame = CGRect(x: 0, y: 40, width: width, height: 32)
        let stepper = Stepper(frame: CGRect(x: 0, y: 80, width: width, height: 32))
        let toggle = Switch(frame: CGRect(x: 100, y: 80, width: width, height: 31))
        let progress = ProgressView(frame: CGRect(x: 0, y: 120, width: width, height: 4))
        let pages = PageControl(frame: CGRect(x: 0, y: 130, width: width, height: 26))
        pages.numberOfPages = 3
        let spinner = ActivityIndicatorView(style: .large)
        spinner.center = CGPoint(x: 200, y: 200)
        spinner.startAnimating()
        for view in [slider, segments, stepper, toggle, progress, pages, spinner] as [View] { window.addSubview(view) }
        return (slider, stepper, progress, pages)
    }

    /// A finger down on each control's left end, dragged right across the screen, held, lifted; then 2 s pass.
    @MainActor private static func dragAcross(_ stage: HostileStage) {
        for (index, y) in [15, 56, 96, 122, 143].enumerated() {
            stage.display.touchDown(index, at: CGPoint(x: 14, y: y), on: stage.screen)
            for step in 1...6 {
                stage.display.advanceTime(by: 0.1)
                stage.display.touchMove(index, at: CGPoint(x: 14 + 50 * step, y: y), on: stage.screen)
            }
            stage.display.touchUp(index, at: CGPoint(x: 314, y: y), on: stage.screen)
        }
        stage.display.advanceTime(by: 2)
    }
}
