import Foundation

/// What a transition does to an element's presentation: its opacity, an offset, a scale and
/// a rotation about an anchor.
///
/// A host draws an element with effects `e` by moving it by `e.offset`, then scaling it by
/// `e.scale` and rotating it by `e.rotation` degrees (clockwise, y down) about the point
/// `e.anchor` of its own bounds, and painting it at `e.opacity`. These are render effects:
/// they never change the element's layout.
///
/// ```swift
/// // The guide's rotating transition: a quarter turn about the top-left corner, faded out.
/// let active = TransitionEffects(opacity: 0, rotation: -90, anchor: .topLeading)
/// let rotate = AnyTransition.modifier(active: active, identity: TransitionEffects(anchor: .topLeading))
/// ```
///
/// Effects animate: `animatableData` is `((opacity, rotation), (offset, scale))`. The anchor
/// is not animated: setting `animatableData` leaves it as it is, so an animation between
/// effects with different anchors pivots about the anchor of the value it writes into.
/// ``Presence`` pivots a transition in flight about the anchor of its off-stage effects (see
/// there). Opacity is not clamped: a bouncy spring can carry it briefly past 1 or below 0,
/// and hosts clamp when they draw.
public struct TransitionEffects: Hashable, Sendable, Animatable {
    /// 1 is opaque, 0 invisible.
    public var opacity: Double
    /// A translation in points (y down), applied without relayout.
    public var offset: CGSize
    /// A scale per axis about `anchor`; (1, 1) is the element's own size.
    public var scale: CGSize
    /// A rotation about `anchor`, in degrees.
    public var rotation: Double
    /// The point of the element's bounds that scaling and rotation keep in place, in unit
    /// coordinates: (0, 0) the top-leading corner, (1, 1) the bottom-trailing one.
    public var anchor: UnitPoint

    /// Effects of `opacity` (0...1), an `offset` in points, a `scale` per axis and a `rotation` in
    /// degrees clockwise about `anchor`; by default, none (the identity).
    public init(
        opacity: Double = 1, offset: CGSize = .zero, scale: CGSize = CGSize(width: 1, height: 1),
        rotation: Double = 0, anchor: UnitPoint = .center
    ) {
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.anchor = anchor
    }

    /// No effect at all: opaque, in place, at its own size, unrotated.
    public static let identity = TransitionEffects()

    public typealias AnimatableData = AnimatablePair<
        AnimatablePair<Double, Double>, AnimatablePair<CGSize.AnimatableData, CGSize.AnimatableData>
    >

    /// `((opacity, rotation), (offset, scale))`; the anchor is not part of it.
    public var animatableData: AnimatableData {
        get {
            AnimatablePair(
                AnimatablePair(opacity, rotation), AnimatablePair(offset.animatableData, scale.animatableData))
        }
        set {
            opacity = newValue.first.first
            rotation = newValue.first.second
            offset.animatableData = newValue.second.first
            scale.animatableData = newValue.second.second
        }
    }

    /// These effects and `other` applied together: opacities multiply, offsets add, scales
    /// multiply per axis, rotations add; the anchor is this one's if it scales or rotates,
    /// else `other`'s if that does, else this one's.
    ///
    /// ```swift
    /// let faded = TransitionEffects(opacity: 0.5)
    /// faded.combined(with: TransitionEffects(opacity: 0.5, rotation: 10)).opacity    // 0.25
    /// ```
    public func combined(with other: TransitionEffects) -> TransitionEffects {
        TransitionEffects(
            opacity: opacity * other.opacity,
            offset: CGSize(width: offset.width + other.offset.width, height: offset.height + other.offset.height),
            scale: CGSize(width: scale.width * other.scale.width, height: scale.height * other.scale.height),
            rotation: rotation + other.rotation,
            anchor: !scalesOrRotates && other.scalesOrRotates ? other.anchor : anchor)
    }

    /// Whether the anchor matters: the effects scale or rotate.
    var scalesOrRotates: Bool { scale != CGSize(width: 1, height: 1) || rotation != 0 }

    /// The same effects with every number usable: a non-finite one becomes the identity's
    /// (opacity 1, offset 0, scale 1, rotation 0, anchor at the centre) and a finite one is
    /// limited to ±``transitionValueLimit``.
    var sanitized: TransitionEffects {
        TransitionEffects(
            opacity: usable(opacity, otherwise: 1),
            offset: usable(offset, otherwise: 0),
            scale: usable(scale, otherwise: 1),
            rotation: usable(rotation, otherwise: 0),
            anchor: UnitPoint(x: usable(anchor.x, otherwise: 0.5), y: usable(anchor.y, otherwise: 0.5)))
    }
}

/// The largest magnitude a transition number may have (points, degrees, factors): far beyond
/// any screen, and small enough that products, sums and the engine's squares of such numbers
/// stay finite, even in a toolkit's single-precision floats.
let transitionValueLimit = 1e9

/// `x` if finite (limited to ±``transitionValueLimit``), else `fallback`.
func usable(_ x: Double, otherwise fallback: Double) -> Double {
    x.isFinite ? min(max(x, -transitionValueLimit), transitionValueLimit) : fallback
}

/// A size with each component usable (non-finite components become `fallback`).
func usable(_ size: CGSize, otherwise fallback: Double) -> CGSize {
    CGSize(
        width: usable(Double(size.width), otherwise: fallback), height: usable(Double(size.height), otherwise: fallback)
    )
}

/// An element size as transitions use it: non-finite or negative components count as zero.
func usableElementSize(_ size: CGSize) -> CGSize {
    let usableSize = usable(size, otherwise: 0)
    return CGSize(width: max(0, usableSize.width), height: max(0, usableSize.height))
}
