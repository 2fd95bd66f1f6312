#include "viewer/theme.hpp"

namespace kibitz::viewer {

namespace {

constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return IM_COL32(r, g, b, a);
}

const Palette k_dark = {
    /*canvas_bg*/ rgb(24, 26, 31),
    /*grid*/ rgb(40, 43, 50),
    /*edge*/ rgb(110, 116, 128),
    /*edge_active*/ rgb(240, 228, 66),
    /*edge_pv*/ rgb(230, 159, 0),
    /*text*/ rgb(232, 234, 238),
    /*text_dim*/ rgb(150, 156, 168),
    /*node_bg*/ rgb(44, 48, 57),
    /*node_bg_open*/ rgb(58, 62, 48),
    /*node_border*/ rgb(120, 126, 138),
    /*active*/ rgb(240, 228, 66),
    /*selected*/ rgb(255, 255, 255),
    /*stub*/ rgb(90, 95, 106, 160),
    /*cutoff_mark*/ rgb(213, 94, 0),
    /*pv*/ rgb(86, 180, 233),
    /*cut*/ rgb(230, 120, 60),
    /*all*/ rgb(0, 178, 128),
    /*leaf*/ rgb(170, 170, 178),
    /*unknown*/ rgb(120, 126, 138),
    /*expected*/ rgb(180, 180, 200),
    /*wrong_prediction*/ rgb(204, 121, 167),
    /*hover*/ rgb(255, 255, 255, 40),
    /*banner_bg*/ rgb(122, 82, 10, 235),
    /*banner_text*/ rgb(255, 240, 205),
    /*error_bg*/ rgb(120, 28, 20, 240),
    /*error_text*/ rgb(255, 225, 215),
};

const Palette k_light = {
    /*canvas_bg*/ rgb(250, 250, 247),
    /*grid*/ rgb(232, 232, 226),
    /*edge*/ rgb(130, 134, 142),
    /*edge_active*/ rgb(200, 150, 0),
    /*edge_pv*/ rgb(213, 94, 0),
    /*text*/ rgb(20, 22, 26),
    /*text_dim*/ rgb(96, 100, 110),
    /*node_bg*/ rgb(255, 255, 255),
    /*node_bg_open*/ rgb(255, 248, 214),
    /*node_border*/ rgb(150, 154, 162),
    /*active*/ rgb(200, 150, 0),
    /*selected*/ rgb(0, 0, 0),
    /*stub*/ rgb(170, 172, 178, 170),
    /*cutoff_mark*/ rgb(213, 94, 0),
    /*pv*/ rgb(0, 114, 178),
    /*cut*/ rgb(213, 94, 0),
    /*all*/ rgb(0, 158, 115),
    /*leaf*/ rgb(110, 110, 118),
    /*unknown*/ rgb(150, 154, 162),
    /*expected*/ rgb(110, 110, 140),
    /*wrong_prediction*/ rgb(204, 121, 167),
    /*hover*/ rgb(0, 0, 0, 24),
    /*banner_bg*/ rgb(255, 226, 150, 240),
    /*banner_text*/ rgb(70, 45, 0),
    /*error_bg*/ rgb(255, 205, 195, 245),
    /*error_text*/ rgb(110, 10, 0),
};

}  // namespace

const Palette& palette(Theme t) {
  return t == Theme::dark ? k_dark : k_light;
}

ImU32 kind_color(const Palette& p, NodeKind k) {
  switch (k) {
    case NodeKind::pv:
      return p.pv;
    case NodeKind::cut:
      return p.cut;
    case NodeKind::all:
      return p.all;
    case NodeKind::leaf:
      return p.leaf;
    default:
      return p.unknown;
  }
}

void apply_style(Theme t, float scale) {
  ImGuiStyle style;
  if (t == Theme::dark) {
    ImGui::StyleColorsDark(&style);
  } else {
    ImGui::StyleColorsLight(&style);
  }
  // The keyboard's focus ring (Tab): bright and told from every kind's colour by its place
  // (around a control, never a node) under any colour vision.
  style.Colors[ImGuiCol_NavHighlight] =
      t == Theme::dark ? ImVec4(1.0f, 0.92f, 0.3f, 1.0f) : ImVec4(0.0f, 0.2f, 0.75f, 1.0f);
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.ScrollbarRounding = 3.0f;
  style.WindowBorderSize = 0.0f;
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 5);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace kibitz::viewer
