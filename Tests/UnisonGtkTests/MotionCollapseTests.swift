import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// The allocated frame of `widget` in its parent's coordinates.
@MainActor
private func allocation(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
    var frame = GtkAllocation()
    gtk_widget_get_allocation(widget, &frame)
    return frame
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Motion bins: collapsing, and moving to another clock")
    struct MotionCollapseTests {
        /// A vertical box of red (40 px), a 120 × 60 green panel and blue (40 px), each in a bin.
        private func panelWindow(collapse: MotionBin.Collapse = .both) throws -> (BoxWindow, MotionBin, MotionBin) {
            let w = try BoxWindow()
            w.add(red)
            let panel = MotionBin(child: colouredArea(red: 0, green: 0.8, blue: 0, width: 120, height: 60))
            panel.collapse = collapse
            gtk_box_append(unison_example_box(w.box), panel.widget)
            let below = w.add(blue)
            return (w, panel, below)
        }

        @Test("isCollapsed in a transaction: the bin's height animates to 0 and back, the sibling below follows")
        func collapsesAndExpands() throws {
            let (w, panel, below) = try panelWindow()
            defer { w.window.close() }
            #expect(allocation(of: panel.widget).height == 60 && allocation(of: below.widget).y == 100)
            var frames: [(panel: Int32, below: Int32)] = []
            w.window.record { _ in frames.append((allocation(of: panel.widget).height, allocation(of: below.widget).y))
            }
            animate(.smooth(duration: 0.4)) { panel.isCollapsed = true }
            #expect(panel.isCollapsed)
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            #expect(frames.contains { 0 < $0.panel && $0.panel < 60 }, "\(frames)")
            #expect(frames.allSatisfy { $0.below == 40 + $0.panel }, "the sibling moves with the space: \(frames)")
            #expect(frames.map(\.panel) == frames.map(\.panel).sorted(by: >), "\(frames)")
            #expect(allocation(of: panel.widget).height == 0 && allocation(of: below.widget).y == 40)
            #expect(gtk_widget_get_visible(panel.widget) != 0, "a collapsed bin stays shown")

            frames.removeAll()
            animate(.smooth(duration: 0.4)) { panel.isCollapsed = false }
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            #expect(frames.contains { 0 < $0.panel && $0.panel < 60 }, "\(frames)")
            #expect(frames.map(\.panel) == frames.map(\.panel).sorted(), "\(frames)")
            #expect(allocation(of: panel.widget).height == 60 && allocation(of: below.widget).y == 100)
        }

        @Test("isCollapsed outside a transaction jumps: no frame in between")
        func collapseJumps() throws {
            let (w, panel, below) = try panelWindow()
            defer { w.window.close() }
            var heights: [Int32] = []
            w.window.record { _ in heights.append(allocation(of: panel.widget).height) }
            panel.isCollapsed = true
            #expect(!panel.isAnimating)
            w.window.settle()
            #expect(!heights.isEmpty && heights.allSatisfy { $0 == 0 }, "\(heights)")
            #expect(allocation(of: below.widget).y == 40)
            heights.removeAll()
            panel.isCollapsed = false
            w.window.settle()
            #expect(!heights.isEmpty && heights.allSatisfy { $0 == 60 }, "\(heights)")
        }

        @Test("collapse picks the directions: .horizontal keeps the height, .none keeps the size")
        func collapseDirections() throws {
            let (w, panel, _) = try panelWindow(collapse: .horizontal)
            defer { w.window.close() }
            gtk_widget_set_halign(panel.widget, GTK_ALIGN_START)
            w.window.settle()
            var frames: [GtkAllocation] = []
            w.window.record { _ in frames.append(allocation(of: panel.widget)) }
            animate(.smooth(duration: 0.3)) { panel.isCollapsed = true }
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            #expect(frames.contains { 0 < $0.width && $0.width < 120 }, "\(frames.map(\.width))")
            #expect(frames.allSatisfy { $0.height == 60 })
            #expect(allocation(of: panel.widget).width == 0)

            panel.isCollapsed = false
            panel.collapse = .none
            w.window.settle()
            animate(.smooth(duration: 0.3)) { panel.isCollapsed = true }
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            let frame = allocation(of: panel.widget)
            #expect(panel.isCollapsed && frame.width == 120 && frame.height == 60)
        }

        @Test("collapsed and presence combine: a bin made present while collapsed takes no space until expanded")
        func collapseWithPresence() throws {
            let (w, panel, below) = try panelWindow()
            defer { w.window.close() }
            panel.isCollapsed = true
            panel.isPresent = false
            w.window.settle()
            panel.isPresent = true
            w.window.settle()
            #expect(gtk_widget_get_visible(panel.widget) != 0)
            #expect(allocation(of: panel.widget).height == 0 && allocation(of: below.widget).y == 40)
            animate(.smooth(duration: 0.3)) { panel.isCollapsed = false }
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            #expect(allocation(of: panel.widget).height == 60 && allocation(of: below.widget).y == 100)
        }

        @Test("moveAnimations(to:): refused while animating; at rest the values stay and animate on the new clock")
        func moveToAnotherClock() throws {
            let (w, panel, _) = try panelWindow()
            defer { w.window.close() }
            let windowClock = GtkFrameClock.for(w.window.window)
            let own = panel.clock
            #expect(own !== windowClock)
            animate(.linear(duration: 0.5)) { panel.translation = CGPoint(x: 30, y: 0) }
            #expect(panel.isAnimating && !panel.moveAnimations(to: windowClock) && panel.clock === own)
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            panel.opacity = 0.5
            panel.padding = EdgeInsets(top: 2, leading: 0, bottom: 2, trailing: 0)
            panel.isCollapsed = true
            w.window.settle()
            #expect(panel.moveAnimations(to: windowClock) && panel.clock === windowClock)
            #expect(panel.translation == CGPoint(x: 30, y: 0) && panel.presentedTranslation == CGPoint(x: 30, y: 0))
            #expect(panel.opacity == 0.5 && panel.presentedOpacity == 0.5 && panel.isCollapsed)
            w.window.settle()
            #expect(allocation(of: panel.widget).height == 0, "nothing jumped back: still collapsed")
            animate(.linear(duration: 0.5)) {
                panel.translation = .zero
                panel.isCollapsed = false
            }
            #expect(windowClock.isTicking && !own.isTicking)
            GtkRuntime.iterate(timeout: 3) { !panel.isAnimating }
            w.window.settle()
            #expect(panel.presentedTranslation == .zero && allocation(of: panel.widget).height == 64)
        }
    }
}
