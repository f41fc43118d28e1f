import CUnisonGtk
import Foundation
import Unison

// Sheets: a page presented as an inset card over the page below, which stays drawn behind a
// dimming layer (see NavigationPresentation.sheet). Drawn and dragged as a zoom.

extension NavigationStack {
    /// Presents `page` as a sheet: a push with ``NavigationPresentation/sheet`` (see there).
    @discardableResult
    public func present(
        _ page: some GObjectPointer, transition: NavigationTransition, animated: Bool = true,
        onAppearance: (@MainActor (AppearanceEvent) -> Void)? = nil
    ) -> Bool {
        push(page, transition: transition, presentation: .sheet, animated: animated, onAppearance: onAppearance)
    }

    /// Dismisses the top page when it is a sheet (as Escape or a drag down does). Returns false,
    /// changing nothing, when the top page is not a sheet.
    @discardableResult
    public func dismiss(animated: Bool = true) -> Bool {
        guard model.top?.isSheet == true else { return false }
        return pop(animated: animated)
    }

    /// Gives `page` its presentation: a sheet's bin is inset (so the page is laid out at the
    /// sheet's size) and has a dimming layer below it.
    func setPresentation(_ presentation: NavigationPresentation, of page: Page) {
        page.isSheet = presentation == .sheet
        let bin = unison_gtk_widget(page.bin)
        let inset = Int32(page.isSheet ? sheetInset.rounded() : 0)
        gtk_widget_set_margin_start(bin, inset)
        gtk_widget_set_margin_end(bin, inset)
        gtk_widget_set_margin_top(bin, inset)
        gtk_widget_set_margin_bottom(bin, inset)
        if page.isSheet, page.dim == nil {
            let dim = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            g_object_ref_sink(dim)
            installDimStyle()
            gtk_widget_add_css_class(dim, "unison-sheet-dim")
            gtk_widget_set_visible(dim, unison_gtk_false)
            gtk_overlay_add_overlay(OpaquePointer(overlay), dim)
            page.dim = dim
        } else if !page.isSheet, let dim = page.dim {
            gtk_overlay_remove_overlay(OpaquePointer(overlay), dim)
            g_object_unref(dim)
            page.dim = nil
        }
    }

    private static var dimStyleInstalled = false

    private func installDimStyle() {
        guard !Self.dimStyleInstalled, let display = gdk_display_get_default() else { return }
        Self.dimStyleInstalled = true
        let provider = gtk_css_provider_new()!
        let css = ".unison-sheet-dim { background-color: black; }"
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
