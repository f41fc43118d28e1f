import Foundation

/// A property's running animations, oldest first (``ValueState/entries``): the first one stored
/// inline, the others in an array.
///
/// Most properties run one animation at a time; that one then lives in the property's state itself,
/// next to the values every frame reads, with no buffer of its own (an array's buffer for a single
/// entry costs more than the entry: its header and malloc's). A takeover or a combined animation
/// puts the newer entries in `tail`, whose buffer is kept when it empties.
struct AnimationEntries<V: VectorArithmetic>: RandomAccessCollection, MutableCollection {
    typealias Entry = AnimationEntry<V>

    /// The entries after `head`. (First, at a fixed offset: code compiled for any `V` reaches it
    /// without looking up this type's layout.)
    private var tail: [Entry] = []
    /// The oldest entry; nil exactly when there is none (then `tail` is empty too). The frame paths
    /// read and change it in place through this property (`entries.head!.field`): the subscript's
    /// getter returns a copy (which retains everything the entry holds), and its `_modify` has two
    /// yields, which the optimiser does not inline.
    var head: Entry?

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var isEmpty: Bool { head == nil }
    var count: Int { isEmpty ? 0 : 1 + tail.count }

    subscript(index: Int) -> Entry {
        @inline(__always) get { index == 0 ? head! : tail[index - 1] }
        _modify {
            if index == 0 { yield &head! } else { yield &tail[index - 1] }
        }
    }

    // Fields of entry `index`, read or changed in place, for the frame path (`commitFrame`). The
    // subscript's getter copies the entry, and so does unwrapping `head` outside a mutating
    // method: these are mutating, so that they read the entry where it is (and inline).

    /// Whether there is an entry at `index` (≥ 0).
    @inline(__always)
    mutating func hasEntry(at index: Int) -> Bool { head != nil && index <= tail.count }

    @inline(__always)
    mutating func group(at index: Int) -> TransactionGroup { index == 0 ? head!.group : tail[index - 1].group }

    @inline(__always)
    mutating func isPendingMerge(at index: Int) -> Bool {
        index == 0 ? head!.pendingMerge : tail[index - 1].pendingMerge
    }

    @inline(__always)
    mutating func isLogicallyComplete(at index: Int) -> Bool {
        index == 0 ? head!.isLogicallyComplete : tail[index - 1].isLogicallyComplete
    }

    @inline(__always)
    mutating func markLogicallyComplete(at index: Int) {
        if index == 0 { head!.isLogicallyComplete = true } else { tail[index - 1].isLogicallyComplete = true }
    }

    /// The newest entry's target, or `fallback` when there is none. (Mutating, to read it in place:
    /// in code compiled for any `V`, `last` copies the entry into an optional.)
    @inline(__always)
    mutating func newestTarget(or fallback: V) -> V {
        if !tail.isEmpty { return tail[tail.count - 1].target }
        return head != nil ? Self.target(of: &head!) : fallback
    }

    /// Whether the newest entry waits to take over the ones before it and its transaction has not
    /// started yet (read in place, like `newestTarget`).
    @MainActor @inline(__always)
    mutating func newestIsUnstartedTakeover() -> Bool {
        if !tail.isEmpty { return tail[tail.count - 1].pendingMerge && tail[tail.count - 1].group.startTime == nil }
        return head != nil && Self.isUnstartedTakeover(&head!)
    }

    private static func target(of entry: inout Entry) -> V { entry.target }

    @MainActor
    private static func isUnstartedTakeover(_ entry: inout Entry) -> Bool {
        entry.pendingMerge && entry.group.startTime == nil
    }

    /// Whether an entry satisfies `predicate`: the head, then the array (in code compiled for any
    /// `V`, `Collection`'s version would step an iterator and copy each entry through the subscript).
    func contains(where predicate: (Entry) throws -> Bool) rethrows -> Bool {
        guard let head else { return false }
        return try predicate(head) || tail.contains(where: predicate)
    }

    /// The newest entry.
    var last: Entry? { tail.isEmpty ? head : tail[tail.count - 1] }

    mutating func append(_ entry: Entry) {
        if isEmpty { head = entry } else { tail.append(entry) }
    }

    /// Removes the newest entry (there must be one) and returns it.
    @discardableResult
    mutating func removeLast() -> Entry {
        if tail.isEmpty {
            let entry = head!
            head = nil
            return entry
        }
        return tail.removeLast()
    }

    /// Removes every entry; with `keepingCapacity`, `tail` keeps its buffer.
    mutating func removeAll(keepingCapacity: Bool = false) {
        head = nil
        tail.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Removes the `k` oldest entries (`k` ≤ `count`); `tail` keeps its buffer.
    mutating func removeFirst(_ k: Int) {
        guard k > 0 else { return }
        precondition(k <= count, "removing more entries than there are")
        if k == count {
            removeAll(keepingCapacity: true)
            return
        }
        head = tail[k - 1]
        tail.removeFirst(k)
    }

    /// The `k` oldest entries (`k` ≤ `count`).
    func oldest(_ k: Int) -> AnimationEntries {
        var entries = AnimationEntries()
        for index in 0..<k { entries.append(self[index]) }
        return entries
    }
}
