import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// How a pushed page is shown.
public enum NavigationPresentation: Sendable {
    /// The page covers the whole stack; the page below is hidden once it has disappeared.
    case page
    /// An inset card (``NavigationStack/sheetInset`` from every edge, corners of
    /// ``NavigationStack/sheetCornerRadius``) over the page below, which stays drawn behind a
    /// dimming layer. It zooms out of its transition's source into the card and back into it
    /// when dismissed (a slide transition: out of the centre); it can be dragged down (or any
    /// way) to dismiss at any time, like a zoomed page; Escape and ``NavigationStack/dismiss(animated:)``
    /// dismiss it. Appearance callbacks are those of a push: the page below receives
    /// `willDisappear`/`didDisappear` although it stays drawn (it is no longer the top page).
    case sheet
}

/// One pushed widget: its motion bin and what its transition needs.
@MainActor
final class Page: Hashable {
    let content: UnsafeMutablePointer<GtkWidget>
    /// The UnisonMotionBin holding it (+1).
    let bin: UnsafeMutableRawPointer
    var transition: NavigationTransition
    var onAppearance: (@MainActor (AppearanceEvent) -> Void)?
    /// Where the finger has dragged the page (zoom), on the stack's clock.
    let drag: AnimatableProperty<CGPoint>
    /// The zoom source's bounds in the stack (nil: the centre fallback).
    var sourceFrame: CGRect?
    var needsSourceFrame = false
    /// The source is read again after the next layout (see `NavigationStack.layoutDone`).
    var resolvesAfterLayout = false
    /// A zoom close is under way: the page fades into its source over the last part of the travel
    /// (see `NavigationStack.closingOpacity`). Cleared when a push has brought it past the fade.
    var fadesIntoSource = false
    /// Presented as a sheet (see ``NavigationPresentation/sheet``).
    var isSheet = false
    /// Whether the page's transition in flight shows reduced motion: a cross-fade in place of
    /// the slide or zoom (decided when it starts, NavigationStack.swift's `transitionStarted`).
    var reducesMotion = false
    /// A sheet's dimming layer over the page below (+1).
    var dim: UnsafeMutablePointer<GtkWidget>?
    /// Whether the page is covered (not the top page): out of the focus chain, not a pointer
    /// target, hidden from accessibility (see `NavigationStack.updateCovering`).
    var isCovered = false
    /// The widget that had the focus in this page when it was covered (held weakly).
    var lastFocus: ObjectReference?
    /// Drawn and dragged as a zoom: a zoom transition, or any sheet.
    var isZoomLike: Bool { isSheet || transition.isZoom }

    /// A page holding `content` in a new motion bin; `dragged` runs whenever the drag offset changes.
    init(
        content: UnsafeMutableRawPointer, transition: NavigationTransition, clock: GtkFrameClock,
        dragged: @escaping @MainActor (CGPoint) -> Void
    ) {
        self.content = unison_gtk_widget(content)
        self.transition = transition
        drag = AnimatableProperty(CGPoint.zero, clock: clock, apply: dragged)
        let bin = UnsafeMutableRawPointer(unison_motion_bin_new()!)
        g_object_ref_sink(bin)
        self.bin = bin
        unison_motion_bin_set_child(OpaquePointer(bin), self.content)
    }

    /// The bin as a widget.
    var binWidget: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(bin) }

    nonisolated static func == (a: Page, b: Page) -> Bool { a === b }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
