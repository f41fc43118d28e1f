import CUnisonGtk
import Foundation
import Unison

// Seeking: the content transition driven by a progress from the app (a gesture), then finished
// or cancelled with the release velocity, as a MotionBin's transition is.
extension ContentLabel {
    /// Drives a change of the text to `text` by hand: the content transition drawn at `progress`
    /// (0: the text shown, 1: `text`), for a gesture that scrubs a counter, say.
    ///
    /// The rules are `MotionBin.seek(to:toward:)`'s, with texts for sides:
    /// - A seek starts a change from ``text`` to `text` with ``contentTransition`` (a cross-fade
    ///   without one), drawn as the transition is (reduced motion applies to the animation that
    ///   finishes or cancels it). It is ignored when the label already shows `text`, is not
    ///   on screen, or has not been laid out since its text last changed (GTK has not drawn it:
    ///   the next seek, after the next frame, starts it).
    /// - A change in flight (animated, finishing or cancelling) is grabbed where it is when
    ///   `text` is one of its two texts: start from ``seekProgress(toward:)`` and nothing jumps.
    ///   Once started, seeks go anywhere in 0…1, back and forth, and may turn to the other text.
    /// - A progress outside 0…1 is clamped; NaN is ignored.
    /// - ``text`` keeps the text the seek started from until it is finished (then it is `text`)
    ///   or cancelled (it stays).
    /// - Seeking towards a third text ends the change drawn at once, at ``text``, and starts
    ///   from there.
    /// - The label's size is that of the new text from the start of the seek (and that of the
    ///   old again once a cancelled seek is over): it does not follow the progress.
    ///
    /// End it with ``finishSeeking(velocity:animation:)`` or ``cancelSeeking(velocity:animation:)``.
    ///
    /// ```swift
    /// counter.seek(to: drag.translation.y / -40, toward: "42")   // dragged up 40 px: "42"
    /// ```
    public func seek(to progress: Double, toward text: String) {
        transitionState().seek(
            to: progress, toward: text, transition: contentTransition ?? .opacity, previousValue: lastValue)
    }

    /// Whether a seek is in progress (see ``seek(to:toward:)``).
    public var isSeeking: Bool { state?.isSeeking ?? false }

    /// The text the seek in progress goes to; nil when not seeking. Finishing sets ``text`` to it.
    public var seekTarget: String? { state?.seekTarget }

    /// How far the label is through a change to `text` (0: the other side, 1: there): the last
    /// progress sought while seeking that way, else the change drawn measured that way (it may
    /// read slightly past 0…1 while a spring overshoots), else 1 when the label shows `text`, 0
    /// when not. A gesture that grabs a change in flight starts from it.
    public func seekProgress(toward text: String) -> Double {
        if let state { return state.progress(toward: text) }
        return text == self.text ? 1 : 0
    }

    /// Ends a seek by animating on to its target (``text`` becomes it), from the progress shown
    /// with `velocity` in progress per second (the gesture's release speed divided by the
    /// distance that is a progress of 1; positive towards the target).
    ///
    /// The animation is `animation`, else the current transaction's, else `.spring`; a
    /// transaction with `disablesAnimations`, or animations off in GTK, ends it at once. Springs
    /// begin with `velocity`; under reduced motion they lose their bounce. The current
    /// transaction's completions wait for it. Does nothing unless seeking; a non-finite velocity
    /// counts as zero.
    ///
    /// ```swift
    /// counter.finishSeeking(velocity: -releaseVelocityY / 40)
    /// ```
    public func finishSeeking(velocity: Double = 0, animation: Animation? = nil) {
        state?.finishSeeking(velocity: velocity, animation: animation)
    }

    /// Ends a seek by animating back to the other text of the change (``text`` becomes it: the
    /// text the seek started from, unless it grabbed a change in flight, which it reverses), from
    /// the progress shown with `velocity` in progress per second, positive towards the seek's
    /// target (a release moving back is negative). The animation is chosen as in
    /// ``finishSeeking(velocity:animation:)``. Does nothing unless seeking.
    public func cancelSeeking(velocity: Double = 0, animation: Animation? = nil) {
        state?.cancelSeeking(velocity: velocity, animation: animation)
    }
}
