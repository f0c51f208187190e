import CEvdev
import DirectDisplay
import Foundation
import Input
import InputModel
import VirtualInput
import XCTest

/// A view that paints a white dot at every touch location (joined by lines along a
/// stroke) and records what the touches were.
final class PaintingView: View {
    struct Sample {
        let phase: String
        let location: CGPoint
        let type: Touch.TouchType
        let force: CGFloat
        let maximumForce: CGFloat
        let altitude: CGFloat
        let azimuth: CGFloat
    }

    private(set) var samples: [Sample] = []
    private static let radius: CGFloat = 4

    private func record(_ phase: String, _ touches: Set<Touch>) {
        for touch in touches {
            let location = touch.location(in: self)
            let previous = samples.last?.location
            samples.append(
                Sample(
                    phase: phase, location: location, type: touch.type, force: touch.force,
                    maximumForce: touch.maximumPossibleForce, altitude: touch.altitudeAngle,
                    azimuth: touch.azimuthAngle(in: self)))
            var changed = Self.area(of: location)
            if let previous, phase != "began" { changed = changed.union(Self.area(of: previous)) }
            setNeedsDisplay(changed)
        }
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches) }

    var phases: [String] { samples.map(\.phase) }

    private static func area(of point: CGPoint) -> CGRect {
        CGRect(x: point.x - radius - 1, y: point.y - radius - 1, width: 2 * radius + 2, height: 2 * radius + 2)
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsContext.current else { return }
        let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
        for (index, sample) in samples.enumerated() {
            if index > 0, sample.phase != "began" {
                context.strokeLine(from: samples[index - 1].location, to: sample.location, with: white, lineWidth: 4)
            }
            let r = Self.radius
            context.fillEllipse(
                in: CGRect(x: sample.location.x - r, y: sample.location.y - r, width: 2 * r, height: 2 * r), with: white
            )
        }
    }
}

/// A uinput pen display (BTN_TOOL_PEN, pressure, tilt, INPUT_PROP_DIRECT) through
/// the kernel, udev and libinput's tablet code into `.pencil` touches, with the
/// stroke read back from scanout.
final class PenInputTests: KMSDisplayTestCase {
    private let timeout: Double = 10

    /// The VKMS screen (1024x768), a pen of 1024x768 units bound to it, and a
    /// window filling it with a painting view on black.
    private func penOnVKMS(_ name: String) throws -> (Screen, UinputDevice, PaintingView) {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
        let pen = try UinputDevice.pen(name: name, width: 1024, height: 768)
        try display.waitFor("input device \(name)", timeout: timeout) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)
        let window = Window(screen: screen)
        window.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        let view = PaintingView(frame: screen.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return (screen, pen, view)
    }

    /// A stroke pressed harder and harder: one `.pencil` touch from tip down to tip
    /// up at the pen's points, force rising with pressure, and a white line on screen.
    func testAPenStrokeIsAPencilTouchAndPaints() async throws {
        let display = try XCTUnwrap(display)
        let (screen, pen, view) = try penOnVKMS("DirectDisplay stroke pen")
        try display.waitForPresentation(of: screen)

        // Tip down at once (tilted 30 units, about 30° to the right), then on along a line.
        try pen.pen(x: 100, y: 100, pressure: 800, tiltX: 30)
        try display.waitFor("the tip down", timeout: timeout) { view.phases == ["began"] }
        let began = try XCTUnwrap(view.samples.first)
        XCTAssertEqual(began.type, .pencil)
        XCTAssertEqual(began.location, CGPoint(x: 100, y: 100), "a pen unit is a point here")
        XCTAssertEqual(began.maximumForce, 25 / 6, accuracy: 1e-9)
        let degrees = 30.0 / 57 * 180 / .pi  // ABS_TILT_X's resolution is 57 units a radian
        XCTAssertEqual(began.altitude, (90 - degrees) * .pi / 180, accuracy: 1e-3, "leaning about 30°")
        XCTAssertEqual(began.azimuth, 0, accuracy: 1e-3, "towards the screen's right")

        for (x, y, pressure) in [(150, 110, 1600), (200, 120, 2400), (250, 135, 3200)] as [(Int32, Int32, Int32)] {
            try pen.pen(x: x, y: y, pressure: pressure)
        }
        // libinput averages a pen's last four positions: pressing on in place settles it.
        for pressure: Int32 in [3300, 3400, 3500, 3600] { try pen.pen(x: 300, y: 150, pressure: pressure) }
        try pen.penAway()
        try display.waitFor("the tip up", timeout: timeout) { view.phases.last == "ended" }

        let samples = view.samples
        log("stroke: \(samples.map { "\($0.phase) (\($0.location.x), \($0.location.y)) force \($0.force)" })")
        XCTAssertEqual(samples.first?.phase, "began")
        XCTAssertEqual(samples.filter { $0.phase == "began" || $0.phase == "ended" }.count, 2, "one touch")
        XCTAssertTrue(samples.dropFirst().dropLast().allSatisfy { $0.phase == "moved" }, "\(view.phases)")
        XCTAssertTrue(samples.allSatisfy { $0.type == .pencil })
        let moved = samples.filter { $0.phase == "moved" }
        XCTAssertGreaterThanOrEqual(moved.count, 7, "a move per frame")
        let forces = [began.force] + moved.map(\.force)
        XCTAssertEqual(forces, forces.sorted(), "force rises with pressure: \(forces)")
        XCTAssertGreaterThan(forces.last ?? 0, forces.first ?? 0)
        // Pressure 3600 of 4095: about 0.88 of the range, less libinput's 1% dead zone.
        XCTAssertEqual(moved.last?.force ?? 0, 3600.0 / 4095 * 25 / 6, accuracy: 0.1)
        XCTAssertTrue(
            moved.allSatisfy { (100...300).contains($0.location.x) && (100...150).contains($0.location.y) },
            "moves stay on the stroke")
        XCTAssertEqual(moved.last?.location, CGPoint(x: 300, y: 150), "settled where the pen stopped")
        XCTAssertEqual(samples.last?.location, CGPoint(x: 300, y: 150), "lifted there")

        try display.waitForPresentation(of: screen)
        let image = try display.capture(screen)
        try save(image, "pen-stroke")
        let white: UInt32 = 0xFFFFFF
        XCTAssertEqual(rgb(image.rawPixel(x: 100, y: 100)), white, "painted where the stroke began")
        XCTAssertEqual(rgb(image.rawPixel(x: 300, y: 150)), white, "and where it ended")
        for (from, to) in zip(samples, samples.dropFirst()) {
            let middle = CGPoint(x: (from.location.x + to.location.x) / 2, y: (from.location.y + to.location.y) / 2)
            XCTAssertEqual(
                rgb(image.rawPixel(x: Int(middle.x.rounded()), y: Int(middle.y.rounded()))), white,
                "and along the way, from \(from.location) to \(to.location)")
        }
        XCTAssertEqual(rgb(image.rawPixel(x: 200, y: 300)), 0x000000, "nothing off the stroke")
    }

    /// libinput applies a pen display's calibration (INPUT_PROP_DIRECT tablets take
    /// one); the pen's lean turns with it.
    func testCalibrationTurnsThePenAndItsLean() async throws {
        let display = try XCTUnwrap(display)
        let (_, pen, view) = try penOnVKMS("DirectDisplay calibrated pen")
        try display.input.setCalibration(.rotated180, forDevice: pen.name)
        try pen.pen(x: 100, y: 200, pressure: 2000, tiltX: 30)
        try pen.penAway()
        try display.waitFor("the calibrated stroke", timeout: timeout) { view.phases == ["began", "ended"] }
        let began = try XCTUnwrap(view.samples.first)
        XCTAssertEqual(began.location.x, 1024 - 100, accuracy: 1.5, "turned half round")
        XCTAssertEqual(began.location.y, 768 - 200, accuracy: 1.5, "turned half round")
        XCTAssertEqual(began.azimuth, .pi, accuracy: 1e-3, "leaning right on the panel is leaning left on screen")
    }

    /// A pen display unplugged mid-stroke: the stroke is cancelled, not ended.
    func testUnplugMidStrokeCancels() async throws {
        let display = try XCTUnwrap(display)
        let (_, pen, view) = try penOnVKMS("DirectDisplay unplugged pen")
        try pen.pen(x: 500, y: 400, pressure: 2000)
        try display.waitFor("the tip down", timeout: timeout) { view.phases == ["began"] }
        pen.unplug()
        try display.waitFor("the device gone", timeout: timeout) { !display.input.deviceNames.contains(pen.name) }
        XCTAssertEqual(view.phases, ["began", "cancelled"])
    }

    private func log(_ text: String) { print("PenInputTests: \(text)") }
}

/// libinput's tablet events for the uinput pen, as InputContext converts them.
final class LibinputPenTests: XCTestCase {
    private let timeout: TimeInterval = 15

    func testPenDisplayEventsThenUnplugMidStroke() async throws {
        try HardwareEnvironment.requireHardware()
        let context = try InputContext(seat: "seat0")
        _ = context.dispatch()
        let pen = try UinputDevice.pen(width: 2000, height: 1000)
        var info: InputDeviceInfo?
        try context.collect("the pen added", timeout: timeout) { event in
            if case .deviceAdded(let added) = event, added.sysname == pen.sysname { info = added }
            return info != nil
        }
        let device = try XCTUnwrap(info)
        XCTAssertEqual(device.capabilities, .tabletTool, "a tablet, not a touchscreen: \(device)")
        XCTAssertEqual(device.udevProperties["ID_INPUT_TABLET"], "1")
        XCTAssertEqual(device.sizeMillimetres?.width ?? 0, 199.9, accuracy: 1e-9)
        XCTAssertTrue(context.hasCalibrationMatrix(device.id), "a direct tablet takes a calibration")

        try pen.pen(x: 500, y: 250, pressure: 1000, tiltX: -20, tiltY: 10)
        try pen.pen(x: 600, y: 250, pressure: 2000, tiltX: -20, tiltY: 10)
        try pen.penAway()
        var tools: [TabletToolEvent] = []
        try context.collect("a stroke", timeout: timeout) { event in
            if case .tabletTool(let tool) = event { tools.append(tool) }
            return tools.last?.change == .proximityOut
        }
        log(
            "stroke: \(tools.map { "\($0.change) (\($0.x), \($0.y)) pressure \($0.pressure ?? -1) tilt \($0.tilt.map { "\($0.x),\($0.y)" } ?? "none")" })"
        )
        XCTAssertEqual(tools.map(\.change), [.proximityIn, .tipDown, .axis, .tipUp, .proximityOut])
        XCTAssertTrue(tools.allSatisfy { $0.device == device.id && $0.tool == .pen })
        XCTAssertEqual(tools.map(\.isTipDown), [false, true, true, false, false])
        let down = tools[1]
        XCTAssertEqual(down.x, 0.25, accuracy: 1e-9)
        XCTAssertEqual(down.y, 0.25, accuracy: 1e-9)
        XCTAssertGreaterThan(tools[2].pressure ?? 0, down.pressure ?? 1, "pressure rises")
        XCTAssertEqual(down.tilt?.x ?? 0, -20.0 / 57 * 180 / .pi, accuracy: 1e-6)
        XCTAssertEqual(down.tilt?.y ?? 0, 10.0 / 57 * 180 / .pi, accuracy: 1e-6)

        try pen.pen(x: 1000, y: 500, pressure: 2000)
        try context.collect("a second tip down", timeout: timeout) { event in
            if case .tabletTool(let tool) = event { tool.change == .tipDown } else { false }
        }
        pen.unplug()
        let removal = try context.collect("the pen removed", timeout: timeout) { event in
            if case .deviceRemoved(let removed) = event { removed.id == device.id } else { false }
        }
        log("unplug mid-stroke: \(removal)")
        let changes = removal.compactMap { if case .tabletTool(let tool) = $0 { tool.change } else { nil } }
        XCTAssertEqual(changes, [.tipCancelled, .proximityOut], "the lift before the removal is a cancel")
    }

    private func log(_ text: String) { print("LibinputPenTests: \(text)") }
}
