import Foundation

// Seeking: a transition driven by a progress from the host (a gesture), then finished or
// cancelled with a velocity. See ``Presence/seek(to:toward:)`` for the rules.

extension PresenceCore {
    /// A straight path through the transition's effects: `from` at progress 0, `to` at 1.
    struct Span {
        /// Whether progress 1 is the element on stage (an insertion) or gone (a removal).
        var towardPresent: Bool
        var from: SizedEffects
        var to: SizedEffects
        /// What scaling and rotation pivot about along the way: the off-stage side's anchor.
        var anchor: UnitPoint

        init(towardPresent: Bool, transition: AnyTransition, direction: LayoutDirection) {
            self.towardPresent = towardPresent
            if towardPresent {
                from = transition.sizedEffects(for: .willAppear, in: direction)
                to = transition.sizedEffects(for: .identity, in: direction)
                anchor = from.effects.anchor
            } else {
                from = transition.sizedEffects(for: .identity, in: direction)
                to = transition.sizedEffects(for: .didDisappear, in: direction)
                anchor = to.effects.anchor
            }
        }

        /// The same path the other way: towards the other side, from `to` back to `from`.
        var reversed: Span {
            var reversed = self
            reversed.towardPresent.toggle()
            swap(&reversed.from, &reversed.to)
            return reversed
        }

        /// `to - from`: a progress velocity of 1 per second is this velocity.
        var delta: SizedEffects.AnimatableData { to.animatableData - from.animatableData }

        /// The effects at `progress`: the transition's effects interpolated, as any animation of
        /// them would present them.
        func value(at progress: Double) -> SizedEffects {
            var value = from
            value.animatableData = from.animatableData + delta.scaled(by: progress)
            value.effects.anchor = anchor
            return value
        }

        /// Where `value` is along the path: its projection, unclamped (a spring's overshoot
        /// reads past 1); nil for a path of length zero.
        func progress(of value: SizedEffects) -> Double? {
            let delta = delta
            let length = delta.magnitudeSquared
            guard length > 0, length.isFinite else { return nil }
            let offset = value.animatableData - from.animatableData
            // The dot product, from magnitudes only (all `VectorArithmetic` offers).
            let dot = ((offset + delta).magnitudeSquared - (offset - delta).magnitudeSquared) / 4
            let progress = dot / length
            return progress.isFinite ? progress : nil
        }
    }

    /// A seek in progress: the path and the progress last sought.
    struct Seek {
        var span: Span
        var progress: Double
    }

    /// The transition in flight: which way it goes, and the path it follows.
    struct Flight {
        enum Path {
            /// Started by a change of `isPresent`: this transition, laid out in this direction.
            case transition(AnyTransition, LayoutDirection)
            /// Ending a seek: along the seek's path (either way).
            case span(Span)
        }

        var towardPresent: Bool
        var path: Path

        /// Whether a seek towards `present` can grab it: it moves that way, or along a seek's path
        /// (which goes both ways).
        func goes(toward present: Bool) -> Bool {
            if towardPresent == present { return true }
            if case .span = path { return true }
            return false
        }
    }

    var isSeeking: Bool { seek != nil }

    /// Where the seek in progress goes: true for an insertion.
    var seekTarget: Bool? { seek?.span.towardPresent }

    /// The path a seek towards `present` follows now: the seek's own, the transition in flight's
    /// if it goes that way, else the current transition's in the current layout direction.
    private func span(toward present: Bool) -> Span {
        if let seek, seek.span.towardPresent == present { return seek.span }
        if let flight, property.isAnimating {
            switch flight.path {
            case let .span(span):
                // Either way along it: a cancelled seek is grabbed on the path it returns along.
                return span.towardPresent == present ? span : span.reversed
            case let .transition(transition, direction) where flight.towardPresent == present:
                return Span(towardPresent: present, transition: transition, direction: direction)
            default:
                break
            }
        }
        let direction = clock.environment.merging(property.environment)
            .merging(Transaction.current.environment).layoutDirection
        return Span(towardPresent: present, transition: transition, direction: direction)
    }

    func progress(toward present: Bool) -> Double {
        if let seek, seek.span.towardPresent == present { return seek.progress }
        let span = span(toward: present)
        if let progress = span.progress(of: property.presentationValue) { return progress }
        // A transition without visible effects: where the element stands.
        return (isVisible && present) || (!isVisible && !present) ? 1 : 0
    }

    func seek(to progress: Double, toward present: Bool) {
        guard !progress.isNaN else { return }
        let clamped = min(max(progress, 0), 1)
        // Starts only if there is somewhere to go: a change of `isPresent`, a transition in
        // flight towards `present` (grabbed), or a seek already under way.
        let inFlight = property.isAnimating && flight.map { $0.goes(toward: present) } == true
        guard seek != nil || present != isPresent || inFlight else { return }
        let span = span(toward: present)
        generation &+= 1  // a transition in flight no longer finishes anything
        let change = generation
        seek = Seek(span: span, progress: clamped)
        motionReduced = false  // the host draws the transition as it is, at the host's pace
        if !isVisible {
            isVisible = true
            visibilityChanged?(true)
            guard generation == change else { return }  // the callback changed isPresent
        }
        motionAnchor = span.anchor
        jump(to: span.value(at: clamped))
    }

    /// Ends the seek at `present`: animated from the effects shown, with `velocity` (progress
    /// per second, positive towards the seek's target) handed to the animation, or at once.
    func endSeek(toward present: Bool, animation explicit: Animation?, velocity: Double, defaultAnimation: Animation?) {
        guard let seek else { return }
        self.seek = nil
        let context = Transaction.current
        let enclosing = TransitionHold.Enclosing.current
        var animation: Animation?
        if !context.disablesAnimations {
            animation =
                explicit ?? transition.ownAnimation(for: present ? .willAppear : .didDisappear)
                ?? (context.isAnimated ? context.animation : nil) ?? defaultAnimation
            if let candidate = animation, !clock.allowsAnimation(candidate, essential: context.isEssential) {
                animation = nil
            }
        }
        let lower = clock.environment.merging(property.environment)
        if ReducedMotion.applies(to: context.environment, over: lower, running: animation) {
            animation = animation?.reducingMotion
        }
        let endpoint = present == seek.span.towardPresent ? seek.span.to : seek.span.from
        isPresent = present
        generation &+= 1
        let change = generation
        flight = nil
        enclosing.withScope(of: context) {
            guard let animation else {
                jump(to: endpoint)
                if !present && generation == change { hide() }
                return
            }
            let speed = velocity.isFinite ? velocity : 0
            run(
                to: endpoint, animation: animation, isRemoval: !present, environment: context.environment,
                enclosing: enclosing, velocity: seek.span.delta.scaled(by: speed))
        }
        // A seek that grabs this transition measures along the same path.
        if property.isAnimating {
            flight = Flight(towardPresent: present, path: .span(seek.span))
        }
    }
}
