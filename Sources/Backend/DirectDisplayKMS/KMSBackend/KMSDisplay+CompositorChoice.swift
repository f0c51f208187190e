import DirectDisplayCore
import Foundation
import GLCompositing
import GLRendering
import KMS

/// Which compositor each card's screens use (`CompositorChoice`): GL where EGL works
/// on the card and renders on a GPU, pixman otherwise or when the configuration's
/// `compositor` says so. Decided on a card's first frame, once per
/// process and card (the GL context it asks is made again for every display), with
/// one log line.
extension KMSDisplay {
    /// Choices made so far, by card path, driver and the compositor the configuration asks for.
    private static var compositorChoices: [String: CompositorChoice] = [:]

    func compositorChoice(for card: KMSCard) -> CompositorChoice {
        if let known = card.compositorChoice { return known }
        let key = "\(card.device.path) \(card.device.driverName) \(configuration.compositor)"
        if let known = Self.compositorChoices[key] {
            card.compositorChoice = known
            return known
        }
        let forced: CompositorChoice.Kind? =
            switch configuration.compositor {
            case .automatic: nil
            case .gl: .gl
            case .pixman: .pixman
            }
        let choice: CompositorChoice
        if forced == nil,
            MesaDriverLookup.rendersInSoftware(
                kernelDriver: card.device.driverName, environment: ProcessInfo.processInfo.environment) == true
        {
            // Not asked through EGL either: starting it (Mesa, LLVM) only to find llvmpipe
            // would cost the first frame seconds on a slow board.
            choice = CompositorChoice(
                kind: .pixman,
                reason: "Mesa has no driver for \(card.device.driverName): it would render in software (llvmpipe), "
                    + "slower than pixman")
        } else {
            // Forced to pixman: no GL context is made to ask.
            let gl = forced == .pixman ? .unavailable(reason: "not asked") : glAvailability(on: card.device)
            choice = CompositorChoice.choose(forced: forced, gl: gl)
        }
        StderrLog.info("\(card.device.path) (\(card.device.driverName)): screens \(choice)")
        Self.compositorChoices[key] = choice
        card.compositorChoice = choice
        return choice
    }

    /// Forgets the choices (a card came or went: its path may now name another).
    func forgetCompositorChoices() {
        Self.compositorChoices = [:]
        for card in cards { card.compositorChoice = nil }
    }

    private func glAvailability(on device: DRMDevice) -> CompositorChoice.GLAvailability {
        guard let context = GLViewContext.context else {
            return .unavailable(reason: GLViewContext.failure.map { "\($0)" } ?? "no EGL")
        }
        guard let gbm = context.display.gbmDevice, gbm.fd == device.fd else {
            return .unavailable(reason: "its EGL context is on \(context.display.name)")
        }
        let outer = GLCurrentBinding.ofThisThread
        defer { outer.restore() }
        do {
            try context.makeCurrent()
        } catch {
            return .unavailable(reason: "\(error)")
        }
        return .available(renderer: context.renderer, deviceExtensions: context.display.deviceExtensions)
    }
}
