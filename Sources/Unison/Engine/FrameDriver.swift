import Foundation

/// The engine's side of one clock: the properties animating on it, ticked once per frame.
///
/// - Complexity: O(animating properties) per frame; no allocation in steady state.
@MainActor
final class FrameDriver {
    let clock: any FrameClock
    private var active: [PropertyCore] = []
    private var lastFrameTime = -Double.infinity
    private var isRunning = false

    /// True while any driver is inside a frame (completions wait for its end).
    static var isPresentingFrame = false

    private init(clock: any FrameClock) { self.clock = clock }

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
    var now: TimeInterval { max(clock.now, lastFrameTime) }

    func activate(_ core: PropertyCore) {
        guard core.activeIndex == nil else { return }
        core.activeIndex = active.count
        active.append(core)
        if !isRunning {
            isRunning = true
            clock.startFrames { [unowned self] time in self.present(at: time) }
        }
    }

    func deactivate(_ core: PropertyCore) {
        guard let index = core.activeIndex else { return }
        let last = active.removeLast()
        if index < active.count {
            active[index] = last
            last.activeIndex = index
        }
        core.activeIndex = nil
        stopIfIdle()
    }

    private func stopIfIdle() {
        if active.isEmpty && isRunning {
            isRunning = false
            clock.stopFrames()
        }
    }

    var isIdle: Bool { active.isEmpty }

    /// The driver already serving `clock`, if any.
    static func existingDriver(for clock: any FrameClock) -> FrameDriver? {
        guard let driver = drivers[ObjectIdentifier(clock)]?.driver, driver.clock === clock else { return nil }
        return driver
    }

    /// Ends every animation on this clock now (values jump to their model values; completions fire).
    func finishAll() {
        for core in active { core.finishNow() }
    }

    /// Presents one frame: every active property evaluates and applies its value at `time`;
    /// completions that became due run afterwards, in order.
    func present(at time: TimeInterval) {
        let frameTime = time.isNaN ? lastFrameTime : max(time, lastFrameTime)
        lastFrameTime = frameTime
        let outer = Self.isPresentingFrame
        Self.isPresentingFrame = true
        var index = 0
        while index < active.count {
            let core = active[index]
            if core.tick(at: frameTime) {
                index += 1
            } else {
                deactivate(core)  // swaps the last core into `index`
            }
        }
        Self.isPresentingFrame = outer
        if !outer { CompletionQueue.flush() }
        stopIfIdle()
    }
}

/// The type-erased per-frame face of a property (the driver holds these strongly; the
/// public ``AnimatableProperty`` owns its core and cancels it when released).
@MainActor
class PropertyCore {
    var activeIndex: Int?

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
