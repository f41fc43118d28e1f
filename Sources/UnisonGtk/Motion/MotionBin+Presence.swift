import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Presence: the bin comes and goes through its transition, its space opening and closing with it
// (`collapse`), and once gone it is hidden or removed from its container.
extension MotionBin {
    // MARK: Transitions

    /// The transition used when ``isPresent`` changes (from the next change on).
    public var transition: AnyTransition {
        get { presence.transition }
        set { presence.transition = newValue }
    }

    /// Whether the widget is (or is becoming) present. Set in an animated transaction, the
    /// transition runs; otherwise it appears or disappears at once. A bin that stops being
    /// present while the focus is inside it moves the focus to the next row (else the previous
    /// one) first, as a list moves its cursor, instead of leaving GTK to focus the window's first
    /// widget (which would scroll a scrolled list to its top).
    public var isPresent: Bool {
        get { presence.isPresent }
        set {
            guard newValue != presence.isPresent else { return }
            withScopedChange(of: scopeWidget, own: .layout, inside: .content) { setPresent(newValue) }
        }
    }

    private func setPresent(_ newValue: Bool) {
        if !newValue {
            removalAnimation = Transaction.current.isAnimated ? Transaction.current.animation : nil
            moveFocusAway()
        }
        if newValue {
            removal = .hide
            mode.exit = .none
            // Shown first, so it is mapped (its clock animates) when the transition starts.
            if let w = motionBin { gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), 1) }
        }
        if match != nil, morphs(in: Transaction.current) {
            // The space is taken or freed at once: where the widget is drawn is the morph's
            // business (a frame in the window), so layout may jump underneath it.
            mode.morph = .awaiting(drawnAtMorph: isMorphing)
            withTransaction(Transaction()) { reveal.value = newValue ? 1 : 0 }
        } else if match != nil, Transaction.current.isAnimated, clock.animationsEnabled {
            // Reduced motion: the pair cross-fades in place; the space changes at once, as for a
            // morph, so each card fades at its own full frame.
            withTransaction(Transaction()) { reveal.value = newValue ? 1 : 0 }
        } else {
            reveal.value = newValue ? 1 : 0
        }
        presence.isPresent = newValue
        if let w = motionBin {
            gtk_widget_set_can_target(unison_gtk_widget(UnsafeMutableRawPointer(w)), newValue ? 1 : 0)
        }
    }

    /// Moves the focus out of a bin that starts going away, to the next row that can take it,
    /// else the previous one, as a list moves its cursor (the row: the bin, or the list-box row or
    /// flow-box child holding it). Otherwise GTK, once the focused widget is hidden or removed,
    /// focuses the window's first widget, and a scrolled list scrolls to its top.
    private func moveFocusAway() {
        guard let w = scopeWidget, let root = gtk_widget_get_root(w),
            let focus = gtk_root_get_focus(root), focus == w || gtk_widget_is_ancestor(focus, w) != 0
        else { return }
        var row = w
        if let parent = gtk_widget_get_parent(w),
            unison_gtk_is_a(parent, gtk_list_box_row_get_type()) != 0
                || unison_gtk_is_a(parent, gtk_flow_box_child_get_type()) != 0
        {
            row = parent
        }
        /// Whether `candidate` is going away too (a bin on its way out ignores input).
        func isLeaving(_ candidate: UnsafeMutablePointer<GtkWidget>) -> Bool {
            if gtk_widget_get_can_target(candidate) == 0 { return true }
            guard let child = gtk_widget_get_first_child(candidate) else { return false }
            return unison_is_motion_bin(child) != 0 && gtk_widget_get_can_target(child) == 0
        }
        for step in [gtk_widget_get_next_sibling, gtk_widget_get_prev_sibling] {
            var candidate = step(row)
            while let sibling = candidate {
                if !isLeaving(sibling), gtk_widget_child_focus(sibling, GTK_DIR_TAB_FORWARD) != 0 { return }
                candidate = step(sibling)
            }
        }
    }

    /// Whether the widget is on screen: from its insertion until its removal has finished.
    public var isVisible: Bool { presence.isVisible }

    /// Removes the bin from its container after a removal transition (at once outside an animated
    /// transaction). A second call, or a call on a bin already gone, does nothing.
    public func removeFromParent() {
        removal = .removeFromParent
        if presence.isPresent {
            isPresent = false
        } else if !presence.isVisible {
            detach()
        }
    }

    // MARK: Seeking

    /// Drives the bin's transition by hand: the transition's effects at `progress` towards
    /// `isPresent`, and the space the bin takes (``collapse``) the same fraction of the way.
    ///
    /// `Presence.seek(to:toward:)`'s rules: seeking an insertion shows the bin; a progress
    /// outside 0…1 is clamped, NaN ignored; a transition in flight is grabbed where it is (start
    /// from ``seekProgress(toward:)``). End it with
    /// ``finishSeeking(velocity:animation:)`` or ``cancelSeeking(velocity:animation:)``.
    ///
    /// ```swift
    /// banner.seek(to: -drag.translation.y / 80, toward: false)   // swiped up, 80 points is gone
    /// ```
    public func seek(to progress: Double, toward isPresent: Bool) {
        if isPresent && !presence.isVisible {
            removal = .hide
            mode.exit = .none
        }
        presence.seek(to: progress, toward: isPresent)
        guard presence.isSeeking else { return }
        let fraction = presence.progress(toward: isPresent)
        withTransaction(Transaction()) { reveal.value = isPresent ? fraction : 1 - fraction }
    }

    /// Whether the bin's transition is driven by hand (see ``seek(to:toward:)``).
    public var isSeeking: Bool { presence.isSeeking }

    /// How far the bin is through its transition towards `isPresent` (0 on the other side, 1
    /// there): where a gesture that grabs a transition in flight starts (see
    /// `Presence.progress(toward:)`).
    public func seekProgress(toward isPresent: Bool) -> Double {
        presence.progress(toward: isPresent)
    }

    /// Ends a seek by animating on to its target, from where the bin is, with `velocity` in
    /// progress per second (see `Presence.finishSeeking(velocity:animation:)`). The space the
    /// bin takes follows with `animation`, else the current transaction's, else `.spring`,
    /// starting at the same velocity; a removal hides the bin (or removes it after
    /// ``removeFromParent()``) once both have finished.
    public func finishSeeking(velocity: Double = 0, animation: Animation? = nil) {
        guard let target = presence.seekTarget else { return }
        endSeeking(at: target, target: target, velocity: velocity, animation: animation)
    }

    /// Ends a seek by animating back to where it started, from where the bin is, with `velocity`
    /// in progress per second, positive towards the seek's target (see
    /// `Presence.cancelSeeking(velocity:animation:)`); the space follows as in
    /// ``finishSeeking(velocity:animation:)``.
    public func cancelSeeking(velocity: Double = 0, animation: Animation? = nil) {
        guard let target = presence.seekTarget else { return }
        endSeeking(at: !target, target: target, velocity: velocity, animation: animation)
    }

    private func endSeeking(at present: Bool, target: Bool, velocity: Double, animation: Animation?) {
        withScopedChange(of: scopeWidget, own: .layout, inside: .content) {
            if !present { moveFocusAway() }
            if present == target {
                presence.finishSeeking(velocity: velocity, animation: animation)
            } else {
                presence.cancelSeeking(velocity: velocity, animation: animation)
            }
            let context = Transaction.current
            let space = animation ?? (context.isAnimated ? context.animation : nil) ?? .spring
            let animated = presence.isAnimating
            removalAnimation = !present && animated ? space : nil
            if animated {
                // Revealed is the progress towards an insertion, one minus it towards a removal.
                let speed = velocity.isFinite ? velocity : 0
                reveal.handOff(velocity: target ? speed : -speed)
                withAnimation(space) { reveal.value = present ? 1 : 0 }
            } else {
                withTransaction(Transaction()) { reveal.value = present ? 1 : 0 }
            }
            if let w = motionBin {
                gtk_widget_set_can_target(unison_gtk_widget(UnsafeMutableRawPointer(w)), present ? 1 : 0)
            }
            finishRemovalIfDone()
        }
    }

    // MARK: Removal

    /// The bin's presence on ``clock`` (registered for ``isAnimating``).
    func makePresence(isPresent: Bool, transition: AnyTransition) -> Presence {
        let render = render
        return registered(
            Presence(
                isPresent: isPresent, transition: transition, clock: clock,
                apply: { effects in
                    render.current.effects = effects
                    render.changed()
                },
                visibilityChanged: { [weak self] visible in self?.visibilityChanged(visible) }))
    }

    // MARK: Collapsing

    /// Whether the bin is collapsed: the space it takes shrinks to nothing in the directions of
    /// ``collapse`` (none with `.none`), whether it is present or not, and grows back to its
    /// natural size when this turns false. Set inside an animated transaction, the size animates
    /// (its container relays out every frame, so the siblings move with it, and the child is
    /// clipped to it); outside, it jumps. A collapsed bin stays shown and keeps its child: this
    /// is a disclosure (a sidebar folding away, a row's details), where ``isPresent`` makes the
    /// bin come and go through its transition. The two combine: the space is the natural size
    /// times how far the bin is revealed times how far it is expanded.
    ///
    /// ```swift
    /// animate(.smooth) { details.isCollapsed = true }    // the rows below slide up into its space
    /// ```
    public var isCollapsed: Bool {
        get { collapsedModel ?? false }
        set {
            guard newValue != isCollapsed else { return }
            collapsedModel = newValue
            layoutChange { expansion.value = newValue ? 0 : 1 }
            pushReveal()
        }
    }

    /// Hands the C bin the fraction of its space it takes now; `revealed` is `reveal`'s presented
    /// value when the caller has it (its apply: reading it again through the generic property costs
    /// more than the rest of this).
    func pushReveal(revealed: Double? = nil) {
        guard let w = motionBin else { return }
        guard collapse != .none else {
            // It takes its whole space whatever `reveal` and `expansion` say.
            unison_motion_bin_set_reveal(w, -1, -1)
            return
        }
        let revealed = revealed ?? reveal.presentationValue
        var shown = max(revealed, 0)
        var sized = reveal.isAnimating || revealed < 1
        if collapsedModel != nil {  // (the expansion is made when `isCollapsed` is first set)
            shown *= max(expansion.presentationValue, 0)
            sized = sized || expansion.isAnimating || expansion.presentationValue < 1
        }
        let fraction = sized ? shown : -1
        unison_motion_bin_set_reveal(
            w, collapse == .horizontal || collapse == .both ? fraction : -1,
            collapse == .vertical || collapse == .both ? fraction : -1)
    }

    func visibilityChanged(_ visible: Bool) {
        guard let w = motionBin else { return }
        if visible {
            mode.exit = .none
            gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), unison_gtk_true)
        } else {
            mode.exit = .waitingToHide
            finishRemovalIfDone()
        }
    }

    /// Hides or removes the bin once both its transition and its collapse have finished (once).
    func finishRemovalIfDone() {
        guard mode.exit == .waitingToHide, !presence.isPresent, !reveal.isAnimating || collapse == .none,
            !mode.morph.isAwaiting, !(isMorphing && geometry.isAnimating), let w = motionBin
        else {
            return
        }
        mode.exit = .none
        // Inside a GTK signal or a layout pass (an unmap that finished the removal early), the
        // container is changed at the next turn of the main loop instead.
        guard !areSafePointsSuspended else {
            GtkRuntime.after(0) { [weak self] in
                guard let self, !self.presence.isPresent else { return }  // shown again meanwhile
                self.hideOrDetach(w)
            }
            return
        }
        hideOrDetach(w)
    }

    private func hideOrDetach(_ w: OpaquePointer) {
        guard !isDisposed else { return }
        mode.morph = mode.morph.drawnAtLayout
        // What the container still gives it (the spacing next to it in a GtkBox, say) closes when it
        // goes: with the removal's animation, so the neighbours glide those last pixels too.
        withTransaction(Transaction(animation: removalAnimation)) {
            if removal == .removeFromParent {
                detach()
            } else {
                gtk_widget_set_visible(unison_gtk_widget(UnsafeMutableRawPointer(w)), unison_gtk_false)
            }
        }
    }

    /// Removes the bin from whatever holds it, with that container's own call.
    private func detach() {
        guard let bin = motionBin else { return }
        allocatedOrigin = nil
        let w: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(bin))
        removeFromContainer(w)
    }
}
