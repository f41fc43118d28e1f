import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// A 400 × 300 window whose content is a navigation stack; the root page is a GtkFixed with a
/// red 60 × 60 card at (40, 50), the zoom source. Pages pushed are solid-colour areas.
@MainActor
final class NavWindow {
    let window: TestWindow
    let root: UnsafeMutablePointer<GtkWidget>
    let card: UnsafeMutablePointer<GtkWidget>
    let stack: NavigationStack
    /// Every appearance event, by page name, and the names.
    final class EventLog {
        var events: [(String, AppearanceEvent)] = []
        var names: [UnsafeMutableRawPointer: String] = [:]
    }
    private let names: EventLog
    var events: [(String, AppearanceEvent)] { names.events }
    /// Pages made here, referenced until `close()` (so tests can ask a removed page for its parent).
    private var made: [UnsafeMutablePointer<GtkWidget>] = []
    static let width = 400.0
    static let height = 300.0
    let cardFrame = CGRect(x: 40, y: 50, width: 60, height: 60)

    init(title: String = "unison-nav-test") throws {
        window = try TestWindow(width: Int32(Self.width), height: Int32(Self.height))
        gtk_window_set_title(unison_example_window(window.window), title)
        root = gtk_fixed_new()
        card = colouredArea(red: 1, green: 0, blue: 0, width: 60, height: 60)
        gtk_fixed_put(unison_example_fixed(root), card, 40, 50)
        let log = EventLog()
        names = log
        log.names[UnsafeMutableRawPointer(root)] = "root"
        stack = NavigationStack(root: root) { page, event in
            log.events.append((log.names[UnsafeMutableRawPointer(page)] ?? "?", event))
        }
        gtk_window_set_child(unison_example_window(window.window), stack.widget)
        window.settle(0.2)
    }

    /// A page painted in one colour, named for the event log.
    func page(_ name: String, _ colour: (Double, Double, Double)) -> UnsafeMutablePointer<GtkWidget> {
        let area = colouredArea(red: colour.0, green: colour.1, blue: colour.2, width: 10, height: 10)
        g_object_ref_sink(area)
        made.append(area)
        names.names[UnsafeMutableRawPointer(area)] = name
        return area
    }

    func name(of page: UnsafeMutablePointer<GtkWidget>) -> String? { names.names[UnsafeMutableRawPointer(page)] }

    func close() {
        window.close()
        for page in made { g_object_unref(page) }
        made = []
    }

    func events(of name: String) -> [AppearanceEvent] { events.filter { $0.0 == name }.map(\.1) }

    /// Where `colour` is drawn now.
    func drawn(_ colour: (Double, Double, Double)) -> CGRect? {
        WidgetRenderer.image(of: window.window).flatMap { drawnBounds(of: colour, in: $0) }
    }

    /// The X window id (xdotool's).
    func windowID(title: String = "unison-nav-test") throws -> String {
        let search = try startXdotool(["search", "--sync", "--name", title])
        GtkRuntime.iterate(timeout: 5) { !search.isRunning }
        let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        return try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
    }

    var full: CGRect { CGRect(x: 0, y: 0, width: Self.width, height: Self.height) }
}

/// Whether two rectangles agree to within `tolerance` on every edge.
func close(_ a: CGRect?, _ b: CGRect, within tolerance: Double = 1) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: zoom push and pop")
    struct ZoomTests {
        @Test("a zoom push: the first painted frame draws the page at the source's bounds, the last at its own")
        func zoomPushFrames() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            var frames: [(drawn: CGRect?, model: CGRect?)] = []
            w.window.record { _ in frames.append((w.drawn(green), w.stack.drawnFrame(of: page))) }
            #expect(w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0)))
            #expect(w.events(of: "root") == [.willAppear, .didAppear, .willDisappear])
            GtkRuntime.iterate(timeout: 30) { !w.stack.isTransitioning }
            w.window.settle()
            let drawn = frames.compactMap(\.drawn)
            // Pixel edges: the clip is a rectangle at fractional positions; a partly covered pixel
            // is not counted, so 1 px.
            #expect(close(drawn.first, w.cardFrame), "first frame \(String(describing: drawn.first))")
            #expect(close(drawn.last, w.full), "last frame \(String(describing: drawn.last))")
            // Every painted frame shows the page where the stack says it draws it, growing throughout
            // (a critically damped spring: no overshoot), and frames in between exist. 1.5 px: at
            // fractional edges a partly covered pixel is not counted, and GSK's antialiased clip was
            // measured to leave the far edges up to 1.3 px inside.
            for (pixels, model) in frames {
                guard let pixels, let model else { continue }
                #expect(close(pixels, model, within: 1.5), "\(pixels) vs \(model)")
            }
            for (a, b) in zip(drawn, drawn.dropFirst()) { #expect(b.width >= a.width - 1) }
            #expect(drawn.filter { $0.width > 80 && $0.width < 380 }.count >= 5)
            #expect(w.events(of: "editor") == [.willAppear, .didAppear] && w.events(of: "root").last == .didDisappear)
            // At rest the covered root is hidden (unmapped), the page drawn untransformed.
            #expect(gtk_widget_get_mapped(w.root) == 0 && w.stack.drawnFrame(of: page) == w.full)
        }

        @Test("a zoom pop shrinks into the source's current bounds, then the page is removed")
        func zoomPopEndsAtSource() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0), animated: false)
            w.window.settle()
            #expect(close(w.drawn(green), w.full))
            // The source moves while the page covers it: the pop goes where it is now.
            gtk_fixed_move(unison_example_fixed(w.root), w.card, 250, 180)
            // Where the stack draws the page on each painted frame (its last frames are not green: the
            // page cross-fades into its source).
            var drawn: [CGRect] = []
            w.window.record { _ in if let f = w.stack.drawnFrame(of: page) { drawn.append(f) } }
            #expect(w.stack.pop())
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            #expect(close(drawn.last, CGRect(x: 250, y: 180, width: 60, height: 60)), "\(String(describing: drawn.last))")
            #expect(w.drawn(green) == nil && gtk_widget_get_parent(page) == nil)
            #expect(w.events(of: "editor") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            #expect(w.stack.stack == [w.root] && gtk_widget_get_mapped(w.root) != 0)
        }

        @Test("a source destroyed mid-push: the push ends safely; the pop falls back to fading to the centre")
        func zoomSourceDestroyed() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("editor", green)
            w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 16))
            GtkRuntime.iterate(timeout: 0.1)
            #expect(w.stack.isTransitioning)
            gtk_fixed_remove(unison_example_fixed(w.root), w.card)  // the card's last reference: finalized
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            #expect(close(w.drawn(green), w.full))
            var frames: [CGRect] = []
            w.window.record { _ in if let f = w.stack.drawnFrame(of: page) { frames.append(f) } }
            w.stack.pop()
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            w.window.settle()
            // Scaled about the centre (within rounding), shrinking, then gone.
            #expect(frames.count >= 5)
            #expect(frames.allSatisfy { abs($0.midX - 200) < 1e-6 && abs($0.midY - 150) < 1e-6 })
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.width <= $0.width + 1e-9 })
            #expect(w.drawn(green) == nil && gtk_widget_get_parent(page) == nil)
            #expect(checkVisits(w.events).ok)
        }

        @Test("a real pointer drag mid-push takes the page (the push ends at once) and dismisses it with its velocity")
        func zoomDragMidPush() throws {
            let w = try NavWindow()
            defer { w.close() }
            w.stack.animation = .spring(duration: 0.8)
            let id = try w.windowID()
            let page = w.page("editor", green)
            var widthAtGrab: Double?
            // Where the stack draws the page on each painted frame (as the pixels show, but also over
            // the last frames, where the page cross-fades into the card and is no longer green).
            var drawn: [(TimeInterval, CGRect)] = []
            w.window.record { t in if let f = w.stack.drawnFrame(of: page) { drawn.append((t, f)) } }
            // The finger as the X server reports it: the position and own timestamp of every motion
            // event with the button held. Motion after the release is left out: GTK sends motion at
            // the final position when the widgets under the pointer change (the page leaving), and
            // one such event once made the oracle's last 100 ms a standstill.
            var motion: [(t: Double, x: Double)] = []
            let watcher = gtk_event_controller_motion_new()!
            gtk_event_controller_set_propagation_phase(watcher, GTK_PHASE_CAPTURE)
            GtkSignals.connectPoint(watcher, "motion") { x, _ in
                guard gtk_event_controller_get_current_event_state(watcher).rawValue & GDK_BUTTON1_MASK.rawValue != 0
                else { return }
                motion.append((Double(gtk_event_controller_get_current_event_time(watcher)) / 1000, x))
            }
            gtk_widget_add_controller(w.window.window, watcher)
            w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0)) { [unowned w] event in
                if event == .willDisappear { widthAtGrab = w.stack.drawnFrame(of: page).map { Double($0.width) } }
            }
            // Press in the page's path, move right 15 px every 20 ms (750 px/s), release while moving.
            var commands = ["mousemove", "--window", id, "150", "150", "mousedown", "1"]
            for step in 1...12 {
                commands += ["sleep", "0.02", "mousemove", "--window", id, String(150 + 15 * step), "150"]
            }
            commands += ["mouseup", "1"]
            let gesture = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 5) { !gesture.isRunning && !w.stack.isTransitioning }
            w.window.settle()
            // Taken mid-push: didAppear, then willDisappear in the same call.
            let grabbed = try #require(widthAtGrab)
            #expect(grabbed < NavWindow.width - 1, "the push had finished before the drag took the page")
            #expect(w.events(of: "editor") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            // The release velocity is the finger's: the mean velocity of the motion events of the
            // last 100 ms before release (their own timestamps), within 10 % (millisecond timestamps
            // over ~100 ms, and uneven steps when the machine is busy). xdotool's nominal 750 px/s
            // comes out lower by its own time per step, more so under load: 400...800.
            let last = try #require(motion.last)
            let window = motion.filter { $0.t >= last.t - 0.1 }
            try #require(window.count >= 2 && last.t > window[0].t, "motion with the button held: \(motion)")
            let finger = (last.x - window[0].x) / (last.t - window[0].t)
            let released = w.stack.lastReleaseVelocity
            #expect(
                abs(released.x - finger) < 0.1 * finger, "release \(released.x) px/s, finger \(finger) px/s, \(motion)")
            #expect(released.x > 400 && released.x < 800 && abs(released.y) < 40)
            // Dismissed into the card; never a jump between frames (a 0.8 s spring and the finger
            // move the frame under 60 px per frame).
            #expect(close(drawn.last?.1, w.cardFrame), "\(String(describing: drawn.last))")
            for (a, b) in zip(drawn, drawn.dropFirst()) {
                #expect(abs(b.1.midX - a.1.midX) < 60 && abs(b.1.width - a.1.width) < 60, "\(a.1) → \(b.1)")
            }
            #expect(gtk_widget_get_parent(page) == nil && w.stack.stack == [w.root])
            print("zoom drag: grabbed at width \(grabbed), release velocity \(w.stack.lastReleaseVelocity)")
        }

        @Test("Escape and Alt+Left pop, with real key presses")
        func keysPop() throws {
            let w = try NavWindow(title: "unison-nav-keys")
            defer { w.close() }
            let id = try w.windowID(title: "unison-nav-keys")
            w.stack.push(w.page("a", green), animated: false)
            w.stack.push(w.page("b", blue), transition: .zoom(from: w.card), animated: false)
            w.window.settle()
            let focus = try startXdotool(["windowfocus", "--sync", id, "key", "--window", id, "Escape"])
            GtkRuntime.iterate(timeout: 5) { !focus.isRunning && w.events(of: "b").count == 4 }
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            #expect(w.events(of: "b") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            let alt = try startXdotool(["key", "--window", id, "alt+Left"])
            GtkRuntime.iterate(timeout: 5) { !alt.isRunning && w.events(of: "a").count == 8 }
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            #expect(w.stack.stack == [w.root])
            // At the root the keys do nothing (and propagate).
            let again = try startXdotool(["key", "--window", id, "Escape"])
            GtkRuntime.iterate(timeout: 5) { !again.isRunning }
            w.window.settle()
            #expect(w.stack.stack == [w.root] && checkVisits(w.events).ok)
        }

        @Test("100 random sequences of pushes, pops and drags: no page half-shown at rest, callbacks balanced")
        func randomNavigation() throws {
            let w = try NavWindow()
            defer { w.close() }
            w.stack.animation = .spring(duration: 0.15)
            var rng = SplitMix64(seed: 0xA11_0C8)
            let colours: [(Double, Double, Double)] = [green, blue, (1, 0.5, 0), (0.5, 0, 0.5), (0, 0.6, 0.6)]
            var made = 0
            var pushed: [UnsafeMutablePointer<GtkWidget>: (Double, Double, Double)] = [:]
            for sequence in 0..<100 {
                for _ in 0..<6 {
                    switch rng.next() % 7 {
                    case 0, 1:
                        made += 1
                        let colour = colours[made % colours.count]
                        let page = w.page("p\(made)", colour)
                        let zoom = rng.next() % 3 != 0
                        w.stack.push(page, transition: zoom ? .zoom(from: w.card) : .slide, animated: rng.next() % 4 != 0)
                        pushed[page] = colour
                    case 2:
                        w.stack.pop(animated: rng.next() % 4 != 0)
                    case 3:
                        w.stack.popToRoot()
                    case 4:
                        w.stack.beginDrag()
                        w.stack.updateDrag(
                            translation: CGPoint(x: Double(rng.next() % 300), y: Double(Int(rng.next() % 200) - 100)))
                    case 5:
                        w.stack.endDrag(
                            velocity: CGPoint(x: Double(Int(rng.next() % 3000) - 1500), y: Double(rng.next() % 500)))
                    default:
                        w.stack.cancelDrag()
                    }
                    GtkRuntime.iterate(timeout: Double(rng.next() % 30) / 1000)
                }
                w.stack.cancelDrag()
                GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
                w.window.settle(0.05)
                let (ok, states) = checkVisits(w.events)
                #expect(ok, "sequence \(sequence)")
                let top = try #require(w.stack.top)
                // At rest: only the top page is mapped, drawn untransformed over the whole stack.
                #expect(w.stack.drawnFrame(of: top) == w.full, "sequence \(sequence)")
                for page in w.stack.stack where page != top { #expect(gtk_widget_get_mapped(page) == 0) }
                if let colour = pushed[top] { #expect(close(w.drawn(colour), w.full), "sequence \(sequence)") }
                for (name, state) in states {
                    #expect(state == (name == w.name(of: top) ? .appeared : .disappeared), "\(name) left \(state)")
                }
                guard ok else { return }
            }
            // Balanced: every will- has its did-.
            for name in Set(w.events.map(\.0)) {
                let count = { (e: AppearanceEvent) in w.events.filter { $0.0 == name && $0.1 == e }.count }
                #expect(count(.willAppear) == count(.didAppear) && count(.willDisappear) == count(.didDisappear))
            }
        }

        @Test("a window closed mid-drag: the drag and the transition end with their callbacks, nothing leaks")
        func windowClosedMidDrag() throws {
            var w: NavWindow? = try NavWindow(title: "unison-nav-close")
            let id = try w!.windowID(title: "unison-nav-close")
            let page = w!.page("editor", green)
            w!.stack.push(page, transition: .zoom(from: w!.card), animated: false)
            w!.window.settle()
            weak let stack = w!.stack
            var commands = ["mousemove", "--window", id, "200", "150", "mousedown", "1"]
            for step in 1...6 {
                commands += ["sleep", "0.02", "mousemove", "--window", id, String(200 + 15 * step), "150"]
            }
            let press = try startXdotool(commands)
            GtkRuntime.iterate(timeout: 5) { !press.isRunning && w!.stack.isDragging }
            #expect(w!.stack.isDragging)
            let events = { w!.events }
            w!.close()
            #expect(!w!.stack.isDragging && !w!.stack.isTransitioning)
            let (ok, states) = checkVisits(events())
            #expect(ok && states.values.allSatisfy { $0 == .appeared || $0 == .disappeared })
            #expect(states["editor"] == .appeared && states["root"] == .disappeared)
            let release = try startXdotool(["mouseup", "1"])
            GtkRuntime.iterate(timeout: 2) { !release.isRunning }
            w = nil
            GtkRuntime.iterate(timeout: 0.1)
            #expect(stack == nil)  // released: no cycle through GLib's closures
        }
    }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: scrolled sources and swipe back")
    struct SwipeBackTests {
        @Test("a source scrolled out of view while its page is shown: the pop fades to the centre instead")
        func zoomSourceScrolledAway() throws {
            let window = try TestWindow(width: 400, height: 300)
            defer { window.close() }
            let scrolled = gtk_scrolled_window_new()!
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let card = colouredArea(red: 1, green: 0, blue: 0, width: 60, height: 60)
            gtk_widget_set_halign(card, GTK_ALIGN_START)
            gtk_box_append(unison_example_box(column), card)
            gtk_box_append(
                unison_example_box(column), colouredArea(red: 0.9, green: 0.9, blue: 0.9, width: 60, height: 2000))
            gtk_scrolled_window_set_child(unison_example_scrolled_window(scrolled), column)
            let stack = NavigationStack(root: scrolled)
            gtk_window_set_child(unison_example_window(window.window), stack.widget)
            window.settle(0.2)
            let page = colouredArea(red: 0, green: 0.8, blue: 0, width: 10, height: 10)
            g_object_ref_sink(page)
            defer { g_object_unref(page) }
            stack.push(page, transition: .zoom(from: card, cornerRadius: 0), animated: false)
            window.settle()
            let adjustment = gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scrolled))
            gtk_adjustment_set_value(adjustment, 800)  // the card is far above the view now
            var frames: [CGRect] = []
            window.record { _ in if let f = stack.drawnFrame(of: page) { frames.append(f) } }
            stack.pop()
            GtkRuntime.iterate(timeout: 3) { !stack.isTransitioning }
            window.settle()
            // Every painted frame is centred (the fallback), none heads for the card's old place.
            #expect(frames.count >= 5)
            #expect(frames.allSatisfy { abs($0.midX - 200) < 1e-6 && abs($0.midY - 150) < 1e-6 }, "\(frames.prefix(3))")
            #expect(gtk_widget_get_parent(page) == nil)
        }

        @Test("a slid page swipes back: it follows the finger's horizontal motion, pops or settles by velocity")
        func slideSwipeBack() throws {
            let w = try NavWindow()
            defer { w.close() }
            let page = w.page("detail", blue)
            w.stack.push(page, animated: false)
            w.window.settle()
            #expect(w.stack.beginDrag())
            w.stack.updateDrag(translation: CGPoint(x: 120, y: 40))
            // Follows the horizontal part only.
            #expect(close(w.stack.drawnFrame(of: page), w.full.offsetBy(dx: 120, dy: 0), within: accumulatedRounding))
            w.window.settle()
            #expect(close(w.drawn(blue), CGRect(x: 120, y: 0, width: 280, height: 300)))
            // 120 px of 400, released slowly: settles back (120 + 50 / 10.05 < 200).
            #expect(!w.stack.endDrag(velocity: CGPoint(x: 50, y: 0)))
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            #expect(w.stack.top == page && w.stack.drawnFrame(of: page) == w.full)
            // The same distance flung at 1200 px/s pops (120 + 119 > 200).
            w.stack.beginDrag()
            w.stack.updateDrag(translation: CGPoint(x: 120, y: 0))
            #expect(w.stack.endDrag(velocity: CGPoint(x: 1200, y: 0)))
            GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning }
            #expect(w.stack.stack == [w.root] && gtk_widget_get_parent(page) == nil)
            #expect(
                w.events(of: "detail") == [
                    .willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear, .didAppear, .willDisappear,
                    .didDisappear,
                ])
        }
    }
}
