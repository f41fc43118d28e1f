import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// Every writer of UnisonGtk handed values GTK cannot take as they are (NaN, ±∞, 1e10, 1e40,
// -1e300), set directly and inside an animation. Each writer runs in a child process (an exit
// test): a crash, a GLib critical (made fatal) or a hang (an alarm kills the child) fails its test
// instead of the run. The child reads back what GTK holds after each value and exits non-zero,
// naming the value, when it is out of GTK's bounds.

/// What a limits child does: its window, its checks, its values.
@MainActor
enum LimitChild {
    static let values: [Double] = [.nan, .infinity, -.infinity, 1e10, 1e40, -1e300]

    /// A window whose content scrolls (a fixed or a box far larger than the screen does not grow
    /// the window), under the inherited display; GLib criticals abort; an alarm ends a hang.
    static func start() -> (window: UnsafeMutablePointer<GtkWidget>, fixed: UnsafeMutablePointer<GtkWidget>) {
        alarm(90)
        guard GtkRuntime.initialize() else { fail("GTK could not open a display") }
        // A critical or a warning is reported to the parent (with GLib's message), then aborts.
        _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue))
        g_log_set_writer_func(
            { level, fields, count, data in
                let serious = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_WARNING.rawValue
                if level.rawValue & serious != 0, let fields {
                    let message = (0..<Int(count)).lazy.map { fields[$0] }.first {
                        String(cString: $0.key) == "MESSAGE"
                    }
                    let text = message.map { String(cString: $0.value.assumingMemoryBound(to: CChar.self)) } ?? "?"
                    if !text.contains("session bus") { Issue.record("GLib: \(text)") }
                }
                return g_log_writer_default(level, fields, count, data)
            }, nil, nil)
        let window = gtk_window_new()!
        gtk_window_set_default_size(unison_example_window(window), 320, 240)
        let scroller = gtk_scrolled_window_new()!
        let fixed = gtk_fixed_new()!
        gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), fixed)
        gtk_window_set_child(unison_example_window(window), scroller)
        gtk_window_present(unison_example_window(window))
        GtkRuntime.iterate(timeout: 5) { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_width(window) > 0 }
        GtkRuntime.iterate(timeout: 0.1)
        return (window, fixed)
    }

    /// Reports `message` to the parent (an issue recorded in an exit test is) and ends the child.
    static func fail(_ message: String) -> Never {
        Issue.record("limit check failed: \(message)")
        exit(1)
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Sets each value directly, then inside an animation (checked mid-flight and at rest), with
    /// `reset` before each; `verify` reads GTK back, given what was set.
    static func each(
        set: (Double) -> Void, reset: () -> Void = {}, verify: (String) -> Void
    ) {
        for value in values {
            reset()
            set(value)
            GtkRuntime.iterate(timeout: 0.05)
            verify("\(value) set directly")
            reset()
            GtkRuntime.iterate(timeout: 0.02)
            animate(.linear(duration: 0.1)) { set(value) }
            GtkRuntime.iterate(timeout: 0.05)
            verify("\(value) mid-animation")
            GtkRuntime.iterate(timeout: 0.15)
            verify("\(value) animated, at rest")
        }
        exit(0)
    }

    /// `widget`'s bounds in `window`, which must be finite.
    static func checkBounds(
        _ widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>, _ what: String
    ) {
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(widget, window, &bounds) != 0 {
            let values = [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height]
            check(values.allSatisfy(\.isFinite), "\(what): bounds \(values)")
        }
    }

    // MARK: AnimatedWidget

    enum WidgetPart { case position, translation, scale, rotation, opacity, margins, sizeRequest }

    static func animatedWidget(_ part: WidgetPart) {
        let (window, fixed) = start()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(box, 40, 40)
        gtk_fixed_put(unison_example_fixed(fixed), box, 10, 10)
        GtkRuntime.iterate(timeout: 0.1)
        let card = AnimatedWidget(box)
        func transform(_ what: String) {
            // No transform is the identity (a child at (0, 0)): finite, so only its bounds are left to check.
            guard let t = gtk_fixed_get_child_transform(unison_example_fixed(fixed), box) else {
                checkBounds(box, in: window, what)
                return
            }
            var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
            gsk_transform_to_2d(t, &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
            let entries = [m.0, m.1, m.2, m.3, m.4, m.5]
            check(entries.allSatisfy(\.isFinite), "\(what): transform \(entries)")
            // The translation bound (32 767 px) plus the largest scale (1 000) times 60 px, more than the
            // box's centre is from the fixed's origin (10 + 20 px): a scale about the centre moves the
            // origin by at most scale × that distance.
            let offsetBound: Float = 32_767 + 1_000 * 60
            check(abs(m.4) <= offsetBound && abs(m.5) <= offsetBound, "\(what): offset \(entries)")
            checkBounds(box, in: window, what)
        }
        switch part {
        case .position:
            each(set: { card.position = CGPoint(x: $0, y: $0) }, reset: { card.position = .zero }, verify: transform)
        case .translation:
            each(
                set: { card.translation = CGPoint(x: $0, y: -$0) }, reset: { card.translation = .zero },
                verify: transform)
        case .scale:
            each(
                set: { card.scale = CGSize(width: $0, height: $0) },
                reset: { card.scale = CGSize(width: 1, height: 1) },
                verify: transform)
        case .rotation:
            each(set: { card.rotation = $0 }, reset: { card.rotation = 0 }, verify: transform)
        case .opacity:
            each(set: { card.opacity = $0 }, reset: { card.opacity = 1 }) { what in
                let opacity = gtk_widget_get_opacity(box)
                check(opacity >= 0 && opacity <= 1, "\(what): opacity \(opacity)")
            }
        case .margins:
            each(
                set: { card.margins = EdgeInsets(top: $0, leading: -$0, bottom: $0, trailing: $0) },
                reset: { card.margins = EdgeInsets() }
            ) { what in
                let margins = [
                    gtk_widget_get_margin_top(box), gtk_widget_get_margin_start(box), gtk_widget_get_margin_bottom(box),
                    gtk_widget_get_margin_end(box),
                ]
                check(margins.allSatisfy { (0...32_767).contains($0) }, "\(what): margins \(margins)")
                checkBounds(box, in: window, what)
            }
        case .sizeRequest:
            each(
                set: { card.sizeRequest = CGSize(width: $0, height: -$0) },
                reset: { card.sizeRequest = CGSize(width: 40, height: 40) }
            ) { what in
                var size: (Int32, Int32) = (0, 0)
                gtk_widget_get_size_request(box, &size.0, &size.1)
                check((-1...32_767).contains(size.0) && (-1...32_767).contains(size.1), "\(what): size \(size)")
                checkBounds(box, in: window, what)
            }
        }
    }

    // MARK: Value wrappers

    enum Wrapper { case adjustment, range, progressBar, levelBar, drawing, objectProperty }

    static func valueWrapper(_ wrapper: Wrapper) {
        let (window, fixed) = start()
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_fixed_put(unison_example_fixed(fixed), column, 0, 0)
        switch wrapper {
        case .adjustment:
            let scroller = gtk_scrolled_window_new()!
            gtk_widget_set_size_request(scroller, 200, 60)
            let tall = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_height(unison_example_drawing_area(tall), 2000)
            gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), tall)
            gtk_box_append(unison_example_box(column), scroller)
            GtkRuntime.iterate(timeout: 0.2)
            let adjustment = gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scroller))!
            let scroll = AnimatedAdjustment(adjustment, frameClockOf: scroller)
            each(set: { scroll.value.value = $0 }, reset: { scroll.value.value = 0 }) { what in
                let value = gtk_adjustment_get_value(adjustment)
                check(value.isFinite && value >= 0 && value <= 2000, "\(what): adjustment \(value)")
                checkBounds(tall, in: window, what)
            }
        case .range:
            let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)!
            gtk_widget_set_size_request(scale, 200, -1)
            gtk_box_append(unison_example_box(column), scale)
            GtkRuntime.iterate(timeout: 0.1)
            let range = AnimatedRange(scale)
            each(set: { range.value.value = $0 }, reset: { range.value.value = 50 }) { what in
                let value = gtk_range_get_value(unison_example_range(scale))
                check(value.isFinite && value >= 0 && value <= 100, "\(what): range \(value)")
            }
        case .progressBar:
            let progress = gtk_progress_bar_new()!
            gtk_box_append(unison_example_box(column), progress)
            GtkRuntime.iterate(timeout: 0.1)
            let bar = AnimatedProgressBar(progress)
            each(set: { bar.fraction.value = $0 }, reset: { bar.fraction.value = 0.5 }) { what in
                let value = gtk_progress_bar_get_fraction(unison_example_progress_bar(progress))
                check(value >= 0 && value <= 1, "\(what): fraction \(value)")
            }
        case .levelBar:
            let level = gtk_level_bar_new_for_interval(0, 10)!
            gtk_box_append(unison_example_box(column), level)
            GtkRuntime.iterate(timeout: 0.1)
            let levels = AnimatedLevelBar(level)
            each(set: { levels.value.value = $0 }, reset: { levels.value.value = 5 }) { what in
                let value = gtk_level_bar_get_value(unison_example_level_bar(level))
                check(value.isFinite && value >= 0, "\(what): level \(value)")
            }
        case .drawing:
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 60, 60)
            gtk_box_append(unison_example_box(column), area)
            GtkRuntime.iterate(timeout: 0.1)
            let drawing = AnimatedDrawing(area, initial: 0.0) { cr, _, _, _ in cairo_paint(cr) }
            each(set: { drawing.value.value = $0 }, reset: { drawing.value.value = 0 }) { what in
                check(drawing.value.presentationValue.isFinite, "\(what): presented \(drawing.value.presentationValue)")
            }
        case .objectProperty:
            let label = gtk_label_new("Some text")!
            gtk_box_append(unison_example_box(column), label)
            GtkRuntime.iterate(timeout: 0.1)
            let xalign = try! AnimatedObjectProperty(label, property: "xalign")
            let lines = try! AnimatedObjectProperty(label, property: "lines")
            each(
                set: {
                    xalign.value.value = $0
                    lines.value.value = $0
                },
                reset: {
                    xalign.value.value = 0.5
                    lines.value.value = -1
                }
            ) { what in
                let value = gtk_label_get_xalign(unison_example_label(label))
                check(value.isFinite && value >= 0 && value <= 1, "\(what): xalign \(value)")
                checkBounds(label, in: window, what)
            }
        }
    }

    // MARK: ContentLabel

    static func contentLabel() {
        let (window, fixed) = start()
        let counter = ContentLabel(text: "0", contentTransition: .numericText())
        gtk_fixed_put(unison_example_fixed(fixed), counter.widget, 10, 10)
        GtkRuntime.iterate(timeout: 0.1)
        var count = 0
        each(
            set: { value in
                count += 1
                counter.contentTransition = .numericText(value: value)
                counter.text = "\(value) \(count)"
            }
        ) { what in
            checkBounds(counter.label, in: window, what)
            if let progress = counter.transitionProgress { check(progress.isFinite, "\(what): progress \(progress)") }
        }
    }

    // MARK: MotionBin and NavigationStack

    enum BinPart { case translation, scale, rotation, opacity, padding }

    static func motionBin(_ part: BinPart) {
        let (window, fixed) = start()
        let child = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(child, 40, 40)
        let bin = MotionBin(child: child)
        gtk_fixed_put(unison_example_fixed(fixed), bin.widget, 10, 10)
        GtkRuntime.iterate(timeout: 0.1)
        func verify(_ what: String) {
            checkBounds(child, in: window, what)
            if let frame = bin.drawnFrame {
                let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                check(values.allSatisfy(\.isFinite), "\(what): drawn frame \(values)")
            }
            let size = (gtk_widget_get_width(bin.widget), gtk_widget_get_height(bin.widget))
            check((0...32_767).contains(size.0) && (0...32_767).contains(size.1), "\(what): bin size \(size)")
        }
        switch part {
        case .translation:
            each(set: { bin.translation = CGPoint(x: $0, y: -$0) }, reset: { bin.translation = .zero }, verify: verify)
        case .scale:
            each(
                set: { bin.scale = CGSize(width: $0, height: $0) }, reset: { bin.scale = CGSize(width: 1, height: 1) },
                verify: verify)
        case .rotation:
            each(set: { bin.rotation = $0 }, reset: { bin.rotation = 0 }, verify: verify)
        case .opacity:
            each(set: { bin.opacity = $0 }, reset: { bin.opacity = 1 }) { what in
                verify(what)
                check(
                    bin.presentedOpacity >= 0 && bin.presentedOpacity <= 1, "\(what): opacity \(bin.presentedOpacity)")
            }
        case .padding:
            each(
                set: { bin.padding = EdgeInsets(top: $0, leading: $0, bottom: -$0, trailing: $0) },
                reset: { bin.padding = EdgeInsets() }, verify: verify)
        }
    }

    static func navigationStack() {
        let (window, fixed) = start()
        let root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let source = gtk_button_new_with_label("Open")!
        gtk_box_append(unison_example_box(root), source)
        let stack = NavigationStack(root: root)
        gtk_widget_set_size_request(stack.widget, 300, 200)
        gtk_fixed_put(unison_example_fixed(fixed), stack.widget, 0, 0)
        GtkRuntime.iterate(timeout: 0.2)
        var page: UnsafeMutablePointer<GtkWidget>?
        each(
            set: { value in
                if let page, stack.top == page { stack.pop(animated: false) }
                let next = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                page = next
                stack.push(next, transition: .zoom(from: source))
                GtkRuntime.iterate(timeout: 0.05)
                if stack.beginDrag() {
                    stack.updateDrag(translation: CGPoint(x: value, y: value))
                    GtkRuntime.iterate(timeout: 0.02)
                    stack.endDrag(velocity: CGPoint(x: value, y: -value))
                }
            }
        ) { what in
            guard let page, stack.stack.contains(page) else { return }
            if let frame = stack.drawnFrame(of: page) {
                let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                check(values.allSatisfy(\.isFinite), "\(what): page frame \(values)")
            }
            checkBounds(page, in: window, what)
        }
    }
}
