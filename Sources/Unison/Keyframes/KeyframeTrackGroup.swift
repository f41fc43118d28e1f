import Foundation

/// Tracks side by side: what a ``KeyframesBuilder`` makes of several ``KeyframeTrack``s.
///
/// You rarely name this type: it is the result of writing tracks in a builder. Tracks run
/// in parallel from time 0; where two tracks write the same property, the later one wins.
public struct KeyframeTrackGroup<Root>: Keyframes {
    var makers: [KeyframeTrackMaker<Root>]

    /// No tracks: a timeline of duration 0 that always shows its initial value.
    public init() { makers = [] }

    init(makers: [KeyframeTrackMaker<Root>]) { self.makers = makers }

    init(concatenating parts: [KeyframeTrackGroup<Root>]) {
        makers = parts.flatMap(\.makers)
    }
}

// The body is declared apart from the conformance so the keyframes builder is not inferred for it.
extension KeyframeTrackGroup {
    /// The group itself (it is primitive).
    public var body: Self { self }
}

extension KeyframeTrackGroup: PrimitiveKeyframes {
    func erasedTrackMakers() -> Any { makers }
}
