import Foundation

/// What a navigation stack tells a page about its appearance: UIKit's `viewWillAppear`,
/// `viewDidAppear`, `viewWillDisappear` and `viewDidDisappear`.
///
/// Each *visit* of a page is exactly these four, in this order: `willAppear` when a transition
/// that shows it starts, `didAppear` when that transition has finished (or when a new
/// transition takes the page over mid-way, see ``NavigationModel``), `willDisappear` when a
/// transition that hides it starts, `didDisappear` when that one has finished. Transition state
/// kept by a page can be reset in `didAppear` and `didDisappear`: they always come.
public enum AppearanceEvent: Hashable, Sendable, CaseIterable {
    /// A transition that shows the page has started.
    case willAppear
    /// The transition that showed the page has finished (or another took the page over).
    case didAppear
    /// A transition that hides the page has started.
    case willDisappear
    /// The transition that hid the page has finished (or another took the page over).
    case didDisappear

    /// The state a page is in once it has received this event.
    public var resultingState: AppearanceState {
        switch self {
        case .willAppear: .appearing
        case .didAppear: .appeared
        case .willDisappear: .disappearing
        case .didDisappear: .disappeared
        }
    }
}

/// Where a page stands in its visit: UIKit's appearance states.
///
/// ```
/// disappeared --willAppear--> appearing --didAppear--> appeared
///      ^                                                  |
///      +--didDisappear-- disappearing <--willDisappear----+
/// ```
/// Only the arrows drawn exist: a page never goes back along the cycle. A transition that
/// changes direction half-way finishes the states it had started (`didAppear` or
/// `didDisappear`) and starts the opposite ones, in the same call.
public enum AppearanceState: Hashable, Sendable {
    /// Not shown (never pushed, covered by a page pushed over it, or popped).
    case disappeared
    /// Being shown by a transition in flight.
    case appearing
    /// Shown, and no transition involves it.
    case appeared
    /// Being hidden by a transition in flight.
    case disappearing

    /// Whether a page in this state is on screen (drawn, at least partly).
    public var isVisible: Bool { self != .disappeared }
}
