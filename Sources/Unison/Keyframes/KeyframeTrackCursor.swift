import Foundation

/// One `Double` track of a playing timeline (a ``KeyframeScalarSlot``) as the frame path reads
/// it: where its value goes in the timeline's value, its curve's segments in place, and the
/// segment the last frame showed.
///
/// A play's time only moves forward (or wraps, when it repeats), so the segment showing a frame
/// is almost always the last frame's or the next one: checked in O(1), with the binary search
/// only when neither is. The segments are the curve's own memory (`DoubleKeyframeCurve.buffer`),
/// valid while the curve lives: a cursor lives in a `KeyframeFrames`, whose player holds the
/// timeline and so the curve.
struct KeyframeTrackCursor {
    /// The byte offset of the track's `Double` in the timeline's value.
    let offset: Int
    private let segments: UnsafePointer<KeyframeSegment<Double>>
    private let count: Int
    private let lastValue: Double
    /// Whether the cursor may be used (the curve's `endsAreOrdered`); else every frame searches.
    private let ordered: Bool
    /// The segment the last evaluation showed (`count`: after the end).
    private var index = 0

    init(_ slot: KeyframeScalarSlot) {
        let curve = slot.curve
        offset = slot.offset
        segments = UnsafePointer(curve.buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 8)!)
        count = curve.buffer.count
        lastValue = curve.lastValue
        ordered = curve.endsAreOrdered
    }

    /// The curve's value at `time`: `DoubleKeyframeCurve.scalarValue(at:)`, bit for bit (the same
    /// segment, the same arithmetic), from any time in any order.
    @inline(__always)
    mutating func value(at time: TimeInterval) -> Double {
        let time = time > 0 ? time : 0  // (NaN is 0)
        var i = index
        if !(ordered && showsFirst(i, at: time)) {
            // (`i + 1` may pass `count`: then it is not the one.)
            i =
                ordered && showsFirst(i &+ 1, at: time)
                ? i &+ 1 : DoubleKeyframeCurve.firstSegment(endingAfter: time, in: segments, count: count)
            index = i
        }
        guard i < count else { return lastValue }
        return segments[i].value(at: time - segments[i].start)
    }

    /// Whether segment `i` (`count`: after the end) is the first whose end is after `time`, with
    /// ordered ends: its own end is after `time` (or it is the end) and the one before it's is not.
    @inline(__always)
    private func showsFirst(_ i: Int, at time: TimeInterval) -> Bool {
        guard i <= count else { return false }
        if i < count && !(segments[i].end > time) { return false }
        return i == 0 || !(segments[i &- 1].end > time)
    }
}

/// Stores each cursor's value at `time` at its offset from `root`, in order (a later track on the
/// same property wins): `storeScalarTracks` for the frame path.
@inline(__always)
func storeTracks(
    _ tracks: UnsafeMutablePointer<KeyframeTrackCursor>, count: Int, at time: TimeInterval,
    into root: UnsafeMutableRawPointer
) {
    for k in 0..<count {
        (root + tracks[k].offset).storeBytes(of: tracks[k].value(at: time), as: Double.self)
    }
}
