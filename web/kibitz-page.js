// The page around the wasm viewer: loading and error display, the JavaScript API as
// window.Kibitz (with window.kibitzReady), files in and out, the link in the address bar.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  let failed = false;
  let resolveReady, rejectReady;
  window.kibitzReady = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  window.kibitzReady.catch(() => {});  // the error is shown on the page; no unhandled rejection

  window.kibitzShowError = function (message) {
    if (failed) return;
    failed = true;
    $('loading').classList.add('done');
    $('error-text').textContent = String(message);
    $('error').hidden = false;
    console.error('Kibitz: ' + message);
    rejectReady(new Error(String(message)));
  };

  // A page opened from disk cannot fetch its WebAssembly (browsers forbid it): say what to do
  // instead of the loader's "[object ProgressEvent]".
  if (location.protocol === 'file:') {
    $('error-hint').textContent = 'Reloading will not help: the page has to be served.';
    window.kibitzShowError('this page was opened from a file, and a browser does not let a page ' +
      'opened from disk load its WebAssembly. Serve it instead: run scripts/serve in the Kibitz ' +
      'folder and open the address it prints (http://127.0.0.1:8000/), or use the desktop app ' +
      '(build/native/kibitz-desktop).');
  }

  // Emscripten's module configuration: where to draw, what to do on failure.
  window.Module = {
    canvas: $('canvas'),
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    setStatus: (text) => { $('loading-detail').textContent = text || ''; },
    onAbort: (what) => window.kibitzShowError('the WebAssembly module aborted: ' + what),
  };
  window.addEventListener('error', (e) => {
    if (!window.Kibitz) window.kibitzShowError(e.message || 'a script failed to load');
  });
  $('canvas').addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    window.kibitzShowError('the WebGL context was lost (the GPU was reset or the tab used too much memory)');
  });

  // Bytes in: the Kibitz API copies them into wasm memory and opens them.
  function loadBytes(bytes, name) {
    const M = window.Module;
    const p = M._malloc(Math.max(1, bytes.length));
    M.HEAPU8.set(bytes, p);
    try {
      return M.loadTraceBytes(p, bytes.length, name || 'trace');
    } finally {
      M._free(p);
    }
  }
  function parse(json) {
    try { return JSON.parse(json); } catch (e) { return { error: String(json) }; }
  }

  // Called by the wasm side once the viewer exists.
  window.kibitzOnReady = function () {
    const M = window.Module;
    const api = {
      runSearch: (options) => M.runSearch(typeof options === 'string' ? options : JSON.stringify(options)),
      startSearch: (options) => M.startSearch(typeof options === 'string' ? options : JSON.stringify(options)),
      searchState: () => M.searchState(),
      cancelSearch: () => M.cancelSearch(),
      heapUsed: () => M.heapUsed(),
      eventCount: () => M.eventCount(),
      seek: (t) => M.seek(Number(t)),
      cursor: () => M.cursor(),
      nodeState: (id) => M.nodeState(Number(id)),
      nodeScreen: (id) => M.nodeScreen(Number(id)),  // JSON [x, y] (canvas pixels) or null
      viewState: () => M.viewState(),
      select: (id) => M.select(Number(id)),
      toggleFold: (id) => M.toggleFold(Number(id)),
      loadTrace: (bytes, name) => loadBytes(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), name),
      saveTrace: () => M.saveTraceView().slice(),  // a copy: the view points into wasm memory
      saveTraceJson: () => M.saveTraceJson(),
      link: () => M.link(),
      applyLink: (hash) => M.applyLink(String(hash)),
      setPlaying: (on) => M.setPlaying(!!on),
      setSpeed: (eventsPerSecond) => M.setSpeed(Number(eventsPerSecond)),
      setTheme: (theme) => M.setTheme(String(theme)),
      setValueView: (view) => M.setValueView(String(view)),  // 'minimax' | 'negamax'
      setTextSize: (scale) => M.setTextSize(Number(scale)),  // 0.6 .. 3 (Ctrl +/-)
      setPresent: (on) => M.setPresent(!!on),  // projector mode (P)
      prunedLeaves: () => M.prunedLeaves(),  // JSON: [{path, name, value}]
      setShowPruned: (on) => M.setShowPruned(!!on),
      searchPrunedBranches: () => M.searchPrunedBranches(),
      setCamera: (x, y, zoom) => M.setCamera(Number(x), Number(y), Number(zoom)),
      fit: () => M.fit(),
      computeScores: () => M.computeScores(),
      layoutMs: () => M.layoutMs(),
      // The phone keyboard's proxy: text typed into the viewer's active field, an editing key
      // (GLFW's code: 257 Enter, 259 Backspace, 256 Escape).
      typeText: (text) => M.typeText(String(text)),
      keyTap: (code) => M.keyTap(Number(code)),
      // Quiz mode: {level: 1..5 | 'values'..'negamax', practice: 'b=3,d=3,lo=0,hi=20,seed=7', round};
      // answers {value} | {alpha, beta} | {cutoff, pruned} | {kind} | {reveal} | {skip}.
      startQuiz: (options) => M.startQuiz(typeof options === 'string' ? options : JSON.stringify(options || {})),
      quizState: () => M.quizState(),
      // Compare: two searches side by side, options as runSearch takes them.
      compare: (a, b) => (a === undefined || b === undefined || a === null || b === null
        ? JSON.stringify({ error: 'compare: give two set-ups, A and B (as runSearch takes them)' })
        : M.compare(typeof a === 'string' ? a : JSON.stringify(a), typeof b === 'string' ? b : JSON.stringify(b))),
      compareState: () => M.compareState(),
      endCompare: () => M.endCompare(),
      answerQuiz: (answer) => M.answerQuiz(typeof answer === 'string' ? answer : JSON.stringify(answer)),
      // The branches offered for marking as pruned, with their middles in canvas pixels; students'
      // result codes (one a line) read against the search shown.
      quizEdges: () => M.quizEdges(),
      readQuizCodes: (codes) => M.readQuizCodes(String(codes === undefined || codes === null ? '' : codes)),
      // File → Export…: a Promise of {name, blob, width, height, frames}; options {format:
      // 'png'|'svg'|'tikz'|'dot'|'gif', width, caption, from, to, step, delay}.
      exportFile: (options) => window.kibitzExport.file(options),
      // Live (kibitz-live.js): watch the relay of `kibitz serve` (a port or ws://HOST:PORT; null
      // stops); what has arrived, as JSON {active, streams, bytes, events, snapshots, status}.
      watchLive: (where) => window.kibitzWatchLive(where),
      liveState: () => M.liveState(),
      parse,
    };
    window.Kibitz = api;
    keepPreferences(api);
    $('loading').classList.add('done');
    $('canvas').focus();
    resolveReady(api);
  };

  // The theme, the text size, a value view the user chose and whether pruned branches are shown
  // survive a reload (local storage), unless the link gives its own.
  function keepPreferences(api) {
    const key = 'kibitz.preferences';
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(key) || '{}') || {}; } catch (e) { saved = {}; }
    const inLink = (k) => new RegExp('[#&]' + k + '=').test(location.hash);
    if (!inLink('theme') && (saved.theme === 'light' || saved.theme === 'dark'))
      api.setTheme(saved.theme);
    if (!inLink('text') && typeof saved.text === 'number') api.setTextSize(saved.text);
    if (!inLink('view') && (saved.view === 'minimax' || saved.view === 'negamax'))
      api.setValueView(saved.view);
    if (!inLink('pruned') && typeof saved.pruned === 'boolean') api.setShowPruned(saved.pruned);
    const save = () => {
      const v = parse(api.viewState());  // reading: an idle page stays idle
      const now = {
        // Projector mode's light theme is not the user's preference; its text size is.
        theme: v.present ? saved.theme : v.theme, text: v.font_scale, pruned: v.show_pruned,
        view: v.value_view_chosen ? v.value_view : saved.view,
      };
      if (JSON.stringify(now) === JSON.stringify(saved)) return;
      saved = now;
      try { localStorage.setItem(key, JSON.stringify(saved)); } catch (e) { /* private mode */ }
    };
    setInterval(save, 1000);
    window.addEventListener('pagehide', save);  // a reload within the second keeps it too
  }

  // Touch on the canvas (a phone, a tablet, a touch projector): Emscripten's GLFW reads no
  // position from a touch event, so one finger becomes the mouse (tap selects, drag pans) and
  // two fingers pinch-zoom around their middle (as the wheel does). Caught before GLFW's own
  // touch listeners, which would press the mouse where it last was. A tap is a move, then a
  // press a frame later, then a release a frame after that: Dear ImGui 1.86 sees where the
  // finger is before it sees the press (one tap opens a tab, answers, presses a button), and
  // after the release the pointer leaves, so no tooltip stays behind a finger.
  (function touchInput() {
    const canvas = $('canvas');
    let pinch = 0;  // the fingers' last distance while pinching
    let pressed = true, release = null, touches = 0;  // the press not sent yet; a release waiting
    const later = (f) => requestAnimationFrame(() => requestAnimationFrame(f));  // a frame between
    const mouse = (type, x, y) => canvas.dispatchEvent(new MouseEvent(type, {
      clientX: x, clientY: y, button: 0, buttons: type === 'mouseup' ? 0 : 1, bubbles: true,
    }));
    const distance = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const handle = (e) => {
      if (e.target !== canvas) return;
      e.preventDefault();
      e.stopPropagation();
      const t = e.touches;
      if (t.length >= 2) {
        const mx = (t[0].clientX + t[1].clientX) / 2, my = (t[0].clientY + t[1].clientY) / 2;
        const d = distance(t);
        if (pinch > 0 && d > 0) {
          mouse('mousemove', mx, my);
          // The viewer zooms 1.15x a wheel notch of 100 pixels.
          const notches = Math.log(d / pinch) / Math.log(1.15);
          canvas.dispatchEvent(new WheelEvent('wheel', {
            clientX: mx, clientY: my, deltaY: -notches * 100, deltaMode: 0, bubbles: true,
          }));
        } else if (e.type === 'touchstart') {
          if (pressed) mouse('mouseup', mx, my);  // the first finger's press ends: a pinch
          pressed = true;  // (or never starts)
          release = null;
        }
        pinch = d;
        return;
      }
      const c = e.changedTouches[0];
      if (e.type === 'touchstart') {
        pinch = 0;
        const x = c.clientX, y = c.clientY, tap = ++touches;
        mouse('mousemove', x, y);
        pressed = false;
        later(() => {
          if (pressed || tap !== touches) return;  // a pinch began, or another touch
          mouse('mousedown', x, y);
          pressed = true;
          if (release) later(release);
          release = null;
        });
      } else if (e.type === 'touchmove') {
        if (pinch === 0 && pressed) mouse('mousemove', c.clientX, c.clientY);
      } else {
        if (t.length === 0) {
          const x = c.clientX, y = c.clientY, tap = touches;
          const up = () => {
            mouse('mouseup', x, y);
            later(() => { if (tap === touches) mouse('mousemove', -10000, -10000); });
          };
          if (pinch === 0) {
            if (pressed) up();
            else release = up;
          }
          pinch = 0;
        }
      }
    };
    for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel'])
      window.addEventListener(type, handle, { capture: true, passive: false });
  })();

  // A phone's keyboard (issue 31): the viewer's text fields are drawn on the canvas, which no
  // keyboard opens for. While one is being edited after a touch, a real (invisible) text field
  // takes the focus, so the keyboard opens; what is typed into it goes to the viewer's field
  // (Kibitz.typeText), and its editing keys too (Kibitz.keyTap, GLFW's key codes). Its key
  // events are caught before GLFW's window listeners (registered later), so nothing is typed
  // twice. A mouse click leaves the proxy alone: a desktop's keys reach GLFW as before.
  (function keyboardProxy() {
    const proxy = $('text-proxy');
    let lastTouch = 0;
    window.addEventListener('touchstart', () => { lastTouch = Date.now(); }, { capture: true, passive: true });
    window.addEventListener('mousedown', (e) => { if (e.isTrusted) lastTouch = 0; }, true);
    const keys = { Enter: 257, Backspace: 259, Escape: 256, Tab: 258, Delete: 261, ArrowLeft: 263,
                   ArrowRight: 262, Home: 268, End: 269 };
    const ours = (e) => e.target === proxy;
    window.addEventListener('keydown', (e) => {
      if (!ours(e)) return;
      e.stopImmediatePropagation();
      const code = keys[e.key];
      if (code !== undefined && window.Kibitz) {
        e.preventDefault();
        Kibitz.keyTap(code);
      }
    }, true);
    for (const type of ['keypress', 'keyup'])
      window.addEventListener(type, (e) => { if (ours(e)) e.stopImmediatePropagation(); }, true);
    proxy.addEventListener('beforeinput', (e) => {
      // A virtual keyboard's backspace on an empty proxy (its keydown says 229, not Backspace).
      if (e.inputType === 'deleteContentBackward' && proxy.value === '' && window.Kibitz) {
        e.preventDefault();
        Kibitz.keyTap(keys.Backspace);
      }
    });
    proxy.addEventListener('input', () => {
      const text = proxy.value;
      proxy.value = '';
      if (text && window.Kibitz) Kibitz.typeText(text.replace(/\n/g, ''));
    });
    window.kibitzTextField = function (on) {
      if (on && Date.now() - lastTouch < 10000) {
        proxy.value = '';
        proxy.focus({ preventScroll: true });
      } else if (!on && document.activeElement === proxy) {
        proxy.blur();
      }
    };
  })();

  window.kibitzDownload = function (name, bytes, mime) {
    const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  window.kibitzOpenPicker = function () { $('file-input').click(); };
  window.kibitzCopy = function (text) {
    const full = text.startsWith('#') ? location.origin + location.pathname + text : text;
    if (navigator.clipboard) navigator.clipboard.writeText(full).catch(() => {});
  };
  // View → Full screen: the whole page (the canvas follows its CSS size, window.cpp), or back.
  // Returns whether it asked to enter. A browser that refuses (no recent click) leaves it as is.
  window.kibitzToggleFullscreen = function () {
    const el = document.documentElement;
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
      return false;
    }
    if (!el.requestFullscreen) return false;
    el.requestFullscreen({ navigationUI: 'hide' }).catch((e) => console.warn('full screen refused: ' + e.message));
    return true;
  };
  window.kibitzSetHash = function (hash) {
    if (location.hash !== hash) history.replaceState(null, '', hash);
  };

  // A file opened stays here, outside the wasm heap: read a slice at a time (Blob.slice), then
  // indexed by the viewer, which copies in the pieces it reads (kibitzFileCopy) and lets go of
  // the file when it shows another (kibitzFileRelease). So a trace bigger than the heap opens.
  const k_slice = 16 << 20;
  const files = new Map();
  let lastFile = 0;
  window.kibitzFileCopy = function (handle, offset, n, ptr) {
    const f = files.get(handle);
    const heap = window.Module.HEAPU8;
    for (let done = 0; done < n;) {
      const at = offset + done, i = Math.floor(at / k_slice), from = at - i * k_slice;
      const slice = f.slices[i], take = Math.min(n - done, slice.length - from);
      heap.set(slice.subarray(from, from + take), ptr + done);
      done += take;
    }
  };
  window.kibitzFileRelease = function (handle) { files.delete(handle); };
  async function readSlices(file) {
    const slices = [];
    for (let at = 0; at < file.size; at += k_slice) {
      slices.push(new Uint8Array(await file.slice(at, Math.min(file.size, at + k_slice)).arrayBuffer()));
    }
    return slices;
  }
  function openFile(file) {
    if (!file || !window.Kibitz) return;
    readSlices(file).then((slices) => {
      const handle = ++lastFile;
      files.set(handle, { slices });
      window.Module.loadTraceFile(handle, file.size, file.name);
    }, (e) => window.Module.noteError('cannot read ' + file.name + ': ' + (e.message || e)));
  }
  $('file-input').addEventListener('change', (e) => {
    openFile(e.target.files[0]);
    e.target.value = '';
    $('canvas').focus();
  });
  let dragDepth = 0;
  window.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; $('drop').hidden = false; });
  window.addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; $('drop').hidden = true; } });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    $('drop').hidden = true;
    if (e.dataTransfer.files.length) openFile(e.dataTransfer.files[0]);
  });
  // The viewer's own Ctrl shortcuts (text size, open, save, run) must not also reach the
  // browser, which would zoom the page (scaling the text twice), save the page or open its own
  // file dialog. GLFW still sees the keys: preventDefault does not stop the event.
  const viewerShortcuts = new Set(['=', '+', '-', '_', '0', 'o', 'O', 's', 'S', 'Enter']);
  window.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || !viewerShortcuts.has(e.key)) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA') return;
    e.preventDefault();
  }, true);
  // Pasting into a text field of the viewer: the browser's clipboard goes to the focused field.
  window.addEventListener('paste', (e) => {
    const text = (e.clipboardData || window.clipboardData).getData('text');
    if (window.Kibitz && text) {
      e.preventDefault();
      window.Module.paste(text);
    }
  });
  // Searches run in a Web Worker (kibitz-worker.js): the page stays live, and Cancel ends the
  // worker (a new one is started at once, so the next search does not wait for it to load).
  let worker = null, busy = false;
  function newWorker() {
    worker = new Worker('kibitz-worker.js');
    worker.onmessage = (e) => {
      if (e.target !== worker) return;  // a worker already replaced
      const M = window.Module, m = e.data;
      if (m.type === 'progress') {
        if (busy) M.searchProgress(m.events, m.nodes);
      } else if (m.type === 'done') {
        busy = false;
        const p = M._malloc(Math.max(1, m.bytes.length));
        if (!p) {
          M.searchFailed('the search is too big to show in this tab: lower the depth or the tree');
          return;
        }
        M.HEAPU8.set(m.bytes, p);
        try {
          M.searchDone(p, m.bytes.length, m.seconds);
        } finally {
          M._free(p);
        }
      } else if (m.type === 'error') {
        busy = false;
        if (m.fatal) restartWorker();
        M.searchFailed(m.message);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      if (e.target !== worker) return;
      const was = busy;
      restartWorker();
      if (was) window.Module.searchFailed('the search stopped: ' + (e.message || 'its worker failed (out of memory?)'));
    };
  }
  function restartWorker() {
    if (worker) worker.terminate();
    busy = false;
    newWorker();
  }
  window.kibitzStartSearch = (params) => {
    if (!worker) newWorker();
    busy = true;
    worker.postMessage({ type: 'search', params });
  };
  window.kibitzCancelSearch = () => { if (busy) restartWorker(); };
  window.kibitzSearching = () => busy;

  // A link pasted into the address bar of an open page.
  window.addEventListener('hashchange', () => {
    const live = /^#live=(.+)$/.exec(location.hash);
    if (window.Kibitz && live) {
      window.kibitzWatchLive(decodeURIComponent(live[1]));
    } else if (window.Kibitz && location.hash.length > 1 && location.hash !== window.Module.link()) {
      window.Module.openLink(location.hash);
    }
  });
})();
