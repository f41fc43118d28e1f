// Unison from JavaScript (GJS): a spring drives a progress bar, read back from GTK on every frame
// against the animation at the frame's time; a transition's effects read back. Exits with 1 if a
// check fails (`make test` runs it under Xvfb).
//
//   gjs spring.js

imports.gi.versions.Gtk = '4.0';
const {GLib, Gtk, Unison} = imports.gi;

let failures = 0;
function check(ok, what) {
    print(`${ok ? 'ok' : 'FAIL'} - ${what}`);
    if (!ok)
        failures++;
}

Gtk.init();
const loop = new GLib.MainLoop(null, false);
const bar = new Gtk.ProgressBar();
const window = new Gtk.Window({child: bar});
window.present();
while (!bar.get_mapped())
    GLib.MainContext.default().iteration(true);

// A transition, read back.
const slide = Unison.Transition.new_slide(Unison.Edge.LEADING);
const [opacity, offsetX, offsetY] = slide.get_effects(false, 200, 50, false);
check(opacity === 1 && offsetX === -200 && offsetY === 0, 'a slide from the leading edge starts one width to the left');
const fade = Unison.Transition.new_opacity().combined(Unison.Transition.new_scale(0.5));
const [fadeOpacity, , , scaleX] = fade.get_effects(true, 200, 50, false);
check(fadeOpacity === 0 && scaleX === 0.5, 'opacity combined with scale leaves at 0 opacity, half size');

// A spring, read back on every frame.
const spring = Unison.Animation.new_spring(0.4, 0.2);
const value = Unison.Value.new(bar, 0);
value.drive_property(bar, 'fraction');
let start = null, frames = 0, worst = 0, fractionsMatch = true, completions = 0;
bar.add_tick_callback((widget, clock) => {
    if (start === null)
        start = clock.get_frame_time();
    return GLib.SOURCE_CONTINUE;
});
value.connect('notify::value', () => {
    if (start === null)
        return;
    const elapsed = bar.get_frame_clock().get_frame_time() / 1e6 - start / 1e6;
    const presented = value.value;
    worst = Math.max(worst, Math.abs(presented - spring.value(elapsed)));
    if (bar.get_fraction() !== Math.min(Math.max(presented, 0), 1))
        fractionsMatch = false;
    frames++;
});
Unison.animate(spring, () => value.set_value(1), () => {
    completions++;
    GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
});
check(value.target === 1 && value.value === 0, 'inside animate the target is set; the presented value has not moved');
loop.run();
print(`# ${frames} frames, worst |presented - engine| = ${worst}`);
check(frames >= 5, 'the value was presented on several frames');
check(worst <= 1e-9, 'every presented value equals the spring at the frame\'s time');
check(fractionsMatch, 'the bar\'s fraction was the presented value on every frame');
// Logically complete once the spring's duration has passed: it may still settle after.
while (value.value !== value.target)
    GLib.MainContext.default().iteration(true);
check(completions === 1 && value.value === 1, 'the completion ran once; the spring settled at the target');

// A class string that does not parse throws a GLib.Error naming the token.
try {
    Unison.Animation.new_from_classes('animate-spring duration-abc');
    check(false, 'an unparsable class string throws');
} catch (error) {
    check(error.matches(Unison.error_quark(), Unison.Error.PARSE) && error.message.includes('duration-abc'),
        'an unparsable class string throws UNISON_ERROR_PARSE naming the token');
}

window.destroy();
print(failures ? 'GJS example: FAILED' : 'GJS example: all checks passed');
imports.system.exit(failures ? 1 : 0);
