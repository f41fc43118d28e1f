import CUnisonGtk
import Foundation
import Unison

/// A drag on a GTK widget, reported with its translation and velocity in pixels per second:
/// a `GtkGestureDrag` feeding Unison's `DragRecognizer` (velocity by least squares over the
/// last 100 ms of the events' own timestamps, so uneven event timing does not skew it and a
/// finger that stopped releases with no velocity). For a minimum distance, or a drag composed
/// with other gestures, use ``WidgetGesture`` with a `DragRecognizer`.
///
/// The SwiftUI/UIKit pattern works as written:
///
/// ```swift
/// let drag = DragGesture(on: fixed)              // attach to a widget that does not move
/// drag.onChanged = { value in
///     animate(.interactiveSpring) { card.translation = value.translation }
/// }
/// drag.onEnded = { value in
///     animate(.spring) { card.translation = .zero }   // starts with the finger's velocity
/// }
/// ```
///
/// Attach it to a stationary ancestor of what moves: GTK reports points in the coordinates
/// of the widget the gesture is on, so a gesture on the moving widget would chase itself.
/// The gesture lives as long as this object: releasing it removes its controller from the widget.
@MainActor
public final class DragGesture {
    /// One moment of a drag.
    public struct Value: Sendable {
        /// Where the drag began, in the coordinates of the widget the gesture is on.
        public var startLocation: CGPoint
        /// Offset from the start.
        public var translation: CGPoint
        /// Velocity in pixels per second (fitted over the last 100 ms).
        public var velocity: CGPoint
        /// A moment of a drag that began at `startLocation` and has moved by `translation` (pixels),
        /// at `velocity` pixels per second.
        public init(startLocation: CGPoint, translation: CGPoint, velocity: CGPoint) {
            (self.startLocation, self.translation, self.velocity) = (startLocation, translation, velocity)
        }

        /// `startLocation + translation`.
        public var location: CGPoint {
            CGPoint(x: startLocation.x + translation.x, y: startLocation.y + translation.y)
        }
    }

    /// Called when a drag begins (before the first change).
    public var onBegan: (@MainActor (Value) -> Void)?
    /// Called on every pointer motion during a drag.
    public var onChanged: (@MainActor (Value) -> Void)?
    /// Called once when the drag ends, with the release velocity.
    public var onEnded: (@MainActor (Value) -> Void)?
    /// Called instead of `onEnded` when the drag is cancelled (by GTK, or by ``cancel()``):
    /// put back what `onChanged` moved.
    public var onCancelled: (@MainActor () -> Void)?
    /// Whether a drag is in progress.
    public private(set) var isDragging = false

    /// The model underneath: a `DragRecognizer` with no minimum distance (the drag begins at
    /// the press), fed by a `GtkGestureDrag`.
    private let gesture: WidgetGesture<DragRecognizer>

    /// A drag gesture on `widget`, beginning at the press; its controller is removed when this object goes away.
    public init(on widget: some GObjectPointer) {
        gesture = WidgetGesture(on: widget, DragRecognizer(minimumDistance: 0))
        gesture.onChanged = { [weak self] value in self?.changed(value) }
        gesture.onEnded = { [weak self] value in
            self?.isDragging = false
            self?.onEnded?(Value(value))
        }
        gesture.onCancelled = { [weak self] in
            self?.isDragging = false
            self?.onCancelled?()
        }
    }

    /// Cancels the drag in progress: `onCancelled` runs, and no `onEnded`.
    public func cancel() { gesture.cancel() }

    private func changed(_ value: DragRecognizer.Value) {
        if !isDragging {
            isDragging = true
            onBegan?(Value(value))
        } else {
            onChanged?(Value(value))
        }
    }
}

extension DragGesture.Value {
    init(_ value: DragRecognizer.Value) {
        self.init(startLocation: value.startLocation, translation: value.translation, velocity: value.velocity)
    }
}
