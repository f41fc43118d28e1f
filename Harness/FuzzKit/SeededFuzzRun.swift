import Foundation
import UnisonTestSupport

/// Runs seeded fuzz sequences: sequence `k` decodes random bytes from `SplitMix64(firstSeed + k)`
/// (UnisonTestSupport's generator), so a failing seed replays exactly.
@MainActor
public struct SeededFuzzRun {
    public let firstSeed: UInt64
    public let sequences: Int
    public let maxLength: Int

    public init(firstSeed: UInt64, sequences: Int, maxLength: Int = 256) {
        self.firstSeed = firstSeed
        self.sequences = sequences
        self.maxLength = maxLength
    }

    public struct Report: Sendable {
        public var sequences = 0
        public var operations = 0
        public var completions = 0
        public var seconds = 0.0
        /// The first failing seed and what broke, if any.
        public var firstFailure: String?

        public var summary: String {
            let rate = seconds > 0 ? Double(sequences) / seconds : 0
            return "fuzz: \(sequences) sequences, \(operations) operations, \(completions) completions checked, "
                + String(format: "%.1f s (%.0f sequences/s), ", seconds, rate)
                + (firstFailure == nil ? "no invariant broken" : "FAILED")
        }
    }

    /// The bytes of sequence `seed`: 1 to `maxLength` of them.
    public static func bytes(seed: UInt64, maxLength: Int) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 1...max(maxLength, 1), using: &rng)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    public func run() -> Report {
        var report = Report()
        let start = Date()
        for k in 0..<sequences {
            let seed = firstSeed &+ UInt64(k)
            let fuzzer = OperationFuzzer(bytes: Self.bytes(seed: seed, maxLength: maxLength))
            let clean = fuzzer.run()
            report.sequences += 1
            report.operations += fuzzer.operationCount
            report.completions += fuzzer.completionCount
            if !clean {
                report.firstFailure = "seed \(seed): " + fuzzer.failures.prefix(5).joined(separator: "; ")
                break
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }
}
