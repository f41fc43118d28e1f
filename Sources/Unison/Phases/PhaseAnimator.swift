import Foundation

/// Moves through a list of phases, animating each change: SwiftUI's `phaseAnimator`, for
/// anything `content` sets.
///
/// The animator starts on `phases[0]` without calling `content`. Moving to a phase calls
/// `content(phase)` inside a transaction with `animation(phase)`; the next move happens
/// when that transaction is logically complete. ``start()`` cycles (after the last phase
/// comes the first) until ``stop()``; ``trigger()`` runs through every phase once, ending
/// on the first (SwiftUI's trigger value changing).
///
/// ```swift
/// let heart = PhaseAnimator([false, true], clock: clock) { _ in .easeInOut(duration: 0.8) } content: { big in
///     scale.value = big ? 1.2 : 1.0
///     opacity.value = big ? 1.0 : 0.7
/// }
/// heart.start()
/// ```
///
/// A step whose transaction has nothing to wait for (a nil animation, or nothing
/// animatable changed) still holds for one frame of `clock`, so a loop never spins; a loop
/// on a clock that presents no frames (animations turned off) stops after one step. An
/// empty or one-phase list does nothing (``phase`` is nil for an empty list).
@MainActor
public final class PhaseAnimator<Phase: Equatable> {
    /// The phases, in order.
    public let phases: [Phase]
    /// Called once for each completed step, with the phase it moved to (its transaction
    /// logically complete and a frame held), before the next step begins.
    public var onPhaseCompletion: (@MainActor (Phase) -> Void)?

    private let animation: @MainActor (Phase) -> Animation?
    private let content: @MainActor (Phase) -> Void
    /// A private value animated for one frame per step: the frame every step holds.
    private let frameHold: AnimatableProperty<Double>

    private enum Mode {
        case idle
        case cycling
        /// Running through the phases once: how many steps follow the current one.
        case once(remaining: Int)
    }

    private var mode = Mode.idle
    private var index = 0
    /// Identifies the current step: completions of an abandoned step are ignored.
    private var step = 0
    private var awaitingTransaction = false
    private var awaitingFrame = false
    /// True while `run` begins steps (completions that arrive meanwhile are picked up by it).
    private var isStepping = false
    /// A start or trigger asked for while stepping: the step to begin next.
    private var requestedIndex: Int?

    /// An animator starting on `phases[0]` (without calling `content`): each move calls `content`
    /// with the new phase inside a transaction with `animation(phase)` (``Animation/default``
    /// unless given); `clock` is the clock a step holds its frame on.
    public init(
        _ phases: [Phase], clock: any FrameClock,
        animation: @escaping @MainActor (Phase) -> Animation? = { _ in .default },
        content: @escaping @MainActor (Phase) -> Void
    ) {
        self.phases = phases
        self.animation = animation
        self.content = content
        frameHold = AnimatableProperty(0, clock: clock)
    }

    /// The current phase: the one last moved to (`phases[0]` at first); nil only for an empty list.
    public var phase: Phase? { phases.isEmpty ? nil : phases[index] }

    /// Whether phases are changing (between a `start` or `trigger` and the end of the run or `stop`).
    public var isRunning: Bool {
        if case .idle = mode { return false }
        return true
    }

    /// Cycles through the phases from the current one until ``stop()`` (SwiftUI's
    /// `phaseAnimator` without a trigger). While a run is under way it just keeps going.
    public func start() {
        guard phases.count > 1 else { return }
        let wasRunning = isRunning
        mode = .cycling
        if !wasRunning { run(from: (index + 1) % phases.count) }
    }

    /// Runs through `phases[1]`, `phases[2]`, ... and finally `phases[0]`, once, then stops.
    /// Triggering during a run starts it over from `phases[1]`.
    public func trigger() {
        guard phases.count > 1 else { return }
        mode = .once(remaining: phases.count - 1)
        run(from: 1)
    }

    /// Stays on the current phase: no further phase changes (an animation under way finishes).
    public func stop() {
        mode = .idle
        step += 1
        awaitingTransaction = false
        awaitingFrame = false
        requestedIndex = nil
    }

    // MARK: Steps

    /// Begins steps from `first` until one has to wait (or the run ends).
    private func run(from first: Int) {
        if isStepping {
            requestedIndex = first
            return
        }
        isStepping = true
        defer { isStepping = false }
        var next: Int? = first
        while let target = next {
            requestedIndex = nil
            begin(target)
            if let requested = requestedIndex {
                next = requested
                continue
            }
            guard isRunning, !awaitingTransaction, !awaitingFrame else { return }
            // Done before returning: the clock presented no frame for the hold (its animations are
            // off), so a loop would spin. A run through the phases once is finite: it goes on.
            next = completeStep(frameHeld: false)
            if let requested = requestedIndex { next = requested }
        }
    }

    /// Moves to `phases[target]`: `content` in the phase's transaction, and the frame hold.
    private func begin(_ target: Int) {
        step += 1
        let current = step
        index = target
        awaitingTransaction = true
        awaitingFrame = true
        let phase = phases[target]
        var transaction = Transaction(animation: animation(phase))
        transaction.addAnimationCompletion { [weak self] in self?.transactionCompleted(step: current) }
        withTransaction(transaction) { content(phase) }
        guard step == current else { return }  // content stopped or restarted the animator
        var hold = Transaction(animation: Animation(OneFrameHold()))
        hold.addAnimationCompletion { [weak self] in self?.frameHeld(step: current) }
        withTransaction(hold) { frameHold.value = frameHold.value == 0 ? 1 : 0 }
    }

    private func transactionCompleted(step completed: Int) {
        guard completed == step, awaitingTransaction else { return }
        awaitingTransaction = false
        continueIfDone()
    }

    private func frameHeld(step completed: Int) {
        guard completed == step, awaitingFrame else { return }
        awaitingFrame = false
        continueIfDone()
    }

    /// A step finished outside `run` (from a frame): moves on.
    private func continueIfDone() {
        guard !isStepping, !awaitingTransaction, !awaitingFrame, isRunning else { return }
        if let next = completeStep(frameHeld: true) { run(from: next) }
    }

    /// Reports the step and returns the next phase's index, or nil when the run is over.
    private func completeStep(frameHeld: Bool) -> Int? {
        let completed = step
        onPhaseCompletion?(phases[index])
        // The callback may have stopped or restarted the animator (a restart while stepping waits in
        // `requestedIndex`): then this run is over.
        guard completed == step, isRunning, requestedIndex == nil else { return nil }
        switch mode {
        case .idle:
            return nil
        case .cycling:
            guard frameHeld else {
                mode = .idle
                return nil
            }
            return (index + 1) % phases.count
        case let .once(remaining):
            guard remaining > 0 else {
                mode = .idle
                return nil
            }
            mode = .once(remaining: remaining - 1)
            return (index + 1) % phases.count
        }
    }
}
