// The export formats, one table for every place a picture of the tree is made: File → Export…
// (export_panel.cpp), the app's export (a download in the page, a file on the desktop),
// `kibitz render` and the page's Kibitz.exportFile. A text format is written here from the
// scene; a picture (PNG, GIF) is drawn by the platform (librsvg and cairo natively, the browser
// in the page) from SVG frames.
//
// Adding a format: a row here (and, for a text format, its writer beside export_svg.cpp).
#pragma once

#include <string>
#include <vector>

#include "viewer/export_scene.hpp"

namespace kibitz::viewer {

struct ExportFormat {
  const char* name;       // "svg": --format, the JSON "format", the set-up of File → Export…
  const char* label;      // "SVG": the export window's choice
  const char* extension;  // ".svg" (also read back: --out tree.svg means svg)
  const char* mime;       // the download's type (text formats: text/plain)
  bool picture;           // drawn by the platform (PNG, GIF) rather than written as text
  bool animated;          // frames over a range of events (GIF)
  bool has_width;         // takes a width in pixels
  bool has_caption;       // can carry the narration under the tree
  // The text of a scene at a width (nullptr for a picture).
  std::string (*text)(const ExportScene& scene, float width);
};

const std::vector<ExportFormat>& export_formats();
// The format named `name` (or whose extension is ".name", e.g. "tex"), or nullptr.
const ExportFormat* find_export_format(const std::string& name);
// "png, svg, tikz, dot or gif", for messages.
std::string export_format_names();

}  // namespace kibitz::viewer
