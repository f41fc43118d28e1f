import Foundation

/// Where a watched animation preset applies (``WatchedAnimation``'s `scope`).
///
/// A styled element has a *surface* (its own look: opacity, transforms), its own *layout* (its
/// size and place: padding, a size change of what it wraps) and what is inside: the *child
/// layout* (where its descendants are placed) and the *content* (text changing through a content
/// transition, descendants inserted and removed through their transitions).
///
/// | scope       | surface | layout | child layout | content                          |
/// |-------------|---------|--------|--------------|----------------------------------|
/// | `.surface`  | preset  | caller | caller       | identity (an explicit one: preset) |
/// | `.layout`   | caller  | preset | preset       | identity (an explicit one: preset) |
/// | `.content`  | caller  | caller | preset       | preset                           |
/// | `.all`      | preset  | preset | preset       | preset                           |
///
/// "caller" is the transaction the change was made in, as if there were no preset (usually none:
/// the change is immediate). Changes outside the styled element keep the caller's transaction too.
public enum AnimationScope: Hashable, Sendable {
    /// The styled element's own look. The default without a watched value.
    case surface
    /// Its size and placement, with its children kept aligned to it.
    case layout
    /// What is inside: child-owned layout and content; the surface changes at once.
    case content
    /// Everything. The default with a watched value.
    case all

    /// Whether a change to `area` takes the preset's animation.
    public func includes(_ area: AnimationArea) -> Bool {
        switch (self, area) {
        case (.all, _), (.surface, .surface), (.layout, .layout), (.layout, .childLayout),
            (.content, .childLayout), (.content, .content):
            true
        default: false
        }
    }

    /// The content transition a descendant without one of its own inherits: identity for the
    /// watched `.surface` and `.layout` scopes (content appears at once), nil otherwise (its own default).
    public var inheritedContentTransition: ContentTransition? {
        switch self {
        case .surface, .layout: .identity
        case .content, .all: nil
        }
    }
}

/// What a change belongs to, for ``AnimationScope`` (see its table).
public enum AnimationArea: Hashable, Sendable {
    /// The styled element's own look (opacity, scale, translation, rotation).
    case surface
    /// The styled element's own size and place (its padding, its size following what it wraps).
    case layout
    /// The place and size of what is inside it.
    case childLayout
    /// What is inside changing: content transitions, insertions and removals.
    case content
}

/// A watched preset's scope, carried by the transaction of the changes it watches.
package final class AnimationScoping {
    package let scope: AnimationScope
    /// The caller's transaction (without its completions: they belong to its own scope).
    package let base: Transaction
    /// The styled element, as the adapter knows it (for GTK a weak reference to a widget); nil:
    /// every change in the body is inside it.
    package let root: AnyObject?

    init(scope: AnimationScope, base: Transaction, root: AnyObject?) {
        self.scope = scope
        self.base = base
        self.root = root
    }
}

extension Transaction {
    /// The transaction a change to `area` is made in: this one, unless a watched preset's scope
    /// leaves `area` (nil: outside the styled element) to the caller's transaction.
    /// Without completions: those belong to the transaction's own scope (the routed change is
    /// linked to it and counts towards them).
    package func routed(to area: AnimationArea?) -> Transaction {
        guard let scoping else { return self }
        var routed = area.map(scoping.scope.includes) == true ? self : scoping.base
        routed.completions = []
        return routed
    }
}

/// Runs `body` as a change to `area` (of the styled element the current watched preset, if any,
/// applies to): in the preset's transaction when its scope includes `area`, else in the caller's.
/// Outside a watched preset's changes it just runs `body`.
///
/// Unison's GTK widgets say for themselves what their changes belong to; a headless model of an
/// element says it with this function.
///
/// ```swift
/// let watch = try WatchedAnimation("animate-smooth", value: expanded, scope: .content)
/// watch.update(value: !expanded) {
///     withAnimationArea(.layout) { padding.value = 32 }    // the surface: at once
///     withAnimationArea(.content) { rows.value = 5 }       // the content: smooth
/// }
/// ```
@MainActor
public func withAnimationArea<Result>(_ area: AnimationArea, _ body: () throws -> Result) rethrows -> Result {
    try withRoutedTransaction(area, body)
}

/// ``withAnimationArea(_:_:)`` for adapters, which also know changes outside the styled element
/// (`area` nil: the caller's transaction).
@MainActor
package func withRoutedTransaction<Result>(_ area: AnimationArea?, _ body: () throws -> Result) rethrows -> Result {
    let current = Transaction.current
    guard current.scoping != nil else { return try body() }
    return try withTransaction(current.routed(to: area), linkedTo: Engine.currentGroup, body)
}

/// An animation preset that watches a value: changes made through ``update(value:_:completion:)`` animate
/// with the preset only when the watched value changed, each according to ``scope``.
///
/// ```swift
/// let watch = try WatchedAnimation("animate-smooth duration-300", value: expanded)
/// expanded.toggle()
/// watch.update(value: expanded) { details.isPresent = expanded }   // smooth: the value changed
/// watch.update(value: expanded) { title.text = "Renamed" }          // the caller's: it did not
/// ```
///
/// - Only the watched value enables the preset. An update with the same value (or changes made
///   without ``update(value:_:completion:)``) keeps the caller's transaction.
/// - Without an `animate-*` class the caller's transaction is kept as it is.
/// - The classes are validated in full (an unknown class or a bad value throws, naming it) but only
///   the animation is taken: value utilities and padding in a shared recipe are not applied here.
/// - Reduced motion (the rules' `reducesMotion`, or the clock's, which makes every animation jump)
///   and a caller's transaction that disables animations make the changes jump.
/// - The first value given is the starting point: nothing animates on creation.
@MainActor
public final class WatchedAnimation<Value: Equatable> {
    /// The animation the classes chose (in the plain state).
    public let style: AnimationStyle
    /// Where the preset applies.
    public var scope: AnimationScope
    /// The value last given.
    public private(set) var value: Value

    /// Resolves `classes` with `rules` (throwing, naming the token, when they do not resolve).
    public convenience init(
        _ classes: String, value: Value, scope: AnimationScope = .all, rules: AnimationClassRules = .standard
    ) throws {
        self.init(style: try rules.resolve(classes), value: value, scope: scope)
    }

    /// Typed utilities: `WatchedAnimation(.animation(.smooth), .duration(0.3), value: count)`.
    public convenience init(
        _ utilities: AnimationUtility..., value: Value, scope: AnimationScope = .all,
        rules: AnimationClassRules = .standard
    ) throws {
        self.init(style: try rules.resolve(utilities), value: value, scope: scope)
    }

    /// A resolved style.
    public init(style: AnimationStyle, value: Value, scope: AnimationScope = .all) {
        self.style = style
        self.value = value
        self.scope = scope
    }

    /// Records `value` and runs `changes`: in the preset's scoped transaction if the value changed
    /// (and the classes choose an animation), else in the caller's. `completion` runs once the
    /// animations the changes start complete (inline when none do).
    public func update(value: Value, _ changes: () -> Void, completion: (@MainActor () -> Void)? = nil) {
        let changed = value != self.value
        self.value = value
        runWatched(
            style: changed ? style : nil, scope: scope, root: nil, changes: changes, completion: completion)
    }

    /// Records `value` as the last one given (adapters' forms of ``update(value:_:completion:)``).
    package func record(_ value: Value) { self.value = value }
}

/// Runs `changes` with a watched preset (`style`, nil when the watched value did not change) scoped
/// to `scope` of the element `root`; `completion` joins the transaction they run in.
@MainActor
package func runWatched(
    style: AnimationStyle?, scope: AnimationScope, root: AnyObject?, changes: () -> Void,
    completion: (@MainActor () -> Void)?
) {
    var base = Transaction.current
    base.completions = []
    var transaction: Transaction
    if let style, style.choosesAnimation {
        transaction = style.transaction(over: base)
        transaction.scoping = AnimationScoping(scope: scope, base: base, root: root)
    } else {
        transaction = base
    }
    if let completion { transaction.addAnimationCompletion(completion) }
    withTransaction(transaction, linkedTo: Engine.currentGroup, changes)
}
