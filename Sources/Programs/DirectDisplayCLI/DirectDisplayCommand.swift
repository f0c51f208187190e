import ArgumentParser
import Scheduling
import Typesetting

@main
struct DirectDisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct-display",
        abstract: "UIKit-style windows directly on Linux DRM/KMS displays.",
        subcommands: [InfoCommand.self, DemoCommand.self, EDIDCommand.self, RestoreConsoleCommand.self]
    )

    static func main() {
        StartTrace.mark("main (the process loaded, the Swift runtime started)")
        // The demo's first text waits for fontconfig's read (a quarter of a second in the
        // VM): started here, it also overlaps the arguments' parsing (about 120 ms there),
        // not only the display's opening (Application.run starts it otherwise).
        if CommandLine.arguments.dropFirst().first == DemoCommand.configuration.commandName {
            FontConfigWarmUp.start()
        }
        main(nil)
    }
}
