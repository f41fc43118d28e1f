import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Where layout puts `widget`, in its window's coordinates (nil while it has no window).
@MainActor
func windowOrigin(of widget: UnsafeMutablePointer<GtkWidget>) -> CGPoint? {
    guard let root = gtk_widget_get_root(widget) else { return nil }
    var bounds = graphene_rect_t()
    let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
    guard gtk_widget_compute_bounds(widget, window, &bounds) != 0 else {
        return nil
    }
    return CGPoint(x: Double(bounds.origin.x), y: Double(bounds.origin.y))
}

extension GtkAdapterTests {
    /// One transaction is one timeline: what the layout pass after it moves (a glide, a morph)
    /// presents the same progress on the same painted frame as the values its body set.
    @MainActor
    @Suite("Layout glide timing")
    struct LayoutGlideTimingTests {
        /// Progress read from a glide's offset: the offset is a double, but the places it is
        /// computed from are GTK's float coordinates (at most 1e-5 px off at these magnitudes),
        /// divided by a distance of 40 px; p is a double. 1e-6 holds both with room to spare.
        static let progressTolerance = 1e-6

        @Test("a layout glide presents the same progress as its transaction's other values, every frame")
        func glideInStepWithTransaction() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            let bin = w.add(red)
            let column = w.box
            let p = AnimatableProperty(0.0, clock: bin.clock)
            let before = try #require(windowOrigin(of: bin.widget))
            let spacer = colouredArea(red: 0, green: 0.8, blue: 0, width: 40, height: 40)
            // Per painted frame: the glide's progress (from the bin's presented offset), p's
            // presented value, and where red is drawn.
            var frames: [(glide: Double, p: Double, drawnY: Double?)] = []
            let distance = 40.0
            let toplevel = w.window.window
            w.window.record { _ in
                let glide = 1 + bin.layoutOffset.y / distance
                let drawn = WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: red, in: $0) }
                frames.append((glide, p.presentationValue, drawn.map { Double($0.minY) }))
            }
            var done = 0
            animate(.linear(duration: 0.5)) {
                gtk_box_prepend(unison_example_box(column), spacer)
                p.value = 1
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            w.window.settle()
            #expect(done == 1)
            let after = try #require(windowOrigin(of: bin.widget))
            // GTK's float coordinates: a 32-bit float near 1000 px is exact to 6e-5 px.
            #expect(abs(after.y - (before.y + distance)) < 1e-4)
            let moving = frames.filter { $0.p > 0 && $0.p < 1 }
            #expect(moving.count >= 5, "frames inside the 0.5 s: \(moving.count)")
            for (index, frame) in frames.enumerated() {
                #expect(abs(frame.glide - frame.p) <= Self.progressTolerance, "frame \(index): \(frame)")
                // The pixels agree: red's top edge is where that progress puts it (1 px: a
                // fractional edge is antialiased, and a partly covered row is not counted).
                if let y = frame.drawnY {
                    #expect(abs(y - (before.y + distance * frame.p)) <= 1, "frame \(index): \(frame)")
                }
            }
            // Both end on the same frame: the first frame that shows p at 1 shows the glide done,
            // and the one before shows neither done.
            let end = try #require(frames.firstIndex { $0.p == 1 })
            #expect(frames[end].glide == 1)
            if end > 0 { #expect(frames[end - 1].glide < 1 && frames[end - 1].p < 1) }
        }

        @Test("a reorder glides both bins on the transaction's timeline, every frame")
        func reorderInStepWithTransaction() throws {
            let w = try BoxWindow(orientation: GTK_ORIENTATION_HORIZONTAL)
            defer { w.window.close() }
            let first = w.add(red)
            let second = w.add(blue)
            let p = AnimatableProperty(0.0, clock: first.clock)
            let distance = 40.0  // each moves by the other's width
            var frames: [(first: Double, second: Double, p: Double)] = []
            w.window.record { _ in
                let progress = (1 + first.layoutOffset.x / distance, 1 - second.layoutOffset.x / distance)
                frames.append((progress.0, progress.1, p.presentationValue))
            }
            var done = 0
            animate(.linear(duration: 0.5)) {
                gtk_box_reorder_child_after(unison_example_box(w.box), first.widget, second.widget)
                p.value = 1
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            w.window.settle()
            #expect(done == 1)
            #expect(frames.filter { $0.p > 0 && $0.p < 1 }.count >= 5)
            for (index, frame) in frames.enumerated() {
                #expect(abs(frame.first - frame.p) <= Self.progressTolerance, "frame \(index): \(frame)")
                #expect(abs(frame.second - frame.p) <= Self.progressTolerance, "frame \(index): \(frame)")
            }
        }

        @Test("the glides one layout pass starts present together: one engine batch, not one per bin")
        func glidesOfOnePassShareOneBatch() throws {
            let w = try BoxWindow(orientation: GTK_ORIENTATION_HORIZONTAL, width: 420)
            defer { w.window.close() }
            // One clock for all (a bin made without one animates on its child's own clock, and a
            // clock's values are presented by a driver of its own).
            let clock = GtkFrameClock.for(w.window.window)
            let bins = [red, green, blue, (1.0, 1.0, 0.0), (1.0, 0.0, 1.0)].map { colour in
                let bin = MotionBin(
                    child: colouredArea(red: colour.0, green: colour.1, blue: colour.2, width: 40, height: 40),
                    clock: clock)
                gtk_box_append(unison_example_box(w.box), bin.widget)
                return bin
            }
            w.window.settle()
            // Nothing else animates: every batch the engine presents holds layout glides.
            let census = CensusLog(w.window)
            let done = animateAndSettle(w.window) {
                var previous: UnsafeMutablePointer<GtkWidget>?
                for bin in bins.reversed() {
                    gtk_box_reorder_child_after(unison_example_box(w.box), bin.widget, previous)
                    previous = bin.widget
                }
            }
            #expect(done == 1)
            // Reversed, the middle bin stays where it was: four glide.
            #expect(census.batched.max() == 4, "members per frame: \(census.batched)")
            #expect(census.batches.max() == 1, "batches per frame: \(census.batches)")
        }

        @Test(
            "transitions started in one transaction present together: one engine batch for the effects, not one per bin"
        )
        func transitionsOfOneTransactionShareOneBatch() throws {
            let w = try BoxWindow(orientation: GTK_ORIENTATION_HORIZONTAL, width: 420)
            defer { w.window.close() }
            let clock = GtkFrameClock.for(w.window.window)
            let bins = (0..<8).map { _ in
                let bin = MotionBin(
                    child: colouredArea(red: 1, green: 0, blue: 0, width: 20, height: 20),
                    transition: .scale.combined(with: .opacity), clock: clock)
                bin.collapse = .none  // the space stays: nothing relays out, nothing glides
                gtk_box_append(unison_example_box(w.box), bin.widget)
                return bin
            }
            w.window.settle()
            let census = CensusLog(w.window)
            let done = animateAndSettle(w.window) { for bin in bins { bin.isPresent = false } }
            #expect(done == 1)
            #expect(bins.allSatisfy { !$0.isVisible && !$0.isAnimating })
            // Per frame: the bins' reveals (the caller's transaction) and their transitions' effects
            // (one transaction each, started together), eight members each.
            #expect(census.batched.max() == 16, "members per frame: \(census.batched)")
            #expect(census.batches.max() == 2, "batches per frame: \(census.batches)")
        }

        @Test("a matched-geometry morph presents the same progress as its transaction's other values, every frame")
        func morphInStepWithTransaction() throws {
            let w = try HeroWindow()
            defer { w.window.close() }
            let p = AnimatableProperty(0.0, clock: w.large.clock)
            let smallFrame = try #require(w.small.drawnFrame)
            let largeFrame = CGRect(x: 150, y: 170, width: 300, height: 200)
            // Per painted frame: the morph's progress (from the frame the bin draws at) and p's.
            var frames: [(morph: Double, p: Double)] = []
            w.window.record { _ in
                guard w.large.isVisible, let model = w.large.drawnFrame else { return }
                let progress = (model.minX - smallFrame.minX) / (largeFrame.minX - smallFrame.minX)
                frames.append((progress, p.presentationValue))
            }
            var done = 0
            animate(.linear(duration: 0.4)) {
                w.small.isPresent = false
                w.large.isPresent = true
                p.value = 1
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            w.window.settle()
            #expect(done == 1)
            #expect(frames.filter { $0.p > 0 && $0.p < 1 }.count >= 3)
            for (index, frame) in frames.enumerated() {
                #expect(abs(frame.morph - frame.p) <= Self.progressTolerance, "frame \(index): \(frame)")
            }
            let end = try #require(frames.firstIndex { $0.p == 1 })
            #expect(frames[end].morph == 1)
        }
    }
}

/// The engine's census (batches presented, members in them) after every frame `window` paints.
@MainActor
private final class CensusLog {
    private(set) var batches: [Int] = []
    private(set) var batched: [Int] = []

    init(_ window: TestWindow) {
        window.record { [self] _ in
            let census = engineCensus()
            batches.append(census.batches)
            batched.append(census.batched)
        }
    }
}

/// Runs `changes` in a 0.4 s linear transaction, waits for its completion and for the window to
/// settle, and returns how many times the completion ran.
@MainActor
private func animateAndSettle(_ window: TestWindow, _ changes: () -> Void) -> Int {
    var done = 0
    animate(.linear(duration: 0.4), changes: changes) { done += 1 }
    GtkRuntime.iterate(timeout: 3) { done == 1 }
    window.settle()
    return done
}
