import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: sheets")
    struct SheetTests {
        @Test("a sheet zooms out of its source into its inset card over the page below, and back on dismiss")
        func sheetZoomFrames() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try NavWindow()
            defer { w.close() }
            // A blue strip at the root's left edge, outside the sheet's card: the page below, seen dimmed.
            let strip = colouredArea(red: 0, green: 0, blue: 1, width: 10, height: 300)
            gtk_fixed_put(unison_example_fixed(w.root), strip, 0, 0)
            w.window.settle()
            let page = w.page("sheet", green)
            let sheet = CGRect(x: 24, y: 24, width: 352, height: 252)
            var frames: [CGRect?] = []
            // Where the stack draws the page on each painted frame (the pixels are not green while
            // a close cross-fades the page into its source).
            var placed: [CGRect?] = []
            w.window.record { _ in
                frames.append(w.drawn(green))
                placed.append(w.stack.drawnFrame(of: page))
            }
            #expect(w.stack.present(page, transition: .zoom(from: w.card, cornerRadius: 0)))
            GtkRuntime.iterate(timeout: 30) { !w.stack.isTransitioning }
            w.window.settle()
            let drawn = frames.compactMap { $0 }
            #expect(close(drawn.first, w.cardFrame), "first frame \(String(describing: drawn.first))")
            #expect(close(drawn.last, sheet), "last frame \(String(describing: drawn.last))")
            #expect(drawn.filter { $0.width > 80 && $0.width < 340 }.count >= 5)
            // The page below stays drawn, behind the dimming layer (blue under 40 % black).
            #expect(gtk_widget_get_mapped(w.root) != 0)
            #expect(close(w.drawn((0, 0, 0.6)), CGRect(x: 0, y: 0, width: 10, height: 300)))
            #expect(w.events(of: "sheet") == [.willAppear, .didAppear])
            #expect(w.stack.drawnFrame(of: page) == sheet)

            // Dismissed, it shrinks back into its source; the page below is undimmed.
            frames = []
            placed = []
            #expect(w.stack.dismiss())
            GtkRuntime.iterate(timeout: 30) { !w.stack.isTransitioning }
            w.window.settle()
            let back = placed.compactMap { $0 }
            #expect(close(back.last, w.cardFrame), "last frame \(String(describing: back.last))")
            #expect(w.drawn(green) == nil && gtk_widget_get_parent(page) == nil)
            #expect(close(w.drawn((0, 0, 1)), CGRect(x: 0, y: 0, width: 10, height: 300)))
            #expect(w.events(of: "sheet") == [.willAppear, .didAppear, .willDisappear, .didDisappear])
            #expect(!w.stack.dismiss() && w.stack.stack == [w.root])

            // Dragged down mid-presentation and released fast, it dismisses into its source.
            frames = []
            placed = []
            #expect(w.stack.present(page, transition: .zoom(from: w.card, cornerRadius: 0)))
            w.window.settle(0.1)
            #expect(w.stack.beginDrag())
            w.stack.updateDrag(translation: CGPoint(x: 0, y: 40))
            #expect(w.stack.endDrag(velocity: CGPoint(x: 0, y: 1500)))
            GtkRuntime.iterate(timeout: 30) { !w.stack.isTransitioning }
            w.window.settle()
            #expect(close(placed.compactMap { $0 }.last, w.cardFrame))
            #expect(w.stack.stack == [w.root] && w.drawn(green) == nil)
        }
    }
}
