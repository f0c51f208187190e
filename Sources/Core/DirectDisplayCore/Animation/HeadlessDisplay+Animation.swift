import Foundation
import Scheduling

/// Animation frames without hardware: while views on a screen animate, the screen is
/// composed once per refresh period of its mode on the display's manual clock, so
/// `advanceTime(by:)` plays an animation frame by frame, each frame stepped to its
/// own time; when the animations end, the frames stop.
extension HeadlessDisplay {
    func keepFramesComing(_ screen: Screen) {
        let id = ObjectIdentifier(screen)
        guard frameTicks[id] == nil, screen.isConnected, screen.isPoweredOn,
            Application.shared.animator.hasRunningAnimations(on: screen)
        else { return }
        let rate = screen.currentMode?.refreshRate ?? 60
        let period = 1 / (rate > 0 && rate.isFinite ? rate : 60)
        frameTicks[id] = eventLoop.schedule(after: period, name: "animation frame of \(screen.name)") {
            [weak self, weak screen] in
            self?.frameTicks[id] = nil
            guard let self, let screen, screen.isConnected, screen.isPoweredOn else { return }
            self.present(screen)
        }
    }
}
