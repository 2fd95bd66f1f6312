// The branches a cutoff pruned, where the whole tree is known (ViewerState::pruned): greyed
// dashed boxes under the stub's width the layout made for them, leaves in a row with their
// values, each inner node centred over its successors, "pruned" under the lowest row.
#include <algorithm>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

std::string ghost_value(const ViewerState& s, const PrunedNode& node) {
  const bool max_to_move = node.depth % 2 == 0;
  const Score v = s.minimax_view() || max_to_move ? node.value : -node.value;
  return s.minimax_view() ? format_score_textbook(v) : format_score_pretty(v);
}

std::vector<GhostBox> ghost_boxes(const CanvasPaint& p, const CanvasFrame& f,
                                  const TreeLayout& layout, const LayoutStub& st, bool preview) {
  const std::vector<PrunedNode>& g = p.s.pruned.at(st.parent);
  const LayoutMetrics& mt = p.s.metrics;
  // A preview's boxes are the height of the other nodes not reached yet, its leaves' values as
  // large: nothing tells a branch to be pruned from one to be searched.
  const float gw = ghost_leaf_width(mt), gh = mt.node_height * (preview ? 1.0f : 0.6f);
  const std::vector<float> xs = ghost_xs(g, st.x - st.width * 0.5f, mt);
  std::vector<GhostBox> boxes(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) {
    const float y = static_cast<float>(g[i].depth) * mt.level_height;
    GhostBox& box = boxes[i];
    box.a = f.to_screen(xs[i] - gw * 0.5f, y - gh * 0.5f);
    box.b = f.to_screen(xs[i] + gw * 0.5f, y + gh * 0.5f);
    if (g[i].parent < 0) {
      box.from = f.to_screen(layout.x(st.parent), layout.y(st.parent) + f.hh);
    } else {
      const GhostBox& up = boxes[static_cast<std::size_t>(g[i].parent)];
      box.from = ImVec2((up.a.x + up.b.x) * 0.5f, up.b.y);
    }
  }
  if (!preview) return boxes;
  // Before the cutoff an inner node spans its successors, as wide as a searched one would
  // look beside them, not a leaf's narrow box that would tell it is to be pruned.
  for (std::size_t i = g.size(); i-- > 0;) {  // successors (after it, pre-order) first
    if (g[i].parent < 0) continue;
    GhostBox& up = boxes[static_cast<std::size_t>(g[i].parent)];
    up.a.x = std::min(up.a.x, boxes[i].a.x);
    up.b.x = std::max(up.b.x, boxes[i].b.x);
  }
  return boxes;
}

void draw_ghosts(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                 const LayoutStub& st, const Palette& pal, bool preview) {
  const std::vector<PrunedNode>& g = p.s.pruned.at(st.parent);
  // Before the cutoff (the input tree's preview) as faint as any node not reached yet.
  const ImU32 line_col = preview ? faint(pal.stub) : pal.stub;
  const ImU32 text_col = preview ? faint(pal.text) : pal.text_dim;
  const LayoutMetrics& mt = p.s.metrics;
  const float fs = p.s.node_text() * f.zoom *
                   (preview && compact_leaves(mt) ? 1.3f * leaf_value_scale(p.s) : 1.0f);
  const std::vector<GhostBox> boxes = ghost_boxes(p, f, layout, st, preview);
  const float line = std::max(1.0f, f.zoom);
  float lowest = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const ImVec2 a = boxes[i].a, b = boxes[i].b, from = boxes[i].from;
    draw_dashed_line(p.dl, from, ImVec2((a.x + b.x) * 0.5f, a.y), line_col, line, 6.0f * f.zoom);
    draw_dashed_rect(p.dl, a, b, line_col, line, 5.0f * f.zoom);
    lowest = std::max(lowest, b.y);
    if (f.lod < 2) continue;
    // A leaf shows its value (under its name, if it has one); an inner node its name.
    // Its name, else its path (the narration's "node 1.1"), so the sentence and the box meet;
    // before its cutoff (the preview), an inner node its player and path, as a searched one.
    const std::string name = !g[i].name.empty()    ? g[i].name
                             : !preview            ? g[i].path
                             : g[i].leaf           ? ""
                             : !p.s.minimax_view() ? g[i].path
                             : g[i].depth % 2 == 0 ? "MAX " + g[i].path
                                                   : "MIN " + g[i].path;
    const std::string v = g[i].leaf ? ghost_value(p.s, g[i]) : "";
    const float ny = (a.y + b.y) * 0.5f;
    if (!name.empty()) {
      float nfs = v.empty() ? fs : fs * 0.8f;
      ImVec2 ns = ImGui::GetFont()->CalcTextSizeA(nfs, 1e9f, 0.0f, name.c_str());
      if (ns.x > (b.x - a.x) * 0.92f) {  // a long move name, shrunk to its box
        nfs *= (b.x - a.x) * 0.92f / ns.x;
        ns = ImGui::GetFont()->CalcTextSizeA(nfs, 1e9f, 0.0f, name.c_str());
      }
      p.dl->AddText(ImGui::GetFont(), nfs,
                    ImVec2((a.x + b.x - ns.x) * 0.5f, v.empty() ? ny - ns.y * 0.5f : ny - ns.y),
                    text_col, name.c_str());
    }
    if (v.empty()) continue;
    // A long value (-25400) is set smaller to stay inside its box, clear of its neighbour's.
    ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, v.c_str());
    const float room = (b.x - a.x) * 0.92f, vfs = ts.x > room ? fs * room / ts.x : fs;
    if (vfs != fs) ts = ImGui::GetFont()->CalcTextSizeA(vfs, 1e9f, 0.0f, v.c_str());
    p.dl->AddText(ImGui::GetFont(), vfs,
                  ImVec2((a.x + b.x - ts.x) * 0.5f, name.empty() ? ny - ts.y * 0.5f : ny), text_col,
                  v.c_str());
  }
  if (f.lod < 2 || preview) return;
  // Under the row and no wider than it (and its gaps): never over a neighbour's leaves.
  float ws = fs * 0.8f;
  ImVec2 ww = ImGui::GetFont()->CalcTextSizeA(ws, 1e9f, 0.0f, "pruned");
  const float room = (st.width + mt.gap) * f.zoom;
  if (ww.x > room) {
    ws *= std::max(0.5f, room / ww.x);
    ww = ImGui::GetFont()->CalcTextSizeA(ws, 1e9f, 0.0f, "pruned");
  }
  const float cx = f.to_screen(st.x, 0).x;
  p.dl->AddText(ImGui::GetFont(), ws, ImVec2(cx - ww.x * 0.5f, lowest + 2.0f * f.zoom),
                pal.text_dim, "pruned");
}

}  // namespace kibitz::viewer
