import CUnisonGtk
import Foundation
import Unison

/// Animatable properties of a real `GtkWidget`: the GTK counterpart of animating a `UIView`.
///
/// ```swift
/// let card = AnimatedWidget(cardWidget)          // a child of a GtkFixed for the transforms
/// animate(.spring(duration: 0.8)) {
///     card.position = CGPoint(x: 100, y: 100)
///     card.opacity = 0.5
///     card.scale = CGSize(width: 1.2, height: 1.2)
/// }
/// ```
///
/// Each property reads back its model value at once; the presented value is written to the
/// widget every frame. `position`, `translation`, `scale` and `rotation` need the widget to
/// be a child of a `GtkFixed`: GTK stores a fixed child's position *as* its transform, so
/// Unison composes all four into one `GskTransform` (position, then translation, then
/// rotation and scale about the widget's centre). In any other parent they are kept but not
/// shown. Size request and margins are whole pixels in GTK and are rounded when applied.
///
/// The widget is held weakly: when it is finalized its animations end (completions fire) and
/// nothing touches it again.
///
/// Custom animations of these properties see the widget's environment (``WidgetEnvironment``:
/// its text direction, `gtk-enable-animations`, scale factor, values set on it or around it),
/// whichever clock drives them.
@MainActor
public final class AnimatedWidget {
    /// The frame clock of this widget (shared by every `AnimatedWidget` of the same widget).
    public let clock: GtkFrameClock
    let reference: ObjectReference

    /// Animates `widget` on its own frame clock (`GtkFrameClock.for(widget)`), or on `clock`.
    ///
    /// Pass a shared clock, such as the window's, when animating many widgets at once: one tick
    /// callback then drives them all. Hiding that clock's widget (rather than each widget)
    /// is then what ends their animations early.
    public init(_ widget: some GObjectPointer, clock: GtkFrameClock? = nil) {
        self.clock = clock ?? GtkFrameClock.for(widget)
        reference = ObjectReference(widget.widgetPointer)
    }

    /// The widget, or nil once it has been finalized.
    public var widget: UnsafeMutablePointer<GtkWidget>? {
        guard let pointer = reference.pointer else { return nil }
        return unison_gtk_widget(pointer)
    }

    // MARK: Animation classes

    /// The classes styling this widget (nil: none), e.g. `"animate-ease-out duration-200"` or
    /// `"hover:-translate-y-1 active:opacity-80 animate-spring duration-150"`.
    ///
    /// - With an `animate-*` class, every change of the properties below animates that way (even
    ///   outside `animate { }`); without one, or with only `duration-*`/`delay-*`, the caller's
    ///   transaction is kept.
    /// - Value utilities (`opacity-*`, `scale-*`, `translate-*`, `rotate-*`) own their property: it
    ///   takes the classes' value for the widget's current states, and moves when its GTK state flags
    ///   change (hover, press, focus, sensitivity: see ``ClassStyle``), with the animation of the
    ///   state it enters. Setting an owned property yourself lasts until the next state change.
    /// - `gtk-enable-animations` off and transactions that disable animations make changes jump.
    /// - CSS styling classes (`bg-surface`, `rounded-xl`) are added to the widget as CSS classes.
    ///   Padding classes (`p-6`) are validated but not applied here: a ``MotionBin`` pads its child.
    public var animationClasses: String? { styler.classes }
    /// The animation the classes choose in the widget's current states.
    public var animationStyle: AnimationStyle { styler.current.animation }

    /// Sets ``animationClasses``, resolving them with `rules`; throws (changing nothing) when they
    /// do not resolve. The styled values move to those of the widget's current states, animated
    /// with their classes.
    public func setAnimationClasses(_ classes: String?, rules: AnimationClassRules = .standard) throws {
        try styler.setClasses(classes, rules: rules)
    }

    private lazy var styler = ClassStyler(watching: reference) { [weak self] values, properties in
        guard let self else { return }
        values.write(
            properties, opacity: opacityProperty, scale: scaleProperty, translation: translationProperty,
            rotation: rotationProperty)
        if properties.contains(.styleClasses) { styleClasses.apply(values.styleClasses) { _ in widget } }
    }
    private var styleClasses = StyleClasses()

    /// A change of a drawn value: a watched preset's surface when this widget is its styled element,
    /// its content when inside it, the caller's outside it; then the widget's own classes.
    private func styled(_ change: () -> Void) {
        withScopedChange(of: widget, own: .surface, inside: .content) { withAnimationStyle(animationStyle, change) }
    }

    /// A change of place or size: a watched preset's layout (child layout inside it).
    private func placed(_ change: () -> Void) {
        withScopedChange(of: widget, own: .layout, inside: .childLayout) { withAnimationStyle(animationStyle, change) }
    }

    // MARK: Properties (model values; set inside `animate` to animate)

    /// Opacity, 0...1 (GTK keeps 8 bits of it).
    public var opacity: Double {
        get { opacityProperty.value }
        set { styled { opacityProperty.value = newValue } }
    }

    /// Offset added to the position, in pixels.
    public var translation: CGPoint {
        get { translationProperty.value }
        set { styled { translationProperty.value = newValue } }
    }

    /// Scale about the widget's centre (1 is natural size).
    public var scale: CGSize {
        get { scaleProperty.value }
        set { styled { scaleProperty.value = newValue } }
    }

    /// Clockwise rotation about the widget's centre, in degrees.
    public var rotation: Double {
        get { rotationProperty.value }
        set { styled { rotationProperty.value = newValue } }
    }

    /// Position inside the parent `GtkFixed`, in pixels.
    public var position: CGPoint {
        get { positionProperty.value }
        set { placed { positionProperty.value = newValue } }
    }

    /// Size request in pixels. GTK's -1 ("unset": the widget's own minimum) reads as -1. While
    /// an animation moves it, a presented size below 0 (a spring overshooting towards 0) is
    /// written as 0, never as a negative size; a negative model value is written as -1 (unset)
    /// once the property rests there. The request is only a minimum: a widget is never
    /// allocated less than its own minimum size.
    public var sizeRequest: CGSize {
        get { sizeRequestProperty.value }
        set { placed { sizeRequestProperty.value = newValue } }
    }

    /// Margins in pixels; GTK takes whole, non-negative pixels, so presented values are rounded
    /// and values below 0 are written as 0.
    public var margins: EdgeInsets {
        get { marginsProperty.value }
        set { placed { marginsProperty.value = newValue } }
    }

    // MARK: The animatable properties (presentation values, velocities)

    public private(set) lazy var opacityProperty = property(initial: { gtk_widget_get_opacity($0) }, fallback: 1) {
        w, value in
        gtk_widget_set_opacity(w, min(max(value, 0), 1))
    }

    public private(set) lazy var translationProperty = transformPart(CGPoint.zero)
    public private(set) lazy var scaleProperty = transformPart(CGSize(width: 1, height: 1))
    public private(set) lazy var rotationProperty = transformPart(0.0)
    public private(set) lazy var positionProperty: AnimatableProperty<CGPoint> = transformPart(
        widget.map { fixedPosition(of: $0) } ?? .zero)

    public private(set) lazy var sizeRequestProperty: AnimatableProperty<CGSize> = property(
        initial: { w -> CGSize in
            var width: Int32 = -1
            var height: Int32 = -1
            gtk_widget_get_size_request(w, &width, &height)
            return CGSize(width: Double(width), height: Double(height))
        }, fallback: CGSize(width: -1, height: -1)
    ) { [weak self] w, size in
        let resting = !(self?.sizeRequestProperty.isAnimating ?? false)
        gtk_widget_set_size_request(
            w, Self.sizeRequestPixels(size.width, resting: resting),
            Self.sizeRequestPixels(size.height, resting: resting))
    }

    public private(set) lazy var marginsProperty = property(
        initial: { w in
            EdgeInsets(
                top: Double(gtk_widget_get_margin_top(w)), leading: Double(gtk_widget_get_margin_start(w)),
                bottom: Double(gtk_widget_get_margin_bottom(w)), trailing: Double(gtk_widget_get_margin_end(w)))
        }, fallback: EdgeInsets()
    ) { w, m in
        gtk_widget_set_margin_top(w, max(0, Self.pixels(m.top)))
        gtk_widget_set_margin_start(w, max(0, Self.pixels(m.leading)))
        gtk_widget_set_margin_bottom(w, max(0, Self.pixels(m.bottom)))
        gtk_widget_set_margin_end(w, max(0, Self.pixels(m.trailing)))
    }

    // MARK: Plumbing

    /// A property read from the widget once (or `fallback`, if it is already gone) and written
    /// to it on every presented value.
    private func property<Value: Animatable>(
        initial: (UnsafeMutablePointer<GtkWidget>) -> Value, fallback: Value,
        apply: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) -> AnimatableProperty<Value> {
        boundProperty(reference, clock: clock, initial: widget.map(initial) ?? fallback, apply: apply)
    }

    private func transformPart<Value: Animatable>(_ initial: Value) -> AnimatableProperty<Value> {
        let property = AnimatableProperty(initial, clock: clock) { [weak self] _ in self?.applyTransform() }
        property.hostEnvironment = WidgetEnvironment.host(reference)
        return property
    }

    /// Composes position, translation, rotation and scale into the fixed child's transform.
    func applyTransform() {
        guard let w = widget, let parent = gtk_widget_get_parent(w), unison_gtk_is_fixed(parent) != 0 else { return }
        let position = positionProperty.presentationValue
        let translation = translationProperty.presentationValue
        let scale = scaleProperty.presentationValue
        let rotation = rotationProperty.presentationValue
        var point = graphene_point_t(
            x: Float(position.x + translation.x), y: Float(position.y + translation.y))
        var transform = gsk_transform_translate(nil, &point)
        if rotation != 0 || scale.width != 1 || scale.height != 1 {
            var centre = graphene_point_t(x: Float(gtk_widget_get_width(w)) / 2, y: Float(gtk_widget_get_height(w)) / 2)
            var back = graphene_point_t(x: -centre.x, y: -centre.y)
            transform = gsk_transform_translate(transform, &centre)
            transform = gsk_transform_rotate(transform, Float(rotation))
            transform = gsk_transform_scale(transform, Float(scale.width), Float(scale.height))
            transform = gsk_transform_translate(transform, &back)
        }
        gtk_fixed_set_child_transform(unison_gtk_fixed(parent), w, transform)
        gsk_transform_unref(transform)
    }

    /// The child's position, read from its transform: GTK 4.8's `gtk_fixed_get_child_position`
    /// reports (0, 0) until the fixed has been laid out, while the transform holds the
    /// position from `gtk_fixed_put` on.
    private func fixedPosition(of w: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
        guard let parent = gtk_widget_get_parent(w), unison_gtk_is_fixed(parent) != 0,
            let transform = gtk_fixed_get_child_transform(unison_gtk_fixed(parent), w)
        else { return .zero }
        var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
        gsk_transform_to_2d(transform, &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
        return CGPoint(x: Double(m.4), y: Double(m.5))
    }

    /// Whole pixels for GTK (non-finite: 0; the engine never presents one).
    static func pixels(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(clamping: Int(value.rounded()))
    }

    /// A size request GTK accepts (`>= -1`): 0 or more while animating; -1 (unset) for a
    /// negative value at rest.
    static func sizeRequestPixels(_ value: Double, resting: Bool) -> Int32 {
        if value < 0 { return resting ? -1 : 0 }
        return max(0, pixels(value))
    }
}
