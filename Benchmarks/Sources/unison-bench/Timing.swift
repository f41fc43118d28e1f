import CAllocCounter
import Foundation

/// Nanoseconds on CLOCK_MONOTONIC.
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// CPU time of this thread, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Heap allocations so far in this process (counted by the interposer in Bridges/CAllocCounter).
func allocationCount() -> UInt64 { unison_alloc_count() }

/// Bytes the allocator has handed out and not taken back.
func heapBytesInUse() -> Int { Int(unison_heap_bytes_in_use()) }

struct Stats: Codable {
    var median: Double
    var min: Double
    var max: Double
    var p25: Double
    var p75: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = Swift.min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        median = quantile(0.5)
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        p25 = quantile(0.25)
        p75 = quantile(0.75)
    }
}

func format(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
