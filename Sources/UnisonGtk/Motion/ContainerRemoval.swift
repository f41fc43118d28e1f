import CUnisonGtk
import Foundation

/// Removes `widget` from its parent with the parent's own API (GTK has no generic "remove").
/// Rows and flow-box children are removed from their list; an unknown container hides it.
@MainActor
func removeFromContainer(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let parent = gtk_widget_get_parent(widget) else { return }
    let p = UnsafeMutableRawPointer(parent)
    if unison_gtk_is_a(p, gtk_box_get_type()) != 0 {
        gtk_box_remove(p.assumingMemoryBound(to: GtkBox.self), widget)
    } else if unison_gtk_is_a(p, gtk_grid_get_type()) != 0 {
        gtk_grid_remove(p.assumingMemoryBound(to: GtkGrid.self), widget)
    } else if unison_gtk_is_a(p, gtk_fixed_get_type()) != 0 {
        gtk_fixed_remove(p.assumingMemoryBound(to: GtkFixed.self), widget)
    } else if unison_gtk_is_a(p, gtk_overlay_get_type()) != 0 {
        gtk_overlay_remove_overlay(OpaquePointer(p), widget)
    } else if unison_gtk_is_a(p, gtk_center_box_get_type()) != 0 {
        let box = OpaquePointer(p)
        if gtk_center_box_get_start_widget(box) == widget { gtk_center_box_set_start_widget(box, nil) }
        if gtk_center_box_get_center_widget(box) == widget { gtk_center_box_set_center_widget(box, nil) }
        if gtk_center_box_get_end_widget(box) == widget { gtk_center_box_set_end_widget(box, nil) }
    } else if unison_gtk_is_a(p, gtk_list_box_row_get_type()) != 0, let list = gtk_widget_get_parent(parent) {
        gtk_list_box_remove(OpaquePointer(UnsafeMutableRawPointer(list)), parent)
    } else if unison_gtk_is_a(p, gtk_flow_box_child_get_type()) != 0, let flow = gtk_widget_get_parent(parent) {
        gtk_flow_box_remove(OpaquePointer(UnsafeMutableRawPointer(flow)), parent)
    } else {
        gtk_widget_set_visible(widget, unison_gtk_false)
    }
}
