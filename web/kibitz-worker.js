// The Web Worker that runs the page's searches (src/app/web/worker.cpp), so the page stays live
// while one runs and Cancel can end it (the page terminates the worker and starts another).
// Messages in: {type: 'search', params} (a search as link parameters). Out: {type: 'progress',
// events, nodes}, {type: 'done', bytes (.kbz), seconds}, {type: 'error', message, fatal}.
'use strict';
let ready = false;
const queue = [];
function handle(m) {
  if (m.type === 'search') self.Module.search(m.params);
}
self.Module = {
  print: (text) => console.log(text),
  printErr: (text) => console.warn(text),
  onRuntimeInitialized() {
    ready = true;
    for (const m of queue.splice(0)) handle(m);
  },
  onAbort: (what) => postMessage({ type: 'error', fatal: true, message: 'the search stopped: ' + what }),
};
self.onmessage = (e) => {
  if (ready) handle(e.data);
  else queue.push(e.data);
};
importScripts('kibitz_worker.js');
