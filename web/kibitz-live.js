// Live: the page shows a recorder's stream as `kibitz serve` relays it (docs/live.md). Opened
// with #live=PORT (ws://127.0.0.1:PORT) or #live=ws://HOST:PORT, or Kibitz.watchLive(url).
// Text messages start ({"begin":...}) and end ({"end":...}) a stream; binary ones are its bytes.
// A relay that is not there yet, or goes away, is tried again every second.
(function () {
  'use strict';
  let socket = null, url = null, retry = null, streaming = false;

  function feed(bytes) {
    const M = window.Module;
    const p = M._malloc(Math.max(1, bytes.length));
    if (!p) {
      M.liveNote('live: out of memory for the stream; the relay\'s file keeps it');
      return;
    }
    M.HEAPU8.set(bytes, p);
    try {
      M.liveFeed(p, bytes.length);
    } finally {
      M._free(p);
    }
  }

  function message(e) {
    const M = window.Module;
    if (typeof e.data !== 'string') {
      if (streaming) feed(new Uint8Array(e.data));
      return;
    }
    let m;
    try { m = JSON.parse(e.data); } catch (err) { return; }
    if (m.begin !== undefined) {
      streaming = true;
      M.liveBegin(String(m.name || 'a recorder'), String(m.saved_to || ''));
    } else if (m.end !== undefined && streaming) {
      streaming = false;
      M.liveEnd();
    }
  }

  function connect() {
    const M = window.Module;
    retry = null;
    try {
      socket = new WebSocket(url);
    } catch (err) {
      M.liveNote('live: ' + url + ' is not a WebSocket address (' + err.message + ')');
      return;
    }
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => M.liveNote('live: connected to the relay at ' + url + '; waiting for a recorder');
    socket.onmessage = message;
    socket.onclose = () => {
      if (streaming) {  // the relay died mid-stream: what arrived is shown, marked cut short
        streaming = false;
        M.liveEnd();
      }
      M.liveNote('live: no relay at ' + url + ' (run kibitz serve); trying again every second');
      if (url) retry = setTimeout(connect, 1000);
    };
  }

  // Watches the relay at `where` (a port, or ws://HOST:PORT); null stops watching.
  window.kibitzWatchLive = function (where) {
    if (retry) clearTimeout(retry);
    retry = null;
    if (socket) {
      const old = socket;
      socket = null;
      url = null;
      old.onclose = null;
      old.close();
    }
    if (streaming) {
      streaming = false;
      window.Module.liveEnd();
    }
    if (where === null || where === undefined || where === '') return;
    const text = String(where);
    url = /^\d+$/.test(text) ? 'ws://127.0.0.1:' + text : text;
    connect();
  };

  window.kibitzReady.then(() => {
    const m = /^#live=(.+)$/.exec(location.hash);
    if (m) window.kibitzWatchLive(decodeURIComponent(m[1]));
  });
})();
