#!/usr/bin/python3
"""Five of Unison's demo pages in Python: a spring, a list that animates its changes, a list view and
a grid view of 3 000 items whose model changes animate, and a zoom into a card.

    python3 demo.py            # a window with a page switcher
    python3 demo.py --smoke    # run each page's animation once, check what GTK painted, quit
                               # (make test-gobject runs it under Xvfb)

Needs Debian's python3-gi and gir1.2-gtk-4.0, and Unison installed (`make install`) or, from the
source tree, GI_TYPELIB_PATH, LD_LIBRARY_PATH and PYTHONPATH as mk/gobject.mk sets them.
"""

import colorsys
import random
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Unison", "1.0")
from gi.repository import Gdk, Gio, GLib, Gtk, Unison  # noqa: E402

CSS = b"""
.swatch { min-width: 64px; min-height: 64px; border-radius: 12px; }
.row { min-height: 36px; padding: 0 12px; border-radius: 8px; color: white; font-weight: bold; }
.detail { color: white; }
.red { background: #e01b24; }
.blue { background: #3584e4; }
.green { background: #33d17a; }
.orange { background: #ff7800; }
.purple { background: #9141ac; }
.tile { min-width: 48px; min-height: 48px; margin: 3px; border-radius: 10px; color: white; font-weight: bold; }
"""
ROW_COLORS = ("blue", "green", "orange", "purple")
HUES = 12  # the grid's tiles step round the colour wheel, number by number
CSS += b"".join(b".hue%d { background: #%02x%02x%02x; }\n" % ((hue,) + tuple(
    round(255 * channel) for channel in colorsys.hsv_to_rgb(hue / HUES, 0.6, 0.82))) for hue in range(HUES))


def swatch(color):
    return Gtk.Box(halign=Gtk.Align.START, valign=Gtk.Align.START, css_classes=["swatch", color])


class SpringsPage(Gtk.Box):
    """A spring with duration and bounce sliders throws a card; a label reads the value back."""

    def __init__(self):
        super().__init__(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        self.duration = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0.1, 2, 0.05)
        self.duration.set_value(0.5)
        self.bounce = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, -0.5, 0.9, 0.05)
        self.bounce.set_value(0.3)
        for label, scale in (("Duration (s)", self.duration), ("Bounce", self.bounce)):
            scale.set_draw_value(True)
            self.append(Gtk.Label(label=label, xalign=0))
            self.append(scale)

        self.card = Unison.MotionBin.new(swatch("red"))
        self.card.set_halign(Gtk.Align.START)
        self.track = Gtk.Box(height_request=80)
        self.track.append(self.card)
        self.append(self.track)

        self.readout = Gtk.Label(label="x = 0", xalign=0)
        self.append(self.readout)
        self.card.add_tick_callback(self.show_presented)
        button = Gtk.Button(label="Throw", halign=Gtk.Align.START)
        button.connect("clicked", lambda _: self.throw())
        self.append(button)

    def throw(self, done=None):
        target = 0 if self.card.props.translation_x else 240
        spring = Unison.Animation.new_spring(self.duration.get_value(), self.bounce.get_value())
        Unison.animate(spring, lambda: self.card.set_translation(target, 0), done)

    def show_presented(self, *_):
        self.readout.set_text("x = %.1f" % self.card.get_presented_translation()[0])
        return GLib.SOURCE_CONTINUE


class ListPage(Gtk.Box):
    """Rows that slide in and out, and glide to their new places when the list changes."""

    def __init__(self):
        super().__init__(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        buttons = Gtk.Box(spacing=6)
        for label, action in (("Insert", self.insert), ("Remove", self.remove), ("Shuffle", self.shuffle)):
            button = Gtk.Button(label=label)
            button.connect("clicked", lambda _, action=action: action())
            buttons.append(button)
        self.append(buttons)
        self.rows = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
        self.append(self.rows)
        self.count = 0
        for _ in range(4):
            self.rows.append(self.new_row())

    def new_row(self):
        self.count += 1
        label = Gtk.Label(label="Item %d" % self.count, css_classes=["row", ROW_COLORS[self.count % 4]])
        row = Unison.MotionBin.new(label)
        row.props.transition = Unison.Transition.new_slide(Unison.Edge.LEADING).combined(
            Unison.Transition.new_opacity())
        row.props.removes_when_dismissed = True  # layout-animation is on by default
        return row

    def present_rows(self):
        rows, row = [], self.rows.get_first_child()
        while row:
            if row.props.present:
                rows.append(row)
            row = row.get_next_sibling()
        return rows

    def insert(self, done=None):
        row = self.new_row()
        row.props.present = False  # outside a transaction: hidden at once, until it comes in
        self.rows.insert_child_after(row, random.choice([None] + self.present_rows()))
        Unison.animate(Unison.Animation.new_snappy(0.4), lambda: row.set_property("present", True), done)
        return row

    def remove(self, done=None):
        rows = self.present_rows()
        if rows:
            row = random.choice(rows)
            Unison.animate(Unison.Animation.new_snappy(0.4), lambda: row.set_property("present", False), done)
            return row

    def shuffle(self, done=None):
        rows = self.present_rows()
        order = list(rows)
        while len(rows) > 1 and any(a is b for a, b in zip(order, rows)):
            random.shuffle(order)  # every row moves

        def reorder():
            previous = None
            for row in order:
                self.rows.reorder_child_after(row, previous)
                previous = row

        Unison.animate(Unison.Animation.new_spring(0.5, 0.15), reorder, done)


class ModelPage(Gtk.Box):
    """A model-backed view (made by `make_view(model, factory)`) of 3 000 items with a
    Unison.ListAnimator: an inserted item fades and grows in, a removed one fades and shrinks out,
    and a shuffle glides the items on screen to their new places. The view recycles a few row
    widgets; the animator follows the model's items (the same objects moved by a splice are moves:
    a Gio.ListStore, not a Gtk.StringList, whose splice makes new ones)."""

    COUNT = 3000
    ANIMATION = Unison.Animation.new_spring(0.5, 0.15)

    def __init__(self, make_view, actions=()):
        super().__init__(orientation=Gtk.Orientation.VERTICAL, spacing=12)
        buttons = Gtk.Box(spacing=6)
        for label, action in (("Insert", self.insert), ("Remove", self.remove), ("Shuffle", self.shuffle)) + actions:
            button = Gtk.Button(label=label)
            button.connect("clicked", lambda _, action=action: action())
            buttons.append(button)
        self.append(buttons)
        self.store = Gio.ListStore(item_type=Gtk.StringObject)
        self.count = 0
        self.store.splice(0, 0, [self.new_item() for _ in range(self.COUNT)])
        self.labels = {}  # each row's label → its Gtk.ListItem
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", self.setup)
        factory.connect("bind", lambda _, item: self.bind(item.get_child(), item.get_item().get_string()))
        factory.connect("teardown", lambda _, item: self.labels.pop(item.get_child(), None))
        self.view = make_view(Gtk.NoSelection.new(self.store), factory)
        self.animator = Unison.ListAnimator.new(self.view)  # before the view shows rows
        self.scrolled = Gtk.ScrolledWindow(child=self.view, vexpand=True)
        self.append(self.scrolled)

    def new_item(self):
        self.count += 1
        return Gtk.StringObject.new(str(self.count))

    def setup(self, _, item):
        label = Gtk.Label()
        item.set_child(label)
        self.labels[label] = item

    def positions_on_screen(self):
        """The model positions of the items on screen, in order."""
        height, positions = self.scrolled.get_height(), []
        for label, item in self.labels.items():
            ok, bounds = label.compute_bounds(self.scrolled)
            if label.get_mapped() and ok and bounds.origin.y + bounds.size.height > 0 and bounds.origin.y < height:
                positions.append(item.get_position())
        return sorted(positions)

    def changeable(self):
        """The positions on screen a change may touch: all but the first, which the view keeps in
        place (it would scroll to wherever a change moved it)."""
        positions = self.positions_on_screen()
        return range(positions[0] + 1, positions[-1] + 1) if len(positions) > 1 else range(0)

    def insert(self, done=None):
        """Inserts a new item at a random place on screen; returns it."""
        positions, item = self.changeable(), self.new_item()
        if positions:
            Unison.animate(self.ANIMATION, lambda: self.store.insert(random.choice(positions), item), done)
            return item

    def remove(self, done=None):
        """Removes a random item on screen; returns it."""
        positions = self.changeable()
        if positions:
            position = random.choice(positions)
            item = self.store.get_item(position)
            Unison.animate(self.ANIMATION, lambda: self.store.remove(position), done)
            return item

    def shuffle(self, done=None):
        """Shuffles the items on screen (all but the first) in one splice; returns them in their new order."""
        positions = self.changeable()
        if len(positions) < 2:
            return []
        items = [self.store.get_item(position) for position in positions]
        order = list(items)
        while order == items:
            random.shuffle(order)
        Unison.animate(self.ANIMATION, lambda: self.store.splice(positions[0], len(order), order), done)
        return order


class ListViewPage(ModelPage):
    """A Gtk.ListView of coloured rows."""

    def __init__(self):
        super().__init__(Gtk.ListView.new)

    @staticmethod
    def bind(label, text):
        label.set_text("Item " + text)
        label.set_xalign(0)
        label.set_css_classes(["row", ROW_COLORS[int(text) % 4]])


class GridViewPage(ModelPage):
    """A Gtk.GridView of numbered tiles whose colour steps round the wheel; Sort puts them back in order."""

    def __init__(self):
        super().__init__(Gtk.GridView.new, (("Sort", self.sort),))
        self.view.set_max_columns(12)

    @staticmethod
    def bind(label, text):
        label.set_text(text)
        label.set_css_classes(["tile", "hue%d" % (int(text) % HUES)])

    def sort(self, done=None):
        """Sorts the whole model by number in one change (the first item, the smallest, stays first)."""
        number = lambda item: int(item.get_string())  # noqa: E731
        Unison.animate(self.ANIMATION, lambda: self.store.sort(lambda a, b: number(a) - number(b)), done)


class ZoomPage(Gtk.Box):
    """A grid of cards; a click zooms the card's page out of it, Back zooms it in again."""

    def __init__(self):
        super().__init__()
        grid = Gtk.FlowBox(selection_mode=Gtk.SelectionMode.NONE, max_children_per_line=3,
                           row_spacing=12, column_spacing=12, valign=Gtk.Align.START)
        self.cards = []
        for color in ("red",) + ROW_COLORS:
            card = Gtk.Button(child=swatch(color), css_classes=["flat"])
            card.connect("clicked", lambda card, color=color: self.open(card, color))
            grid.append(card)
            self.cards.append(card)
        self.stack = Unison.NavigationStack.new(grid)
        self.stack.set_hexpand(True)
        self.stack.set_vexpand(True)
        self.append(self.stack)

    def open(self, card, color, done=None):
        page = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, css_classes=["detail", color])
        back = Gtk.Button(label="Back", halign=Gtk.Align.START, margin_top=12, margin_start=12)
        back.connect("clicked", lambda _: self.close())
        page.append(back)
        page.append(Gtk.Label(label=color.title(), vexpand=True, css_classes=["title-1"]))
        Unison.animate(Unison.Animation.new_smooth(0.35), lambda: self.stack.push(page, card), done)
        return page

    def close(self, done=None):
        Unison.animate(Unison.Animation.new_smooth(0.35), self.stack.pop, done)


def build(window):
    css = Gtk.CssProvider()
    css.load_from_data(CSS)
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css,
                                              Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    pages = Gtk.Stack(transition_type=Gtk.StackTransitionType.CROSSFADE, margin_top=18, margin_bottom=18,
                      margin_start=18, margin_end=18, vexpand=True)
    for page, name, title in ((SpringsPage(), "springs", "Springs"), (ListPage(), "list", "List"),
                              (ListViewPage(), "listview", "List view"), (GridViewPage(), "gridview", "Grid view"),
                              (ZoomPage(), "zoom", "Zoom")):
        pages.add_titled(page, name, title)
    header = Gtk.HeaderBar(title_widget=Gtk.StackSwitcher(stack=pages))
    window.set_titlebar(header)
    window.set_child(pages)
    window.set_default_size(420, 420)
    return pages


def main():
    if "--smoke" in sys.argv:
        import demo_smoke
        return demo_smoke.run(build)
    app = Gtk.Application(application_id="org.unison.PythonDemo")
    app.connect("activate", lambda app: (build(window := Gtk.ApplicationWindow(application=app)),
                                         window.present()))
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
