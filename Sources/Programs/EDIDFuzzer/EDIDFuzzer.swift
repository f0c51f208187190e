// The EDID parser under libFuzzer. Scripts/fuzz-edid builds this product with
// `-sanitize=fuzzer,address -DEDID_FUZZER`. SwiftPM links an executable's main
// as `EDIDFuzzer_main` and aliases `main` to it, so libFuzzer's own main is never
// linked in: main hands the command line to LLVMFuzzerRunDriver instead, with
// the callback that parses one input.
//
// Built without EDID_FUZZER (any plain `swift build`), it replays inputs: each
// FILE argument's bytes go through the same checks once, e.g. a crash libFuzzer
// found, under the debugger.
import EDID
import Foundation

#if EDID_FUZZER
    /// libFuzzer's driver (compiler-rt, FuzzerDriver.cpp): runs the fuzzer with
    /// the command line's options, calling `callback` once per input.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// Runs libFuzzer over this process's command line; its exit status.
    private func runFuzzer() -> Int32 {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return runFuzzerDriver(&argc, &argv, fuzzOneInput)
    }

    /// libFuzzer's callback: one input of `size` bytes at `data`.
    private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        EDIDFuzzer.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
#endif

/// Replays the inputs named on the command line once each.
private func replay(_ paths: [String]) -> Int32 {
    guard !paths.isEmpty else {
        FileHandle.standardError.write(
            Data("usage: edid-fuzzer FILE… (replays inputs; Scripts/fuzz-edid builds the fuzzer)\n".utf8))
        return 64
    }
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("edid-fuzzer: cannot read \(path)\n".utf8))
            return 1
        }
        EDIDFuzzer.check([UInt8](data))
        print("\(path): \(data.count) bytes, ok")
    }
    return 0
}

@main
enum EDIDFuzzer {
    static func main() {
        #if EDID_FUZZER
            exit(runFuzzer())
        #else
            exit(replay(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    /// One input, as an EDID blob and as a file's contents (the hex forms);
    /// traps when a result breaks what must hold for any input.
    static func check(_ bytes: [UInt8]) {
        checkInvariants(EDIDInfo(bytes: bytes))
        if let file = try? EDIDFile(contents: bytes) {
            precondition(file.bytes.count >= 128, "EDIDFile accepted \(file.bytes.count) bytes")
            precondition(file.format != .binary || file.bytes == bytes, "binary file bytes changed")
            checkInvariants(EDIDInfo(bytes: file.bytes))
        }
    }

    /// Every mode is a real one, and the preferred mode is one of them.
    static func checkInvariants(_ info: EDIDInfo) {
        let violations = info.invariantViolations
        precondition(violations.isEmpty, violations.joined(separator: "; "))
    }
}
