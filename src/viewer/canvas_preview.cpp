// The input tree where the search has not been yet (ViewerState::previews_input_tree): the
// nodes it will enter as faint dashed boxes at their final places, a leaf with its value as
// typed and an inner node with its name, and the branches a cutoff will prune drawn the same
// way until it happens. No kind, window or returned value from the future: a student sees the
// question (the tree), not the answer (which branches are pruned).
#include <algorithm>
#include <string>

#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/node_card.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

namespace {

// Text at size fs, smaller if it is wider than `width`, centred on x with its top at y (its
// middle, with `middle`: as canvas_ghosts.cpp sets a pruned leaf's value).
void faint_text(const CanvasPaint& p, float fs, float x, float y, float width, ImU32 col,
                const std::string& text, bool middle = false) {
  ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, text.c_str());
  if (ts.x > width) {
    fs *= std::max(0.4f, width / ts.x);
    ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, text.c_str());
  }
  p.dl->AddText(ImGui::GetFont(), fs, ImVec2(x - ts.x * 0.5f, middle ? y - ts.y * 0.5f : y), col,
                text.c_str());
}

// What a node not reached yet says: a leaf its value as typed (and its name, if it has one),
// an inner node its name (MAX B, MIN C in the minimax view).
void preview_text(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b, ImU32 col) {
  const trace::ModelNode& n = p.m.node(id);
  const float fs = p.s.node_text() * p.zoom, x = (a.x + b.x) * 0.5f, width = (b.x - a.x) * 0.92f;
  std::string name = p.m.label(id);
  if (!n.leaf) {
    name = card_name(p.m, id);
    if (p.s.minimax_view()) name = (trace::is_max_node(p.m, id) ? "MAX " : "MIN ") + name;
    faint_text(p, fs, x, (a.y + b.y - fs) * 0.5f, width, col, name);
    return;
  }
  const std::string v = p.s.minimax_view() ? format_score_textbook(trace::max_view(p.m, id, n.ret))
                                           : format_score_pretty(n.ret);
  // As canvas_ghosts.cpp draws a pruned leaf's preview: its name over its value, or its value.
  const float big = compact_leaves(p.s.metrics) ? fs * 1.3f * leaf_value_scale(p.s) : fs,
              ny = (a.y + b.y) * 0.5f;
  if (!name.empty()) {
    faint_text(p, big * 0.8f, x, ny - big * 0.8f, width, col, name);
    faint_text(p, big, x, ny, width, col, v);
  } else {
    faint_text(p, big, x, ny, width, col, v, true);
  }
}

}  // namespace

void draw_input_preview(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  if (f.lod < 1) return;
  const Palette& pal = palette(p.s.theme);
  const ImU32 line_col = faint(pal.stub), text_col = faint(pal.text);
  const float line = std::max(1.0f, f.zoom);
  for (std::uint32_t id = std::max(f.visible_end, layout.first()); id < layout.end(); ++id) {
    if (!layout.shown(id)) continue;
    const trace::ModelNode& n = p.m.node(id);
    const float x = layout.x(id), y = layout.y(id), hw = layout.half_width(id);
    const ImVec2 a = f.to_screen(x - hw, y - f.hh), b = f.to_screen(x + hw, y + f.hh);
    if (n.parent != trace::k_no_node && layout.shown(n.parent)) {
      const ImVec2 from = f.to_screen(layout.x(n.parent), layout.y(n.parent) + f.hh);
      draw_dashed_line(p.dl, from, ImVec2((a.x + b.x) * 0.5f, a.y), line_col, line, 6.0f * f.zoom);
    }
    draw_dashed_rect(p.dl, a, b, line_col, line, 5.0f * f.zoom);
    if (f.lod >= 2) preview_text(p, id, a, b, text_col);
  }
  // The pruned branches, before their cutoff has happened.
  for (const LayoutStub& st : layout.stubs()) {
    if ((st.t > p.t || st.parent >= f.visible_end) && p.s.ghosts_shown(st.parent))
      draw_ghosts(p, f, layout, st, pal, true);
  }
}

}  // namespace kibitz::viewer
