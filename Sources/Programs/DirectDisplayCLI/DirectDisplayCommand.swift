import ArgumentParser

@main
struct DirectDisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct-display",
        abstract: "UIKit-style windows directly on Linux DRM/KMS displays.",
        subcommands: [InfoCommand.self, DemoCommand.self, EDIDCommand.self, RestoreConsoleCommand.self]
    )
}
