import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Animation classes, interaction states and watched scopes: what styles the bin, and in which
// transaction its changes run.
extension MotionBin {
    /// The classes styling the bin (nil: none), such as a menu button's
    /// `"dropdown-item active:opacity-80 animate-spring duration-150"`.
    ///
    /// - Value utilities (`opacity-*`, `scale-*`, `translate-*`, `rotate-*`) own their property: it
    ///   takes the classes' value for the *child's* current GTK states (a button's hover, press,
    ///   focus and sensitivity: see `ClassStyle`) and moves when they change, drawn without
    ///   relayout like any render property, so a button in a `GtkBox` presses in place.
    /// - The state being entered chooses the animation: `animate-*` without a variant animates
    ///   press and release alike; `active:animate-*` alone animates the press and lets the release
    ///   jump. A release mid-press reverses from where the value is, with its velocity.
    /// - With an `animate-*` class, your own changes of the render properties animate that way too,
    ///   even outside `animate { }`. Setting an owned property yourself lasts until the next state change.
    /// - Reduced motion (the rules' `reducesMotion`), `gtk-enable-animations` off and transactions that
    ///   disable animations make the changes jump.
    public var animationClasses: String? { styler.classes }
    /// The animation the classes choose in the child's current states.
    public var animationStyle: AnimationStyle { styler.current.animation }

    /// Sets ``animationClasses``, resolving them with `rules`; throws (changing nothing) when they
    /// do not resolve, naming the token. The styled values move to those of the current states,
    /// animated with their classes.
    ///
    /// ```swift
    /// let item = MotionBin(child: gtk_button_new_with_label("Rename"))
    /// try item.setAnimationClasses("hover:translate-x-1 active:opacity-80 animate-spring duration-150")
    /// gtk_box_append(menu, item.widget)
    /// ```
    public func setAnimationClasses(_ classes: String?, rules: AnimationClassRules = .standard) throws {
        let style = try rules.resolveStyle(classes ?? "")  // validated before anything changes
        styler.usesOwnAnimation = true
        styler.setStyle(style, classes: classes)
    }

    /// Sets ``animationClasses`` with a watched value (a class string tied to a value, as a web
    /// page's `.tw(_:value:animationScope:)` helper would be): the classes style the bin as above,
    /// and when `value` differs from the one given last time, their `animate-*` preset also
    /// animates `changes` (and the bin's own restyling) within `scope`. Otherwise everything
    /// happens in the caller's transaction.
    ///
    /// ```swift
    /// expanded.toggle()
    /// try details.setAnimationClasses(
    ///     "\(expanded ? "p-6 rounded-xl" : "p-3 rounded-md") bg-surface animate-smooth duration-300",
    ///     value: expanded
    /// ) {
    ///     more.isPresent = expanded            // a descendant: inserted with its transition
    /// }
    /// ```
    ///
    /// - Scopes (`AnimationScope`; nil, the default, is `.all` that also keeps animating the
    ///   bin's own styling whenever its classes change, as without a value; an explicit scope,
    ///   `.all` included, watches only `value`): `.surface` animates the bin's
    ///   drawn values; `.layout` its size and place (padding, a child's size change, its glide)
    ///   and where its descendants are put; `.content` what is inside (descendant bins' glides,
    ///   insertions and removals, labels' content transitions) while the bin's own changes happen
    ///   at once; `.all` all of it. Widgets outside the bin's subtree keep the caller's transaction.
    /// - With `.surface` and `.layout` the labels inside change their content at once (identity),
    ///   unless one has its own ``ContentLabel/contentTransition``.
    /// - Only `value` enables the preset; the first call only records it. Reduced motion, animations
    ///   turned off in GTK and a caller's transaction that disables animations make everything jump.
    /// - `completion` runs once when everything the call animated has finished (inline if nothing did).
    public func setAnimationClasses<Value: Equatable>(
        _ classes: String?, value: Value, scope: AnimationScope? = nil, rules: AnimationClassRules = .standard,
        changes: () -> Void = {}, completion: (@MainActor () -> Void)? = nil
    ) throws {
        let style = try rules.resolveStyle(classes ?? "")  // validated before anything changes
        let changed = watched.changes(to: value)
        // The default (no scope: `.all`) keeps animating owned styling changes; an explicit
        // scope, `.all` included, watches only the value.
        styler.usesOwnAnimation = scope == nil
        runWatched(
            style: changed ? style.resolved(for: []).animation : nil, scope: scope ?? .all, root: binReference,
            changes: {
                styler.setStyle(style, classes: classes)
                changes()
            }, completion: completion)
    }

    /// The styler of the bin's classes: it follows the child's GTK states and writes the styled
    /// values to the bin's properties, and its style classes to the bin (type) and its surface.
    func makeStyler() -> ClassStyler {
        ClassStyler(watching: childReference) { [weak self] values, properties in
            guard let self else { return }
            values.write(
                properties, opacity: opacityProperty, scale: scaleProperty, translation: translationProperty,
                rotation: rotationProperty, padding: paddingProperty, surface: { self.surfaceChange($0) },
                layout: { self.layoutChange($0) })
            if properties.contains(.styleClasses), let bin = motionBin {
                // Type is inherited by the child from the bin; what is drawn behind it goes on the surface.
                let widget: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
                styleClasses.apply(values.styleClasses) { name in
                    StyleClasses.isTypography(name) ? widget : unison_motion_bin_get_surface(bin)
                }
            }
        }
    }

    /// Runs a change of the bin's drawn values: the watched preset's surface (or a descendant's content).
    func surfaceChange(_ body: () -> Void) {
        withScopedChange(of: scopeWidget, own: .surface, inside: .content, body)
    }

    /// Runs a change of the bin's size or place: the watched preset's layout (or child layout).
    func layoutChange(_ body: () -> Void) {
        withScopedChange(of: scopeWidget, own: .layout, inside: .childLayout, body)
    }

    /// The bin as the widget whose subtree a watched scope covers (nil once GTK disposed of it).
    var scopeWidget: UnsafeMutablePointer<GtkWidget>? {
        motionBin.map { unison_gtk_widget(UnsafeMutableRawPointer($0)) }
    }

    /// Runs a change of a render property with the classes' own animation (their `animate-*`).
    func styled(_ change: () -> Void) {
        withAnimationStyle(styler.ownAnimation, change)
    }
}
