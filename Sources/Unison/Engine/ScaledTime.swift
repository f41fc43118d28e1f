import Foundation

/// A clock's time scale, anchored: maps a toolkit's real frame time to the scaled time its
/// animations see, so that changing the scale keeps scaled time continuous.
///
/// Scaled time advances `scale` times as fast as real time from the anchor, the point where the
/// last scale change happened: at real time `anchorReal` it read `anchorScaled`. A change of
/// scale re-anchors at the real time it is made, so running animations slow down or speed up
/// from where they are instead of jumping. The mapping is linear both ways: a real time before the
/// anchor (a clock going backwards) maps before it, a jump maps to a scaled jump; a real time that
/// is NaN or infinite maps to one too (the engine copes with those). Unscaled and never re-anchored,
/// it returns real times unchanged, bit for bit.
///
/// `GtkFrameClock` (`timeScale`) and the fuzzer's clock share it; it is pure, so it is tested
/// headless.
package struct ScaledTime: Sendable, Equatable {
    /// How fast scaled time runs: 1 is real time, 0.25 a four-times slow motion.
    package private(set) var scale = 1.0
    /// The real time of the last re-anchoring.
    package private(set) var anchorReal: TimeInterval = 0
    /// The scaled time at `anchorReal`.
    package private(set) var anchorScaled: TimeInterval = 0

    package init() {}

    /// The scaled time at real time `real`.
    package func scaled(_ real: TimeInterval) -> TimeInterval {
        scale == 1 && anchorReal == anchorScaled ? real : anchorScaled + (real - anchorReal) * scale
    }

    /// The real seconds it takes scaled time to advance `scaledInterval`.
    package func realInterval(_ scaledInterval: TimeInterval) -> TimeInterval { scaledInterval / scale }

    /// Sets the scale to `newScale`, re-anchored at real time `real` (now, or the last frame).
    /// Ignored, returning false, when `newScale` is not finite and positive, is the current
    /// scale, or when `real` or the scaled time there is not finite (an anchor there would make
    /// every later time non-finite).
    @discardableResult
    package mutating func setScale(_ newScale: Double, at real: TimeInterval) -> Bool {
        guard newScale.isFinite, newScale > 0, newScale != scale, real.isFinite else { return false }
        let scaledNow = scaled(real)
        guard scaledNow.isFinite else { return false }
        anchorScaled = scaledNow
        anchorReal = real
        scale = newScale
        return true
    }
}
