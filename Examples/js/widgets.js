// Unison's widgets from JavaScript (GJS): a navigation stack's push and pop with their lifecycle
// signals, and a content label changed inside a transaction. Exits with 1 if a check fails
// (`make test-gobject` runs it under Xvfb).
//
//   gjs widgets.js

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
const root = new Gtk.Box({orientation: Gtk.Orientation.VERTICAL});
const card = new Gtk.Button({label: 'card'});
const counter = Unison.ContentLabel.new('41');
root.append(card);
root.append(counter);
const stack = Unison.NavigationStack.new(root);
const window = new Gtk.Window({child: stack, default_width: 240, default_height: 160});
window.present();
iterateUntil(() => counter.get_width() > 0);

// The counter: the text reads back at once, notify::text once, the completion once.
const texts = [];
counter.connect('notify::text', () => texts.push(counter.text));
let counted = 0;
Unison.animate(Unison.Animation.new_smooth(0.2), () => counter.set_text('42'), () => counted++);
check(counter.get_text() === '42' && texts.join() === '42', 'the text reads back at once and notifies once');
iterateUntil(() => counted > 0);
check(counted === 1, 'the change completes once');

// The stack: a zoom out of the card, then a pop; each page's signals in order.
const editor = new Gtk.Label({label: 'editor'});
const events = [];
for (const name of ['page-will-appear', 'page-did-appear', 'page-will-disappear', 'page-did-disappear'])
    stack.connect(name, (_stack, page) => events.push(`${page === editor ? 'editor' : 'root'} ${name}`));
check(stack.push(editor, card) && stack.top === editor && stack.depth === 2, 'a push puts the page on top');
iterateUntil(() => events.includes('editor page-did-appear'));
check(stack.pop() && stack.get_top() === root, 'a pop uncovers the root');
iterateUntil(() => events.includes('root page-did-appear'));
check(events.filter(e => e.startsWith('editor')).join() ===
      ['page-will-appear', 'page-did-appear', 'page-will-disappear', 'page-did-disappear'].map(e => `editor ${e}`).join(),
'the page received each signal once, in order');
check(!stack.pop(), 'the root is never popped');

window.destroy();
print(failures ? 'GJS widgets: FAILED' : 'GJS widgets: all checks passed');
imports.system.exit(failures ? 1 : 0);
