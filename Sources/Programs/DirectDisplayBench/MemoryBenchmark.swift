import ArgumentParser
import Demo
import DirectDisplay
import Foundation

/// The demo's resident memory on a large screen composed with pixman, after it ran
/// a while (its key window changing every second), scanout buffers included: they
/// are mapped into the process, so their touched pages count in RssShmem.
struct MemoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory", abstract: "The demo's resident memory at 1920x1080 with pixman (run inside Hardware/vm)."
    )

    @Option(help: "How long the demo runs before memory is read, in seconds.")
    var seconds = 60.0

    @Option(help: "The screen's mode: WIDTHxHEIGHT, one of the connector's modes.")
    var mode = "1920x1080"

    @Flag(name: .customLong("no-glview"), help: "Leave out the demo's spinning OpenGL ES triangle.")
    var noGLView = false

    @Flag(
        name: .customLong("shadow-frame"),
        help: "Compose into a shadow frame and copy, as on write-combined cards (vkms and virtio-gpu compose in place)."
    )
    var shadowFrame = false

    @Option(help: "Copy /proc/self/smaps here when the time is up (Scripts/memory-breakdown.py reads it).")
    var smaps: String?

    func run() throws {
        let parts = mode.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2 else { throw ValidationError("--mode must be WIDTHxHEIGHT, e.g. 1920x1080") }
        let size = CGSize(width: parts[0], height: parts[1])
        let seconds = self.seconds
        let showsGLView = !noGLView
        let shadowFrame = self.shadowFrame
        let before = ResidentMemory.read()
        try MainActor.assumeIsolated {
            let display = try KMSDisplay()
            display.composesWithGLES = false
            if shadowFrame { display.scanoutMemoryIsCached = false }
            Application.shared.display = display
            defer { display.shutdown() }
            guard let screen = Screen.main else { throw ValidationError("no screen") }
            guard let wanted = screen.availableModes.first(where: { $0.size == size }) else {
                throw ValidationError("\(screen.name) has no \(mode) mode: \(screen.availableModes.map(\.size))")
            }
            screen.currentMode = wanted
            DemoScene.showsGLView = showsGLView
            let demo = DemoScene(input: display.input)
            demo.start()
            try display.waitForPresentation(of: screen, timeout: 30)
            let started = ResidentMemory.read()
            // Serves the demo (its key window cycles, the triangle turns) until the time is up.
            try? display.waitFor("\(seconds) s of the demo", timeout: seconds) { false }
            let after = ResidentMemory.read()
            if let smaps { try copyProcFile("/proc/self/smaps", to: smaps) }
            demo.stop()
            let what =
                "demo \(mode), pixman \(shadowFrame ? "into a shadow frame" : "in place"), "
                + "\(showsGLView ? "with" : "without") its GLView"
            print("\(what): before the display \(before.line)")
            print("\(what): first frame \(started.line)")
            print("\(what): after \(Int(seconds)) s \(after.line)")
            let scanout = Double(display.scanoutBufferBytes(of: screen)) / 1_048_576
            print(
                "\(what): scanout buffers \(String(format: "%.1f", scanout)) MB (outside VmRSS on vkms); "
                    + "VmRSS + scanout buffers \(String(format: "%.1f", (after.fields["VmRSS"] ?? 0) + scanout)) MB")
        }
    }
}

/// Copies a /proc file, read to its end (it reports no size, and Foundation's
/// readers stop at the first page).
func copyProcFile(_ path: String, to destination: String) throws {
    let input = open(path, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw ValidationError("cannot open \(path): errno \(errno)") }
    defer { close(input) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        data.append(contentsOf: chunk[..<count])
    }
    try data.write(to: URL(fileURLWithPath: destination))
}

/// VmRSS and its parts from /proc/self/status, in MB.
struct ResidentMemory {
    var fields: [String: Double] = [:]

    static func read() -> ResidentMemory {
        var memory = ResidentMemory()
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, ["VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"].contains(String(parts[0]))
            else { continue }
            let kilobytes = Double(parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
            memory.fields[String(parts[0])] = kilobytes / 1024
        }
        return memory
    }

    var line: String {
        ["VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"].map { name in
            "\(name) \(String(format: "%.1f", fields[name] ?? 0)) MB"
        }.joined(separator: ", ")
    }
}
