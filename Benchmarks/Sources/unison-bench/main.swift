import Foundation

// unison-bench [engine|adwaita|widgets|all] [--quick]
// Writes Benchmarks/results/ (JSON, Markdown, PNG) when run as `all` (make bench).

let arguments = CommandLine.arguments.dropFirst()
let mode = arguments.first { !$0.hasPrefix("--") } ?? "all"
let quick = arguments.contains("--quick")
/// `--only KIND` runs one engine kind (for profiling).
let only = arguments.firstIndex(of: "--only").map { arguments[arguments.index(after: $0)] }
let onlyCount = arguments.firstIndex(of: "--count").flatMap { Int(arguments[arguments.index(after: $0)]) }

MainActor.assumeIsolated {
    let counts = onlyCount.map { [$0] } ?? (quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])
    if mode == "engine" || mode == "all" {
        _ = EngineBenchmark.run(counts: counts, repetitions: quick ? 1 : 3, only: only)
    }
}
