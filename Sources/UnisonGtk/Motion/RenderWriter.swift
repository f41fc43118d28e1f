import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

extension MotionBin {
    /// The render properties' and `layoutOrigin`'s presented values, kept by their apply closures:
    /// the render update reads them here every frame (through the generic properties, from this
    /// module, each read would look up type metadata).
    struct Presented {
        var translation = CGPoint.zero
        var scale = CGSize(width: 1, height: 1)
        var rotation = 0.0
        var opacity = 1.0
        var layoutOrigin = CGPoint.zero
    }

    /// A bin's render state, kept by the apply closures of the values it is drawn from, and the
    /// end-of-frame flush that hands it to the C bin once per frame (as `TransformWriter` is an
    /// `AnimatedWidget`'s). Per frame and bin the engine reaches only this object and its state:
    /// the closures hold it strongly (no weak reference to load) and it holds no one's weak
    /// references (its retains by the end-of-frame queue take the fast path).
    @MainActor
    final class RenderWriter: FrameEndFlushing {
        struct State {
            /// The C bin; nil once GTK disposed of it (its window was destroyed).
            var bin: OpaquePointer?
            var presented = Presented()
            /// The transition's effects as last presented (kept: computing them costs more than the frame).
            var effects = TransitionEffects.identity
            /// The bin's ``MotionBin/anchor``.
            var anchor = UnitPoint.center
            /// Where layout put the bin, in its window's coordinates (nil: not known).
            var allocatedOrigin: CGPoint?
            /// Whether the child is drawn at a matched-geometry frame instead of where layout puts
            /// it (the bin's `mode.morph`, kept here for the frame path).
            var isMorphing = false
            /// Whether the render update waits for the end of the current frame.
            var isMarked = false
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

        /// A value the render depends on changed. Inside a frame the render is handed to the bin
        /// once, when the frame's values are all presented (a bin whose translation, scale, opacity
        /// and layout glide all move then makes one update, not four); outside a frame, at once.
        func changed() {
            if !flushAtEndOfFrame(self, isMarked: &current.isMarked) { push() }
        }

        func flushFrame() {
            current.isMarked = false
            push()
        }

        /// Hands the render state to the C bin: from here in the usual case, without reaching the
        /// `MotionBin` at all (what is read per frame is in `state`); through the bin's
        /// `pushRender()` while it morphs, or while a transition's anchor may be the one drawn about.
        private func push() {
            guard let owner, let w = current.bin else { return }
            if current.isMorphing || current.effects.anchor != current.anchor {
                owner.takeUnretainedValue().pushRender()
            } else {
                write(w, anchor: current.anchor)
            }
        }

        /// Hands the drawn transform, composed of the render properties, the transition's effects
        /// and the layout glide, scaled and rotated about `anchor`, to the bin (it redraws only when
        /// something changed), and removes a morph's clip.
        func write(_ w: OpaquePointer, anchor: UnitPoint) {
            if current.isClipped {
                current.isClipped = false
                unison_motion_bin_set_clip(w, 0, 0, -1, -1, 0)
            }
            let presented = current.presented
            let effects = current.effects
            let offset = current.layoutOffset
            unison_motion_bin_set_render(
                w, Double(presented.translation.x + effects.offset.width + offset.x),
                Double(presented.translation.y + effects.offset.height + offset.y),
                Double(presented.scale.width * effects.scale.width),
                Double(presented.scale.height * effects.scale.height),
                presented.rotation + effects.rotation, anchor.x, anchor.y,
                GtkLimits.opacity(presented.opacity) * effects.opacity)
        }
    }

    /// A render property's target: keeps each value in the writer's presented state, which the
    /// writer hands to the bin once at the end of the frame. A target, not a closure: frames call
    /// it without reference counting (`AnimationTarget`), and it reaches the writer through a
    /// constant of its own.
    final class RenderPart<Value: Animatable>: AnimationTarget<Value> {
        let render: RenderWriter
        let keep: @MainActor (inout Presented, Value) -> Void

        init(_ render: RenderWriter, keep: @escaping @MainActor (inout Presented, Value) -> Void) {
            self.render = render
            self.keep = keep
        }

        override func apply(_ value: Value) {
            keep(&render.current.presented, value)
            render.changed()
        }
    }
}
