// Colours of the viewer, light and dark. Node kinds use the Okabe–Ito palette (readable with
// the common colour-vision deficiencies) and always come with a text label as well.
#pragma once

#include <imgui.h>

#include "core/node_kind.hpp"

namespace kibitz::viewer {

enum class Theme { dark, light };

struct Palette {
  ImU32 canvas_bg, grid, edge, edge_active, edge_pv, text, text_dim, node_bg, node_bg_open,
      node_border;
  ImU32 active, selected, stub, cutoff_mark, pv, cut, all, leaf, unknown, expected,
      wrong_prediction;
  ImU32 hover;
  ImU32 banner_bg, banner_text;  // a partial trace's banner over the canvas
  ImU32 error_bg, error_text;    // a refusal's banner, when the set-up panel is not shown
};

const Palette& palette(Theme t);
ImU32 kind_color(const Palette& p, NodeKind k);
// Applies the ImGui style of the theme, scaled (sizes and paddings) by `scale`.
void apply_style(Theme t, float scale);

}  // namespace kibitz::viewer
