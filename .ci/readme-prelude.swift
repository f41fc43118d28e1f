// The names the code fragments of README.md and of the documentation's articles use without
// declaring them: the porting guide's `myView`, the GTK articles' `card`, the headless `x`...
// `.ci/check-readme` compiles each fragment beside this file, in a package named as the README's
// "Use it in your app" says (its C module is `CCardsGtk`). Nothing here runs: it only has to give
// each name the type the documents mean.
import CCardsGtk
import Foundation
import Unison
import UnisonGtk
import UnisonHeadless

// MARK: GTK: widgets in a GtkFixed, animated

/// The `GtkFixed` the cards live in (a stationary ancestor for gestures).
@MainActor let fixed = gtk_fixed_new()!
/// The porting guide's stand-in for a `UIView`: an `AnimatedWidget` over a widget in `fixed`.
@MainActor let myView = placed(gtk_drawing_area_new()!)
/// The GTK articles' card.
@MainActor let card = placed(gtk_button_new_with_label("Card")!)
/// A panel that fades in.
@MainActor let panel = placed(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
/// A transient message.
@MainActor let toast = placed(gtk_label_new("Saved")!)
/// A button.
@MainActor let button = gtk_button_new_with_label("Move")!
/// A colour a `GtkDrawingArea` draws.
@MainActor let background = AnimatedDrawing(gtk_drawing_area_new()!, initial: RGBAColor.white) { _, _, _, _ in }

@MainActor func placed(_ widget: UnsafeMutablePointer<GtkWidget>) -> AnimatedWidget {
    gtk_fixed_put(UnsafeMutablePointer(OpaquePointer(fixed)), widget, 0, 0)
    return AnimatedWidget(widget)
}

/// The representables article's widget: a box with a lid.
@MainActor final class BeadBox {
    let lid = placed(gtk_drawing_area_new()!)
}

// MARK: Headless values

@MainActor let headless = HeadlessClock()
@MainActor let x = AnimatableProperty(0.0, clock: headless)
@MainActor let scale = AnimatableProperty(1.0, clock: headless)
@MainActor let opacity = AnimatableProperty(1.0, clock: headless)
@MainActor let offset = AnimatableProperty(100.0, clock: headless)
/// A drag's translation, and where the value rests once released.
let translation = 120.0
let restingPlace = 0.0

// MARK: Navigation: the bracelets of Apple's zoom-transition example

/// A bracelet of the example.
struct Bracelet: Identifiable { let id: Int }
@MainActor let bracelets = (0..<6).map(Bracelet.init)
/// The example's views, as GTK widgets.
@MainActor final class BraceletPreview {
    let widget = gtk_drawing_area_new()!
    init(_ bracelet: Bracelet) {}
}
@MainActor final class BraceletEditor {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    init(_ bracelet: Bracelet) {}
}
/// The bracelet grid, and the stack that shows it.
@MainActor let grid = gtk_grid_new()!
@MainActor let stack = NavigationStack(root: grid)
/// The preview widget on screen for a bracelet (UIKit's `cell(for:)`).
@MainActor func cell(for bracelet: Bracelet) -> UnsafeMutablePointer<GtkWidget>? { nil }
/// Runs `action` when `widget` is clicked.
@MainActor func onClick(_ widget: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor () -> Void) {}
