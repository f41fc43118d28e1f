import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Where a colour is drawn in a rendered frame: the bounding box of its pixels (each channel
/// within 0.1 of the colour, opaque), in window pixels.
func drawnBounds(of colour: (Double, Double, Double), in image: WidgetRenderer.Image) -> CGRect? {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image.pixel(x: x, y: y)
            guard p.alpha > 0.99, abs(p.red - colour.0) < 0.1, abs(p.green - colour.1) < 0.1,
                abs(p.blue - colour.2) < 0.1
            else { continue }
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
    }
    guard maxX >= 0 else { return nil }
    return CGRect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
}

/// A window whose content is a `GtkBox` of coloured areas, each wrapped in a `MotionBin`.
@MainActor
final class BoxWindow {
    let window: TestWindow
    let box: UnsafeMutablePointer<GtkWidget>
    private(set) var bins: [MotionBin] = []

    init(
        orientation: GtkOrientation = GTK_ORIENTATION_VERTICAL, spacing: Int32 = 0, width: Int32 = 320,
        height: Int32 = 240
    ) throws {
        window = try TestWindow(width: width, height: height)
        box = gtk_box_new(orientation, spacing)
        gtk_fixed_put(unison_example_fixed(window.fixed), box, 20, 20)
    }

    @discardableResult
    func add(_ colour: (Double, Double, Double), size: Int32 = 40, transition: AnyTransition = .opacity) -> MotionBin {
        let bin = MotionBin(
            child: colouredArea(red: colour.0, green: colour.1, blue: colour.2, width: size, height: size),
            transition: transition)
        gtk_box_append(unison_example_box(box), bin.widget)
        bins.append(bin)
        window.settle()
        return bin
    }

    /// Records, after every painted frame, the frame time and where `colour` is drawn.
    func track(_ colour: (Double, Double, Double), _ body: @escaping @MainActor (TimeInterval, CGRect?) -> Void) {
        let toplevel = window.window
        window.record { t in body(t, WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: colour, in: $0) }) }
    }
}

let red = (1.0, 0.0, 0.0)
let green = (0.0, 0.8, 0.0)
let blue = (0.0, 0.0, 1.0)

extension GtkAdapterTests {
    @MainActor
    @Suite("Motion bins: render state, transitions, layout")
    struct MotionBinTests {
        @Test("a MotionBin in a GtkBox is drawn moved, scaled and rotated without relayout: read back from pixels")
        func motionBinRenderTransforms() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try BoxWindow()
            defer { w.window.close() }
            let first = w.add(red)
            let second = w.add(blue)
            let origin = try #require(WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: red, in: $0) })
            var boundsOfSecond = graphene_rect_t()
            _ = gtk_widget_compute_bounds(second.widget, w.window.window, &boundsOfSecond)
            var frames: [(TimeInterval, CGRect?)] = []
            w.track(red) { frames.append(($0, $1)) }
            animate(.linear(duration: 0.3)) { first.translation = CGPoint(x: 60, y: 10) }
            GtkRuntime.iterate(timeout: 30) { !first.isAnimating }
            w.window.settle()
            let start = try #require(frames.first?.0)
            // Pixel edges: a translation of a fraction of a pixel antialiases one column, so 1 px.
            for (t, drawn) in frames {
                let p = min((t - start) / 0.3, 1)
                let bounds = try #require(drawn)
                #expect(abs(bounds.minX - (origin.minX + 60 * p)) <= 1, "t=\(t - start)")
                #expect(abs(bounds.minY - (origin.minY + 10 * p)) <= 1)
            }
            #expect(frames.count >= 10)
            // Nothing was relaid out: the sibling is where it was, and no size request was written.
            var after = graphene_rect_t()
            _ = gtk_widget_compute_bounds(second.widget, w.window.window, &after)
            #expect(after.origin.x == boundsOfSecond.origin.x && after.origin.y == boundsOfSecond.origin.y)
            var requestW: Int32 = 0
            var requestH: Int32 = 0
            gtk_widget_get_size_request(first.widget, &requestW, &requestH)
            #expect(requestW == -1 && requestH == -1)
            // Scale 1.5 about the centre: 40 px becomes 60, centred where it was.
            w.window.stopRecording()
            first.scale = CGSize(width: 1.5, height: 1.5)
            w.window.settle()
            let scaled = try #require(WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: red, in: $0) })
            #expect(abs(scaled.width - 60) <= 1 && abs(scaled.midX - (origin.midX + 60)) <= 1)
            // A 45° rotation: the square's bounding box is its diagonal, 60 × √2 (± antialiasing).
            first.rotation = 45
            w.window.settle()
            let rotated = try #require(WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: red, in: $0) })
            #expect(abs(rotated.width - 60 * 2.0.squareRoot()) <= 2)
        }

        @Test("a removal transition: drawn until its last frame, removed once after it, siblings glide without jumps")
        func motionBinRemoval() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try BoxWindow()
            defer { w.window.close() }
            w.add(red)
            let middle = w.add(green)
            w.add(blue)
            let blueStart = try #require(
                WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: blue, in: $0) })
            var frames: [(time: TimeInterval, blue: CGRect?, parented: Bool)] = []
            w.track(blue) { t, bounds in frames.append((t, bounds, gtk_widget_get_parent(middle.widget) != nil)) }
            var completions = 0
            animate(.easeInOut(duration: 0.4)) {
                middle.removeFromParent()
            } completion: {
                completions += 1
            }
            #expect(gtk_widget_get_parent(middle.widget) != nil && gtk_widget_get_can_target(middle.widget) == 0)
            // (Until every glide has ended: the pixel of space left on the removal's last frame, and
            // any spacing, close with the removal's animation after it.)
            GtkRuntime.iterate(timeout: 30) { completions == 1 && !w.bins.contains { $0.isAnimating } }
            w.window.settle()
            #expect(completions == 1 && gtk_widget_get_parent(middle.widget) == nil)
            // Removed exactly once, after the frames that drew it: parented, then not, never back.
            let parented = frames.map(\.parented)
            #expect(parented.first == true && parented.last == false)
            #expect(zip(parented, parented.dropFirst()).filter { $0 && !$1 }.count == 1)
            #expect(!zip(parented, parented.dropFirst()).contains { !$0 && $1 })
            // The blue box glides up 40 px as the space closes. Its per-frame move stays within what
            // easeInOut allows: max slope 1.58 (UnitCurve's bezier, sampled) × 40 px / 0.4 s × Δt,
            // plus 1 px for rounding the collapsing size to whole pixels.
            let maxSlope = (0...200).map { UnitCurve.easeInOut.velocity(at: Double($0) / 200) }.max()!
            for (a, b) in zip(frames, frames.dropFirst()) {
                guard let y0 = a.blue?.minY, let y1 = b.blue?.minY else { continue }
                #expect(y1 <= y0 + 1e-9, "the blue box never moves back down")
                #expect(y0 - y1 <= maxSlope * 40 / 0.4 * (b.time - a.time) + 1, "jump at t=\(b.time)")
            }
            let end = try #require(frames.last?.blue)
            #expect(end.minY == blueStart.minY - 40)
        }

        @Test("in a GtkBox with spacing, the spacing a removed widget leaves closes smoothly too")
        func motionBinRemovalSpacing() throws {
            let w = try BoxWindow(spacing: 12)
            defer { w.window.close() }
            w.add(red)
            let middle = w.add(green)
            w.add(blue)
            let start = try #require(WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: blue, in: $0) })
            var ys: [(TimeInterval, Double)] = []
            w.track(blue) { t, bounds in if let y = bounds?.minY { ys.append((t, y)) } }
            withAnimation(.easeInOut(duration: 0.4), completionCriteria: .removed) {
                middle.removeFromParent()
            } completion: {
            }
            GtkRuntime.iterate(timeout: 3) {
                gtk_widget_get_parent(middle.widget) == nil && !w.bins.contains { $0.isAnimating }
            }
            w.window.settle()
            // 40 px of the widget and 12 of spacing: 52 px in all, with no step of the spacing at the end.
            // A frame moves at most easeInOut's 1.58 max slope × 52 px / 0.4 s × Δt, + 1 px of rounding.
            #expect(abs((ys.last?.1 ?? 0) - (start.minY - 52)) < 0.5)
            let maxSlope = (0...200).map { UnitCurve.easeInOut.velocity(at: Double($0) / 200) }.max()!
            for (a, b) in zip(ys, ys.dropFirst()) {
                #expect(a.1 - b.1 <= maxSlope * 52 / 0.4 * (b.0 - a.0) + 1, "step at t=\(b.0): \(a.1 - b.1) px")
            }
        }

        @Test("reversing a removal mid-way continues from where it is: no jump, never removed")
        func motionBinReversal() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            w.add(red)
            let middle = w.add(green, transition: .move(edge: .leading))
            w.add(blue)
            var blueY: [(TimeInterval, Double)] = []
            w.track(blue) { t, bounds in if let y = bounds?.minY { blueY.append((t, y)) } }
            animate(.spring(duration: 0.6)) { middle.isPresent = false }
            GtkRuntime.iterate(timeout: 0.25)
            #expect(middle.isAnimating)
            animate(.spring(duration: 0.6)) { middle.isPresent = true }
            GtkRuntime.iterate(timeout: 3) { !middle.isAnimating }
            w.window.settle()
            #expect(gtk_widget_get_parent(middle.widget) != nil && gtk_widget_get_visible(middle.widget) != 0)
            #expect(gtk_widget_get_can_target(middle.widget) != 0)
            // The gap closes part way, then opens again, continuously: a spring of 0.6 s moving 40 px
            // reaches at most 40 · ω ≈ 420 px/s (ω = 2π / 0.6 s), so a step between two painted frames
            // is at most 420 px/s × their interval, + 1 px of whole-pixel rounding.
            for (a, b) in zip(blueY, blueY.dropFirst()) {
                #expect(abs(b.1 - a.1) <= 420 * (b.0 - a.0) + 1, "jump at t=\(b.0)")
            }
            let lowest = try #require(blueY.map(\.1).min())
            #expect(lowest < blueY[0].1 - 2 && blueY.last!.1 == blueY[0].1)
        }

        @Test("reordering children in an animated transaction glides them to their new places (FLIP)")
        func motionBinReorder() throws {
            let w = try BoxWindow(orientation: GTK_ORIENTATION_HORIZONTAL)
            defer { w.window.close() }
            let first = w.add(red)
            let second = w.add(blue)
            let before = try #require(WidgetRenderer.image(of: w.window.window).flatMap { drawnBounds(of: red, in: $0) })
            var frames: [(TimeInterval, CGRect?)] = []
            w.track(red) { frames.append(($0, $1)) }
            var done = 0
            animate(.linear(duration: 0.3)) {
                gtk_box_reorder_child_after(unison_example_box(w.box), first.widget, second.widget)
            } completion: {
                done += 1
            }
            #expect(done == 0)  // the completion waits for the layout animation
            GtkRuntime.iterate(timeout: 2) { done == 1 }
            w.window.settle()
            #expect(done == 1)
            let after = try #require(frames.last?.1)
            #expect(after.minX == before.minX + 40)
            // The first painted frame still shows it where it was; the glide is linear from there.
            let drawn = frames.compactMap { t, b in b.map { (t, $0.minX) } }
            let start = try #require(drawn.first)
            #expect(abs(start.1 - before.minX) <= 1)
            let moving = drawn.filter { $0.1 > before.minX + 1 && $0.1 < after.minX - 1 }
            #expect(moving.count >= 5, "frames between the two places: \(moving.count)")
            #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $1.1 >= $0.1 - 1e-9 })
        }

        @Test("a MotionBin grows from nothing to its natural size and back (a spring-driven revealer)")
        func motionBinReveal() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            w.add(red)
            let panel = MotionBin(
                child: colouredArea(red: 0, green: 0.8, blue: 0, width: 120, height: 60), transition: .identity,
                isPresent: false)
            gtk_box_append(unison_example_box(w.box), panel.widget)
            w.add(blue)
            #expect(gtk_widget_get_visible(panel.widget) == 0)
            var heights: [Int32] = []
            w.window.record { _ in heights.append(gtk_widget_get_height(panel.widget)) }
            animate(.spring(duration: 0.4)) { panel.isPresent = true }
            #expect(gtk_widget_get_visible(panel.widget) != 0)
            GtkRuntime.iterate(timeout: 2) { !panel.isAnimating }
            w.window.settle()
            #expect(heights.contains { $0 > 0 && $0 < 60 }, "\(heights)")
            #expect(heights.last == 60)
            heights.removeAll()
            var hidden = 0
            // `.removed`: the completion waits until the spring has settled and the panel is gone.
            withAnimation(.spring(duration: 0.4), completionCriteria: .removed) {
                panel.isPresent = false
            } completion: {
                hidden += 1
                #expect(gtk_widget_get_visible(panel.widget) == 0)  // hidden before the completion runs
            }
            GtkRuntime.iterate(timeout: 3) { hidden == 1 }
            w.window.settle()
            #expect(heights.contains { $0 > 0 && $0 < 60 } && gtk_widget_get_visible(panel.widget) == 0)
        }

        @Test("with gtk-enable-animations off, transitions and layout jump and complete")
        func motionBinAnimationsOff() throws {
            let w = try BoxWindow()
            defer {
                GtkRuntime.animationsEnabled = true
                w.window.close()
            }
            w.add(red)
            let middle = w.add(green)
            GtkRuntime.animationsEnabled = false
            var done = 0
            animate(.smooth) {
                middle.removeFromParent()
            } completion: {
                done += 1
            }
            // Removed and completed before `animate` returns: with animations off nothing is deferred.
            #expect(gtk_widget_get_parent(middle.widget) == nil && done == 1)
            GtkRuntime.iterate(timeout: 0.5) { done == 1 }
            #expect(done == 1 && !middle.isAnimating)
        }

        @Test("bad input: removed twice, re-presented while present, destroyed mid-transition, zero size")
        func motionBinBadInput() throws {
            var w: BoxWindow? = try BoxWindow()
            let middle = w!.add(green)
            let empty = w!.add(red, size: 0)
            var done = 0
            animate(.smooth) {
                middle.removeFromParent()
                middle.removeFromParent()  // no effect
                empty.isPresent = false
            } completion: {
                done += 1
            }
            middle.isPresent = false  // already going: nothing
            empty.translation = CGPoint(x: Double.nan, y: 1)  // ignored: nothing non-finite is drawn
            #expect(empty.translation == .zero && empty.presentedTranslation == .zero)
            GtkRuntime.iterate(timeout: 0.1)
            w!.window.close()  // the window and its widgets go while the transitions run
            w = nil
            GtkRuntime.iterate(timeout: 1) { done == 1 }
            #expect(done == 1)
            // The bins outlive their window (each MotionBin holds its own), out of any container.
            #expect(gtk_widget_get_parent(middle.widget) == nil && !middle.isAnimating && !empty.isAnimating)
        }
    }
}

/// A container kind and a structural change that moves the first of two bins.
enum MotionContainer: String, CaseIterable, CustomStringConvertible, Sendable {
    case grid, centerBox, fixed, listBox, flowBox
    var description: String { rawValue }

    /// Builds the container in `window` with `first` and `second`; returns it and the change.
    @MainActor
    func build(in window: TestWindow, first: MotionBin, second: MotionBin) -> @MainActor () -> Void {
        let fixedParent = unison_example_fixed(window.fixed)
        switch self {
        case .grid:
            let grid = gtk_grid_new()!
            gtk_fixed_put(fixedParent, grid, 20, 20)
            let g = OpaquePointer(grid)
            gtk_grid_attach(UnsafeMutablePointer(g), first.widget, 0, 0, 1, 1)
            gtk_grid_attach(UnsafeMutablePointer(g), second.widget, 1, 0, 1, 1)
            return {
                // Moved to the cell below the second: removed and attached again.
                gtk_grid_remove(UnsafeMutablePointer(g), first.widget)
                gtk_grid_attach(UnsafeMutablePointer(g), first.widget, 1, 1, 1, 1)
            }
        case .centerBox:
            let box = gtk_center_box_new()!
            gtk_widget_set_size_request(box, 200, -1)
            gtk_fixed_put(fixedParent, box, 20, 20)
            gtk_center_box_set_start_widget(OpaquePointer(box), first.widget)
            gtk_center_box_set_end_widget(OpaquePointer(box), second.widget)
            return {
                gtk_center_box_set_start_widget(OpaquePointer(box), nil)
                gtk_center_box_set_center_widget(OpaquePointer(box), first.widget)
            }
        case .fixed:
            gtk_fixed_put(fixedParent, first.widget, 20, 20)
            gtk_fixed_put(fixedParent, second.widget, 200, 20)
            return { gtk_fixed_move(fixedParent, first.widget, 120, 60) }
        case .listBox:
            let list = gtk_list_box_new()!
            gtk_fixed_put(fixedParent, list, 20, 20)
            gtk_list_box_append(OpaquePointer(list), first.widget)
            gtk_list_box_append(OpaquePointer(list), second.widget)
            return {
                // The first row moves below the second: its row is removed and inserted again.
                let row = gtk_widget_get_parent(first.widget)!
                g_object_ref(row)
                gtk_list_box_remove(OpaquePointer(list), row)
                gtk_list_box_insert(OpaquePointer(list), row, -1)
                g_object_unref(row)
            }
        case .flowBox:
            let flow = gtk_flow_box_new()!
            gtk_widget_set_size_request(flow, 240, -1)
            gtk_flow_box_set_min_children_per_line(OpaquePointer(flow), 4)
            gtk_fixed_put(fixedParent, flow, 20, 20)
            gtk_flow_box_append(OpaquePointer(flow), first.widget)
            gtk_flow_box_append(OpaquePointer(flow), second.widget)
            return {
                let child = gtk_widget_get_parent(first.widget)!
                g_object_ref(child)
                gtk_flow_box_remove(OpaquePointer(flow), child)
                gtk_flow_box_insert(OpaquePointer(flow), child, -1)
                g_object_unref(child)
            }
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Motion bins: window resizes")
    struct WindowResizeGlideTests {
        @Test(
            "layout animation in each container: the first frame after the change shows the old place, then a glide",
            arguments: MotionContainer.allCases)
        func motionBinContainers(_ container: MotionContainer) throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let window = try TestWindow(width: 360, height: 260)
            defer { window.close() }
            let first = MotionBin(child: colouredArea(red: 1, green: 0, blue: 0, width: 40, height: 40))
            let second = MotionBin(child: colouredArea(red: 0, green: 0, blue: 1, width: 40, height: 40))
            let change = container.build(in: window, first: first, second: second)
            window.settle(0.2)
            let toplevel = window.window
            let before = try #require(WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: red, in: $0) })
            var drawn: [CGRect] = []
            window.record { _ in
                if let b = WidgetRenderer.image(of: toplevel).flatMap({ drawnBounds(of: red, in: $0) }) { drawn.append(b) }
            }
            var done = 0
            animate(.linear(duration: 0.3), changes: change) { done += 1 }
            GtkRuntime.iterate(timeout: 30) { done == 1 && !first.isAnimating }
            window.settle()
            #expect(done == 1)
            var laidOut = graphene_rect_t()
            #expect(gtk_widget_compute_bounds(first.widget, toplevel, &laidOut) != 0)
            let after = try #require(drawn.last)
            // Ends where GTK's layout put it (whole pixels of the 40 × 40 area).
            #expect(abs(after.minX - Double(laidOut.origin.x)) <= 1 && abs(after.minY - Double(laidOut.origin.y)) <= 1)
            let distance = hypot(after.minX - before.minX, after.minY - before.minY)
            #expect(distance > 20, "\(container) moved the widget \(distance) px")
            // The first painted frame still shows it where it was (±1 px), and frames in between exist.
            let firstFrame = try #require(drawn.first)
            #expect(hypot(firstFrame.minX - before.minX, firstFrame.minY - before.minY) <= 1.5)
            let between = drawn.filter {
                let d = hypot($0.minX - before.minX, $0.minY - before.minY)
                return d > 2 && d < distance - 2
            }
            #expect(between.count >= 5, "\(container): \(between.count) frames between the two places")
        }

        @Test("a window resized inside an animated transaction: its content glides to the new layout")
        func motionBinWindowResize() throws {
            let window = try TestWindow(width: 320, height: 200)
            defer { window.close() }
            let box = gtk_center_box_new()!
            gtk_widget_set_hexpand(box, 1)
            gtk_window_set_child(unison_example_window(window.window), box)
            let centre = MotionBin(child: colouredArea(red: 1, green: 0, blue: 0, width: 40, height: 40))
            gtk_center_box_set_center_widget(OpaquePointer(box), centre.widget)
            window.settle(0.3)
            let toplevel = window.window
            let before = try #require(WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: red, in: $0) })
            var xs: [Double] = []
            window.record { _ in
                if let b = WidgetRenderer.image(of: toplevel).flatMap({ drawnBounds(of: red, in: $0) }) {
                    xs.append(b.minX)
                }
            }
            animate(.linear(duration: 0.4)) { gtk_window_set_default_size(unison_example_window(toplevel), 480, 200) }
            GtkRuntime.iterate(timeout: 2) { gtk_widget_get_width(toplevel) == 480 && !centre.isAnimating }
            window.settle()
            // The centred box ends 80 px further right (half of 160), having passed through between.
            let end = try #require(xs.last)
            #expect(abs(end - (before.minX + 80)) <= 1)
            #expect(xs.filter { $0 > before.minX + 2 && $0 < end - 2 }.count >= 5, "\(xs)")
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Motion bins: hidden windows and completion chains")
    struct HiddenWindowTests {
        @Test("bins in a hidden window hold no transaction: an empty animated one completes inline")
        func motionBinHiddenWindow() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            w.add(red)
            var done = 0
            withAnimation(.smooth) {
            } completion: {
                done += 1
            }
            // On screen: held for the layout pass after it, at most two frames (and 250 ms).
            #expect(done == 0)
            GtkRuntime.iterate(timeout: 1) { done == 1 }
            #expect(done == 1)
            gtk_widget_set_visible(w.window.window, 0)
            w.window.settle()
            withAnimation(.smooth) {
            } completion: {
                done += 1
            }
            #expect(done == 2)  // inline, as without motion bins: a hidden window paints nothing
            gtk_widget_set_visible(w.window.window, 1)
            w.window.settle()
        }

        @Test("hiding the window during a collapse: no completion or removal inside GTK's unmap")
        func motionBinUnmapMidCollapse() throws {
            let w = try BoxWindow()
            defer { w.window.close() }
            w.add(red)
            let panel = w.add(green, transition: .identity)
            var done = 0
            withAnimation(.linear(duration: 1), completionCriteria: .removed) {
                panel.isPresent = false
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.2)
            #expect(panel.isAnimating && gtk_widget_get_visible(panel.widget) != 0)
            gtk_widget_set_visible(w.window.window, 0)  // unmaps everything: animations end at once
            #expect(done == 0)  // not inside the unmap
            GtkRuntime.iterate(timeout: 1) { done == 1 }
            #expect(done == 1 && gtk_widget_get_visible(panel.widget) == 0 && !panel.isAnimating)
        }

        @Test("a completion chain longer than a flush's budget finishes, a frame at a time")
        func longCompletionChain() throws {
            let window = try TestWindow()
            defer {
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            let widget = AnimatedWidget(window.colouredBox(red: 1, green: 0, blue: 0))
            GtkRuntime.animationsEnabled = false  // every change completes at once
            var links = 0
            func link() {
                guard links < 300 else { return }
                links += 1
                animate(.smooth) {
                    widget.opacity = widget.opacity > 0.5 ? 0.2 : 1
                } completion: {
                    link()
                }
            }
            link()
            // 16 inline, then 64 more per safe point: the rest come a frame (1/60 s) apart.
            GtkRuntime.iterate(timeout: 2) { links == 300 }
            #expect(links == 300)
        }
    }
}
