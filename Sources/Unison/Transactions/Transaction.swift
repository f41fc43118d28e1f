import Foundation

/// The context of one set of changes: which animation (if any) they use and what to
/// call when they finish. SwiftUI's `Transaction`.
///
/// ```swift
/// var transaction = Transaction(animation: .snappy)
/// transaction.addAnimationCompletion { print("arrived") }
/// withTransaction(transaction) { card.offset.value = 0 }
/// ```
public struct Transaction {
    /// The animation for changes made in this transaction; `nil` applies them at once.
    public var animation: Animation?
    /// When true, changes jump even if `animation` is set.
    public var disablesAnimations: Bool = false
    /// Marks changes that are part of a continuous interaction (a drag). Informational.
    public var isContinuous: Bool = false
    /// Records the values set in this transaction so a following spring inherits their
    /// velocity (set it while a finger drags a value without animation).
    public var tracksVelocity: Bool = false
    /// Environment values for the animations this transaction starts: on top of the property's
    /// and the clock's, key by key (see ``EnvironmentValues``). None by default. Nested
    /// `withAnimation` and ``withEnvironment(_:_:_:)`` keep them; a `Transaction` made afresh
    /// for `withTransaction` starts without.
    ///
    /// ```swift
    /// var transaction = Transaction(animation: .smooth)
    /// transaction.environment.accessibilityReduceMotion = true
    /// withTransaction(transaction) { x.value = 1 }
    /// ```
    public var environment = EnvironmentValues()

    var completions: [(criteria: AnimationCompletionCriteria, body: @MainActor () -> Void)] = []
    /// Set by a watched animation preset (``WatchedAnimation``): where its animation applies.
    package var scoping: AnimationScoping?

    /// A transaction without animation: its changes jump.
    public init() {}

    /// A transaction whose changes animate with `animation` (nil: they jump).
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// Whether changes in this transaction animate.
    public var isAnimated: Bool { animation != nil && !disablesAnimations }

    /// Calls `completion` once when every animation this transaction starts meets
    /// `criteria` (or at once, if it starts none).
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping @MainActor () -> Void
    ) {
        completions.append((criteria, completion))
    }

    /// The transaction of the innermost `withTransaction`/`withAnimation` running now,
    /// or an empty (unanimated) transaction outside any.
    @MainActor public static var current: Transaction {
        Engine.openTransactions.last?.transaction ?? Transaction()
    }
}

/// When a transaction's completion fires.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case logicallyComplete, removed
    }

    let kind: Kind

    /// When every animation of the transaction is logically complete (a spring once its
    /// duration has passed, though it may still settle; a curve when it ends).
    public static let logicallyComplete = AnimationCompletionCriteria(kind: .logicallyComplete)
    /// When every animation of the transaction has been removed (settled or replaced).
    public static let removed = AnimationCompletionCriteria(kind: .removed)
}
