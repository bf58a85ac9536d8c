// The page around the wasm module: the message engine's JS half, the progress store kept in
// IndexedDB, touch as mouse, the service worker, and window.lessonsim for tests.
import { lessonsimIntl } from './intl.js';

globalThis.lessonsimIntl = lessonsimIntl;
const canvas = document.getElementById('canvas');
const status = document.getElementById('status');
const opened = performance.now();

// The data folder (/data) lives in IndexedDB: read back before main() runs, and copied there
// after every saved move, one copy at a time (the store is consistent between two moves, and
// IndexedDB writes a copy in one transaction, so a tab closed at any moment keeps the last copy).
let saving = false, again = false, saved_resolvers = [];
const storage = {
  save() {
    if (saving) { again = true; return; }
    saving = true;
    Module.FS.syncfs(false, (err) => {
      saving = false;
      if (err) console.error('lessonsim: cannot save progress in this browser:', err);
      if (again) { again = false; storage.save(); return; }
      for (const resolve of saved_resolvers.splice(0)) resolve();
    });
  },
  first_frame() {
    lessonsim.first_frame_ms = performance.now() - opened;
    status.remove();
  },
};
globalThis.lessonsimStorage = storage;

const Module = {
  canvas,
  preRun: [() => {
    Module.FS.mkdir('/data');
    Module.FS.mount(Module.IDBFS, {}, '/data');
    Module.addRunDependency('lessonsim-data');
    Module.FS.syncfs(true, (err) => {
      if (err) console.error('lessonsim: cannot read saved progress:', err);
      Module.removeRunDependency('lessonsim-data');
    });
  }],
  print: (text) => console.log(text),
  printErr: (text) => console.error(text),
};
globalThis.Module = Module;

function call(name, ...args) {
  const types = args.map((a) => (typeof a === 'number' ? 'number' : 'string'));
  return Module.ccall(name, name === 'lessonsim_holds' ? 'number' : 'string', types, args);
}

// For tests and the curious: what the learner sees, never a way around the page's input.
const lessonsim = {
  first_frame_ms: null,
  state: () => JSON.parse(call('lessonsim_state')),
  marks: () => JSON.parse(call('lessonsim_marks')),
  keys: () => JSON.parse(call('lessonsim_keys')),
  target: (name) => JSON.parse(call('lessonsim_target', name)),
  holds: (condition) => call('lessonsim_holds', condition),
  act: (action) => JSON.parse(call('lessonsim_act', JSON.stringify(action))),
  message_samples: () => JSON.parse(call('lessonsim_message_samples')),
  // Resolves once every saved move is in IndexedDB.
  saved: () => (saving ? new Promise((resolve) => saved_resolvers.push(resolve))
                       : Promise.resolve()),
};
globalThis.lessonsim = lessonsim;

// A touch acts as the mouse: a tap clicks, a drag drags (emscripten's GLFW reads mouse events).
function as_mouse(type, touch) {
  canvas.dispatchEvent(new MouseEvent(type, {
    bubbles: true, cancelable: true, button: 0, buttons: type === 'mouseup' ? 0 : 1,
    clientX: touch.clientX, clientY: touch.clientY, screenX: touch.screenX,
    screenY: touch.screenY,
  }));
}
for (const [touch_type, mouse_types] of [['touchstart', ['mousemove', 'mousedown']],
                                         ['touchmove', ['mousemove']],
                                         ['touchend', ['mouseup']],
                                         ['touchcancel', ['mouseup']]]) {
  window.addEventListener(touch_type, (event) => {
    if (event.target !== canvas) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const touch = event.changedTouches[0];
    for (const type of mouse_types) as_mouse(type, touch);
  }, { capture: true, passive: false });
}
// The device pixel ratio changes without a resize when the page moves to another screen.
function watch_ratio() {
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', () => {
    window.dispatchEvent(new Event('resize'));
    watch_ratio();
  }, { once: true });
}
watch_ratio();
canvas.focus();

if ('serviceWorker' in navigator && !new URLSearchParams(location.search).has('no-sw')) {
  navigator.serviceWorker.register('sw.js').catch((e) => console.warn('lessonsim: offline use off:', e));
}

const script = document.createElement('script');
script.src = 'lessonsim.js';
script.onerror = () => { status.textContent = 'The course could not be loaded.'; };
document.body.appendChild(script);
