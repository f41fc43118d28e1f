import Foundation
import Unison
import UnisonHeadless

/// Reads fuzz input one decision at a time; past the end every read is 0, so any input,
/// including an empty one, decodes to a finite sequence.
public struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// One of `table`'s elements, chosen by the next byte.
    public mutating func pick<T>(_ table: [T]) -> T { table[Int(byte()) % table.count] }

    /// A number below `bound`.
    public mutating func below(_ bound: Int) -> Int { Int(byte()) % bound }
}

/// One run of random operations on the public API, against the invariants an app relies on:
/// nothing non-finite reaches an `apply` or a presented value, every completion runs exactly once
/// (never inside a release), and at rest every value is presented as set.
///
/// The operations: animated and unanimated sets, retargets, releases (also from inside an apply,
/// of its own property or another) and re-creations, finishes,
/// nested transactions, completions that start animations, frames ahead, backwards, at NaN,
/// infinite and huge times on a clock with a changing time scale, animations turned off, class
/// strings (valid and not), keyframe timelines, and transitions toggled on a `Presence`.
/// Properties live on two clocks (the fuzzed one and a `HeadlessClock`), so transactions span both.
@MainActor
public final class OperationFuzzer {
    /// Broken invariants, in order (empty when the run is clean).
    public private(set) var failures: [String] = []
    /// Operations run (for the figures).
    public private(set) var operationCount = 0
    /// Completions registered (for the figures).
    public var completionCount: Int { registered }

    private var reader: ByteReader
    private let clock = FuzzClock()
    private let headless = HeadlessClock()
    private var doubles: [AnimatableProperty<Double>?] = []
    private var point: AnimatableProperty<CGPoint>?
    /// A value of the app's own type (the engine's code compiled for any type), set, released,
    /// made and finished with `point`, with the point's x and y and a third component that stays 0:
    /// it must present the point's values bit for bit.
    private var pose: AnimatableProperty<FuzzPose>?
    private var rect: AnimatableProperty<CGRect>?
    private var keyframes: KeyframeAnimator<Double>?
    private var presence: Presence?
    private var watched: WatchedAnimation<Int>?
    private var fired: [Int: Int] = [:]
    private var registered = 0
    private var releasing = false
    /// The Double the next Double's apply releases (its own property, or another), once.
    private var releaseFromApply: Int?
    /// How deep completions that start animations may chain.
    private var chainDepth = 0

    static let values: [Double] = [
        0, 1, -1, 100, -100, 37.5, 1e6, -1e6, 1e12, .nan, .infinity, -.infinity, 1e-300, 0.1,
    ]
    static let times: [Double] = [1.0 / 60, 1.0 / 120, 0.05, 0.25, 1, 3, -0.5, -10, 120, 3600, 1e9, 0, 1e-9]
    static let scales: [Double] = [1, 0.25, 4, 0.001, 100, 0, -1, .nan, .infinity]
    static let classStrings: [String] = [
        "animate-spring duration-200", "animate-bouncy", "animate-linear duration-0", "duration-500",
        "animate-ease-in-out delay-100 duration-[0.4s]", "animate-snappy duration-[250ms] delay-[20ms]",
        "animate-nope", "duration-oops", "animate-spring duration-99999999", "animate-interpolating-spring",
        "", "animate-circular-ease-in duration-1e9", "delay-[nan] animate-linear", "animate-default delay-0",
        "p-6 bg-surface rounded-xl animate-smooth", "p-[nan] animate-spring", "-p-1",
        "px-[3rem] hover:py-2 animate-snappy",
    ]
    static let texts: [String] = ["41", "42", "9", "10", "$9.99", "$10.99", "", "a", "Count: 9", "1,024", "é🙂"]
    static let scopes: [AnimationScope] = [.surface, .layout, .content, .all]
    static let areas: [AnimationArea] = [.surface, .layout, .childLayout, .content]
    static let transitions: [AnyTransition] = [
        .opacity, .slide, .scale, .move(edge: .top), .push(from: .trailing),
        .offset(x: 40, y: -20), .scale(scale: 0.2, anchor: .bottomTrailing).combined(with: .opacity),
        .asymmetric(insertion: .move(edge: .leading), removal: .scale), .identity,
        .opacity.animation(.linear(duration: 0.2)), .offset(x: .nan, y: .infinity), .scale(scale: .nan),
    ]

    static func animation(_ reader: inout ByteReader) -> Animation {
        let base: Animation
        switch reader.below(16) {
        case 0: base = .smooth
        case 1: base = .snappy
        case 2: base = .bouncy
        case 3: base = .interactiveSpring
        case 4: base = .default
        case 5: base = .spring(duration: reader.pick(times), bounce: reader.pick([0, 0.5, -0.5, 0.99, 1, -5, .nan]))
        case 6: base = .interpolatingSpring(stiffness: reader.pick(values), damping: reader.pick(values))
        case 7: base = .linear(duration: reader.pick(times))
        case 8: base = .easeInOut(duration: reader.pick(times))
        case 9: base = .easeIn.delay(reader.pick(times))
        case 10: base = .easeOut.speed(reader.pick(scales))
        case 11: base = .linear(duration: 0.1).repeatCount(reader.pick([0, 1, 3, -2, Int.max]))
        case 12: base = .spring(duration: 0.4).logicallyComplete(after: reader.pick(times))
        case 13: base = .easeInOut(duration: 0.3).repeatForever(autoreverses: reader.byte() & 1 == 0)
        case 14: base = .spring(response: reader.pick(values), dampingFraction: reader.pick(values))
        default: base = .timingCurve(0.2, reader.pick(values), 0.8, reader.pick(values), duration: 0.3)
        }
        return base
    }

    public init(bytes: [UInt8]) {
        reader = ByteReader(bytes)
    }

    private func fail(_ message: String) { failures.append(message) }

    private func check(_ value: Double, _ what: String) {
        if !value.isFinite { fail("\(what) is \(value)") }
    }

    private func completion(_ label: String) -> @MainActor () -> Void {
        let id = registered
        registered += 1
        return { [unowned self] in
            fired[id, default: 0] += 1
            if fired[id]! > 1 { fail("completion \(id) (\(label)) fired \(fired[id]!) times") }
            if releasing { fail("completion \(id) (\(label)) ran inside a release") }
        }
    }

    /// A completion that starts another animation (chained up to three deep), counted as any other.
    private func chainingCompletion(_ label: String) -> @MainActor () -> Void {
        let own = completion(label)
        let index = reader.below(4)
        let target = reader.pick(Self.values)
        let animation = Self.animation(&reader)
        return { [unowned self] in
            own()
            guard chainDepth < 3 else { return }
            chainDepth += 1
            defer { chainDepth -= 1 }
            withAnimation(
                animation, completionCriteria: .removed, { setDouble(index, target) }, completion: completion("chained")
            )
        }
    }

    private func makeDouble(_ value: Double) -> AnimatableProperty<Double> {
        let onHeadless = doubles.count == 3
        return AnimatableProperty(value, clock: onHeadless ? headless as any FrameClock : clock) {
            [unowned self] in
            check($0, "an applied Double")
            // Inside a frame (or a jump): the property goes while the engine may be calling it.
            guard let victim = releaseFromApply else { return }
            releaseFromApply = nil
            releasing = true
            doubles[victim] = nil
            releasing = false
        }
    }

    private func makePose(_ value: FuzzPose) -> AnimatableProperty<FuzzPose> {
        AnimatableProperty(value, clock: clock) { [unowned self] in
            check($0.x + $0.y + $0.z, "an applied pose")
        }
    }

    private func setDouble(_ index: Int, _ value: Double) {
        guard index < doubles.count, let property = doubles[index] else { return }
        property.value = value
    }

    private func setup() {
        for _ in 0..<4 { doubles.append(makeDouble(0)) }
        point = AnimatableProperty(CGPoint.zero, clock: clock) { [unowned self] in
            check($0.x, "an applied point's x")
            check($0.y, "an applied point's y")
        }
        pose = makePose(FuzzPose(x: 0, y: 0))
        rect = AnimatableProperty(CGRect(x: 0, y: 0, width: 10, height: 10), clock: headless) { [unowned self] in
            check($0.origin.x + $0.origin.y, "an applied rect's origin")
            check($0.size.width + $0.size.height, "an applied rect's size")
        }
        keyframes = KeyframeAnimator(doubles[0]!) { start in
            CubicKeyframe(start + 100, duration: 0.3)
            LinearKeyframe(start - 20, duration: 0.2, timingCurve: .easeOut)
            SpringKeyframe(start + 5, duration: 0.4, spring: .bouncy)
            MoveKeyframe(start)
        }
        presence = Presence(
            isPresent: false, transition: .opacity, size: CGSize(width: 120, height: 40), clock: clock
        ) { [unowned self] effects in
            check(effects.opacity + effects.rotation, "an applied transition's opacity or rotation")
            check(effects.offset.width + effects.offset.height, "an applied transition's offset")
            check(effects.scale.width + effects.scale.height, "an applied transition's scale")
        }
    }

    /// Runs the operations the bytes describe (at most `limit`), then drains both clocks and
    /// checks the final invariants. Returns whether every invariant held.
    @discardableResult
    public func run(limit: Int = 64) -> Bool {
        setup()
        while !reader.isAtEnd && operationCount < limit {
            operationCount += 1
            step()
            checkPresented()
        }
        finish()
        return failures.isEmpty
    }

    private func changes() -> () -> Void {
        let index = reader.below(4)
        let value = reader.pick(Self.values)
        let alsoPoint = reader.byte() & 1 == 1
        let alsoPresence = reader.byte() & 3 == 0
        return { [unowned self] in
            setDouble(index, value)
            if alsoPoint {
                point?.value = CGPoint(x: value, y: -value)
                pose?.value = FuzzPose(x: value, y: -value)
            }
            if alsoPresence { presence?.isPresent.toggle() }
        }
    }

    /// What each operation was (kind number and the presented Doubles after it), when `tracing`.
    public var tracing = false
    public private(set) var trace: [String] = []

    private func step() {
        let kind = reader.below(23)
        defer {
            if tracing {
                let shown = doubles.map { $0.map { "\($0.presentationValue)/\($0.value)" } ?? "-" }
                trace.append("op \(operationCount) kind \(kind) t=\(clock.real) x\(clock.timeScale): \(shown)")
            }
        }
        switch kind {
        case 0, 1:
            let animation = Self.animation(&reader)
            let criteria: AnimationCompletionCriteria = reader.byte() & 1 == 0 ? .logicallyComplete : .removed
            withAnimation(animation, completionCriteria: criteria, changes(), completion: completion("withAnimation"))
        case 2:
            animate(Self.animation(&reader), changes: changes(), completion: chainingCompletion("chain"))
        case 3:
            // Nested transactions, each with a completion, the inner one possibly disabled.
            let outer = Self.animation(&reader)
            let inner = Self.animation(&reader)
            let disables = reader.byte() & 1 == 1
            let first = changes()
            let second = changes()
            let third = changes()
            var transaction = Transaction(animation: outer)
            transaction.addAnimationCompletion(completion("outer"))
            withTransaction(transaction) {
                first()
                var nested = Transaction(animation: inner)
                nested.disablesAnimations = disables
                nested.addAnimationCompletion(completion("inner"))
                withTransaction(nested, second)
                third()
            }
        case 4:
            changes()()
        case 5:
            let index = reader.below(4)
            // A property starts from a finite value (a non-finite initial value is the app's own:
            // the engine presents it as given until a finite value is set).
            let value = reader.pick(Self.values.filter(\.isFinite))
            if reader.byte() & 1 == 0 {
                releasing = true
                doubles[index] = nil
                if reader.byte() & 1 == 0 { (point, pose) = (nil, nil) }
                releasing = false
            } else {
                doubles[index] = makeDouble(value)
                if point == nil {
                    point = AnimatableProperty(CGPoint(x: value, y: 1), clock: clock) { [unowned self] in
                        check($0.x + $0.y, "an applied point")
                    }
                    pose = makePose(FuzzPose(x: value, y: 1))
                }
            }
        case 6:
            switch reader.below(4) {
            case 0: doubles[reader.below(4)]?.finishAnimations()
            case 1: finishAnimations(on: clock)
            case 2: finishAnimations(on: headless)
            default: rect?.finishAnimations()
            }
        case 7, 8:
            clock.frame(at: clock.real.isFinite ? clock.real + reader.pick(Self.times) : 0)
        case 9:
            clock.frame(at: reader.pick([Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e15, 0]))
        case 10:
            clock.timeScale = reader.pick(Self.scales)
        case 11:
            headless.advance(frames: reader.below(30))
        case 12:
            // HeadlessClock presents every frame on the way: minutes at most (it is the fuzzed clock
            // that jumps hours and years).
            headless.advance(by: reader.pick([1.0 / 60, 0.1, 1, 3, 30, 0, -1, .nan, .infinity]))
        case 13:
            let classes = reader.pick(Self.classStrings)
            let work = changes()
            let done = completion("classes")
            do {
                try animate(classes, changes: work, completion: done)
            } catch {
                done()  // nothing was applied; count it so the books balance
            }
        case 14:
            switch reader.below(3) {
            case 0: keyframes?.play(completion: completion("keyframes"))
            case 1: keyframes?.stop()
            default: keyframes?.repeats.toggle()
            }
        case 15:
            let animation = Self.animation(&reader)
            let present = reader.byte() & 1 == 1
            withAnimation(animation, completionCriteria: .removed) {
                presence?.isPresent = present
            } completion: { [unowned self] in
                completion("presence")()
            }
        case 16:
            if reader.byte() & 1 == 0 {
                presence?.transition = reader.pick(Self.transitions)
            } else {
                presence?.size = CGSize(width: reader.pick(Self.values), height: reader.pick(Self.values))
            }
        case 17:
            clock.animationsEnabled.toggle()
            headless.animationsEnabled = clock.animationsEnabled
        case 19:
            // A watched preset: only a changed value enables it; each change says its area.
            let classes = reader.pick(Self.classStrings)
            let value = reader.below(3)
            let area = reader.pick(Self.areas)
            let work = changes()
            let done = completion("watched")
            if watched == nil || reader.byte() & 7 == 0 {
                watched = try? WatchedAnimation(classes, value: value, scope: reader.pick(Self.scopes))
            }
            if let watched {
                watched.update(value: value, { withAnimationArea(area, work) }, completion: done)
            } else {
                done()  // the classes did not resolve: nothing was applied
            }
        case 20:
            // A content change's bands at any progress: finite, faded within 0...1, inside the texts.
            let old = reader.pick(Self.texts)
            let new = reader.pick(Self.texts)
            let transitions: [ContentTransition] = [
                .identity, .opacity, .numericText(), .numericText(countsDown: true), .numericText(value: .nan),
            ]
            let change = ContentChange(
                from: old, to: new, transition: reader.pick(transitions), previousValue: reader.pick(Self.values))
            for piece in change.pieces(at: reader.pick(Self.values + [0.5, 0.99, 1.01])) {
                check(piece.offset, "a content band's offset")
                if !(0...1).contains(piece.opacity) { fail("a content band's opacity is \(piece.opacity)") }
                let count = (piece.source == .old ? old : new).count
                if piece.characters.isEmpty || piece.characters.upperBound > count {
                    fail("a content band \(piece.characters) outside \(count) characters")
                }
            }
        case 18:
            withAnimation(Self.animation(&reader)) {
                rect?.value = CGRect(
                    x: reader.pick(Self.values), y: 3, width: reader.pick(Self.values), height: 4)
            }
        case 22:
            releaseFromApply = reader.below(4)
        default:
            if let property = doubles[reader.below(4)] {
                property.handOff(velocity: reader.pick(Self.values))
            }
        }
    }

    private func checkPresented() {
        for case let property? in doubles {
            check(property.presentationValue, "a presented Double")
            check(property.velocity, "a Double's velocity")
        }
        if let point {
            check(point.presentationValue.x + point.presentationValue.y, "a presented point")
            if let pose {
                let (p, q) = (point.presentationValue, pose.presentationValue)
                let sameX = Double(p.x).bitPattern == Double(q.x).bitPattern
                let same = sameX && Double(p.y).bitPattern == Double(q.y).bitPattern && q.z == 0
                if !same { fail("the pose presents \(q), the point \(p)") }
            }
        }
        if let rect {
            let r = rect.presentationValue
            check(r.origin.x + r.origin.y + r.size.width + r.size.height, "a presented rect")
        }
        if let presence {
            let e = presence.effects
            check(
                e.opacity + e.rotation + e.offset.width + e.offset.height + e.scale.width + e.scale.height,
                "presented transition effects")
        }
    }

    private func finish() {
        // repeatForever never ends on its own: stop it the way an app would.
        keyframes?.stop()
        for case let property? in doubles { property.finishAnimations() }
        point?.finishAnimations()
        pose?.finishAnimations()
        rect?.finishAnimations()
        clock.animationsEnabled = true
        headless.animationsEnabled = true
        for _ in 0..<4 {
            clock.drain(frames: 1200)
            headless.runUntilIdle(timeout: 20)
            if clock.isIdle && headless.isIdle { break }
            finishAnimations(on: clock)
            finishAnimations(on: headless)
        }
        checkPresented()
        if !clock.isIdle || !headless.isIdle { fail("still animating after the drain") }
        for id in 0..<registered where fired[id, default: 0] != 1 {
            fail("completion \(id) fired \(fired[id, default: 0]) times")
        }
        for (index, property) in doubles.enumerated() {
            guard let property else { continue }
            if property.isAnimating { fail("Double \(index) animates at rest") }
            if property.presentationValue != property.value {
                fail("Double \(index) presents \(property.presentationValue), its value is \(property.value)")
            }
        }
        if let point, point.presentationValue != point.value {
            fail("the point presents \(point.presentationValue), its value is \(point.value)")
        }
        if let rect, rect.presentationValue != rect.value {
            fail("the rect presents \(rect.presentationValue), its value is \(rect.value)")
        }
        if let presence {
            if presence.isPresent && presence.effects != .identity {
                fail("a present element rests at \(presence.effects)")
            }
            if !presence.isPresent && presence.isVisible { fail("a removed element is still visible at rest") }
        }
        // Release everything; completions left must still run once, outside the release.
        releasing = true
        doubles = []
        point = nil
        pose = nil
        rect = nil
        keyframes = nil
        presence = nil
        releasing = false
        clock.drain(frames: 10)
        headless.advance(frames: 1)
    }
}

/// An app's own value type: two `CGFloat`s and a `Double` (`AnimatablePair`s, as SwiftUI's apps write).
struct FuzzPose: Animatable, CustomStringConvertible {
    var x: CGFloat
    var y: CGFloat
    var z = 0.0

    var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, Double>> {
        get { AnimatablePair(x, AnimatablePair(y, z)) }
        set { (x, y, z) = (newValue.first, newValue.second.first, newValue.second.second) }
    }

    var description: String { "(\(x), \(y), \(z))" }
}
