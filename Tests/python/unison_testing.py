"""What the Python tests share: the introspected modules, a window on Xvfb, main-loop helpers,
Unison's criticals captured, and a spring's closed form written out independently of the library."""

import ctypes
import math
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Unison", "1.0")
from gi.repository import GLib, Gtk, Unison  # noqa: E402

Gtk.init()


def iterate_until(condition, timeout=10.0):
    """Runs the default main context until `condition()` holds; fails after `timeout` seconds (a
    safety net for a hang, never a timed assertion)."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not hold within %.0f s" % timeout)
        context.iteration(True)


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
