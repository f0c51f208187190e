// The product: the UIKit-shaped core and the KMS display it runs on, as one import
// (as swift-nio's NIO is NIOCore and NIOPosix).
@_exported import DirectDisplayCore
@_exported import DirectDisplayKMS

extension Application {
    /// Runs on the real screens: `run(on:_:)` with a `KMSDisplay` (see there).
    /// The screen reader speaks through the system's voice (`SystemSpeechOutput`) unless
    /// the app set `Accessibility.speechOutput` before.
    public func run(_ didFinishLaunching: (@MainActor () -> Void)? = nil) -> Never {
        if !Accessibility.speechOutputWasSet { Accessibility.speechOutput = SystemSpeechOutput() }
        return run(on: try KMSDisplay(), didFinishLaunching)
    }
}
