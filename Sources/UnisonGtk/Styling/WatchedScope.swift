import CUnisonGtk
import Foundation
import Unison

/// Where a widget stands to the element a watched preset styles (`AnimationScope`): the element
/// itself, inside it (a descendant in GTK's widget tree) or outside.
@MainActor
enum ScopePosition {
    case root, inside, outside

    /// The position of `widget` for the current transaction's watched preset; nil when there is none.
    static func of(_ widget: UnsafeMutablePointer<GtkWidget>?) -> ScopePosition? {
        guard let scoping = Transaction.current.scoping else { return nil }
        guard let root = scoping.root else { return .inside }
        // A styled element GTK has finalized has no subtree left.
        guard let widget, let rootPointer = (root as? ObjectReference)?.pointer else { return .outside }
        let rootWidget: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(rootPointer)
        if widget == rootWidget { return .root }
        return gtk_widget_is_ancestor(widget, rootWidget) != 0 ? .inside : .outside
    }
}

/// Runs `body` as a change of `widget` that is `own` when the widget is the styled element and
/// `inside` when it is a descendant: in the watched preset's transaction when its scope includes
/// that area, else in the caller's (also for widgets outside the element). Without a watched preset
/// it just runs `body`.
@MainActor
func withScopedChange<Result>(
    of widget: UnsafeMutablePointer<GtkWidget>?, own: AnimationArea, inside: AnimationArea, _ body: () -> Result
) -> Result {
    guard let position = ScopePosition.of(widget) else { return body() }
    switch position {
    case .root: return withRoutedTransaction(own, body)
    case .inside: return withRoutedTransaction(inside, body)
    case .outside: return withRoutedTransaction(nil, body)
    }
}

/// The watched value of a styled widget: whether the value given now differs from the last one.
@MainActor
struct WatchedValue {
    private var last: Any?
    private var hasValue = false

    /// Records `value`; true when there was an earlier one and it differs.
    mutating func changes<Value: Equatable>(to value: Value) -> Bool {
        defer {
            last = value
            hasValue = true
        }
        guard hasValue else { return false }
        return (last as? Value) != value
    }
}

extension WatchedAnimation {
    /// The GTK form of the wrapper (`.twAnimation(_:value:)` on any container): runs `changes`
    /// with the preset, scoped to `root`'s subtree, when `value` differs from the last one; else in
    /// the caller's transaction.
    ///
    /// ```swift
    /// let watch = try WatchedAnimation("animate-smooth duration-300", value: expanded)
    /// expanded.toggle()
    /// watch.update(value: expanded, in: box) { row.isPresent = expanded }   // box: a GtkBox
    /// ```
    ///
    /// `root` is the styled element: Unison's widgets in its subtree (motion bins, content labels)
    /// animate what the scope names (`AnimationScope`: a plain container has no surface or layout
    /// of Unison's, so `.surface` and `.layout` concern its descendants' layout only); those outside
    /// it keep the caller's transaction.
    public func update(
        value: Value, in root: some GObjectPointer, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil
    ) {
        let changed = value != self.value
        record(value)
        runWatched(
            style: changed ? style : nil, scope: scope,
            root: ObjectReference(UnsafeMutableRawPointer(root.widgetPointer)),
            changes: changes, completion: completion)
    }
}
