// File → Export…'s pictures in the page: the SVG frames Kibitz writes (one, or a GIF's), drawn
// by the browser onto a canvas, then encoded by the browser (PNG) or by gifenc (GIF, an npm
// package copied next to the page at build time). Kibitz.exportFile(options) and the menu's
// Download both come here.
(function () {
  'use strict';

  // An SVG text as a decoded image of its own size.
  async function svgImage(svg) {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img;
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  // One frame's pixels, `width` wide.
  async function draw(svg, width, canvas) {
    const img = await svgImage(svg);
    const height = Math.max(1, Math.round(img.naturalHeight * width / img.naturalWidth));
    if (width * height > 64 * 1024 * 1024) throw new Error('a picture of ' + width + 'x' + height + ' pixels is too big (64 million at most)');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(img, 0, 0, width, height);
    return ctx;
  }

  // r: what Kibitz's exportView gives ({format, name, text} or {format, name, width, delay_cs,
  // frames}); the file as a Blob, with its size and frames.
  async function makeFile(r) {
    if (r.error) throw new Error(r.error);
    if (r.text !== undefined)
      return { name: r.name, blob: new Blob([r.text], { type: 'text/plain' }), frames: 0 };
    const canvas = document.createElement('canvas');
    if (r.format === 'png') {
      await draw(r.frames[0], r.width, canvas);
      const blob = await new Promise((done) => canvas.toBlob(done, 'image/png'));
      if (!blob) throw new Error('the browser could not encode a PNG this size');
      return { name: r.name, blob, width: canvas.width, height: canvas.height, frames: 1 };
    }
    if (r.frames.length > 500)
      throw new Error('a GIF of at most 500 frames in the page (' + r.frames.length + ' asked): a larger step, a shorter range, or kibitz render');
    const { GIFEncoder, quantize, applyPalette } = await import('./gifenc.esm.js');
    const gif = GIFEncoder();
    for (const svg of r.frames) {
      await new Promise((done) => setTimeout(done, 0));  // the page stays live between frames
      const ctx = await draw(svg, r.width, canvas);
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), canvas.width, canvas.height,
                     { palette, delay: r.delay_cs * 10 });
    }
    gif.finish();
    return { name: r.name, blob: new Blob([gif.bytes()], { type: 'image/gif' }), width: canvas.width,
             height: canvas.height, frames: r.frames.length };
  }

  window.kibitzExport = {
    // options: {format, width, caption, from, to, step, delay}; the view as it is now.
    file: (options) => makeFile(JSON.parse(window.Module.exportView(JSON.stringify(options || {})))),
  };
  // The menu's Download: the pictures Kibitz made for it.
  window.kibitzExportPictures = function (r) {
    makeFile(r).then((f) => window.kibitzDownload(f.name, f.blob, f.blob.type))
      .catch((e) => window.Module.noteError('export: ' + (e.message || e)));
  };
})();
