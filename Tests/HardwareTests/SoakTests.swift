import Foundation
import KMS
import VirtualInput
import XCTest

@testable import DirectDisplayCore
@testable import DirectDisplayKMS

/// Long runs through the real kernel paths: what breaks only after many repeats
/// (leaked descriptors, framebuffers or memory; input lost or misrouted under load).
final class SoakTests: VKMSPlugTestCase {
    func testTwoHundredPlugCyclesWithAWindowEachLeakNothing() async throws {
        let display = try XCTUnwrap(display)
        let connector = try VKMSConnector()
        let card = try XCTUnwrap(display.cards.first { $0.device.driverName == "vkms" })

        func cycle(_ number: Int) throws {
            try connector.setStatus("off")
            try display.waitFor("disconnect \(number)", timeout: 10) { virtual1() == nil }
            try connector.setStatus("on")
            try showWindowOnReconnectedVirtual1(Color(red: 0, green: 0, blue: 1, alpha: 1), "connect \(number)")
        }
        // One cycle first, so lazily made things (caches, the first window) exist before counting.
        try cycle(0)
        let fds = openFileDescriptorCount()
        let framebuffers = card.device.framebufferCount
        let memory = residentBytes()
        let start = Date()
        for number in 1...200 { try cycle(number) }
        let grown = residentBytes() - memory
        print(
            "200 plug cycles in \(Int(Date().timeIntervalSince(start))) s: fds \(fds) → \(openFileDescriptorCount()), "
                + "framebuffers \(framebuffers) → \(card.device.framebufferCount), resident memory +\(grown / 1024) KiB"
        )
        XCTAssertEqual(screenEvents.filter { $0 == "connect Virtual-1" }.count, 201)
        XCTAssertEqual(screenEvents.filter { $0 == "disconnect Virtual-1" }.count, 201)
        XCTAssertEqual(openFileDescriptorCount(), fds, "no file descriptor leaked")
        XCTAssertEqual(card.device.framebufferCount, framebuffers, "no framebuffer leaked")
        // One leaked set of scanout buffers would be 3 × 3 MiB at 1024x768; 200 leaked windows far more.
        XCTAssertLessThan(grown, 4 * 1024 * 1024, "resident memory stays flat")
        let last = try display.capture(try XCTUnwrap(virtual1()))
        XCTAssertEqual(rgb(last.rawPixel(x: 512, y: 384)), 0x0000ff, "the last cycle's window is on screen")
    }

    /// Ten fingers, five on each half of the screen over two views, each moved in
    /// every frame: 100,000 moves through uinput, evdev and libinput, each checked
    /// to reach the view under it at the point sent. Frames are written in small
    /// batches, each once the previous one was delivered, since the kernel's evdev
    /// buffer holds only a few frames of ten fingers (more would be SYN_DROPPED:
    /// lost by the kernel, not by us).
    func testHundredThousandTouchMovesAreAllDeliveredToTheRightView() async throws {
        let display = try XCTUnwrap(display)
        let screen = try XCTUnwrap(virtual1())
        let name = "DirectDisplay soak touchscreen"
        let device = try UinputDevice.touchscreen(name: name, width: 1024, height: 768)
        defer { device.unplug() }
        try display.waitFor("input device \(name)", timeout: 15) { display.input.deviceNames.contains(name) }
        display.input.bind(device: name, to: screen)

        let window = Window(screen: screen)
        let left = MoveCountingView(frame: CGRect(x: 0, y: 0, width: 512, height: 768))
        let right = MoveCountingView(frame: CGRect(x: 512, y: 0, width: 512, height: 768))
        window.addSubview(left)
        window.addSubview(right)
        window.makeKeyAndVisible()
        try display.waitForPresentation(of: screen)

        // Finger f stays in its own column of its half; y walks down and wraps.
        func position(_ finger: Int, _ frame: Int) -> (x: Int32, y: Int32) {
            let x = 40 + finger * 100 + (finger >= 5 ? 12 : 0)
            return (Int32(x), Int32(10 + (frame * 7 + finger * 31) % 740))
        }
        for finger in 0..<10 {
            let (x, y) = position(finger, 0)
            try device.touch(slot: Int32(finger), trackingID: Int32(500 + finger), x: x, y: y)
        }
        try device.setTouching(true)
        try device.sync()
        try display.waitFor("ten fingers down", timeout: 10) { left.began + right.began == 10 }

        let framesPerBatch = 4
        let frames = 10_000
        let start = Date()
        var frame = 0
        while frame < frames {
            for _ in 0..<framesPerBatch where frame < frames {
                frame += 1
                for finger in 0..<10 {
                    let (x, y) = position(finger, frame)
                    try device.touch(slot: Int32(finger), x: x, y: y)
                    left.expect(finger: finger, x: x, y: y, frame: frame)
                    right.expect(finger: finger, x: x, y: y, frame: frame)
                }
                try device.sync()
            }
            let sent = frame * 10
            try display.waitFor("moves of frame \(frame)", timeout: 10) { left.moved + right.moved >= sent }
        }
        let seconds = Date().timeIntervalSince(start)
        for finger in 0..<10 { try device.lift(slot: Int32(finger)) }
        try device.setTouching(false)
        try device.sync()
        try display.waitFor("ten fingers up", timeout: 10) { left.ended + right.ended == 10 }
        print(
            "touch soak: \(left.moved + right.moved) of \(frames * 10) moves delivered in \(Int(seconds)) s "
                + "(\(Int(Double(frames * 10) / seconds)) a second), misrouted \(left.misrouted + right.misrouted), "
                + "wrong points \(left.wrongPoints + right.wrongPoints)")
        XCTAssertEqual(left.moved, frames * 5, "every move of the left fingers reached the left view")
        XCTAssertEqual(right.moved, frames * 5, "every move of the right fingers reached the right view")
        XCTAssertEqual(left.misrouted + right.misrouted, 0, "no move reached a view not under its finger")
        XCTAssertEqual(left.wrongPoints + right.wrongPoints, 0, "every move arrived at the point sent")
    }
}

/// Counts the moves it gets and checks each against the point its finger was sent to.
@MainActor
private final class MoveCountingView: View {
    private(set) var began = 0
    private(set) var moved = 0
    private(set) var ended = 0
    private(set) var misrouted = 0
    private(set) var wrongPoints = 0
    /// The sent points of the fingers inside this view, in window coordinates, oldest first per finger.
    private var expected: [Int: [CGPoint]] = [:]
    private var touchFinger: [ObjectIdentifier: Int] = [:]

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    func expect(finger: Int, x: Int32, y: Int32, frame: Int) {
        let point = CGPoint(x: CGFloat(x), y: CGFloat(y))
        guard self.frame.contains(point) else { return }
        expected[finger, default: []].append(point)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            began += 1
            // Fingers are told apart by where they went down: each has its own column.
            let x = touch.location(in: nil).x
            touchFinger[ObjectIdentifier(touch)] = Int((x - 40) / 100 + 0.5)
            if !bounds.contains(touch.location(in: self)) { misrouted += 1 }
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches {
            moved += 1
            let location = touch.location(in: self)
            if !bounds.contains(location) { misrouted += 1 }
            guard let finger = touchFinger[ObjectIdentifier(touch)], var queue = expected[finger], !queue.isEmpty
            else {
                misrouted += 1
                continue
            }
            let sent = queue.removeFirst()
            expected[finger] = queue
            let got = touch.location(in: nil)
            if abs(got.x - sent.x) > 0.5 || abs(got.y - sent.y) > 0.5 { wrongPoints += 1 }
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches.count }
}
