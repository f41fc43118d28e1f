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
/// widget in each frame where it changes what GTK shows: opacity in GTK's 8-bit steps, size
/// request and margins in whole pixels, and the four transform parts as one transform, once per
/// frame, when some point of the widget moves by 1/256 pixel or more (the exact value at rest).
///
/// `position`, `translation`, `scale` and `rotation` need the widget to be a child of a
/// `GtkFixed`: GTK stores a fixed child's position *as* its transform, so Unison composes all
/// four into one `GskTransform` (position, then translation, then rotation and scale about the
/// widget's centre), and the fixed lays its children out again when it changes. In any other
/// parent they are kept but not shown (a ``MotionBin`` moves a widget in any container with render
/// transforms, without relayout). Size request and margins are whole pixels in GTK and are
/// rounded when applied.
///
/// Values GTK cannot take are brought within its bounds when written: rotation is
/// reduced modulo 360°, translation and position are kept within ±32 767 px, scale within ±1 000,
/// margins within 0...32 767 px and the size request within -1...32 767 px. The model values keep
/// what was set.
///
/// Ownership: the widget keeps its `AnimatedWidget` (as it keeps an event controller added to it),
/// and the `AnimatedWidget` holds the widget weakly. An `AnimatedWidget` the app stops referencing
/// keeps animating, its animation classes keep reacting, and its completions fire, until the widget
/// is finalized; then it is released (its animations end there, and the completions waiting on
/// them run once, at the next turn of the main loop). The widget keeps the newest `AnimatedWidget`
/// made for it: making a second one for the same widget lets the widget release the first, which
/// lives on only while the app holds it.
///
/// ```swift
/// let card = AnimatedWidget(box)
/// Task {
///     animate(.spring(duration: 1.0)) { card.position = .zero }
///     try await Task.sleep(for: .seconds(0.5))
///     animate(.spring) { card.position = CGPoint(x: 100, y: 400) }   // lands even if `card` is dropped
/// }
/// ```
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
        transformWriter = TransformWriter(reference)
        WidgetAttachment.attach(self, to: widget.gObjectAddress, key: Self.attachmentKey)
    }

    /// The key under which a widget keeps its `AnimatedWidget` (``WidgetAttachment``).
    static let attachmentKey = "unison-animated-widget"

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
    ///   change (hover, press, focus, sensitivity: see `ClassStyle`), with the animation of the
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

    /// Offset added to the position, in pixels (their sum is written within ±32 767).
    public var translation: CGPoint {
        get { translationProperty.value }
        set { styled { translationProperty.value = newValue } }
    }

    /// Scale about the widget's centre (1 is natural size; written within ±1 000).
    public var scale: CGSize {
        get { scaleProperty.value }
        set { styled { scaleProperty.value = newValue } }
    }

    /// Clockwise rotation about the widget's centre, in degrees (any angle: GTK is handed it
    /// reduced modulo 360).
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
    /// once the property rests there; sizes above 32 767 are written as 32 767. The request is
    /// only a minimum: a widget is never allocated less than its own minimum size.
    public var sizeRequest: CGSize {
        get { sizeRequestProperty.value }
        set { placed { sizeRequestProperty.value = newValue } }
    }

    /// Margins in pixels; GTK takes whole pixels in 0...32 767 (`G_MAXINT16`), so presented values
    /// are rounded and brought within that range.
    public var margins: EdgeInsets {
        get { marginsProperty.value }
        set { placed { marginsProperty.value = newValue } }
    }

    // MARK: The animatable properties (presentation values, velocities)

    /// The property behind ``opacity``: its presented value and velocity, and `isAnimating`.
    public private(set) lazy var opacityProperty: AnimatableProperty<Double> = {
        let reference = self.reference
        let property = AnimatableProperty(
            widget.map { gtk_widget_get_opacity($0) } ?? 1, clock: clock,
            target: FrameEndPart(self.transformWriter) { $0.keepOpacity($1) })
        property.hostEnvironment = WidgetEnvironment.host(reference)
        return property
    }()

    /// The property behind ``translation``: its presented value and velocity (points per second).
    public private(set) lazy var translationProperty = transformPart(presentedTransform.translation) {
        $0.translation = $1
    }
    /// The property behind ``scale``: its presented value and velocity.
    public private(set) lazy var scaleProperty = transformPart(presentedTransform.scale) { $0.scale = $1 }
    /// The property behind ``rotation``: its presented value and velocity (degrees per second).
    public private(set) lazy var rotationProperty = transformPart(presentedTransform.rotation) { $0.rotation = $1 }
    /// The property behind ``position``: its presented value and velocity (points per second).
    public private(set) lazy var positionProperty = transformPart(presentedTransform.position) { $0.position = $1 }

    /// The property behind ``sizeRequest``: its presented value and velocity.
    public private(set) lazy var sizeRequestProperty: AnimatableProperty<CGSize> = property(
        initial: { w -> CGSize in
            var width: Int32 = -1
            var height: Int32 = -1
            gtk_widget_get_size_request(w, &width, &height)
            return CGSize(width: Double(width), height: Double(height))
        }, fallback: CGSize(width: -1, height: -1)
    ) { [weak self] w, size in
        let resting = !(self?.sizeRequestProperty.isAnimating ?? false)
        let width = Self.sizeRequestPixels(size.width, resting: resting)
        let height = Self.sizeRequestPixels(size.height, resting: resting)
        var current: (width: Int32, height: Int32) = (0, 0)
        gtk_widget_get_size_request(w, &current.width, &current.height)
        // Whole pixels: a frame that moves less than one changes nothing (and would relayout).
        if current != (width, height) { gtk_widget_set_size_request(w, width, height) }
    }

    /// The property behind ``margins``: its presented value and velocity.
    public private(set) lazy var marginsProperty = property(
        initial: { w in
            EdgeInsets(
                top: Double(gtk_widget_get_margin_top(w)), leading: Double(gtk_widget_get_margin_start(w)),
                bottom: Double(gtk_widget_get_margin_bottom(w)), trailing: Double(gtk_widget_get_margin_end(w)))
        }, fallback: EdgeInsets()
    ) { w, m in
        // Whole pixels: only the margins whose pixel changed are written (each write relayouts).
        let top = GtkLimits.margin(m.top)
        let leading = GtkLimits.margin(m.leading)
        let bottom = GtkLimits.margin(m.bottom)
        let trailing = GtkLimits.margin(m.trailing)
        if gtk_widget_get_margin_top(w) != top { gtk_widget_set_margin_top(w, top) }
        if gtk_widget_get_margin_start(w) != leading { gtk_widget_set_margin_start(w, leading) }
        if gtk_widget_get_margin_bottom(w) != bottom { gtk_widget_set_margin_bottom(w, bottom) }
        if gtk_widget_get_margin_end(w) != trailing { gtk_widget_set_margin_end(w, trailing) }
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

    /// Writes the transform the four parts compose.
    private let transformWriter: TransformWriter

    /// A transform part: its target keeps its presented value in `transformWriter`, which writes
    /// the transform once at the end of the frame (reading the values back through the generic
    /// properties every frame would cost more than the rest of the frame).
    private func transformPart<Value: Animatable>(
        _ initial: Value, keep: @escaping @MainActor (inout TransformWriter.Presented, Value) -> Void
    ) -> AnimatableProperty<Value> {
        let writer = transformWriter
        _ = presentedTransform  // reads the position from the widget when the first part is made
        // The writer is held strongly (it holds nothing of this object): no weak reference to
        // load, and no reference counting (a target), every frame.
        let part = FrameEndPart(writer) { writer, value in
            keep(&writer.current.presented, value)
            writer.current.transformChanged = true
        }
        let property = AnimatableProperty(initial, clock: clock, target: part)
        property.hostEnvironment = WidgetEnvironment.host(reference)
        writer.parts.append(WeakActivity(property))
        return property
    }

    /// Presented values starting at their initial values (the position: the widget's, when the first
    /// transform part is made).
    private var presentedTransform: TransformWriter.Presented {
        let writer = transformWriter
        if !writer.current.hasPosition {
            writer.current.hasPosition = true
            writer.current.presented.position = widget.map { fixedPosition(of: $0) } ?? .zero
        }
        return writer.current.presented
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

    /// The byte GTK stores for an opacity (`gtk_widget_set_opacity` rounds `opacity × 255`), the
    /// opacity brought into 0...1 first.
    static func opacityStep(_ opacity: Double) -> Int { Int((GtkLimits.opacity(opacity) * 255).rounded()) }

    /// A size request GTK accepts (``GtkLimits/sizeRequest(_:)``): 0 or more while animating;
    /// -1 (unset) for a negative value at rest.
    static func sizeRequestPixels(_ value: Double, resting: Bool) -> Int32 {
        if value < 0 { return resting ? -1 : 0 }
        return GtkLimits.sizeRequest(value)
    }
}
