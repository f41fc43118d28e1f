import Foundation

/// Estimates the velocity of a value from timed samples: a least-squares line through the
/// samples of the last `window` seconds.
///
/// Robust to uneven event timing (the fit weighs every sample by its time, not its index)
/// and to a pause before release: samples older than `window` before the query time are
/// ignored, so a finger that stopped reports zero velocity.
///
/// ```swift
/// var tracker = VelocityTracker<Double>()
/// tracker.record(0, at: 0.00); tracker.record(10, at: 0.01); tracker.record(20, at: 0.02)
/// tracker.velocity(at: 0.02)   // 1000 units per second
/// ```
/// - Complexity: O(capacity) per query, no allocation after the first sample.
public struct VelocityTracker<V: VectorArithmetic> {
    /// Seconds of history used by the fit.
    public var window: TimeInterval
    private var times: [Double]
    private var values: [V]
    private var next = 0
    private var count = 0
    private let capacity: Int

    /// A tracker fitting the last `window` seconds of samples, keeping at most `capacity` of them (a
    /// window that is not positive and finite is 0.1 s; a capacity below 2 is 2).
    public init(window: TimeInterval = 0.1, capacity: Int = 32) {
        self.window = window.isFinite && window > 0 ? window : 0.1
        self.capacity = max(capacity, 2)
        times = []
        values = []
    }

    /// Adds a sample. Samples out of time order replace nothing and are ignored.
    public mutating func record(_ value: V, at time: TimeInterval) {
        guard time.isFinite, isFiniteVector(value) else { return }
        if count > 0, time < times[(next + capacity - 1) % capacity] { return }
        if times.isEmpty {
            times = Array(repeating: 0, count: capacity)
            values = Array(repeating: .zero, count: capacity)
        }
        times[next] = time
        values[next] = value
        next = (next + 1) % capacity
        count = min(count + 1, capacity)
    }

    /// Forgets every sample.
    public mutating func reset() {
        count = 0
        next = 0
    }

    /// The fitted velocity (units per second) at `time`; zero with fewer than two samples
    /// in the window ending at `time`.
    public func velocity(at time: TimeInterval) -> V {
        var n = 0
        var meanT = 0.0
        for k in 0..<count {
            let t = times[(next + capacity - 1 - k) % capacity]
            guard time - t <= window else { break }
            n += 1
            meanT += t
        }
        guard n >= 2 else { return .zero }
        meanT /= Double(n)
        var meanV = V.zero
        for k in 0..<n { meanV += values[(next + capacity - 1 - k) % capacity] }
        meanV.scale(by: 1 / Double(n))
        var numerator = V.zero
        var denominator = 0.0
        for k in 0..<n {
            let i = (next + capacity - 1 - k) % capacity
            let dt = times[i] - meanT
            numerator += (values[i] - meanV).scaled(by: dt)
            denominator += dt * dt
        }
        guard denominator > 1e-12 else { return .zero }
        return numerator.scaled(by: 1 / denominator)
    }
}
