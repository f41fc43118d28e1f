import Foundation

/// The engine's side of one clock: the properties animating on it, ticked once per frame.
///
/// - Complexity: O(animating properties) per frame; no allocation in steady state.
@MainActor
final class FrameDriver {
    let clock: any FrameClock

    /// The animating properties and the frame bookkeeping, behind a pointer the driver owns:
    /// touched for every property on every frame, where a class's stored properties would pay a
    /// run-time exclusivity check per access. Only the main actor touches it.
    private struct Roster {
        var active: [PropertyCore] = []
        var lastFrameTime = -Double.infinity
        var isRunning = false
        /// Inside a frame, cores that stop are only marked (slot -1) and compacted out in one
        /// pass at the end of the frame, instead of one swap-removal each.
        var isPresenting = false
        var needsCompaction = false
    }

    private let roster: UnsafeMutablePointer<Roster>

    /// True while any driver is inside a frame (completions wait for its end).
    static var isPresentingFrame = false

    private init(clock: any FrameClock) {
        self.clock = clock
        roster = .allocate(capacity: 1)
        roster.initialize(to: Roster())
    }

    isolated deinit {
        roster.deinitialize(count: 1)
        roster.deallocate()
    }

    private static var drivers: [ObjectIdentifier: Weak] = [:]

    private struct Weak { weak var driver: FrameDriver? }

    /// The driver of `clock`, shared by every property on it.
    static func driver(for clock: any FrameClock) -> FrameDriver {
        let key = ObjectIdentifier(clock)
        if let driver = drivers[key]?.driver, driver.clock === clock { return driver }
        let driver = FrameDriver(clock: clock)
        drivers[key] = Weak(driver: driver)
        return driver
    }

    /// Frame times never run backwards for an animation, whatever the clock reports.
    var now: TimeInterval { max(clock.now, roster.pointee.lastFrameTime) }

    func activate(_ core: PropertyCore) {
        guard core.slot.pointee < 0 else { return }
        core.slot.pointee = roster.pointee.active.count
        roster.pointee.active.append(core)
        if !roster.pointee.isRunning {
            roster.pointee.isRunning = true
            clock.startFrames { [unowned self] time in self.present(at: time) }
        }
    }

    func deactivate(_ core: PropertyCore) {
        let index = core.slot.pointee
        guard index >= 0 else { return }
        if roster.pointee.isPresenting {
            core.slot.pointee = -1
            roster.pointee.needsCompaction = true
            return
        }
        let last = roster.pointee.active.removeLast()
        if index < roster.pointee.active.count {
            roster.pointee.active[index] = last
            last.slot.pointee = index
        }
        core.slot.pointee = -1
        stopIfIdle()
    }

    private func stopIfIdle() {
        if roster.pointee.active.isEmpty && roster.pointee.isRunning {
            roster.pointee.isRunning = false
            clock.stopFrames()
        }
    }

    var isIdle: Bool { roster.pointee.active.isEmpty }

    /// The driver already serving `clock`, if any.
    static func existingDriver(for clock: any FrameClock) -> FrameDriver? {
        guard let driver = drivers[ObjectIdentifier(clock)]?.driver, driver.clock === clock else { return nil }
        return driver
    }

    /// Ends every animation on this clock now (values jump to their model values; completions fire).
    func finishAll() {
        for core in roster.pointee.active { core.finishNow() }
    }

    /// Drops the cores that stopped during a frame, in one pass: a core stays where its slot
    /// says it is (a core re-added during the frame was appended and its old place is dropped).
    private func compact() {
        roster.pointee.needsCompaction = false
        var write = 0
        let count = roster.pointee.active.count
        for read in 0..<count {
            let core = roster.pointee.active[read]
            guard core.slot.pointee == read else { continue }
            if write != read {
                roster.pointee.active[write] = core
                core.slot.pointee = write
            }
            write += 1
        }
        roster.pointee.active.removeLast(count - write)
    }

    /// Presents one frame: every active property evaluates and applies its value at `time`;
    /// completions that became due run afterwards, in order.
    func present(at time: TimeInterval) {
        let frameTime = time.isNaN ? roster.pointee.lastFrameTime : max(time, roster.pointee.lastFrameTime)
        roster.pointee.lastFrameTime = frameTime
        let outer = Self.isPresentingFrame
        Self.isPresentingFrame = true
        roster.pointee.isPresenting = true
        var index = 0
        while index < roster.pointee.active.count {
            let core = roster.pointee.active[index]
            // A core stopped (or re-added elsewhere) earlier in this frame has a different slot.
            if core.slot.pointee == index, !core.tick(at: frameTime) {
                core.slot.pointee = -1
                roster.pointee.needsCompaction = true
            }
            index += 1
        }
        roster.pointee.isPresenting = false
        if roster.pointee.needsCompaction { compact() }
        Self.isPresentingFrame = outer
        if !outer { CompletionQueue.flush() }
        stopIfIdle()
    }
}

/// The type-erased per-frame face of a property (the driver holds these strongly; the
/// public ``AnimatableProperty`` owns its core and cancels it when released).
@MainActor
class PropertyCore {
    /// Index in its driver's active list, or -1 when not animating. It lives in the subclass's
    /// state allocation (which every frame touches anyway), so reading it costs no extra cache
    /// line and no exclusivity check.
    final let slot: UnsafeMutablePointer<Int>

    init(slot: UnsafeMutablePointer<Int>) {
        self.slot = slot
        slot.pointee = -1
    }

    /// Advances to `time`; returns false once the property needs no more frames.
    func tick(at time: TimeInterval) -> Bool { false }

    /// Jumps to the model value, ending every animation (their completions fire).
    func finishNow() {}
}

/// Ends every animation running on `clock` at once: each property jumps to its model value
/// and the completions waiting on those animations fire. Toolkit adapters call this when a
/// widget is hidden or destroyed mid-flight (libadwaita does the same).
@MainActor
public func finishAnimations(on clock: any FrameClock) {
    FrameDriver.existingDriver(for: clock)?.finishAll()
}
