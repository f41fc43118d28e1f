import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// unison_animate and unison_without_animation (documented in Bridges/CUnisonGObject/unison-animate.c).

/// A C completion with its data and destroy notify: runs once, then frees its data once.
@MainActor
final class CompletionCall {
    private let function: UnisonCompletionFunc?
    private let data: gpointer?
    private let destroy: GDestroyNotify?
    private var isDone = false

    init(_ function: UnisonCompletionFunc?, _ data: gpointer?, _ destroy: GDestroyNotify?) {
        self.function = function
        self.data = data
        self.destroy = destroy
    }

    /// Calls the completion (the first time only), then the destroy notify.
    func run() {
        guard !isDone else { return }
        isDone = true
        function?(data)
        destroy?(data)
    }

    /// Frees the data without calling the completion (it will never be called).
    func drop() {
        guard !isDone else { return }
        isDone = true
        destroy?(data)
    }
}

/// `unison_animate`: `changes` run in a transaction with `animation` (NULL: they jump); `completion`
/// runs once when its animations are logically complete, then `completion_destroy`.
@_cdecl("unison_animate")
public func unisonAnimate(
    _ animation: OpaquePointer?, _ changes: UnisonChangesFunc?, _ changesData: gpointer?,
    _ completion: UnisonCompletionFunc?, _ completionData: gpointer?, _ completionDestroy: GDestroyNotify?
) {
    animateFromC(
        "unison_animate", essential: false, animation, changes, changesData, completion, completionData,
        completionDestroy)
}

/// `unison_animate` and `unison_animate_essential` (`essential`: in an essential transaction,
/// `withEssentialAnimation`), checked as `function`.
func animateFromC(
    _ function: StaticString, essential: Bool, _ animation: OpaquePointer?, _ changes: UnisonChangesFunc?,
    _ changesData: gpointer?, _ completion: UnisonCompletionFunc?, _ completionData: gpointer?,
    _ completionDestroy: GDestroyNotify?
) {
    guard onMainThread("\(function)") else { return }
    let changesAddress = UInt(bitPattern: changesData)
    let completionAddress = UInt(bitPattern: completionData)
    let chosen = animation.map(AnimationBox.animation)
    MainActor.assumeIsolated {
        let call = CompletionCall(completion, UnsafeMutableRawPointer(bitPattern: completionAddress), completionDestroy)
        guard let changes else {
            reportFailedCheck("\(function)", "changes != NULL")
            call.drop()
            return
        }
        ensureRuntime()
        let body = { changes(UnsafeMutableRawPointer(bitPattern: changesAddress)) }
        let run: () -> Void
        if completion != nil {
            run = { withAnimation(chosen, body, completion: { call.run() }) }
        } else {
            run = {
                withAnimation(chosen, body)
                call.drop()
            }
        }
        // The inner transaction keeps the essential mark of the outer one (its environment).
        if essential { withEssentialAnimation(chosen, run) } else { run() }
    }
}

/// `unison_without_animation`: `changes` run in a transaction that disables animation.
@_cdecl("unison_without_animation")
public func unisonWithoutAnimation(_ changes: UnisonChangesFunc?, _ changesData: gpointer?) {
    guard onMainThread("unison_without_animation") else { return }
    let changesAddress = UInt(bitPattern: changesData)
    MainActor.assumeIsolated {
        guard let changes else { return reportFailedCheck("unison_without_animation", "changes != NULL") }
        ensureRuntime()
        var transaction = Transaction()
        transaction.disablesAnimations = true
        withTransaction(transaction) { changes(UnsafeMutableRawPointer(bitPattern: changesAddress)) }
    }
}
