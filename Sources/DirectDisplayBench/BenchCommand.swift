import ArgumentParser

/// Benchmarks on a real KMS stack (run them inside Hardware/vm; Scripts/bench does).
/// They print figures; nothing here passes or fails on time.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct-display-bench",
        abstract: "Benchmarks of DirectDisplay on real DRM/KMS (VKMS in Hardware/vm).",
        subcommands: [HotplugBenchmark.self, HitTestBenchmark.self]
    )
}

/// Median and percentiles of a sample, and the same in refresh periods.
struct Figures {
    let values: [Double]

    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    func line(_ what: String, period: Double) -> String {
        func show(_ seconds: Double) -> String {
            "\(String(format: "%.1f", seconds * 1000)) ms (\(String(format: "%.2f", seconds / period)) periods)"
        }
        return "\(what), \(values.count) samples: median \(show(percentile(0.5))), p90 \(show(percentile(0.9))), "
            + "min \(show(values.min() ?? 0)), max \(show(values.max() ?? 0))"
    }
}
