// Hostile values fed through the public API on a headless display, one case per
// process: a case that traps ends only its own process, and HostileValueTests
// (CommandLineTests) reports it by name. `HostileValueCases --list` prints the
// names; `HostileValueCases NAME` runs one case and prints "survived" when its
// checks hold, or what went wrong (exit 1).
import DirectDisplay
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let cases = HostileCase.all
if arguments.first == "--list" {
    for hostileCase in cases { print(hostileCase.name) }
    exit(0)
}
guard let name = arguments.first, let hostileCase = cases.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("usage: HostileValueCases --list | CASE\n".utf8))
    exit(2)
}
let failure: String? = MainActor.assumeIsolated {
    do {
        return try hostileCase.run()
    } catch {
        return "threw \(error)"
    }
}
if let failure {
    print("failed: \(failure)")
    exit(1)
}
print("survived")
exit(0)
