import ArgumentParser
import Scheduling

@main
struct DirectDisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct-display",
        abstract: "UIKit-style windows directly on Linux DRM/KMS displays.",
        subcommands: [InfoCommand.self, DemoCommand.self, EDIDCommand.self, RestoreConsoleCommand.self]
    )

    static func main() {
        StartTrace.mark("main (the process loaded, the Swift runtime started)")
        main(nil)
    }
}
