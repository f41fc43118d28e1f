// Unison from Vala: a spring and a transition on a Unison.MotionBin, read back from GTK. The
// spring's presented translation is compared, after every frame the window paints, with the
// animation's own value at that frame's time; the transition's removal is read back frame by
// frame (the drawn opacity falls, then the bin is hidden); each completion runs once.
//
//   valac --pkg gtk4 --pkg unison-1 example.vala && ./example
//
// Prints one line per check and exits with 1 if one fails (`make test-gobject` builds it against
// the uninstalled unison-1.vapi and library and runs it under Xvfb).

int failures = 0;

void check (bool ok, string what) {
    print ("%s - %s\n", ok ? "ok" : "FAIL", what);
    if (!ok) {
        failures++;
    }
}

void iterate_until (owned SourceFunc condition) {
    while (!condition ()) {
        MainContext.default ().iteration (true);
    }
}

int main (string[] args) {
    Gtk.init ();
    var tile = new Gtk.Box (Gtk.Orientation.HORIZONTAL, 0);
    tile.set_size_request (40, 30);
    var bin = new Unison.MotionBin (tile);
    bin.halign = Gtk.Align.START;
    bin.valign = Gtk.Align.START;
    var window = new Gtk.Window ();
    window.set_default_size (300, 120);
    window.child = bin;
    window.present ();
    iterate_until (() => bin.get_mapped ());
    var clock = window.get_frame_clock ();

    // A spring, read back after every painted frame against the animation at the frame's time.
    var spring = new Unison.Animation.spring (0.4, 0.2);
    double[] times = {};
    double[] xs = {};
    var recorder = clock.after_paint.connect (() => {
        double x, y;
        bin.get_presented_translation (out x, out y);
        times += clock.get_frame_time () / 1e6;
        xs += x;
    });
    int completions = 0;
    Unison.animate (spring, () => bin.translation_x = 100, () => completions++);
    double x0, y0;
    bin.get_presented_translation (out x0, out y0);
    check (bin.translation_x == 100 && x0 == 0, "inside animate the property is set; the drawn translation has not moved");
    iterate_until (() => completions > 0);
    for (int i = 0; i < 10; i++) {
        MainContext.default ().iteration (false);
    }
    clock.disconnect (recorder);
    double worst = 0;
    int moving = 0;
    for (int i = 0; i < xs.length; i++) {
        worst = double.max (worst, (xs[i] - 100 * spring.value (times[i] - times[0])).abs ());
        if (xs[i] > 0 && xs[i] < 100) {
            moving++;
        }
    }
    print ("# %d frames, %d in between; worst |presented - spring| = %.3g px\n", xs.length, moving, worst);
    check (moving >= 3 && worst <= 1e-9, "the drawn translation is the spring's at every frame time");
    check (completions == 1, "the completion ran once");

    // A transition: the removal fades the bin out frame by frame, then hides it.
    bin.transition = new Unison.Transition.opacity ().combined (new Unison.Transition.scale (0.5));
    double[] opacities = {};
    recorder = clock.after_paint.connect (() => opacities += bin.get_presented_opacity ());
    int dismissed = 0;
    Unison.animate (new Unison.Animation.smooth (0.3), () => bin.present = false, () => dismissed++);
    // (The completion runs when the animation is logically complete; the bin is hidden when its
    // transition and the closing of its space have ended.)
    iterate_until (() => dismissed > 0 && !bin.visible);
    clock.disconnect (recorder);
    bool between = false;
    bool falling = true;
    for (int i = 0; i < opacities.length; i++) {
        between = between || (opacities[i] > 0 && opacities[i] < 1);
        falling = falling && (i == 0 || opacities[i] <= opacities[i - 1]);
    }
    check (between && falling, "the removal's drawn opacity falls through the frames");
    check (!bin.present && !bin.visible && dismissed == 1, "then the bin is hidden, and the completion ran once");

    // Bad input is an error naming the token, not a crash.
    try {
        bin.set_animation_classes ("hover:scale-105 bogus-token");
        check (false, "an unparsable class string is an error");
    } catch (Error error) {
        check (error is Unison.Error.PARSE && "bogus-token" in error.message, "an unparsable class string is Unison.Error.PARSE naming the token");
    }

    window.destroy ();
    print ("%s\n", failures == 0 ? "Vala: all checks passed" : "Vala: %d checks failed".printf (failures));
    return failures == 0 ? 0 : 1;
}
