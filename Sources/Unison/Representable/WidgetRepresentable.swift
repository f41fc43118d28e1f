import Foundation

/// A type that creates a toolkit widget and keeps it up to date from state: SwiftUI's
/// `UIViewRepresentable`, for any toolkit (the widget can be a GTK wrapper, a headless
/// property, anything).
///
/// ```swift
/// struct BeadBoxWrapper: WidgetRepresentable {
///     @Binding var isOpen: Bool
///     func makeWidget(context: RepresentableContext) -> BeadBox { BeadBox() }
///     func updateWidget(_ box: BeadBox, context: RepresentableContext) {
///         context.animate {
///             box.lid.position = CGPoint(x: 0, y: isOpen ? -100 : 100)
///         }
///     }
/// }
/// ```
@MainActor
public protocol WidgetRepresentable {
    /// The toolkit widget (or any object) this type makes and updates.
    associatedtype Widget
    /// Creates the widget once.
    func makeWidget(context: RepresentableContext) -> Widget
    /// Brings the widget up to date; runs on every change of the state it reads.
    func updateWidget(_ widget: Widget, context: RepresentableContext)
}

/// What an update receives: the transaction of the change that caused it.
@MainActor
public struct RepresentableContext {
    /// The transaction of the state change being applied (unanimated when there is none).
    public let transaction: Transaction

    /// A context for an update caused by a change in `transaction`.
    public init(transaction: Transaction) {
        self.transaction = transaction
    }

    /// Applies `changes` with the transaction's animation, calling `completion` when that
    /// animation completes. When the transaction is not animated, the changes apply and the
    /// completion runs inline, before this returns, so one update path serves both cases.
    public func animate(changes: () -> Void, completion: (@MainActor () -> Void)? = nil) {
        guard transaction.isAnimated else {
            withTransaction(Transaction(), changes)
            if let completion { CompletionQueue.runInline([completion]) }
            return
        }
        var scoped = transaction
        scoped.completions = []
        if let completion { scoped.addAnimationCompletion(completion) }
        // The enclosing transaction's completions wait for these animations too.
        withTransaction(scoped, linkedTo: Engine.currentGroup, changes)
    }
}

/// Owns one representable and its widget, and re-runs its update whenever an observed
/// ``State`` changes, with the transaction of that change. It bridges, and no more: there
/// is no diffing and no view tree.
///
/// ```swift
/// let isOpen = State(false)
/// let host = RepresentableHost(BeadBoxWrapper(isOpen: isOpen.binding.animated()), observing: isOpen)
/// host.representable.isOpen.toggle()      // the lid animates
/// ```
@MainActor
public final class RepresentableHost<Representable: WidgetRepresentable> {
    /// The representable whose update runs, as last given (see ``replace(with:)``).
    public private(set) var representable: Representable
    /// The widget the representable made, once, when the host was created.
    public let widget: Representable.Widget
    /// How many times the update ran (including the first).
    @_spi(Testing) public private(set) var updateCount = 0
    /// Detaches this host from the states it observes.
    private var releases: [@MainActor () -> Void] = []

    /// Makes the widget and runs the first update unanimated.
    public init(_ representable: Representable) {
        self.representable = representable
        widget = representable.makeWidget(context: RepresentableContext(transaction: Transaction()))
        update()
    }

    /// Hosts `representable` and updates it whenever one of `states` changes.
    public convenience init<each S>(_ representable: Representable, observing states: repeat State<each S>) {
        self.init(representable)
        repeat observe(each states)
    }

    /// Also update whenever `state` changes.
    public func observe<S>(_ state: State<S>) {
        let token = state.observe { [weak self] in self?.update() }
        releases.append { [weak state] in state?.removeObserver(token) }
    }

    /// Replaces the representable (new parameters) and updates with the current transaction.
    public func replace(with representable: Representable) {
        self.representable = representable
        update()
    }

    /// Runs the update with the current transaction.
    public func update() {
        updateCount += 1
        representable.updateWidget(widget, context: RepresentableContext(transaction: Transaction.current))
    }

    isolated deinit {
        for release in releases { release() }
    }
}
