import CUnisonGtkExamples
import Foundation
import Unison
import UnisonDemoKit
import UnisonGtk

// unison-demo             the demo application (a window with every page)
// unison-demo --tour DIR  records each page's animation to DIR (PNG frames, a contact sheet,
//                         an animated GIF) and prints their paths: what `make demo` runs without
//                         a display, under Xvfb.

let arguments = Array(CommandLine.arguments.dropFirst())

if let flag = arguments.firstIndex(of: "--tour") {
    let directory = arguments.count > flag + 1 ? arguments[flag + 1] : "out/demo"
    MainActor.assumeIsolated {
        guard GtkRuntime.initialize() else {
            print("unison-demo: no display (run it under xvfb-run, as make demo does)")
            exit(1)
        }
        let demo = DemoWindow(window: gtk_window_new())
        let output = DemoTour.run(demo: demo, into: directory)
        for page in demo.pages {
            print("\(page.title): \(output.frames[page.title]?.count ?? 0) frames in \(directory)/")
        }
        print("contact sheet: \(output.contactSheet ?? "not written")")
        print("animated image: \(output.animation ?? "not written: needs the Debian package imagemagick")")
        exit(output.contactSheet == nil ? 1 : 0)
    }
}

let app = gtk_application_new("dev.unison.Demo", G_APPLICATION_NON_UNIQUE)!
var demo: DemoWindow?
GtkSignals.connect(UnsafeMutableRawPointer(app), "activate") {
    GtkRuntime.initialize()
    let window = DemoWindow(window: gtk_application_window_new(app))
    demo = window
    gtk_window_present(unison_example_window(window.window))
}
exit(g_application_run(unison_example_gapplication(app), 0, nil))
