import CUnisonGtk
import Foundation
import Unison

/// Render-only effects a scroll-linked closure returns for a ``MotionBin``: opacity, scale,
/// offset and rotation, drawn about the bin's ``MotionBin/anchor`` without relayout.
///
/// Build them from ``identity`` with the modifier-style methods, the way a SwiftUI
/// `scrollTransition` closure modifies its content:
///
/// ```swift
/// bin.scrollTransition { effects, phase in
///     effects.opacity(phase.isIdentity ? 1 : 0.3).scale(phase.isIdentity ? 1 : 0.75)
/// }
/// ```
///
/// They compose with the bin's own render properties and its transition's effects: opacities
/// and scales multiply, offsets and rotations add (see ``MotionBin/scrollTransition(axis:_:)``).
/// A value that is not finite is drawn as the identity's (NaN never reaches GTK); opacity is drawn
/// within 0...1.
public struct RenderEffects: Hashable, Sendable {
    /// 1 is opaque, 0 invisible.
    public var opacity: Double
    /// A scale per axis about the bin's anchor; (1, 1) is its own size.
    public var scale: CGSize
    /// A translation in pixels (y down).
    public var offset: CGSize
    /// A clockwise rotation about the bin's anchor, in degrees.
    public var rotation: Double

    /// Effects of `opacity`, `scale`, `offset` and `rotation`; by default none.
    public init(
        opacity: Double = 1, scale: CGSize = CGSize(width: 1, height: 1), offset: CGSize = .zero, rotation: Double = 0
    ) {
        self.opacity = opacity
        self.scale = scale
        self.offset = offset
        self.rotation = rotation
    }

    /// No effect: opaque, in place, at its own size, unrotated.
    public static let identity = RenderEffects()

    /// These effects with `opacity` multiplied in.
    public func opacity(_ opacity: Double) -> RenderEffects {
        var copy = self
        copy.opacity *= opacity
        return copy
    }

    /// These effects scaled by `scale` on both axes.
    public func scale(_ scale: Double) -> RenderEffects { self.scale(x: scale, y: scale) }

    /// These effects scaled by `x` horizontally and `y` vertically.
    public func scale(x: Double, y: Double) -> RenderEffects {
        var copy = self
        copy.scale = CGSize(width: scale.width * x, height: scale.height * y)
        return copy
    }

    /// These effects moved by (`x`, `y`) pixels.
    public func offset(x: Double = 0, y: Double = 0) -> RenderEffects {
        var copy = self
        copy.offset = CGSize(width: offset.width + x, height: offset.height + y)
        return copy
    }

    /// These effects rotated clockwise by `degrees` more.
    public func rotation(_ degrees: Double) -> RenderEffects {
        var copy = self
        copy.rotation += degrees
        return copy
    }

    /// Drawable values: each component that is not finite is the identity's, opacity is within
    /// 0...1 (so a closure's NaN or infinity draws the bin as it is, never garbage).
    package var sanitized: RenderEffects {
        func finite(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }
        return RenderEffects(
            opacity: min(max(finite(opacity, 1), 0), 1),
            scale: CGSize(width: finite(scale.width, 1), height: finite(scale.height, 1)),
            offset: CGSize(width: finite(offset.width, 0), height: finite(offset.height, 0)),
            rotation: finite(rotation, 0))
    }
}

/// Where a child of a scrolled window is relative to its viewport, along the scroll axis:
/// −1 (``topLeading``: it has left, or not yet entered, past the top or leading edge) … 0
/// (``identity``: wholly visible) … 1 (``bottomTrailing``: past the bottom or trailing edge).
///
/// The ``value`` moves continuously with the scroll offset: it is the part of the child cut off
/// by the trailing edge minus the part cut off by the leading edge, over the child's length
/// (so a child longer than the viewport and centred in it is at 0).
///
/// ```swift
/// bin.scrollTransition { effects, phase in
///     effects.opacity(1 - abs(phase.value)).rotation(phase.value * 10)
/// }
/// ```
public struct ScrollTransitionPhase: Hashable, Sendable {
    /// −1 … 1 (see the type's description).
    public let value: Double

    /// A phase of `value`, clamped to −1 … 1 (NaN is 0).
    public init(value: Double) {
        self.value = value.isNaN ? 0 : min(max(value, -1), 1)
    }

    /// Wholly before the viewport's top or leading edge.
    public static let topLeading = ScrollTransitionPhase(value: -1)
    /// Wholly visible.
    public static let identity = ScrollTransitionPhase(value: 0)
    /// Wholly past the viewport's bottom or trailing edge.
    public static let bottomTrailing = ScrollTransitionPhase(value: 1)

    /// Whether the child is wholly visible (``value`` is 0).
    public var isIdentity: Bool { value == 0 }

    /// The phase of a child at `start` with `length` along the scroll axis, in a viewport of
    /// `viewportLength` starting at 0 (all in the viewport's coordinates).
    public init(start: Double, length: Double, viewportLength: Double) {
        guard start.isFinite, length.isFinite, viewportLength.isFinite else {
            self.init(value: 0)
            return
        }
        let viewport = max(viewportLength, 0)
        guard length > 0 else {
            self.init(value: start < 0 ? -1 : start > viewport ? 1 : 0)
            return
        }
        let cutLeading = min(max(-start, 0), length)
        let cutTrailing = min(max(start + length - viewport, 0), length)
        self.init(value: (cutTrailing - cutLeading) / length)
    }
}

/// The axis a scroll-linked effect follows.
public enum ScrollAxis: Sendable {
    /// The vertical adjustment: phases from the top edge (−1) to the bottom edge (1).
    case vertical
    /// The horizontal adjustment: phases from the leading edge (−1) to the trailing edge (1).
    case horizontal
}

/// Where a child of a scrolled window is drawn relative to its viewport, handed to a
/// ``MotionBin/visualEffect(_:)`` closure.
public struct ScrollGeometry: Hashable, Sendable {
    /// The bin's frame where layout put it, in the viewport's coordinates (render effects are
    /// not included, so an effect never feeds back into its own geometry).
    public var frame: CGRect
    /// The viewport's size.
    public var viewportSize: CGSize
    /// The scroll offset: the adjustments' values (x horizontal, y vertical).
    public var contentOffset: CGPoint

    /// A geometry of `frame` in a viewport of `viewportSize` scrolled to `contentOffset`.
    public init(frame: CGRect, viewportSize: CGSize, contentOffset: CGPoint) {
        self.frame = frame
        self.viewportSize = viewportSize
        self.contentOffset = contentOffset
    }

    /// The bin's ``ScrollTransitionPhase`` along `axis`.
    public func phase(along axis: ScrollAxis) -> ScrollTransitionPhase {
        switch axis {
        case .vertical:
            ScrollTransitionPhase(start: frame.minY, length: frame.height, viewportLength: viewportSize.height)
        case .horizontal:
            ScrollTransitionPhase(start: frame.minX, length: frame.width, viewportLength: viewportSize.width)
        }
    }
}

extension MotionBin {
    /// Draws the bin with render effects that follow its place in the viewport of the
    /// `GtkScrolledWindow` it is in, as it enters, sits in and leaves the viewport: SwiftUI's
    /// `scrollTransition(.interactive)`.
    ///
    /// `body` gets ``RenderEffects/identity`` and the bin's ``ScrollTransitionPhase`` along `axis`,
    /// and returns the effects to draw. It runs after the frame clock's layout phase, once per
    /// frame in which the window lays out (scrolling does), and only for bins in or near the
    /// viewport (found by binary search over the bins ordered along the axis): nothing is relaid
    /// out, and the cost per frame follows the visible bins, not all of them.
    ///
    /// ```swift
    /// for row in rows {
    ///     let bin = MotionBin(child: row)
    ///     bin.scrollTransition { effects, phase in
    ///         effects.opacity(phase.isIdentity ? 1 : 0.3).scale(phase.isIdentity ? 1 : 0.75)
    ///     }
    ///     gtk_box_append(box, bin.widget)   // the box is the scrolled window's child
    /// }
    /// ```
    ///
    /// - **Composition.** The effects are drawn after, and on top of, the bin's render properties,
    ///   its transition's effects and its layout glide: opacities and scales multiply, offsets and
    ///   rotations add, all about the one anchor the bin is drawn about. A transition or an
    ///   animation of ``opacity`` therefore still shows while the bin scrolls.
    /// - **Interactive only.** The effects follow the scroll offset frame by frame; SwiftUI's
    ///   `.animated` configuration (animating between identity and the edges) is not offered:
    ///   animate the bin's own properties (``opacity``, ``scale``) for that.
    /// - The bin follows the nearest `GtkScrolledWindow` it is in while it is mapped; outside one
    ///   it is drawn without the effects. A bin has one scroll-linked closure: this replaces a
    ///   ``visualEffect(_:)`` set before, and `nil` removes it (drawn without effects again).
    public func scrollTransition(
        axis: ScrollAxis = .vertical,
        _ body: (@MainActor (RenderEffects, ScrollTransitionPhase) -> RenderEffects)?
    ) {
        guard let body else { return setScrollLinkedEffect(nil) }
        setScrollLinkedEffect { geometry in body(.identity, geometry.phase(along: axis)) }
    }

    /// Draws the bin with render effects computed from its geometry in the viewport of the
    /// `GtkScrolledWindow` it is in: SwiftUI's `visualEffect`, for the scrolling geometry.
    ///
    /// `body` gets ``RenderEffects/identity`` and the bin's ``ScrollGeometry`` and returns the
    /// effects to draw; it runs when ``scrollTransition(axis:_:)``'s would, with the same
    /// composition. Unlike SwiftUI's, it is only about scrolling (the geometry is the viewport's)
    /// and it replaces the bin's scroll transition, if any (`nil` removes it).
    ///
    /// ```swift
    /// bin.visualEffect { effects, geometry in
    ///     // a parallax: drawn a quarter of the way back towards the viewport's centre
    ///     let fromCentre = geometry.frame.midY - geometry.viewportSize.height / 2
    ///     return effects.offset(y: -fromCentre / 4)
    /// }
    /// ```
    public func visualEffect(_ body: (@MainActor (RenderEffects, ScrollGeometry) -> RenderEffects)?) {
        guard let body else { return setScrollLinkedEffect(nil) }
        setScrollLinkedEffect { geometry in body(.identity, geometry) }
    }

    /// The scroll-linked effects drawn now (``RenderEffects/identity`` outside a scrolled window
    /// or without a scroll-linked closure).
    public var presentedScrollEffects: RenderEffects { render.current.scrollEffects }

    private func setScrollLinkedEffect(_ effect: ScrollLink.Effect?) {
        ScrollLink.of(self).effect = effect
    }

    /// Draws the bin with `effects` from now on (the scroll-linked part of its render).
    func setScrollEffects(_ effects: RenderEffects) {
        guard render.current.scrollEffects != effects else { return }
        render.current.scrollEffects = effects
        render.changed()
    }
}
