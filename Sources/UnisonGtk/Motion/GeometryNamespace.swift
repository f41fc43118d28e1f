import CUnisonGtk
import Foundation
import Unison

/// Where matched-geometry ids live: SwiftUI's `@Namespace`. Two ``MotionBin``s that share an id
/// in one namespace morph into each other (``MotionBin/matchedGeometry(id:in:)``).
///
/// ```swift
/// let hero = GeometryNamespace()
/// small.matchedGeometry(id: "card", in: hero)
/// large.matchedGeometry(id: "card", in: hero)
/// ```
///
/// A namespace holds its bins weakly; one bin belongs to at most one namespace and id.
@MainActor
public final class GeometryNamespace {
    private struct Member {
        weak var bin: MotionBin?
    }

    private var members: [AnyHashable: [Member]] = [:]
    private var sources: [AnyHashable: ObjectReference] = [:]

    /// An empty namespace: bins join it through `matchedGeometry(id:in:)`.
    public init() {}

    // MARK: Zoom sources

    /// Marks `widget` as the source of zoom transitions for `id` (SwiftUI's
    /// `matchedTransitionSource(id:in:)`): a page pushed with
    /// `.zoom(sourceID: id, in: namespace)` grows out of it and shrinks back into it. Held
    /// weakly; a later call for the same id replaces it.
    public func matchedTransitionSource(id: some Hashable & Sendable, _ widget: some GObjectPointer) {
        sources[AnyHashable(id)] = ObjectReference(widget.gObjectAddress)
    }

    /// The live source widget for `id`, if any.
    func transitionSource(id: AnyHashable) -> UnsafeMutableRawPointer? {
        guard let reference = sources[id] else { return nil }
        guard let pointer = reference.pointer else {
            sources[id] = nil
            return nil
        }
        return pointer
    }

    // MARK: Matched geometry

    func add(_ bin: MotionBin, id: AnyHashable) {
        members[id, default: []].removeAll { $0.bin == nil || $0.bin === bin }
        members[id, default: []].append(Member(bin: bin))
    }

    func remove(_ bin: MotionBin, id: AnyHashable) {
        members[id]?.removeAll { $0.bin == nil || $0.bin === bin }
        if members[id]?.isEmpty == true { members[id] = nil }
    }

    /// The bin that `bin` morphs with: for an appearing bin, one with the same id that is on its
    /// way out; for a disappearing one, one with the same id that is present and shown. Only
    /// bins in the same window count.
    func partner(of bin: MotionBin, id: AnyHashable) -> MotionBin? {
        let appearing = bin.isPresent
        let root = gtk_widget_get_root(bin.widget)
        return members[id]?.lazy.compactMap(\.bin).first { other in
            guard other !== bin, other.isShownForMorph, gtk_widget_get_root(other.widget) == root else { return false }
            return appearing ? !other.isPresent : other.isPresent
        }
    }
}
