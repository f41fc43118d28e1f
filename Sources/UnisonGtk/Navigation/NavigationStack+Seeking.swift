import CUnisonGtk
import Foundation
import Unison

// Seeking a pop or a push: the top page's pop (or a page's push) driven by a progress from the
// app (or the back swipe, NavigationStack+BackSwipe.swift), then finished or cancelled with a
// release velocity. Built on the model's interactive pop and push: a seek is one whose progress
// the host sets.

extension NavigationStack {
    /// Drives the pop of the top page to `progress`: 0 is the top page fully shown, 1 is the
    /// page gone and the one below fully shown. The page is drawn exactly as its pop draws it at
    /// that progress: a slid page moved towards the trailing edge, a zoomed page shrunk towards
    /// its source, under reduced motion the cross-fade. ``finishSeeking(velocity:animation:)``
    /// pops it from there, ``cancelSeeking(velocity:animation:)`` brings it back.
    ///
    /// ```swift
    /// // An app's own gesture: a horizontal drag of `dx` pixels over a stack `width` wide.
    /// let start = stack.popProgress        // 0 at rest; mid-flight, where the page is drawn
    /// stack.seekPop(to: start + dx / width)
    /// // On release, moving at `vx` pixels per second:
    /// if stack.popProgress > 0.5 { stack.finishSeeking(velocity: vx / width) }
    /// else { stack.cancelSeeking(velocity: vx / width) }
    /// ```
    ///
    /// - The first seek starts the pop: the top page gets `willDisappear`, the page below
    ///   `willAppear` (the model's interactive pop), and ``isSeeking`` becomes true. The stack
    ///   (``stack``, ``top``) keeps the page until the seek is finished.
    /// - A seek grabs a transition in flight without a jump: the top page mid-push or settling
    ///   back after a cancel, and a page still leaving after a pop (a finished seek, ``pop(animated:)``,
    ///   Escape), which is pushed back first (its visit is closed and a new one starts, so the
    ///   appearance events stay balanced). Read ``popProgress`` to continue from where it is.
    /// - A progress outside 0…1 is clamped; NaN is ignored. With nothing to pop, while a drag of
    ///   ``beginDrag()`` holds the page, during a seek of a push, or once the stack's widget is
    ///   gone, nothing happens.
    /// - A push, pop or ``popToRoot(animated:)`` during a seek ends it first (the page settles
    ///   back, as a cancel with no velocity); the next seek starts anew.
    public func seekPop(to progress: Double) {
        guard !isDisposed, !progress.isNaN else { return }
        let clamped = min(max(progress, 0), 1)
        if !isSeeking || model.isInteractivePush {
            guard !isSeeking, beginSeek() else { return }
        }
        model.updateInteractivePop(progress: 1 - clamped)
    }

    /// Drives a push of `page` to `progress`: 0 is `page` not shown, 1 is `page` fully shown over
    /// the page below. The first call pushes it (`willAppear` for `page`, `willDisappear` for the
    /// top page; `page` is the new ``top``) and holds it where the progress says; later calls with
    /// the same page move it. ``finishSeeking(velocity:animation:)`` completes the push,
    /// ``cancelSeeking(velocity:animation:)`` takes the page away again (a pop). Returns whether
    /// the seek holds `page` now.
    ///
    /// ```swift
    /// // A swipe from the trailing edge brings the next page in.
    /// stack.seekPush(next, to: -dx / width)
    /// // Released: on if past half the width, else back.
    /// if -dx / width > 0.5 { stack.finishSeeking(velocity: -vx / width) } else { stack.cancelSeeking() }
    /// ```
    ///
    /// - Grabs without a jump: `page` while its push is still running (the top page), or while it
    ///   leaves after a pop or a cancelled seek (it is pushed back from where it is drawn).
    ///   ``pushProgress(of:)`` says where it is.
    /// - A progress outside 0…1 is clamped; NaN changes nothing (but still starts the seek).
    ///   Returns false, changing nothing, when `page` is on the stack below the top or has a
    ///   parent elsewhere, during a seek of the pop or of another page, while a drag of
    ///   ``beginDrag()`` holds the top page, or once the stack's widget is gone.
    /// - A push, pop or ``popToRoot(animated:)`` during the seek takes `page` away first.
    @discardableResult
    public func seekPush(
        _ page: some GObjectPointer, transition: NavigationTransition = .slide,
        presentation: NavigationPresentation = .page, to progress: Double,
        onAppearance: (@MainActor (AppearanceEvent) -> Void)? = nil
    ) -> Bool {
        guard !isDisposed else { return false }
        let content = page.gObjectAddress
        if !(isSeeking && model.isInteractivePush && seeking.map { UnsafeMutableRawPointer($0.content) } == content) {
            guard dismissalDrag.page == nil, !model.isInteractive else { return false }
            let entry: Page
            if let existing = pages[content], existing === model.top {
                guard model.beginInteractivePush(existing) else { return false }
                entry = existing
            } else {
                guard
                    let entering = entering(
                        page, transition: transition, presentation: presentation, onAppearance: onAppearance)
                else { return false }
                arriving = entering
                defer { arriving = nil }
                guard model.beginInteractivePush(entering) else { return false }
                entry = entering
            }
            seeking = entry
        }
        if !progress.isNaN { model.updateInteractivePop(progress: min(max(progress, 0), 1)) }
        render()
        return true
    }

    /// How far `page` is shown, as ``seekPush(_:transition:presentation:to:onAppearance:)`` counts:
    /// 0 not shown, 1 fully shown (0 for a page the stack does not hold). A gesture that grabs a
    /// push in flight starts from here. A spring may read slightly outside 0…1.
    public func pushProgress(of page: some GObjectPointer) -> Double {
        guard let entry = pages[page.gObjectAddress] else { return 0 }
        return model.progress(of: entry)
    }

    /// Whether a seek holds the top page's pop or push (see ``seekPop(to:)`` and
    /// ``seekPush(_:transition:presentation:to:onAppearance:)``).
    public var isSeeking: Bool {
        guard let seeking else { return false }
        return model.isInteractive && model.top === seeking && dismissalDrag.page == nil
    }

    /// How far the pop of the top page is, as ``seekPop(to:)`` counts: 0 when the top page is fully
    /// shown, 1 when it is gone. While a pop is still animating a page out, that page's: a gesture
    /// that grabs it starts from here. A spring may read slightly outside 0…1.
    public var popProgress: Double {
        guard let page = seekCandidate() else { return 0 }
        return 1 - model.progress(of: page)
    }

    /// Ends the seek by popping the page from where it is drawn (a seek of a push: by completing
    /// the push), with `velocity` (progress per second towards the seek's target: a finger moving
    /// the page away at v pixels per second over a stack w pixels wide is v / w for a pop) handed
    /// to the spring.
    ///
    /// The animation is the current transaction's, else `animation`, else the stack's
    /// ``animation`` (unlike `Presence`, where the argument comes first: the pop runs in the
    /// caller's transaction, so that its completions wait for the pop); a transaction that
    /// disables animations, or animations off, pops at once. The page gets
    /// `didDisappear` and the one below `didAppear` when it has settled; the current
    /// transaction's completions wait for it. Does nothing unless seeking; a non-finite
    /// velocity counts as zero.
    ///
    /// ```swift
    /// stack.finishSeeking(velocity: 1.5, animation: .spring(duration: 0.4))
    /// ```
    public func finishSeeking(velocity: Double = 0, animation: Animation? = nil) {
        endSeek(pops: true, velocity: velocity, animation: animation)
    }

    /// Ends the seek by bringing the page back from where it is drawn: it stays the top page (a
    /// seek of a push: the page leaves again, as a pop, with `didAppear` then `willDisappear`).
    /// `velocity` is in progress per second towards the seek's target, as in
    /// ``finishSeeking(velocity:animation:)`` (a release moving the page back is negative).
    ///
    /// The settling back is a new transition: the page gets `didDisappear` then `willAppear`
    /// (`didAppear` once it has settled), the page below `didAppear` then `willDisappear`
    /// (`didDisappear` once it has settled), so every `will-` event is matched by its `did-`
    /// event. UIKit's cancelled pop instead sends the page only `viewWillAppear` and
    /// `viewDidAppear`, leaving its `viewWillDisappear` unmatched. Does nothing unless seeking.
    public func cancelSeeking(velocity: Double = 0, animation: Animation? = nil) {
        endSeek(pops: false, velocity: velocity, animation: animation)
    }

    // MARK: Internals

    /// The page a seek would take: a page still animating out after a pop, else the top page
    /// if there is something below it.
    func seekCandidate() -> Page? {
        if isSeeking { return seeking }
        if let leaving, !model.stack.contains(leaving), model.isMoving(leaving),
            model.appearanceState(of: leaving) == .disappearing
        {
            return leaving
        }
        return model.canPop ? model.top : nil
    }

    /// Starts a seek: the model's interactive pop of the top page, after pushing back a page that
    /// is still leaving.
    private func beginSeek() -> Bool {
        guard dismissalDrag.page == nil, !model.isInteractive, let page = seekCandidate() else { return false }
        if page !== model.top {
            // Grabbed mid-pop: it comes back (from where it is drawn), then the pop is held.
            let content = page.content
            guard
                push(
                    content, transition: page.transition, presentation: page.isSheet ? .sheet : .page,
                    onAppearance: page.onAppearance), model.top === page
            else { return false }
        }
        guard model.beginInteractivePop() else { return false }
        seeking = page
        // A zoom driven towards its source fades into it, as its pop does.
        if page.isZoomLike { page.fadesIntoSource = true }
        return true
    }

    private func endSeek(pops: Bool, velocity: Double, animation: Animation?) {
        guard isSeeking else {
            seeking = nil
            return
        }
        seeking = nil
        // The model's velocity is the page's progress, which falls towards a pop and rises
        // towards a push.
        let push = model.isInteractivePush
        let speed = velocity.isFinite ? (push ? velocity : -velocity) : 0
        // `animation` stands in for the stack's own for this call, inside the caller's transaction
        // (a transaction of its own would not hold the caller's completions).
        let own = model.animation
        if let animation { model.animation = animation }
        if push {
            model.endInteractivePush(commits: pops, velocity: speed)
        } else {
            model.endInteractivePop(pops: pops, velocity: speed)
        }
        model.animation = own
    }
}
