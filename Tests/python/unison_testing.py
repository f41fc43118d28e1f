"""What the Python tests share: the introspected modules, a window on Xvfb, main-loop helpers,
Unison's criticals captured, and a spring's closed form written out independently of the library."""

import ctypes
import math
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Graphene", "1.0")
gi.require_version("Unison", "1.0")
from gi.repository import Gdk, GLib, GObject, Graphene, Gtk, Unison  # noqa: E402

Gtk.init()


def iterate_until(condition, timeout=10.0):
    """Runs the default main context until `condition()` holds; fails after `timeout` seconds (a
    safety net for a hang, never a timed assertion)."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    wake = GLib.timeout_add(250, lambda: True)  # so that a loop with nothing left to do still sees the deadline
    try:
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("the condition did not hold within %.0f s" % timeout)
            context.iteration(True)
    finally:
        GLib.source_remove(wake)


def drain():
    """Runs whatever the main context has ready now."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def mapped_window(child):
    """A window showing `child`, mapped."""
    window = Gtk.Window()
    window.set_child(child)
    window.present()
    iterate_until(child.get_mapped)
    return window


class Criticals:
    """Collects the criticals of Unison's log domain while in use (`with Criticals() as c:`)."""

    def __enter__(self):
        self.messages = []
        self._handler = GLib.log_set_handler(
            "Unison", GLib.LogLevelFlags.LEVEL_CRITICAL, lambda domain, level, message, *_: self.messages.append(message)
        )
        return self

    def __exit__(self, *exc):
        GLib.log_remove_handler("Unison", self._handler)
        return False


def spring_progress(duration, bounce, t):
    """Progress of a 0 → 1 change from rest on a spring(duration:bounce:) at `t` s: the damped
    oscillator x'' = -ω0²(x - 1) - 2ζω0 x' with ω0 = 2π/duration, ζ = 1 - bounce (bounce ≥ 0)."""
    omega = 2 * math.pi / duration
    zeta = 1 - bounce
    if zeta < 1:
        damped = omega * math.sqrt(1 - zeta * zeta)
        envelope = math.exp(-zeta * omega * t)
        return 1 - envelope * (math.cos(damped * t) + zeta * omega / damped * math.sin(damped * t))
    return 1 - math.exp(-omega * t) * (1 + omega * t)


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]


_libc = ctypes.CDLL(None)
_libc.mallinfo2.restype = _MallInfo2


def heap_in_use():
    """Bytes of the C heap in use now (glibc's mallinfo2): exact, unlike the resident size, which
    moves in pages and keeps what was freed. (Python's small objects live in its own arenas.)"""
    return _libc.mallinfo2().uordblks


_gtk = ctypes.CDLL("libgtk-4.so.1")
_gtk.gtk_widget_paintable_new.restype = ctypes.c_void_p
_gtk.gtk_widget_paintable_new.argtypes = [ctypes.c_void_p]
_gtk.gtk_snapshot_new.restype = ctypes.c_void_p
_gtk.gdk_paintable_snapshot.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_double]
_gtk.gtk_snapshot_free_to_node.restype = ctypes.c_void_p
_gtk.gtk_snapshot_free_to_node.argtypes = [ctypes.c_void_p]
_gtk.gsk_cairo_renderer_new.restype = ctypes.c_void_p
_gtk.gsk_renderer_realize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_gtk.gsk_renderer_render_texture.restype = ctypes.c_void_p
_gtk.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_gtk.gdk_texture_download.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
_gtk.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
_gtk.g_object_unref.argtypes = [ctypes.c_void_p]
ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _address(gobject):
    return ctypes.pythonapi.PyCapsule_GetPointer(gobject.__gpointer__, None)


_renderer = None


def painted(widget):
    """What `widget` paints now, read through GTK's own API (PyGObject 3.42 cannot carry render
    nodes, so through ctypes): a GtkWidgetPaintable snapshotted, its render node rasterized by GSK's
    Cairo renderer, the texture downloaded. Returns (width, height, rows), each row a bytes of
    premultiplied BGRA pixels (cairo's ARGB32 on a little-endian machine).

    The Cairo renderer, not the window's: GTK 4.8's GL renderer on Mesa's llvmpipe (Xvfb) renders
    an opacity node inside a clip node as nothing in gsk_renderer_render_texture."""
    global _renderer
    if _renderer is None:
        _renderer = _gtk.gsk_cairo_renderer_new()
        if not _gtk.gsk_renderer_realize(_renderer, None, None):
            raise AssertionError("GSK's Cairo renderer did not realize")
    width, height = widget.get_width(), widget.get_height()
    paintable = _gtk.gtk_widget_paintable_new(_address(widget))
    snapshot = _gtk.gtk_snapshot_new()
    _gtk.gdk_paintable_snapshot(paintable, snapshot, width, height)
    node = _gtk.gtk_snapshot_free_to_node(snapshot)
    _gtk.g_object_unref(paintable)
    if not node:
        return width, height, [bytes(4 * width)] * height
    bounds = (ctypes.c_float * 4)(0, 0, width, height)
    texture = _gtk.gsk_renderer_render_texture(_renderer, node, ctypes.cast(bounds, ctypes.c_void_p))
    _gtk.gsk_render_node_unref(node)
    buffer = ctypes.create_string_buffer(4 * width * height)
    _gtk.gdk_texture_download(texture, buffer, 4 * width)
    _gtk.g_object_unref(texture)
    data = buffer.raw
    return width, height, [data[4 * width * y:4 * width * (y + 1)] for y in range(height)]

def painted_bounds(image, matches):
    """The box (x, y, width, height) of the pixels of `image` (from `painted`) for which
    `matches(r, g, b, a)` holds (premultiplied), or None."""
    width, height, rows = image
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x in range(width):
            b, g, r, a = row[4 * x:4 * x + 4]
            if matches(r, g, b, a):
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


_gobject = ctypes.CDLL("libgobject-2.0.so.0")
_gobject.g_signal_handler_find.restype = ctypes.c_ulong
_gobject.g_signal_handler_find.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_uint32,
                                           ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_gobject.g_signal_handler_block.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_gobject.g_signal_handler_unblock.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_G_SIGNAL_MATCH_ID_UNBLOCKED = 1 | 32  # G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_UNBLOCKED


def ticking_widgets(frame_clock):
    """How many widgets have tick callbacks on `frame_clock` now: GTK connects one handler to the
    clock's `update` signal per widget with tick callbacks (gtk_widget_add_tick_callback), so this
    counts the unblocked handlers of `update` (finding one, blocking it, finding the next; then
    unblocking them)."""
    signal = GObject.signal_lookup("update", Gdk.FrameClock)
    address = _address(frame_clock)
    found = []
    while True:
        handler = _gobject.g_signal_handler_find(address, _G_SIGNAL_MATCH_ID_UNBLOCKED, signal, 0, None, None, None)
        if handler == 0:
            break
        _gobject.g_signal_handler_block(address, handler)
        found.append(handler)
    for handler in found:
        _gobject.g_signal_handler_unblock(address, handler)
    return len(found)
