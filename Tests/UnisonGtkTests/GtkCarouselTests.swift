import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonDemoKit
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// The 2D affine part of a fixed child's transform, as GTK stores it: (xx, yx, xy, yy, dx, dy).
@MainActor
private func fixedChildMatrix(_ fixed: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>)
    -> (xx: Double, dx: Double, dy: Double)
{
    var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
    gsk_transform_to_2d(
        gtk_fixed_get_child_transform(unison_example_fixed(fixed), child), &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
    return (Double(m.0), Double(m.4), Double(m.5))
}

/// The X window id of the toplevel titled `title` (xdotool's search, without blocking GTK).
@MainActor
private func xWindowID(titled title: String) throws -> String {
    let search = try startXdotool(["search", "--sync", "--name", title])
    GtkRuntime.iterate(timeout: 5) { !search.isRunning }
    let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
    return try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
}

/// Where `widget`'s point (x, y) is in its X window (widget coordinates plus the surface's offset).
@MainActor
private func surfacePoint(of widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (Int, Int) {
    let root = UnsafeMutablePointer<GtkWidget>(gtk_widget_get_root(widget)!)
    var point = graphene_point_t(x: Float(x), y: Float(y))
    var inRoot = graphene_point_t(x: 0, y: 0)
    _ = gtk_widget_compute_point(widget, root, &point, &inRoot)
    var sx = 0.0
    var sy = 0.0
    gtk_native_get_surface_transform(gtk_widget_get_native(widget), &sx, &sy)
    return (Int((Double(inRoot.x) + sx).rounded()), Int((Double(inRoot.y) + sy).rounded()))
}

/// The pointer's own samples of each drag on a widget, from a second `GtkGestureDrag` beside the
/// page's: the X server's event time (seconds) and the horizontal translation.
@MainActor
private final class PointerLog {
    var samples: [(t: Double, x: Double)] = []

    init(on widget: UnsafeMutablePointer<GtkWidget>) {
        let gesture = gtk_gesture_drag_new()!
        let controller = gesture
        let time = { Double(gtk_event_controller_get_current_event_time(controller)) / 1000 }
        GtkSignals.connectPoint(gesture, "drag-begin") { [unowned self] _, _ in samples = [(time(), 0)] }
        GtkSignals.connectPoint(gesture, "drag-update") { [unowned self] dx, _ in samples.append((time(), dx)) }
        GtkSignals.connectPoint(gesture, "drag-end") { [unowned self] dx, _ in samples.append((time(), dx)) }
        gtk_widget_add_controller(widget, controller)
    }

    /// The least-squares slope of the samples of the last `window` seconds (px/s).
    func velocity(window: Double = 0.1) -> Double {
        guard let end = samples.last?.t else { return 0 }
        let recent = samples.filter { end - $0.t <= window }
        let meanT = recent.map(\.t).reduce(0, +) / Double(recent.count)
        let meanX = recent.map(\.x).reduce(0, +) / Double(recent.count)
        let numerator = recent.map { ($0.t - meanT) * ($0.x - meanX) }.reduce(0, +)
        let denominator = recent.map { ($0.t - meanT) * ($0.t - meanT) }.reduce(0, +)
        return denominator > 1e-12 ? numerator / denominator : 0
    }
}

extension GtkAdapterTests {
    /// Positions are read from the cards' `GskTransform`s, which GTK stores as 32-bit floats: an
    /// offset of up to 2000 px carries up to 1.2e-4 px of rounding in each of the two numbers that
    /// give a card's centre (translation and scale × half its width), so 1e-3 px bounds it.
    static let transformTolerance = Tolerance.floatTransformLarge.value
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Carousel and phase animator pages")
    struct CarouselPageTests {
        /// Whether a frame shows the spring's `expected` value, or the target once the spring has
        /// settled: the engine ends a spring on its target once it is within 1e-3 of the motion's scale
        /// (the larger of the change and the distance its initial velocity alone would carry it).
        func settledOrOnSpring(_ shown: Double, _ expected: Double, target: Double, change: Double, velocity: Double)
            -> Bool
        {
            if abs(shown - expected) <= GtkAdapterTests.transformTolerance { return true }
            let scale = max(abs(change), abs(velocity) / (2 * .pi / CarouselPage.snapSpring.response))
            return abs(shown - target) <= GtkAdapterTests.transformTolerance
                && abs(expected - target) <= Tolerance.settlingThreshold.value * scale
                    + GtkAdapterTests.transformTolerance
        }

        @Test(
            "a real drag and flick on the carousel: rubber-banding at the end, the release velocity handed to the decay, a coast, a spring to a card, read back per frame"
        )
        func carouselFlick() throws {
            let window = try TestWindow(width: 760, height: 460)
            defer { window.close() }
            gtk_window_set_title(unison_example_window(window.window), "unison-carousel-test")
            let page = CarouselPage(context: DemoContext(clock: GtkFrameClock.for(window.window)))
            gtk_fixed_put(unison_example_fixed(window.fixed), page.root, 0, 0)
            window.settle(0.3)
            // The offset GTK shows: card 0's centre (its transform's translation plus scale × half its
            // width), relative to where it is centred.
            func shownOffset() -> Double {
                let m = fixedChildMatrix(page.viewport, page.cards[0])
                return m.dx + m.xx * CarouselPage.cardSize / 2 - CarouselPage.cardCentre(0, offset: 0)
            }
            #expect(shownOffset() == 0)
            var frames: [(t: Double, x: Double)] = []
            window.record { t in frames.append((t, shownOffset())) }
            var dragged: [Double] = []
            page.onDragged = { dragged.append($0) }
            var release: (velocity: Double, projection: Double, frame: Int)?
            page.onReleased = { release = ($0, $1, frames.count) }
            var handoff: (card: Int, frame: Int)?
            page.onCoastEnded = { handoff = ($0, frames.count) }
            let pointer = PointerLog(on: page.frame)
            let id = try xWindowID(titled: "unison-carousel-test")
            let (px, py) = surfacePoint(of: page.frame, x: 300, y: 120)

            // 1. Rubber band: from the first card, drag 150 px right (past the end), hold still, let go.
            var commands = ["mousemove", "--window", id, String(px), String(py), "mousedown", "1"]
            for step in 1...10 {
                commands += ["sleep", "0.02", "mousemove", "--window", id, String(px + 15 * step), String(py)]
            }
            commands += ["sleep", "0.15", "mouseup", "1"]
            let band = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 5) { !band.isRunning && release != nil }
            let bandRelease = try #require(release)
            // The cards followed the finger compressed by the rubber band: 150 px shows as 73.5.
            let bandedEnd = RubberBand(bounds: page.bounds, dimension: CarouselPage.viewportWidth).offset(for: 150)
            #expect(
                (dragged.max() ?? 0).isApproximatelyEqual(to: bandedEnd, within: .accumulatedRounding) && bandedEnd < 75
            )
            #expect(frames.contains { abs($0.x - bandedEnd) <= GtkAdapterTests.transformTolerance })
            // Released out of bounds with a finger that had stopped: a spring back to the first card, exactly.
            #expect(abs(bandRelease.velocity) < 1)
            #expect(GtkRuntime.iterate(timeout: 3) { page.isAtTarget })
            window.settle(0.1)
            #expect(shownOffset() == 0 && page.offset.presentationValue == 0)
            // Every frame after the release is the spring back from where the finger left the cards, with the
            // (rubber-banded) velocity handed over.
            let (xb, tb) = (bandedEnd, frames[bandRelease.frame].t)
            for frame in frames[bandRelease.frame...] {
                let expected =
                    xb
                    + CarouselPage.snapSpring.value(
                        target: -xb, initialVelocity: bandRelease.velocity, time: frame.t - tb)
                #expect(settledOrOnSpring(frame.x, expected, target: 0, change: -xb, velocity: bandRelease.velocity))
            }

            // 2. Flick: 30 px left every 20 ms (1500 px/s), released while moving.
            frames.removeAll()
            dragged.removeAll()
            release = nil
            let start = surfacePoint(of: page.frame, x: 600, y: 120)
            commands = ["mousemove", "--window", id, String(start.0), String(start.1), "mousedown", "1"]
            for step in 1...10 {
                commands += [
                    "sleep", "0.02", "mousemove", "--window", id, String(start.0 - 30 * step), String(start.1),
                ]
            }
            commands += ["mouseup", "1"]
            let flick = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 5) { !flick.isRunning && release != nil }
            let released = try #require(release)
            #expect(GtkRuntime.iterate(timeout: 6) { page.isAtTarget })
            window.settle(0.1)
            window.stopRecording()
            let coastEnd = try #require(handoff)

            // The velocity handed over is the finger's at release: the least-squares slope of the pointer's
            // own events over their last 100 ms, from the X server's timestamps (the same sums in another
            // order: 1e-9 relative). Nominally 1500 px/s; xdotool's sleeps stretch on a busy machine
            // (measured 1.3 % slower when idle, 18 % with both cores loaded): within 25 %.
            let v = released.velocity
            #expect(
                v.isApproximatelyEqual(to: pointer.velocity(), within: .accumulatedRounding.scaled(by: abs(v))),
                "release velocity \(v), pointer \(pointer.velocity())")
            #expect(abs(v + 1500) < 0.25 * 1500, "release velocity \(v)")
            // While the finger was down the cards were exactly where it put them (no animation between).
            for frame in frames[..<released.frame] {
                #expect(dragged.contains { abs($0 - frame.x) <= GtkAdapterTests.transformTolerance } || frame.x == 0)
            }
            // The decay starts on the first frame after the release, from the last drag position, with the
            // release velocity exactly: every frame of the coast is x_r + v/k·(1 − e^(−k(t − t0))).
            let k = CarouselPage.rate.decayConstant
            let xr = try #require(dragged.last)
            #expect(released.projection.isApproximatelyEqual(to: (xr + v / k), within: .accumulatedRounding))
            let t0 = frames[released.frame].t
            let coast = log(abs(v) / CarouselPage.handoffSpeed) / k
            func decay(_ t: Double) -> Double { xr + v / k * -expm1(-k * (t - t0)) }
            // The coast hands over on the first frame at which it has run `coast` seconds (its speed
            // has fallen to the handoff speed): logically complete there, not a frame later.
            let handoffFrame = coastEnd.frame
            #expect(frames[handoffFrame].t - t0 >= coast && frames[handoffFrame - 1].t - t0 < coast)
            // The spring's first frame is the next one: up to it, the decay.
            let springStart = handoffFrame + 1
            for frame in frames[released.frame...springStart] {
                #expect(abs(frame.x - decay(frame.t)) <= GtkAdapterTests.transformTolerance, "coast t=\(frame.t - t0)")
            }
            // The coast went a long way in the flick's direction: from x_r to half a card from its rest.
            let coastFrames = frames[released.frame...springStart].map(\.x)
            #expect(zip(coastFrames, coastFrames.dropFirst()).allSatisfy { pair in pair.1 <= pair.0 })
            #expect(xr - coastFrames.last! > abs(v) / k - 2 * CarouselPage.handoffDistance)
            let ts = frames[springStart].t
            let (xs, vs) = (decay(ts), v * exp(-k * (ts - t0)))
            // The card chosen is the one nearest the projection; the spring to it starts from the coast's
            // position with its velocity: x_s + spring(target − x_s, v_s, t − t_s) at every frame after.
            let target = try #require(nearestSnapPoint(to: released.projection, in: page.snapOffsets))
            #expect(page.snapOffsets[coastEnd.card] == target)
            for frame in frames[springStart...] {
                let expected =
                    xs + CarouselPage.snapSpring.value(target: target - xs, initialVelocity: vs, time: frame.t - ts)
                #expect(
                    settledOrOnSpring(frame.x, expected, target: target, change: target - xs, velocity: vs),
                    "spring t=\(frame.t - ts)")
            }
            // It rests exactly on the card: that card is centred at full size, read back from GTK.
            let centred = fixedChildMatrix(page.viewport, page.cards[coastEnd.card])
            let slot = CarouselPage.viewportWidth / 2 - CarouselPage.cardSize / 2
            #expect(centred.xx == 1 && centred.dx == slot && page.offset.presentationValue == target)
            #expect(abs(try #require(frames.last?.x) - target) <= GtkAdapterTests.transformTolerance)
            print(
                "carousel flick: release \(v) px/s at \(xr) px, projection \(released.projection), coast \(coast) s "
                    + "(\(springStart - released.frame) frames), spring from \(xs) px at \(vs) px/s to card \(coastEnd.card)"
            )
        }

        @Test(
            "the pulsing heart on GTK: phases cycle through their easeInOut steps, each step's completion exactly once, read back per frame"
        )
        func heartPhases() throws {
            let window = try TestWindow(width: 700, height: 420)
            defer { window.close() }
            let page = HeartPage(context: DemoContext(clock: GtkFrameClock.for(window.window)))
            gtk_fixed_put(unison_example_fixed(window.fixed), page.root, 0, 0)
            window.settle(0.3)
            var frames: [(t: Double, scale: Double, opacity: Double)] = []
            window.record { t in
                frames.append((t, fixedChildMatrix(page.scene, page.heart).xx, gtk_widget_get_opacity(page.heart)))
            }
            // Each completion's frame: the hook runs at the end of that frame's update, before it is painted.
            var completionFrames: [Int] = []
            page.onPhaseCompleted = { _ in completionFrames.append(frames.count) }
            #expect(page.begun.isEmpty)  // it starts on phase `false` without calling content
            page.play()
            #expect(page.begun == [true])
            GtkRuntime.iterate(timeout: 6) { page.completed.count >= 4 }
            page.stop()
            #expect(GtkRuntime.iterate(timeout: 2) { page.isAtTarget })
            window.settle(0.2)
            window.stopRecording()

            // Four steps, alternating, each completed once, in order; the fifth (begun in the fourth's
            // completion) was stopped: it finishes its animation and reports nothing.
            #expect(page.completed == [true, false, true, false])
            #expect(page.begun == [true, false, true, false, true])
            #expect(completionFrames.count == 4)
            // Each step runs from the first frame after the previous step's completion (the first, after
            // `play`), and completes on the frame where its 0.8 s have passed, not a frame later.
            // Scales are 32-bit floats in GTK's transform (1e-6); opacity is GTK's 8 bits.
            var stepStart = 0
            for (step, end) in (completionFrames + [frames.count - 1]).enumerated() {
                let phase = page.begun[step]
                let from = HeartPage.scale(!phase)
                let to = HeartPage.scale(phase)
                let (fromOpacity, toOpacity) = (HeartPage.opacity(!phase), HeartPage.opacity(phase))
                let t0 = frames[stepStart].t
                for frame in frames[stepStart...end] {
                    let p = UnitCurve.easeInOut.value(at: min((frame.t - t0) / HeartPage.stepDuration, 1))
                    #expect(
                        frame.scale.isApproximatelyEqual(to: (from + (to - from) * p), within: .floatScale),
                        "step \(step) t=\(frame.t - t0)")
                    #expect(
                        abs(frame.opacity - (fromOpacity + (toOpacity - fromOpacity) * p))
                            <= GtkAdapterTests.opacityQuantum)
                }
                if step < completionFrames.count {
                    #expect(
                        frames[end].t - t0 >= HeartPage.stepDuration && frames[end - 1].t - t0 < HeartPage.stepDuration)
                    #expect(Float(frames[end].scale) == Float(to))
                }
                stepStart = end + 1
            }
            // Stopped: it rests on the last phase begun, and nothing more completes.
            #expect(frames.last.map { Float($0.scale) } == Float(HeartPage.scale(true)) && page.completed.count == 4)
        }
    }
}
