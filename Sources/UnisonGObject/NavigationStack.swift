import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison
import UnisonGtk

// The stack behind a UnisonNavigationStack (the GtkWidget is
// Bridges/CUnisonGObject/unison-navigation-stack.c): UnisonGtk's NavigationStack, whose container is
// the widget's child and whose appearance events become the widget's signals.

/// A UnisonNavigationStack's state: the Swift stack and the owner its events go to. Owned by the
/// GObject from construction to dispose (so the stack lives exactly as long as the widget).
@MainActor
final class NavigationStackState {
    let stack: NavigationStack
    /// The owning widget, until its dispose detaches it.
    private var owner: OpaquePointer?

    init(owner: OpaquePointer, root: UnsafeMutablePointer<GtkWidget>) {
        self.owner = owner
        var events: (@MainActor (UnsafeMutablePointer<GtkWidget>, AppearanceEvent) -> Void)?
        stack = NavigationStack(root: root) { page, event in events?(page, event) }
        events = { [weak self] page, event in self?.emit(page, event) }
        stack.onAppearance = events
    }

    /// Emits the signal of `event` for `page` on the owner (nothing once detached).
    private func emit(_ page: UnsafeMutablePointer<GtkWidget>, _ event: AppearanceEvent) {
        guard let owner else { return }
        let index: Int32 =
            switch event {
            case .willAppear: 0
            case .didAppear: 1
            case .willDisappear: 2
            case .didDisappear: 3
            }
        unison_bridge_navigation_stack_appearance(owner, page, index)
    }

    /// Stops sending events to the owner (its dispose has begun).
    func detach() { owner = nil }

    static func from(_ state: gpointer?) -> NavigationStackState {
        Unmanaged<NavigationStackState>.fromOpaque(state!).takeUnretainedValue()
    }
}

/// Runs `body` with the state behind `state` on the main actor (the caller has checked the thread).
private func withState<Result: Sendable>(
    _ state: gpointer?, _ body: @MainActor (NavigationStackState) -> Result
) -> Result {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(NavigationStackState.from(UnsafeMutableRawPointer(bitPattern: address)))
    }
}

/// `unison_bridge_navigation_stack_new`: a +1 state for `owner` showing `root`.
@_cdecl("unison_bridge_navigation_stack_new")
public func unisonBridgeNavigationStackNew(_ owner: OpaquePointer?, _ root: UnsafeMutablePointer<GtkWidget>?)
    -> gpointer?
{
    guard let owner, let root, onMainThread("unison_navigation_stack_new") else { return nil }
    let ownerAddress = UInt(bitPattern: owner)
    let rootAddress = UInt(bitPattern: root)
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let state = NavigationStackState(
            owner: OpaquePointer(bitPattern: ownerAddress)!, root: UnsafeMutablePointer(bitPattern: rootAddress)!)
        return UInt(bitPattern: Unmanaged.passRetained(state).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_navigation_stack_widget`: the stack's container (held by the state).
@_cdecl("unison_bridge_navigation_stack_widget")
public func unisonBridgeNavigationStackWidget(_ state: gpointer?) -> UnsafeMutablePointer<GtkWidget>? {
    UnsafeMutablePointer(bitPattern: withState(state) { UInt(bitPattern: $0.stack.widget) })
}

/// `unison_bridge_navigation_stack_detach`: no more signals for the owner.
@_cdecl("unison_bridge_navigation_stack_detach")
public func unisonBridgeNavigationStackDetach(_ state: gpointer?) {
    withState(state) { $0.detach() }
}

/// `unison_bridge_navigation_stack_free`: releases the state; the stack goes with it (its container,
/// unparented by the owner, is released in the stack's deinit).
@_cdecl("unison_bridge_navigation_stack_free")
public func unisonBridgeNavigationStackFree(_ state: gpointer?) {
    guard let state else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<NavigationStackState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// The transition a push from C asks for: a zoom out of the source at `sourceAddress` (a GtkWidget),
/// or the platform slide when there is none (0).
@MainActor
private func transition(from sourceAddress: UInt) -> NavigationTransition {
    guard let source = UnsafeMutablePointer<GtkWidget>(bitPattern: sourceAddress) else { return .slide }
    return .zoom(from: source)
}

/// `unison_bridge_navigation_stack_push`: a zoom out of `source` when there is one, else a slide.
@_cdecl("unison_bridge_navigation_stack_push")
public func unisonBridgeNavigationStackPush(
    _ state: gpointer?, _ page: UnsafeMutablePointer<GtkWidget>?, _ source: UnsafeMutablePointer<GtkWidget>?
) -> gboolean {
    guard let page, onMainThread("unison_navigation_stack_push") else { return 0 }
    let pageAddress = UInt(bitPattern: page)
    let sourceAddress = UInt(bitPattern: source)
    return withState(state) { state in
        let page = UnsafeMutablePointer<GtkWidget>(bitPattern: pageAddress)!
        return state.stack.push(page, transition: transition(from: sourceAddress)) ? 1 : 0
    }
}

/// `unison_bridge_navigation_stack_pop`.
@_cdecl("unison_bridge_navigation_stack_pop")
public func unisonBridgeNavigationStackPop(_ state: gpointer?) -> gboolean {
    guard onMainThread("unison_navigation_stack_pop") else { return 0 }
    return withState(state) { $0.stack.pop() ? 1 : 0 }
}

/// `unison_bridge_navigation_stack_depth`: the number of pages, the root included.
@_cdecl("unison_bridge_navigation_stack_depth")
public func unisonBridgeNavigationStackDepth(_ state: gpointer?) -> guint {
    guard onMainThread("unison_navigation_stack_get_depth") else { return 0 }
    return withState(state) { guint($0.stack.stack.count) }
}

/// `unison_bridge_navigation_stack_page`: the page at `index` (0 is the root), or NULL past the top.
@_cdecl("unison_bridge_navigation_stack_page")
public func unisonBridgeNavigationStackPage(_ state: gpointer?, _ index: guint) -> UnsafeMutablePointer<GtkWidget>? {
    guard onMainThread("unison_navigation_stack_get_top") else { return nil }
    let address = withState(state) { state in
        let pages = state.stack.stack
        return Int(index) < pages.count ? UInt(bitPattern: pages[Int(index)]) : 0
    }
    return UnsafeMutablePointer(bitPattern: address)
}

/// `unison_bridge_navigation_stack_get_back_swipe_enabled`: ``NavigationStack/isBackSwipeEnabled``.
@_cdecl("unison_bridge_navigation_stack_get_back_swipe_enabled")
public func unisonBridgeNavigationStackGetBackSwipeEnabled(_ state: gpointer?) -> gboolean {
    guard onMainThread("unison_navigation_stack_get_back_swipe_enabled") else { return 0 }
    return withState(state) { $0.stack.isBackSwipeEnabled ? 1 : 0 }
}

/// `unison_bridge_navigation_stack_set_back_swipe_enabled`: sets ``NavigationStack/isBackSwipeEnabled``.
@_cdecl("unison_bridge_navigation_stack_set_back_swipe_enabled")
public func unisonBridgeNavigationStackSetBackSwipeEnabled(_ state: gpointer?, _ enabled: gboolean) {
    guard onMainThread("unison_navigation_stack_set_back_swipe_enabled") else { return }
    withState(state) { $0.stack.isBackSwipeEnabled = enabled != 0 }
}

/// `unison_bridge_navigation_stack_seek_pop`: ``NavigationStack/seekPop(to:)``.
@_cdecl("unison_bridge_navigation_stack_seek_pop")
public func unisonBridgeNavigationStackSeekPop(_ state: gpointer?, _ progress: Double) {
    guard onMainThread("unison_navigation_stack_seek_pop") else { return }
    withState(state) { $0.stack.seekPop(to: progress) }
}

/// `unison_bridge_navigation_stack_seek_push`: a seek of a push of `page`, zooming out of `source`
/// when there is one, else sliding.
@_cdecl("unison_bridge_navigation_stack_seek_push")
public func unisonBridgeNavigationStackSeekPush(
    _ state: gpointer?, _ page: UnsafeMutablePointer<GtkWidget>?, _ source: UnsafeMutablePointer<GtkWidget>?,
    _ progress: Double
) -> gboolean {
    guard let page, onMainThread("unison_navigation_stack_seek_push") else { return 0 }
    let pageAddress = UInt(bitPattern: page)
    let sourceAddress = UInt(bitPattern: source)
    return withState(state) { state in
        let page = UnsafeMutablePointer<GtkWidget>(bitPattern: pageAddress)!
        return state.stack.seekPush(page, transition: transition(from: sourceAddress), to: progress) ? 1 : 0
    }
}

/// `unison_bridge_navigation_stack_end_seek`: finishes (or, `finish` 0, cancels) the seek with
/// `velocity` in progress per second and `animation` (NULL: the stack's choice).
@_cdecl("unison_bridge_navigation_stack_end_seek")
public func unisonBridgeNavigationStackEndSeek(
    _ state: gpointer?, _ finish: gboolean, _ velocity: Double, _ animation: OpaquePointer?
) {
    let name = finish != 0 ? "unison_navigation_stack_finish_seeking" : "unison_navigation_stack_cancel_seeking"
    guard onMainThread(name) else { return }
    let chosen = animation.map(AnimationBox.animation)
    withState(state) { state in
        if finish != 0 {
            state.stack.finishSeeking(velocity: velocity, animation: chosen)
        } else {
            state.stack.cancelSeeking(velocity: velocity, animation: chosen)
        }
    }
}

/// `unison_bridge_navigation_stack_seeking`: ``NavigationStack/isSeeking``.
@_cdecl("unison_bridge_navigation_stack_seeking")
public func unisonBridgeNavigationStackSeeking(_ state: gpointer?) -> gboolean {
    guard onMainThread("unison_navigation_stack_get_seeking") else { return 0 }
    return withState(state) { $0.stack.isSeeking ? 1 : 0 }
}

/// `unison_bridge_navigation_stack_pop_progress`: ``NavigationStack/popProgress``.
@_cdecl("unison_bridge_navigation_stack_pop_progress")
public func unisonBridgeNavigationStackPopProgress(_ state: gpointer?) -> Double {
    guard onMainThread("unison_navigation_stack_get_pop_progress") else { return 0 }
    return withState(state) { $0.stack.popProgress }
}

/// `unison_bridge_navigation_stack_push_progress`: ``NavigationStack/pushProgress(of:)``.
@_cdecl("unison_bridge_navigation_stack_push_progress")
public func unisonBridgeNavigationStackPushProgress(_ state: gpointer?, _ page: UnsafeMutablePointer<GtkWidget>?)
    -> Double
{
    guard let page, onMainThread("unison_navigation_stack_get_push_progress") else { return 0 }
    let pageAddress = UInt(bitPattern: page)
    return withState(state) { $0.stack.pushProgress(of: UnsafeMutablePointer<GtkWidget>(bitPattern: pageAddress)!) }
}
