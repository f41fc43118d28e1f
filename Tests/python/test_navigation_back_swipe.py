"""Unison.NavigationStack's back swipe from Python, with real pointer input from xdotool under Xvfb:
the back-swipe-enabled property (default on, notified once per change), an edge swipe that pops
the page, and a disabled swipe that leaves it."""

import shutil
import subprocess
import unittest

from unison_testing import Graphene, Gtk, Unison, drain, iterate_until, mapped_window

WIDTH, HEIGHT = 300, 200
TITLE = "unison-python-back-swipe"


class BackSwipeTests(unittest.TestCase):
    def setUp(self):
        if shutil.which("xdotool") is None:
            self.skipTest("xdotool is not installed (apt-get install xdotool)")
        self.root = Gtk.Box()
        self.stack = Unison.NavigationStack.new(self.root)
        self.stack.set_size_request(WIDTH, HEIGHT)
        self.events = []
        for event in ("page-will-appear", "page-did-appear", "page-will-disappear", "page-did-disappear"):
            self.stack.connect(event, lambda _s, page, event=event: self.events.append((event, page)))
        self.window = mapped_window(self.stack)
        self.window.set_title(TITLE)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.stack.get_width() > 0)
        self.page = Gtk.Box()
        Unison.animate(Unison.Animation.new_smooth(0.05), lambda: self.stack.push(self.page, None), None)
        iterate_until(lambda: self.events[-1:] == [("page-did-appear", self.page)])
        drain()
        search = subprocess.run(["xdotool", "search", "--sync", "--name", TITLE], capture_output=True, text=True,
                                timeout=10)
        self.window_id = search.stdout.split()[0]
        # Every pointer motion the window gets, before any widget (X events arrive in order: once the
        # move after a release is seen, the release has been handled).
        self.motions = []
        motion = Gtk.EventControllerMotion()
        motion.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
        motion.connect("motion", lambda _c, x, y: self.motions.append((x, y)))
        self.window.add_controller(motion)

    def xdotool(self, *arguments):
        process = subprocess.Popen(["xdotool", *arguments])
        iterate_until(lambda: process.poll() is not None)

    def swipe(self):
        """A quick drag from 3 px inside the stack's left edge, 150 px to the right."""
        ok, origin = self.stack.compute_point(self.window, Graphene.Point().init(3, HEIGHT / 2))
        self.assertTrue(ok)
        # X window coordinates include the client-side shadow.
        sx, sy = self.window.get_surface_transform()
        x, y = int(origin.x + sx), int(origin.y + sy)
        steps = [a for n in range(1, 6) for a in ("sleep", "0.02", "mousemove", "--window", self.window_id,
                                                  str(x + 30 * n), str(y))]
        self.xdotool("mousemove", "--window", self.window_id, str(x), str(y), "mousedown", "1", *steps,
                     "mouseup", "1", "mousemove", "--window", self.window_id, str(x + 7), str(y + 7))
        iterate_until(lambda: any(abs(mx + sx - x - 7) <= 1 and abs(my + sy - y - 7) <= 1 for mx, my in self.motions))

    def test_property_defaults_on_and_notifies_once_per_change(self):
        notified = []
        self.stack.connect("notify::back-swipe-enabled", lambda *_: notified.append(True))
        self.assertTrue(self.stack.props.back_swipe_enabled)
        self.stack.set_back_swipe_enabled(False)
        self.stack.set_back_swipe_enabled(False)
        self.assertEqual((self.stack.get_back_swipe_enabled(), notified), (False, [True]))
        self.stack.props.back_swipe_enabled = True
        self.assertEqual((self.stack.get_back_swipe_enabled(), notified), (True, [True, True]))

    def test_an_edge_swipe_pops_the_page_with_balanced_signals(self):
        self.swipe()
        iterate_until(lambda: self.page.get_parent() is None)
        self.assertIs(self.stack.get_top(), self.root)
        self.assertEqual([e for e, p in self.events if p is self.page],
                         ["page-will-appear", "page-did-appear", "page-will-disappear", "page-did-disappear"])

    def test_a_disabled_swipe_leaves_the_page(self):
        self.stack.props.back_swipe_enabled = False
        before = list(self.events)
        self.swipe()
        drain()
        self.assertIs(self.stack.get_top(), self.page)
        self.assertEqual(self.events, before)


if __name__ == "__main__":
    unittest.main()
