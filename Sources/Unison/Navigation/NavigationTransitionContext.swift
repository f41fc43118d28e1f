import Foundation

/// A transition a ``NavigationModel`` starts: which page comes, which goes, and why. Hosts get
/// one in ``NavigationModel/onTransition`` to animate their own values alongside (UIKit's
/// `animate(alongsideTransition:)`).
public struct NavigationTransitionContext<Page: Hashable> {
    /// Why the transition runs.
    public enum Kind: Hashable, Sendable {
        /// A page pushed over the top one.
        case push
        /// The top page (or every page above the root) popped.
        case pop
        /// A drag took hold of the top page: nothing animates; the host follows the finger.
        case interactivePop
        /// The drag was released and the pop goes on to its end.
        case finishInteractivePop
        /// The drag was released and the page settles back (a new transition: the top page
        /// appears again, the one below disappears again).
        case cancelInteractivePop
    }

    /// Why the transition runs: a push, a pop, or a step of an interactive pop.
    public let kind: Kind
    /// The page shown at the end (nil: none, as when the first page is pushed).
    public let incoming: Page?
    /// The page hidden at the end (nil: none).
    public let outgoing: Page?
    /// The page whose progress moves: the pushed page, the popped page, or the dragged one.
    public let movingPage: Page
    /// Whether the transition animates (false: it has already jumped to its end).
    public let isAnimated: Bool
    /// The velocity handed to the moving page's progress, in progress per second (a released
    /// drag's; 0 otherwise).
    public let velocity: Double
    /// The transition's own transaction, which ``animateAlongside(_:_:)`` joins.
    let scope: TransitionHold.Enclosing?

    /// Animates the changes `body` makes with `animation` (nil: they jump) as part of this
    /// transition: its `did-` events wait until they have finished too. Call it from
    /// ``NavigationModel/onTransition``; values set there directly animate with the transition's
    /// own animation.
    ///
    /// ```swift
    /// model.onTransition = { transition in
    ///     transition.animateAlongside(.spring(duration: 0.4)) { dragOffset.value = .zero }
    /// }
    /// ```
    @MainActor
    public func animateAlongside(_ animation: Animation?, _ body: () -> Void) {
        var transaction = Transaction.current
        transaction.animation = animation
        if let scope {
            scope.withScope(of: transaction, body)
        } else {
            withTransaction(transaction, body)
        }
    }
}
