import DirectDisplayCore
import KMS

/// Hardware clone mode: a screen that mirrors another on the same card, where one
/// CRTC can drive both connectors in the source's mode, is driven by the source's
/// CRTC (no copy, nothing composed for it); otherwise it mirrors by the scaled copy
/// the core composes. Brought in line with the model before each pass of frames.
extension KMSDisplay {
    /// Starts and ends hardware clones to follow the screens' mirroring.
    func updateHardwareClones() {
        guard !isSuspended else { return }
        for entry in lit {
            let wanted = cloneSource(for: entry)
            if let current = entry.output.cloneSource, current !== wanted?.output { endClone(entry) }
            if entry.output.cloneSource == nil, let wanted { startClone(entry, onto: wanted) }
        }
    }

    /// Whether `screen`'s frame must be composed by pixman into its shadow for a
    /// mirror: it mirrors by a copy, or a screen copies it. Mirrors that share its
    /// CRTC copy nothing, so it composes as any screen (GL, planes, direct scanout).
    func composesForMirror(_ screen: Screen) -> Bool {
        if screen.mirroredScreen != nil { return true }
        return screen.mirrorTargets.contains { entry(for: $0)?.output.cloneSource == nil }
    }

    /// The lit screen whose CRTC `entry` should share: the one its screen mirrors, on
    /// the same card, both on, when the card allows it (`HardwareClone.mode`) and the
    /// kernel did not refuse it in this mode before. Says once why not.
    private func cloneSource(for entry: LitScreen) -> LitScreen? {
        guard configuration.usesHardwareClones, let mirrored = entry.screen.mirroredScreen,
            let source = self.entry(for: mirrored), source.card === entry.card, source.output.cloneSource == nil,
            entry.screen.isPoweredOn, mirrored.isPoweredOn
        else {
            if entry.screen.mirroredScreen == nil { entry.cloneRefusal = nil }
            return nil
        }
        let mode = source.output.mode
        if let refusal = entry.cloneRefusal, refusal.source === mirrored, refusal.mode == mode { return nil }
        switch HardwareClone.mode(
            for: entry.connector, onto: source.output.crtc, driving: source.connector, in: mode)
        {
        case .success:
            return source
        case .failure(let reason):
            entry.cloneRefusal = (mirrored, mode)
            StderrLog.info("\(entry.connector.name) mirrors \(source.connector.name) by a scaled copy: \(reason)")
            return nil
        }
    }

    /// Moves `entry`'s connector onto `source`'s CRTC once that shows a settled frame
    /// (else a later pass tries again). A kernel refusal is logged once; the screen
    /// then mirrors by the copy.
    private func startClone(_ entry: LitScreen, onto source: LitScreen) {
        let output = source.output
        guard !output.isPoweredOff, !output.requiresModeset, !output.takesOverLitCRTC, output.flipPhase != .unlit
        else { return }
        do {
            if output.hasFlipQueued { try waitUntilIdle(source, timeout: 0.5) }
            if entry.output.hasFlipQueued { try waitUntilIdle(entry, timeout: 0.5) }
        } catch {
            return
        }
        releaseWriteback(from: entry)
        do {
            try entry.output.joinClone(of: output)
        } catch {
            entry.cloneRefusal = (source.screen, output.mode)
            StderrLog.info(
                "\(entry.connector.name) mirrors \(source.connector.name) by a scaled copy: "
                    + "the kernel refused hardware clone mode: \(error)")
            return
        }
        StderrLog.info(
            "\(entry.connector.name) shows \(source.connector.name) in hardware clone mode (crtc \(output.crtc.id))")
        entry.needsComposite = false
        entry.compositedCursor = nil
    }

    /// Takes `entry`'s connector back from the CRTC it shares: its own lights with its
    /// next frame, composed whole. A source it still mirrors is composed whole too,
    /// so the copy starts from a complete frame.
    func endClone(_ entry: LitScreen) {
        guard let shared = entry.output.cloneSource else { return }
        let source = lit.first { $0.output === shared }
        if let source, source.output.hasFlipQueued {
            do { try waitUntilIdle(source, timeout: 0.5) } catch {
                StderrLog.info(
                    "\(source.connector.name): last flip before \(entry.connector.name) leaves its CRTC: \(error)")
            }
        }
        do {
            try entry.output.leaveClone()
            StderrLog.info("\(entry.connector.name) is back on its own CRTC")
        } catch {
            StderrLog.info("\(entry.connector.name): leaving hardware clone mode: \(error)")
        }
        entry.buffersInvalidated()
        entry.needsComposite = true
        if let source, entry.screen.mirroredScreen === source.screen {
            source.screen.compositor.invalidate()
            source.needsComposite = true
        }
        schedulePresent()
    }

    /// Ends the hardware clones of `entry` and of the screens that share its CRTC
    /// (before either is turned off, changes mode, or the session goes away).
    func endClones(involving entry: LitScreen) {
        for other in lit where other === entry || other.output.cloneSource === entry.output { endClone(other) }
    }
}
