import CUnisonGtk
import Foundation
import Unison

// An `AnimatedWidget`'s frame-end writer: its transform parts and opacity, kept by the targets its
// properties present to (`FrameEndPart`), written once per frame: the four transform parts
// composed into one fixed child transform, and the opacity.

/// Composes an `AnimatedWidget`'s position, translation, rotation and scale into its fixed child
/// transform, once per frame, and writes it to GTK when it shows; writes its opacity when GTK's
/// byte of it changes.
@MainActor
final class TransformWriter: FrameEndWriter {
    /// The four parts as presented now.
    struct Presented {
        var position = CGPoint.zero
        var translation = CGPoint.zero
        var scale = CGSize(width: 1, height: 1)
        var rotation = 0.0
    }

    /// What the frame path reads and writes.
    struct State {
        var presented = Presented()
        /// The opacity as presented now.
        var opacity = 1.0
        /// Whether a transform part, the opacity, changed since the last write.
        var transformChanged = false
        var opacityChanged = false
        /// Whether the position has been read from the widget (when the first part is made).
        var hasPosition = false
        /// The transform last handed to the fixed (held, so that it can be told apart from one set
        /// by someone else; nil: none yet, or the identity), and what it was composed from.
        var written: OpaquePointer?
        var writtenParts: TransformParts?
    }

    /// In the writer itself (one allocation the frame path touches, not two), without the run-time
    /// exclusivity check a class's stored property pays on every access: only the main actor
    /// touches it, and no access overlaps another.
    @exclusivity(unchecked) var current = State()
    let reference: ObjectReference
    /// The parts made so far (held weakly: they hold this writer).
    var parts: [WeakActivity] = []

    init(_ reference: ObjectReference) {
        self.reference = reference
    }

    isolated deinit {
        if let old = current.written { gsk_transform_unref(old) }
    }

    /// Keeps the presented opacity.
    func keepOpacity(_ opacity: Double) {
        current.opacity = opacity
        current.opacityChanged = true
    }

    override func write() {
        if current.opacityChanged {
            current.opacityChanged = false
            writeOpacity()
        }
        if current.transformChanged {
            current.transformChanged = false
            writeTransform()
        }
    }

    /// Writes the opacity when GTK's byte of it changes: GTK keeps opacity as a byte
    /// (`round(opacity × 255)`), and a value in the step GTK already holds changes nothing on screen.
    private func writeOpacity() {
        guard let pointer = reference.pointer else { return }
        let w = pointer.assumingMemoryBound(to: GtkWidget.self)
        let opacity = GtkLimits.opacity(current.opacity)
        if AnimatedWidget.opacityStep(opacity) != AnimatedWidget.opacityStep(gtk_widget_get_opacity(w)) {
            gtk_widget_set_opacity(w, opacity)
        }
    }

    /// Writes the composed transform when it moves the widget on screen
    /// (`TransformParts.isVisiblyDifferent`); at rest, the exact value.
    private func writeTransform() {
        guard let pointer = reference.pointer else { return }
        let w = pointer.assumingMemoryBound(to: GtkWidget.self)
        guard let parent = gtk_widget_get_parent(w), unison_gtk_is_fixed(parent) != 0 else { return }
        let fixed = UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GtkFixed.self)
        let presented = current.presented
        // What GTK can be handed (`GtkLimits`): offsets within its float range, angles reduced
        // before GTK 4.8 normalises them in float, scales bounded.
        let rotation = GtkLimits.angle(presented.rotation)
        let scale = CGSize(
            width: GtkLimits.scale(presented.scale.width), height: GtkLimits.scale(presented.scale.height))
        let turns = rotation != 0 || scale.width != 1 || scale.height != 1
        let parts = TransformParts(
            x: GtkLimits.offset(presented.position.x + presented.translation.x),
            y: GtkLimits.offset(presented.position.y + presented.translation.y), scale: scale, rotation: rotation,
            size: turns
                ? CGSize(width: Double(gtk_widget_get_width(w)), height: Double(gtk_widget_get_height(w))) : .zero)
        if let written = current.writtenParts, !parts.isVisiblyDifferent(from: written),
            gtk_fixed_get_child_transform(fixed, w) == current.written
        {
            // What shows would not change, and the fixed still holds ours: skipped while moving;
            // at rest the exact value is written (if it differs at all).
            if parts == written || self.parts.contains(where: { $0.object?.isAnimating ?? false }) { return }
        }
        var point = graphene_point_t(x: Float(parts.x), y: Float(parts.y))
        var transform = gsk_transform_translate(nil, &point)
        if turns {
            var centre = graphene_point_t(x: Float(parts.size.width) / 2, y: Float(parts.size.height) / 2)
            var back = graphene_point_t(x: -centre.x, y: -centre.y)
            transform = gsk_transform_translate(transform, &centre)
            transform = gsk_transform_rotate(transform, Float(parts.rotation))
            transform = gsk_transform_scale(transform, Float(parts.scale.width), Float(parts.scale.height))
            transform = gsk_transform_translate(transform, &back)
        }
        gtk_fixed_set_child_transform(fixed, w, transform)
        // The reference this function created is kept (released when replaced).
        if let old = current.written { gsk_transform_unref(old) }
        current.written = transform
        current.writtenParts = parts
    }
}

/// Whether an animatable property animates, whatever its value type.
@MainActor
protocol AnimationActivity: AnyObject {
    var isAnimating: Bool { get }
}

extension AnimatableProperty: AnimationActivity {}

/// A weak reference to an animatable property of any value type.
struct WeakActivity {
    weak var object: (any AnimationActivity)?
    init(_ object: any AnimationActivity) { self.object = object }
}

/// What a fixed child's transform is composed from, to tell whether a new one shows.
struct TransformParts: Equatable {
    var x: Double
    var y: Double
    var scale: CGSize
    var rotation: Double
    /// The widget's size (scale and rotation are about its centre).
    var size: CGSize

    /// How far a point of the widget may move, in pixels, without the change being written: a
    /// shift of δ < 1/256 px changes the coverage of an anti-aliased edge pixel by less than one
    /// 8-bit step (the same tolerance as GTK's own 8-bit opacity), and it is measured against the
    /// transform last written, so skipped moves never accumulate.
    static let tolerance = 1.0 / 256

    /// Whether some point of the widget moves by `tolerance` or more between `self` and `other`:
    /// the translation's change, plus the scale's times the farthest point from the centre, plus
    /// the rotation's (in radians) times that distance (bounds for small changes).
    func isVisiblyDifferent(from other: TransformParts) -> Bool {
        guard size == other.size else { return true }
        let radius = 0.5 * (size.width * size.width + size.height * size.height).squareRoot()
        let scaleChange = max(abs(scale.width - other.scale.width), abs(scale.height - other.scale.height))
        let turn = abs(rotation - other.rotation) * .pi / 180
        let largestScale = max(abs(scale.width), abs(scale.height), 1)
        let shift = max(abs(x - other.x), abs(y - other.y)) + scaleChange * radius + turn * radius * largestScale
        return !(shift < Self.tolerance)
    }
}
