// Seeking, reduced motion and the frame readout from JavaScript (GJS): a UnisonMotionBin's removal
// and a UnisonContentLabel's roll driven by a progress, then finished or cancelled; the app's
// reduced-motion override and an essential animation; a second of frames reported. Prints one
// line per check and exits with 1 if one fails (test_seeking_js.py runs it under Xvfb).
//
//   gjs seeking.js

imports.gi.versions.Gtk = '4.0';
const {GLib, Gtk, Unison} = imports.gi;

let failures = 0;
function check(ok, what) {
    print(`${ok ? 'ok' : 'FAIL'} - ${what}`);
    if (!ok)
        failures++;
}

function iterateUntil(condition) {
    while (!condition())
        GLib.MainContext.default().iteration(true);
}

Gtk.init();
const box = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL});
const banner = Unison.MotionBin.new(new Gtk.Label({label: 'Banner'}));
const counter = Unison.ContentLabel.new('41');
box.append(banner);
box.append(counter);
const window = new Gtk.Window({child: box, default_width: 240, default_height: 160});
window.present();
iterateUntil(() => banner.get_width() > 0 && counter.get_width() > 0);

// The banner's fade, seeking its removal.
banner.seek(0.25, false);
check(banner.seeking && banner.present && Math.abs(banner.get_presented_opacity() - 0.75) < 1e-9,
    'a seek draws the removal at that progress; present keeps its side');
check(Math.abs(banner.get_seek_progress(false) - 0.25) < 1e-9 && Math.abs(banner.progress - 0.75) < 1e-9,
    'the progress reads back both ways');
banner.seek(NaN, false);
check(Math.abs(banner.get_presented_opacity() - 0.75) < 1e-9, 'NaN changes nothing');
banner.cancel_seeking(-2, null);
check(!banner.seeking && banner.present, 'cancelled: still present');
iterateUntil(() => banner.get_presented_opacity() === 1);
banner.seek(0.6, false);
banner.finish_seeking(3, Unison.Animation.new_spring(0.3, 0));
check(!banner.present, 'finished: no longer present');
iterateUntil(() => !banner.get_visible());
check(banner.get_presented_opacity() === 0, 'the removal ends hidden');

// The counter's roll.
counter.seek(0.5, '42');
check(counter.seeking && counter.seek_target === '42' && counter.text === '41', 'a seek of the roll to 42');
counter.cancel_seeking(0, null);
check(counter.text === '41' && !counter.seeking, 'cancelled: 41');
iterateUntil(() => counter.get_seek_progress('41') === 1);
let done = 0;
iterateUntil(() => {
    counter.seek(0.3, '42');  // after the label is laid out again, the seek starts
    return counter.seeking;
});
Unison.animate(null, () => counter.finish_seeking(2, null), () => done++);
check(counter.text === '42', 'finished: 42 at once');
iterateUntil(() => done > 0 && counter.get_seek_progress('42') === 1);
check(done === 1, 'the roll completes once');

// Reduced motion.
Unison.set_reduce_motion_override(Unison.ReduceMotion.ON);
check(Unison.get_reduces_motion(window) && Unison.get_reduce_motion_override() === Unison.ReduceMotion.ON,
    'the override reads back and applies');
Unison.set_reduce_motion_override(Unison.ReduceMotion.SYSTEM);
check(!Unison.get_reduces_motion(null), 'following the system again (GTK 4.8: no reduced-motion setting)');
const value = Unison.Value.new(box, 0);
let essential = 0;
Unison.animate_essential(Unison.Animation.new_linear(0.2), () => value.set_property('value', 10), () => essential++);
check(value.target === 10, 'an essential change sets the model at once');
iterateUntil(() => essential > 0);
check(essential === 1 && value.value === 10, 'the essential animation completes once');

// The frame readout: a second of an animation reported.
const readout = Unison.FrameReadout.get_default();
let reported = null;
readout.connect('updated', () => {
    if (readout.frames > 0 && reported === null)
        reported = readout.summary;
});
readout.recording = true;
Unison.animate(Unison.Animation.new_linear(3.0), () => value.set_property('value', 0), null);
iterateUntil(() => reported !== null);
check(readout.frames_per_second > 0 && reported.includes('fps'), `the readout reports: ${reported}`);
readout.recording = false;

// A navigation stack's pop, seeked, cancelled, then seeked and finished.
const root = new Gtk.Box();
const stack = Unison.NavigationStack.new(root);
const navWindow = new Gtk.Window({child: stack, default_width: 240, default_height: 160});
navWindow.present();
const detail = new Gtk.Box();
stack.push(detail, null);
iterateUntil(() => stack.get_width() > 0 && !stack.get_seeking() && stack.get_pop_progress() === 0);
stack.seek_pop(0.4);
check(stack.get_seeking() && Math.abs(stack.get_pop_progress() - 0.4) < 1e-9 && stack.get_top() === detail,
    'a seeked pop holds the page at that progress');
stack.cancel_seeking(0, null);
iterateUntil(() => !stack.get_seeking() && stack.get_pop_progress() === 0);
check(stack.get_depth() === 2, 'cancelling keeps the page');
stack.seek_pop(0.5);
stack.finish_seeking(1.5, null);
iterateUntil(() => stack.get_depth() === 1 && detail.get_parent() === null);
check(stack.get_top() === root && detail.get_parent() === null, 'finishing pops it');
navWindow.destroy();

window.destroy();
if (failures > 0)
    imports.system.exit(1);
