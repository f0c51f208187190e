extension EDIDInfo {
    /// What a parsed EDID must never show, whatever bytes it came from: a mode
    /// without a size or with a refresh outside 1–1000 Hz, or a preferred mode that
    /// is not in the mode list. Empty when all hold; the fuzzer traps on any, and
    /// the fuzz findings' regression test checks them.
    package var invariantViolations: [String] {
        var violations: [String] = []
        for mode in modes {
            if mode.width <= 0 || mode.height <= 0 { violations.append("mode without a size: \(mode)") }
            if !(1...1000).contains(mode.refreshRate) { violations.append("implausible refresh: \(mode)") }
        }
        if let preferred = preferredMode,
            !modes.contains(where: {
                $0.width == preferred.width && $0.height == preferred.height && $0.interlaced == preferred.interlaced
                    && abs($0.refreshRate - preferred.refreshRate) < 0.01
            })
        {
            violations.append("preferred mode \(preferred) is not in the mode list")
        }
        _ = suggestedScale
        return violations
    }
}
