// The viewer's font: DejaVu Sans with the glyphs the panels use (Greek for α and β, the minus
// sign, ∞, ≤ ≥ ⋆, arrows, shapes and the chess pieces), at a pixel size.
#pragma once

#include <imgui.h>

namespace kibitz::viewer {

// Replaces the atlas' fonts; falls back to ImGui's built-in font if the file cannot be read
// (then some symbols show as '?'). Returns false in that case. Builds the atlas (CPU only).
bool load_fonts(ImFontAtlas& atlas, const char* ttf_path, float pixel_size);

}  // namespace kibitz::viewer
