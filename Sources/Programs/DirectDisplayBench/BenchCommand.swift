import ArgumentParser

/// Benchmarks on a real KMS stack (run them inside Hardware/vm; Scripts/bench does).
/// They print figures; nothing here passes or fails on time.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct-display-bench",
        abstract: "Benchmarks of DirectDisplay on real DRM/KMS (VKMS in Hardware/vm).",
        subcommands: [
            HotplugBenchmark.self, InputLatencyBenchmark.self, HitTestBenchmark.self, ComposeBenchmark.self,
            IdleBenchmark.self, TouchFloodBenchmark.self, GLViewBenchmark.self,
            CompositorBenchmark.self, StructureBenchmark.self, TableBenchmark.self, TextBenchmark.self,
            MirrorBenchmark.self,
            MemoryBenchmark.self,
        ]
    )
}

/// Median and percentiles of a sample, and the same in refresh periods.
struct Figures {
    let values: [Double]

    /// NaN for an empty sample (a case that measured nothing prints "nan", never traps).
    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// Median, the `tail` percentile (p90 unless asked), min and max, in ms and refresh periods.
    func line(_ what: String, period: Double, tail: Double = 0.9) -> String {
        func show(_ seconds: Double) -> String {
            "\(String(format: "%.1f", seconds * 1000)) ms (\(String(format: "%.2f", seconds / period)) periods)"
        }
        let tailName = "p\(Int((tail * 100).rounded()))"
        return
            "\(what), \(values.count) samples: median \(show(percentile(0.5))), \(tailName) \(show(percentile(tail))), "
            + "min \(show(values.min() ?? 0)), max \(show(values.max() ?? 0))"
    }
}
