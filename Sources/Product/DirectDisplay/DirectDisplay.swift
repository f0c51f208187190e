// The product: the UIKit-shaped core and the KMS display it runs on, as one import
// (as swift-nio's NIO is NIOCore and NIOPosix).
@_exported import DirectDisplayCore
@_exported import DirectDisplayKMS

extension Application {
    /// Runs on the real screens: `run(on:_:)` with a `KMSDisplay` (see there).
    public func run(_ didFinishLaunching: (@MainActor () -> Void)? = nil) -> Never {
        run(on: try KMSDisplay(), didFinishLaunching)
    }
}
