import CUnisonGtk
import Foundation
import Unison

/// Animates a `GtkAdjustment`'s value (scrolling a `GtkScrolledWindow`, a spin button...).
/// GTK clamps the value to `lower...upper - page_size`.
///
/// ```swift
/// let scroll = AnimatedAdjustment(gtk_scrolled_window_get_vadjustment(scroller), frameClockOf: scroller)
/// animate(.smooth) { scroll.value.value = 800 }
/// ```
@MainActor
public final class AnimatedAdjustment {
    public let value: AnimatableProperty<Double>

    /// `widget` supplies the frame clock (usually the scrolled window showing the adjustment).
    public init(_ adjustment: some GObjectPointer, frameClockOf widget: some GObjectPointer) {
        let adjustment = adjustment.gObjectAddress.assumingMemoryBound(to: GtkAdjustment.self)
        let reference = ObjectReference(adjustment)
        value = AnimatableProperty(gtk_adjustment_get_value(adjustment), clock: GtkFrameClock.for(widget)) { v in
            guard let pointer = reference.pointer else { return }
            gtk_adjustment_set_value(pointer.assumingMemoryBound(to: GtkAdjustment.self), v)
        }
    }
}

/// Animates the value of a `GtkRange` (`GtkScale`, `GtkScrollbar`).
@MainActor
public final class AnimatedRange {
    public let value: AnimatableProperty<Double>

    public init(_ range: some GObjectPointer, clock: GtkFrameClock? = nil) {
        let range = range.widgetPointer
        value = boundProperty(range, clock: clock, initial: gtk_range_get_value(unison_gtk_range(range))) { w, v in
            gtk_range_set_value(unison_gtk_range(w), v)
        }
    }
}

/// Animates a `GtkProgressBar`'s fraction (0...1).
@MainActor
public final class AnimatedProgressBar {
    public let fraction: AnimatableProperty<Double>

    public init(_ bar: some GObjectPointer, clock: GtkFrameClock? = nil) {
        let bar = bar.widgetPointer
        fraction = boundProperty(
            bar, clock: clock, initial: gtk_progress_bar_get_fraction(unison_gtk_progress_bar(bar))
        ) {
            w, v in
            gtk_progress_bar_set_fraction(unison_gtk_progress_bar(w), min(max(v, 0), 1))
        }
    }
}

/// Animates a `GtkLevelBar`'s value.
@MainActor
public final class AnimatedLevelBar {
    public let value: AnimatableProperty<Double>

    public init(_ bar: some GObjectPointer, clock: GtkFrameClock? = nil) {
        let bar = bar.widgetPointer
        value = boundProperty(bar, clock: clock, initial: gtk_level_bar_get_value(unison_gtk_level_bar(bar))) { w, v in
            gtk_level_bar_set_value(unison_gtk_level_bar(w), v)
        }
    }
}

/// Values a `GtkDrawingArea` draws: each presented value queues a redraw, and the draw
/// function reads ``presentationValue``. It lives as long as its drawing area.
///
/// ```swift
/// let plot = AnimatedDrawing(area, initial: CGPoint.zero) { cr, width, height, point in
///     cairo_arc(cr, point.x, point.y, 10, 0, 2 * .pi); cairo_fill(cr)
/// }
/// animate(.bouncy) { plot.value.value = CGPoint(x: 200, y: 80) }
/// ```
@MainActor
public final class AnimatedDrawing<Value: Animatable> {
    public let value: AnimatableProperty<Value>
    /// How many times GTK drew the area.
    @_spi(Testing) public private(set) var drawCount = 0

    /// `draw` receives the cairo context (`cairo_t *`), the area's size and the presented value.
    public init(
        _ area: some GObjectPointer, initial: Value, clock: GtkFrameClock? = nil,
        draw: @escaping @MainActor (OpaquePointer, Int, Int, Value) -> Void
    ) {
        let area = area.widgetPointer
        let reference = ObjectReference(area)
        value = AnimatableProperty(initial, clock: clock ?? GtkFrameClock.for(area)) { _ in
            guard let pointer = reference.pointer else { return }
            gtk_widget_queue_draw(unison_gtk_widget(pointer))
        }
        value.hostEnvironment = WidgetEnvironment.host(reference)
        typealias Draw = @MainActor (OpaquePointer, Int, Int) -> Void
        // The draw function (owned by GTK, released with the area) holds this object, so the
        // drawing lives as long as its area, whether or not the caller keeps it. (It holds the
        // area only weakly: no cycle.)
        let body: Draw = { cr, width, height in
            self.drawCount += 1
            draw(cr, width, height, self.value.presentationValue)
        }
        let thunk: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            guard let cr else { return }
            CallbackBox<Draw>.call(data) { $0(cr, Int(width), Int(height)) }
        }
        gtk_drawing_area_set_draw_func(
            unison_gtk_drawing_area(area), thunk, CallbackBox.retained(body), releaseCallbackBox)
    }
}

/// A property of `widget` that writes through `apply` while the widget lives.
@MainActor
func boundProperty<Value: Animatable>(
    _ widget: UnsafeMutablePointer<GtkWidget>, clock: GtkFrameClock? = nil, initial: Value,
    apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
) -> AnimatableProperty<Value> {
    boundProperty(ObjectReference(widget), clock: clock ?? GtkFrameClock.for(widget), initial: initial, apply: apply)
}

@MainActor
func boundProperty<Value: Animatable>(
    _ reference: ObjectReference, clock: GtkFrameClock, initial: Value,
    apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
) -> AnimatableProperty<Value> {
    let property = AnimatableProperty(initial, clock: clock) { value in
        guard let pointer = reference.pointer else { return }
        apply(unison_gtk_widget(pointer), value)
    }
    property.hostEnvironment = WidgetEnvironment.host(reference)
    return property
}
