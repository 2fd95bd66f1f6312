// Pictures of the export scene (viewer/export_scene.hpp) as pixels, natively: its SVG drawn by
// librsvg onto a cairo surface, written as PNG by cairo, or as an animated GIF by giflib (each
// frame's colours reduced to a 256-colour map by giflib's quantiser). The page makes its PNG
// and GIF in the browser instead (web/kibitz-export.js).
#pragma once

#include <string>
#include <vector>

#include "viewer/export_scene.hpp"

namespace kibitz::render {

// The scene `width` pixels wide (its height in proportion) as a PNG file. Throws InputError on
// an absurd size, std::runtime_error when a library fails (its message).
void write_png(const viewer::ExportScene& scene, int width, const std::string& path);

// The scenes as an animated GIF, one frame each, `delay_cs` hundredths of a second apart, all
// drawn over the same extent (the union of theirs) so that the tree grows in place.
void write_gif(std::vector<viewer::ExportScene> frames, int width, int delay_cs,
               const std::string& path);

// The largest picture either writes, in pixels a side (a 16k-wide PNG is 1 GB of pixels).
constexpr int k_max_side = 16384;

}  // namespace kibitz::render
