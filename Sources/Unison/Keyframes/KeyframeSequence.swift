import Foundation

/// Keyframes in order: what a ``KeyframeTrackContentBuilder`` makes of a track's body.
///
/// You rarely name this type: it is the result of writing keyframes in a builder
/// (`KeyframeTrack(\.x) { LinearKeyframe(...); CubicKeyframe(...) }`).
public struct KeyframeSequence<Value: Animatable>: KeyframeTrackContent {
    var specs: [KeyframeSpec<Value>]

    /// No keyframes: a track that holds its initial value.
    public init() { specs = [] }

    init(specs: [KeyframeSpec<Value>]) { self.specs = specs }

    /// All keyframes of `parts`, in order.
    init(concatenating parts: [KeyframeSequence<Value>]) {
        specs = parts.flatMap(\.specs)
    }
}

// The body is declared apart from the conformance so the content builder is not inferred for it.
extension KeyframeSequence {
    /// The sequence itself (it is primitive).
    public var body: Self { self }
}

extension KeyframeSequence: PrimitiveKeyframeTrackContent {
    func erasedSpecs() -> Any { specs }
}
