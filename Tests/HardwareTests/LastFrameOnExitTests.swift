import CVirtualTerminal
import DirectDisplay
import Foundation
import Glibc
import KMS
import Session
import TestSupport
import Udev
import XCTest

@testable import DirectDisplayKMS

/// `Application.leavesLastFrameOnExit` on the VM's kernel (6.1): the app opens the
/// card itself (a direct session, as root) and exits with a systemd-like store (a
/// datagram socket the test holds, as NOTIFY_SOCKET) keeping its card descriptor.
/// After the app is gone its frame is still scanned out (the writeback connector
/// reads it), until the store lets the descriptor go: then the console comes back.
@MainActor final class LastFrameOnExitTests: XCTestCase {
    override func setUp() async throws {
        try HardwareEnvironment.requireHardware()
        Application.shared.reset()
    }

    override func tearDown() async throws {
        Application.shared.reset()
    }

    func testTheFrameOutlivesTheAppWhileTheStoreKeepsItsCardThenTheConsoleComesBack() async throws {
        let store = try FakeDescriptorStore()
        let vkms = try VKMSConnector().card
        let console = VirtualConsole.current()?.path
        defer {
            store.close()
            if let console { try? VirtualConsole.forceText(path: console) }
        }
        let consoleFramebuffer = try consoleFramebufferOnVirtual1(vkms)

        // Descriptors of the card a test before this one left open would keep the
        // console from coming back at the store's close (not what is tested here).
        let openBefore = cardDescriptors(vkms)
        let (crtcID, mode, shown) = try runAppThatExits()
        XCTAssertEqual(
            cardDescriptors(vkms), openBefore, "the app's descriptors of the card are closed, as at its exit")

        let keptCard = try XCTUnwrap(
            try store.receive("FDSTORE=1\nFDNAME=directdisplay-\(vkms.sysname)", timeout: 5),
            "the card's descriptor came with the message")
        XCTAssertEqual(VirtualConsole.current().flatMap(\.mode), Int32(KD_GRAPHICS), "the VT stays in graphics mode")

        do {
            // The app dropped master: a next program can take the card.
            let device = try DRMDevice(path: vkms.devnode)
            XCTAssertEqual(device.scanout(crtcID: crtcID).framebufferID, shown, "the app's frame is still scanned out")
            let probe = try CardProbe(device: device)
            let writeback = try XCTUnwrap(probe.connectors.first(where: \.isWriteback))
            let reader = try ScanoutOutput(
                device: device, connector: try XCTUnwrap(probe.connector(named: "Virtual-1")),
                crtc: try XCTUnwrap(probe.crtc(id: crtcID)),
                primaryPlane: try XCTUnwrap(
                    probe.planes.first {
                        $0.kind == .primary && $0.crtcID == crtcID
                    }), mode: mode)
            let capture = WritebackCapture(device: device, connector: writeback)
            let pixels = try capture.capture(reader)
            try capture.detach(from: reader)
            XCTAssertEqual(Set(pixels.map(rgb)), [0xFF8000], "what the CRTC shows is the app's last frame")
        }

        // The store lets the descriptor go (the service is stopped): the card's last
        // close removes the frame and the console comes back.
        Glibc.close(keptCard)
        let after = try DRMDevice(path: vkms.devnode, requireMaster: false).scanout(crtcID: crtcID).framebufferID
        XCTAssertNotEqual(after, shown)
        if openBefore.isEmpty { XCTAssertEqual(after, consoleFramebuffer, "the console's framebuffer is back") }
    }

    func testTheNextRunTakesTheFrameOverWithoutAModesetAndLetsTheStoredCardGo() async throws {
        let store = try FakeDescriptorStore()
        let vkms = try VKMSConnector().card
        let console = VirtualConsole.current()?.path
        defer {
            store.close()
            if let console { try? VirtualConsole.forceText(path: console) }
        }
        let consoleFramebuffer = try consoleFramebufferOnVirtual1(vkms)
        let openBefore = cardDescriptors(vkms)
        let (crtcID, _, shown) = try runAppThatExits()
        let keptCard = try XCTUnwrap(try store.receive("FDSTORE=1\nFDNAME=directdisplay-\(vkms.sysname)", timeout: 5))
        let before = try DRMDevice(path: vkms.devnode, requireMaster: false).scanout(crtcID: crtcID)
        XCTAssertEqual(before.framebufferID, shown)

        // The next run, started as systemd starts it: the stored descriptor as fd 3,
        // named in LISTEN_FDNAMES, LISTEN_PID its own pid.
        let name = "directdisplay-\(vkms.sysname)"
        let script =
            "export LISTEN_PID=$$ LISTEN_FDS=1 LISTEN_FDNAMES=\(name) DIRECTDISPLAY_SESSION=direct; "
            + "exec '\(ChildProcess.directDisplayPath)' demo --no-glview"
        let next = try ChildProcess("/bin/sh", ["-c", script], descriptors: [(keptCard, 3)])
        defer { if next.waitForExit(timeout: 10) == nil { XCTFail("the next run did not exit: \(next.text)") } }
        // Once every screen of it shows its first frame.
        _ = try store.receive("FDSTOREREMOVE=1\nFDNAME=\(name)", timeout: 60)
        let after = try DRMDevice(path: vkms.devnode, requireMaster: false).scanout(crtcID: crtcID)
        XCTAssertNotEqual(after.framebufferID, shown, "the next run's frame replaced the last one")
        XCTAssertEqual(after.modeBlobID, before.modeBlobID, "by a page flip: no modeset")
        // The store drops the descriptor as asked; the next run exits (without leaving its frame).
        Glibc.close(keptCard)
        next.signal(SIGTERM)
        XCTAssertEqual(next.waitForExit(timeout: 20), 128 + SIGTERM, next.text)
        XCTAssertFalse(next.text.contains("restoring the console"), next.text)
        if openBefore.isEmpty {
            XCTAssertEqual(
                try DRMDevice(path: vkms.devnode, requireMaster: false).scanout(crtcID: crtcID).framebufferID,
                consoleFramebuffer, "its exit gives the console back (the frame it took over is gone)")
        }
    }
}

/// This process's descriptors of `card` (/proc/self/fd entries).
private func cardDescriptors(_ card: DRMCardNode) -> Set<String> {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return Set(
        entries.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == card.devnode
        })
}

/// What the console shows on Virtual-1 now (its framebuffer id).
private func consoleFramebufferOnVirtual1(_ vkms: DRMCardNode) throws -> UInt32 {
    let device = try DRMDevice(path: vkms.devnode, requireMaster: false)
    let crtc = try XCTUnwrap(CardProbe(device: device).connector(named: "Virtual-1")?.currentCRTC)
    return device.scanout(crtcID: crtc).framebufferID
}

/// The app: a direct session, an orange window on Virtual-1 and
/// `leavesLastFrameOnExit`, then the display shut down as `Application.exit` does and
/// every object of it released (its descriptors closed). Returns the CRTC, its mode
/// and the framebuffer it showed last.
@MainActor private func runAppThatExits() throws -> (UInt32, DisplayMode, UInt32) {
    var configuration = DisplayConfiguration.environment
    configuration.session = .direct
    // No EGL: its copy of the card's descriptor could outlive the display in this process.
    configuration.usesOpenGL = false
    let app = try KMSDisplay(configuration: configuration)
    Application.shared.display = app
    Application.shared.leavesLastFrameOnExit = true
    let screen = try XCTUnwrap(Screen.screens.first { $0.name == "Virtual-1" })
    let window = Window(screen: screen)
    window.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    window.makeKeyAndVisible()
    try app.waitForPresentation(of: screen)
    let output = try XCTUnwrap(app.entry(for: screen)?.output)
    let shown = (output.crtc.id, output.mode, try XCTUnwrap(output.frontBuffer?.framebufferID))
    app.shutdown()
    Application.shared.reset()
    return shown
}

/// Plays systemd's file-descriptor store: a datagram socket at NOTIFY_SOCKET that
/// receives sd_notify messages with their descriptors (SCM_RIGHTS).
private final class FakeDescriptorStore {
    let path = "/run/directdisplay-store-\(getpid())"
    private let socket: Int32

    init() throws {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw HardwareTestError("socket: \(errno)") }
        unlink(path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw HardwareTestError("bind \(path): \(errno)") }
        setenv("NOTIFY_SOCKET", path, 1)
    }

    func close() {
        unsetenv("NOTIFY_SOCKET")
        Glibc.close(socket)
        unlink(path)
    }

    /// Waits for `message`, the descriptors of others closed as they come (the other
    /// cards'); returns the descriptor it carried, if any.
    func receive(_ message: String, timeout: Double) throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [String] = []
        while Date() < deadline {
            let (text, descriptor) = try receive(timeout: deadline.timeIntervalSinceNow)
            if text == message { return descriptor }
            seen.append(text)
            if let descriptor { Glibc.close(descriptor) }
        }
        throw HardwareTestError("no \(message.debugDescription) at NOTIFY_SOCKET in \(timeout) s, only \(seen)")
    }

    /// The next message and the descriptor it carried, if any.
    private func receive(timeout: Double) throws -> (String, Int32?) {
        var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, Int32(max(timeout, 0) * 1000)) == 1 else {
            throw HardwareTestError("no message at NOTIFY_SOCKET in \(timeout) s")
        }
        var data = [UInt8](repeating: 0, count: 512)
        // struct cmsghdr (size_t cmsg_len, int level, int type) then one int.
        var control = [UInt8](repeating: 0, count: 64)
        let received = data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(socket, &message, Int32(MSG_CMSG_CLOEXEC))
                    return (count, message.msg_controllen)
                }
            }
        }
        guard received.0 >= 0 else { throw HardwareTestError("recvmsg: \(errno)") }
        let text = String(decoding: data.prefix(received.0), as: UTF8.self)
        guard received.1 >= 20 else { return (text, nil) }
        let level = control.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int32.self) }
        let type = control.withUnsafeBytes { $0.load(fromByteOffset: 12, as: Int32.self) }
        guard level == SOL_SOCKET, type == Int32(SCM_RIGHTS) else { return (text, nil) }
        return (text, control.withUnsafeBytes { $0.load(fromByteOffset: 16, as: Int32.self) })
    }
}
