import Foundation
import Unison

/// Hands GTK what several animated values compose, once per frame, after every value of the frame
/// is presented: the one pattern by which UnisonGtk writes composed values. A subclass is the
/// sink: it keeps the presented parts and overrides ``write()``; each part's value reaches it
/// through a ``FrameEndPart``. Subclasses: `TransformWriter` (an `AnimatedWidget`'s fixed child
/// transform and opacity), `MotionBin.RenderWriter` (a bin's render state) and
/// `NavigationStack.Drawing` (the stack's pages).
///
/// ```swift
/// final class SizeWriter: FrameEndWriter {
///     var size = CGSize.zero
///     override func write() { /* hand `size` to GTK */ }
/// }
/// let writer = SizeWriter()
/// let width = AnimatableProperty(0.0, clock: clock, target: FrameEndPart(writer) { $0.size.width = $1 })
/// ```
///
/// Inside a frame a change marks the writer, which writes once at the end of the frame (a widget
/// whose four parts all move makes one write, not four); outside a frame it writes at once.
/// Nothing is allocated per frame: the end-of-frame queue reuses its buffers.
@MainActor
class FrameEndWriter: FrameEndFlushing {
    /// Whether the write waits for the end of the current frame. Without the run-time exclusivity
    /// check a class's stored property pays on every access: only the main actor touches it, and
    /// no access overlaps another.
    @exclusivity(unchecked) private final var isMarked = false

    init() {}

    /// A part changed: written at the end of the current frame, or at once outside a frame.
    final func changed() {
        if !flushAtEndOfFrame(self, isMarked: &isMarked) { write() }
    }

    final func flushFrame() {
        isMarked = false
        if FrameReadout.recording { FrameReadout.timeWrite(self) } else { write() }
    }

    /// Hands the parts as kept now to GTK (the sink's own). The default writes nothing.
    func write() {}
}

/// A property's target that keeps each presented value in a ``FrameEndWriter``'s parts, which the
/// writer hands to GTK once at the end of the frame. A target, not a closure: frames call it
/// without reference counting (`AnimationTarget`), and it reaches the writer through a constant of
/// its own (held strongly: a writer holds nothing of its owner's strongly, so no cycle).
final class FrameEndPart<Writer: FrameEndWriter, Value: Animatable>: AnimationTarget<Value> {
    let writer: Writer
    let keep: @MainActor (Writer, Value) -> Void

    /// A part of `writer`: `keep` stores a presented value in the writer's parts.
    init(_ writer: Writer, keep: @escaping @MainActor (Writer, Value) -> Void) {
        self.writer = writer
        self.keep = keep
    }

    override func apply(_ value: Value) {
        keep(writer, value)
        writer.changed()
    }
}
