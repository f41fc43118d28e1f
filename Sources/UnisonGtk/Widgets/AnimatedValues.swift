import CUnisonGtk
import Foundation
import Unison

// The typed value wrappers: each is an `AnimatedObjectProperty` of the GTK property that holds the
// value, so each is written, bounded and kept alive the same way. Ownership (as for every
// `AnimatedObjectProperty`): the object keeps the property's animation and holds it until it is
// finalized, so a wrapper the app stops referencing keeps animating; a second wrapper of the same
// property replaces the first in the object's keeping.

/// An `AnimatedObjectProperty` that must exist (the wrapper's type names what it wraps).
@MainActor
private func requiredProperty(
    _ object: UnsafeMutableRawPointer, _ name: String, clock: GtkFrameClock?, wrapper: String, expects: String
) -> AnimatedObjectProperty {
    do {
        return try AnimatedObjectProperty(object, property: name, clock: clock)
    } catch {
        preconditionFailure("\(wrapper) wraps a \(expects): \(error)")
    }
}

/// Animates a `GtkAdjustment`'s value (scrolling a `GtkScrolledWindow`, a spin button...).
/// GTK clamps the value to `lower...upper - page_size`.
///
/// ```swift
/// let scroll = AnimatedAdjustment(gtk_scrolled_window_get_vadjustment(scroller), frameClockOf: scroller)
/// animate(.smooth) { scroll.value.value = 800 }
/// ```
///
/// The adjustment keeps the animation of its `value` until it is finalized (see
/// ``AnimatedObjectProperty``): dropping this wrapper mid-flight does not stop the scroll.
@MainActor
public final class AnimatedAdjustment {
    /// The adjustment's `value`.
    public let value: AnimatableProperty<Double>

    /// `widget` supplies the frame clock (usually the scrolled window showing the adjustment).
    /// Anything but a `GtkAdjustment` is a programming error and stops the program with a message.
    public init(_ adjustment: some GObjectPointer, frameClockOf widget: some GObjectPointer) {
        value =
            requiredProperty(
                adjustment.gObjectAddress, "value", clock: GtkFrameClock.for(widget), wrapper: "AnimatedAdjustment",
                expects: "GtkAdjustment"
            ).value
    }
}

/// Animates the value of a `GtkRange` (`GtkScale`, `GtkScrollbar`): its adjustment's `value`,
/// which GTK clamps to the range's bounds.
///
/// The range's adjustment keeps the animation until it is finalized (see ``AnimatedObjectProperty``).
@MainActor
public final class AnimatedRange {
    /// The range's value.
    public let value: AnimatableProperty<Double>

    /// Animates `range` (its adjustment at this moment) on its own frame clock, or on `clock`.
    /// Anything but a `GtkRange` is a programming error and stops the program with a message.
    public init(_ range: some GObjectPointer, clock: GtkFrameClock? = nil) {
        precondition(unison_gtk_is_a(range.gObjectAddress, gtk_range_get_type()) != 0, "AnimatedRange wraps a GtkRange")
        let range = range.widgetPointer
        value =
            requiredProperty(
                UnsafeMutableRawPointer(gtk_range_get_adjustment(unison_gtk_range(range))), "value",
                clock: clock ?? GtkFrameClock.for(range), wrapper: "AnimatedRange", expects: "GtkRange"
            ).value
    }
}

/// Animates a `GtkProgressBar`'s fraction (0...1: GTK's bounds for the property).
///
/// The bar keeps the animation until it is finalized (see ``AnimatedObjectProperty``).
@MainActor
public final class AnimatedProgressBar {
    /// The bar's `fraction`.
    public let fraction: AnimatableProperty<Double>

    /// Animates `bar` on its own frame clock, or on `clock`. Anything but a `GtkProgressBar` is a
    /// programming error and stops the program with a message.
    public init(_ bar: some GObjectPointer, clock: GtkFrameClock? = nil) {
        fraction =
            requiredProperty(
                bar.gObjectAddress, "fraction", clock: clock, wrapper: "AnimatedProgressBar", expects: "GtkProgressBar"
            ).value
    }
}

/// Animates a `GtkLevelBar`'s value (0 or more: GTK's bounds for the property).
///
/// The bar keeps the animation until it is finalized (see ``AnimatedObjectProperty``).
@MainActor
public final class AnimatedLevelBar {
    /// The bar's `value`.
    public let value: AnimatableProperty<Double>

    /// Animates `bar` on its own frame clock, or on `clock`. Anything but a `GtkLevelBar` is a
    /// programming error and stops the program with a message.
    public init(_ bar: some GObjectPointer, clock: GtkFrameClock? = nil) {
        value =
            requiredProperty(
                bar.gObjectAddress, "value", clock: clock, wrapper: "AnimatedLevelBar", expects: "GtkLevelBar"
            ).value
    }
}

/// Values a `GtkDrawingArea` draws: each presented value queues a redraw, and the draw
/// function reads `value.presentationValue`.
///
/// Ownership: the area's draw function holds this object, so it lives as long as its drawing area
/// (or until another draw function replaces it), whether or not the app keeps it; it holds the
/// area weakly.
///
/// ```swift
/// let plot = AnimatedDrawing(area, initial: CGPoint.zero) { cr, width, height, point in
///     cairo_arc(cr, point.x, point.y, 10, 0, 2 * .pi); cairo_fill(cr)
/// }
/// animate(.bouncy) { plot.value.value = CGPoint(x: 200, y: 80) }
/// ```
@MainActor
public final class AnimatedDrawing<Value: Animatable> {
    /// The drawn value: set it inside `animate` or `withAnimation` and every frame redraws the area
    /// with the presented value; its `presentationValue` is what is drawn now.
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

/// A property of the widget behind `reference` that writes through `apply` while the widget lives.
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
