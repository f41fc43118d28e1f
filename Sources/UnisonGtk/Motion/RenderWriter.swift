import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

extension MotionBin {
    /// The render properties' and `layoutOrigin`'s presented values, kept by their targets and apply closures:
    /// the render update reads them here every frame (through the generic properties, from this
    /// module, each read would look up type metadata).
    struct Presented {
        var translation = CGPoint.zero
        var scale = CGSize(width: 1, height: 1)
        var rotation = 0.0
        var opacity = 1.0
        var layoutOrigin = CGPoint.zero
    }

    /// A bin's render state, kept by the targets of the values it is drawn from (`FrameEndPart`),
    /// and the frame-end writer that hands it to the C bin once per frame (as `TransformWriter` is
    /// an `AnimatedWidget`'s). Per frame and bin the engine reaches only this object and its
    /// state: the targets hold it strongly (no weak reference to load) and it holds no one's weak
    /// references (its retains by the end-of-frame queue take the fast path).
    @MainActor
    final class RenderWriter: FrameEndWriter {
        struct State {
            /// The C bin; nil once GTK disposed of it (its window was destroyed).
            var bin: OpaquePointer?
            var presented = Presented()
            /// The transition's effects as last presented (kept: computing them costs more than the frame).
            var effects = TransitionEffects.identity
            /// The scroll-linked effects (`MotionBin.scrollTransition`), drawn on top of the rest.
            var scrollEffects = RenderEffects.identity
            /// The bin's ``MotionBin/anchor``.
            var anchor = UnitPoint.center
            /// Where layout put the bin, in its window's coordinates (nil: not known).
            var allocatedOrigin: CGPoint?
            /// Whether the child is drawn at a matched-geometry frame instead of where layout puts
            /// it (the bin's `mode.morph`, kept here for the frame path).
            var isMorphing = false
            /// Whether the C bin has a clip set (only a morph sets one).
            var isClipped = false

            /// How far the bin is drawn from where layout put it, because it is gliding there.
            var layoutOffset: CGPoint {
                guard let allocated = allocatedOrigin else { return .zero }
                return CGPoint(x: presented.layoutOrigin.x - allocated.x, y: presented.layoutOrigin.y - allocated.y)
            }
        }

        /// In the writer itself (one allocation the frame path touches, not two), without the
        /// run-time exclusivity check a class's stored property pays on every access: only the
        /// main actor touches it, and no access overlaps another.
        @exclusivity(unchecked) var current = State()
        /// The bin, set once its init has made its presence and cleared by its deinit (so never
        /// dangling; nothing is drawn without it). Neither weak nor strong: the frame path never
        /// loads a weak reference or retains it (a `MotionBin` is weakly referenced, so its retains
        /// take the runtime's slow path).
        @exclusivity(unchecked) var owner: Unmanaged<MotionBin>?
        /// Whether a presented value of the bin's `reveal` has anything to do: hand the C bin the
        /// fraction of its space it takes, or finish a removal that waits. False while its
        /// ``MotionBin/collapse`` is `.none` (the C bin was told it takes its whole space when that
        /// was set) and no removal waits (`MotionBin.finishRemovalIfDone()` would return at once):
        /// its apply then returns without reaching the bin. Kept by `MotionBin.noteRevealMatters()`.
        @exclusivity(unchecked) var revealMatters = true
        /// ``MotionBin/allocations``, here for a `ContentLabel`'s frame path (it holds this object,
        /// not the bin).
        @exclusivity(unchecked) var allocations = 0

        /// Hands the render state to the C bin (once per frame in which a value it depends on
        /// changed, see `FrameEndWriter`): from here in the usual case, without reaching the
        /// `MotionBin` at all (what is read per frame is in `current`); through the bin's
        /// `pushRender()` while it morphs, or while a transition's anchor may be the one drawn about.
        override func write() {
            guard let owner, let w = current.bin else { return }
            if current.isMorphing || current.effects.anchor != current.anchor {
                owner.takeUnretainedValue().pushRender()
            } else {
                draw(w, anchor: current.anchor)
            }
        }

        /// Hands the drawn transform, composed of the render properties, the transition's effects,
        /// the layout glide and the scroll-linked effects, scaled and rotated about `anchor`, to the bin (it redraws only when
        /// something changed), and removes a morph's clip.
        func draw(_ w: OpaquePointer, anchor: UnitPoint) {
            if current.isClipped {
                current.isClipped = false
                BinRender.unclipped(w)
            }
            let presented = current.presented
            let effects = current.effects
            let offset = current.layoutOffset
            let scroll = current.scrollEffects
            BinRender(
                offset: CGPoint(
                    x: presented.translation.x + effects.offset.width + offset.x + scroll.offset.width,
                    y: presented.translation.y + effects.offset.height + offset.y + scroll.offset.height),
                scale: CGSize(
                    width: presented.scale.width * effects.scale.width * scroll.scale.width,
                    height: presented.scale.height * effects.scale.height * scroll.scale.height),
                rotation: presented.rotation + effects.rotation + scroll.rotation, anchor: anchor,
                opacity: GtkLimits.opacity(presented.opacity) * effects.opacity * scroll.opacity
            ).write(to: w)
        }
    }
}

/// What a `UnisonMotionBin` draws its child with: the sink of the frame-end writers that draw
/// through the C bin (a ``MotionBin``'s, a ``NavigationStack``'s pages). ``write(to:)`` hands it
/// to the bin within ``GtkLimits``' rules (the bin redraws only when something changed).
struct BinRender {
    /// Offset from where layout put the child, in pixels.
    var offset = CGPoint.zero
    var scale = CGSize(width: 1, height: 1)
    /// Clockwise, in degrees.
    var rotation = 0.0
    /// The point of the child that scaling and rotation keep in place.
    var anchor = UnitPoint.center
    var opacity = 1.0

    /// Drawn where layout put it, as it is.
    static let identity = BinRender()

    /// Hands this render state to `bin`, within ``GtkLimits``' rules for offsets, angles, scales
    /// and opacities: the C bin's setter applies them (every drawing of a bin goes through it, so
    /// they are applied once, in one place).
    func write(to bin: OpaquePointer) {
        unison_motion_bin_set_render(
            bin, offset.x, offset.y, scale.width, scale.height, rotation, anchor.x, anchor.y, opacity)
    }

    /// Removes `bin`'s clip.
    static func unclipped(_ bin: OpaquePointer) {
        unison_motion_bin_set_clip(bin, 0, 0, -1, -1, 0)
    }
}
