// The export scene (export_scene.hpp): what the canvas draws at the cursor, read from the same
// layout, cards and pruned branches, without ImGui.
#include "viewer/export_scene.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

#include "core/error.hpp"
#include "trace/narration.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/spoken.hpp"

namespace kibitz::viewer {

namespace {

// A node's kind as of t: decided at the cutoff or at leave.
NodeKind kind_at(const trace::ModelNode& n, std::size_t t) {
  if (n.leave_t != trace::k_never && n.leave_t <= t) return n.kind;
  if (n.cutoff_t != trace::k_never && n.cutoff_t <= t) return NodeKind::cut;
  return NodeKind::unknown;
}

void grow(ExportScene& sc, float x, float y, float w, float h) {
  sc.min_x = std::min(sc.min_x, x - w * 0.5f);
  sc.max_x = std::max(sc.max_x, x + w * 0.5f);
  sc.min_y = std::min(sc.min_y, y - h * 0.5f);
  sc.max_y = std::max(sc.max_y, y + h * 0.5f);
}

// The nodes entered by t, with their edges' marks.
void add_nodes(ExportScene& sc, ViewerState& s, const TreeLayout& l, std::uint32_t end,
               std::unordered_map<std::uint32_t, int>& index) {
  const trace::Model& m = s.model();
  const std::size_t t = s.cursor();
  const std::uint32_t current = t < m.event_count() ? m.node_of_event(t) : trace::k_no_node;
  std::vector<std::uint32_t> path, pv;
  for (std::uint32_t id = current; id != trace::k_no_node && l.contains(id); id = m.parent(id))
    path.push_back(id);
  if (t + 1 >= m.event_count() && l.node_count() > 0 && m.parent(l.first()) == trace::k_no_node)
    pv = m.principal_variation(l.first());
  CardOptions o;
  o.view = s.value_view;
  o.scores = s.scores ? &*s.scores : nullptr;
  o.hide_kinds = s.textbook_mode();
  for (std::uint32_t id = l.first(); id < end; ++id) {
    if (!l.shown(id)) continue;
    const trace::ModelNode& n = m.node(id);
    SceneNode sn;
    sn.id = id;
    const auto p = index.find(n.parent);
    sn.parent = p == index.end() ? -1 : p->second;
    sn.x = l.x(id);
    sn.y = l.y(id);
    sn.w = l.half_width(id) * 2.0f;
    sn.h = s.metrics.node_height;
    sn.kind = kind_at(n, t);
    sn.expected = n.expected;
    sn.open = m.state_at(id, t).open;
    sn.current = id == current;
    sn.leaf = n.leaf;
    sn.compact = n.leaf && compact_leaves(s.metrics);
    if (n.parent != trace::k_no_node) {
      const trace::ModelNode& up = m.node(n.parent);
      sn.cut_edge = up.cutoff_t <= t && m.successor(n.parent, up.cutoff_child) == id;
    }
    sn.path = std::find(path.begin(), path.end(), id) != path.end();
    sn.pv = std::find(pv.begin(), pv.end(), id) != pv.end();
    sn.card = node_card(m, id, t, o);
    index[id] = static_cast<int>(sc.nodes.size());
    grow(sc, sn.x, sn.y, sn.w, sn.h);
    sc.nodes.push_back(std::move(sn));
  }
}

// Each cutoff's unsearched successors: their branches as ghosts where they are known and
// shown, else a "N pruned" box.
void add_pruned(ExportScene& sc, ViewerState& s, const TreeLayout& l, std::uint32_t end,
                const std::unordered_map<std::uint32_t, int>& index) {
  const LayoutMetrics& mt = s.metrics;
  for (const LayoutStub& st : l.stubs()) {
    const auto from = index.find(st.parent);
    if (st.t > s.cursor() || st.parent >= end || from == index.end()) continue;
    if (!s.ghosts_shown(st.parent)) {
      SceneStub b;
      b.x = st.x;
      b.y = st.y - mt.node_height * 0.5f + mt.node_height * 0.275f;  // under its edge's end
      b.w = st.width;
      b.h = mt.node_height * 0.55f;
      b.from = from->second;
      b.count = st.count;
      grow(sc, b.x, b.y, b.w, b.h + mt.node_height * 0.4f);
      sc.stubs.push_back(b);
      continue;
    }
    const std::vector<PrunedNode>& g = s.pruned.at(st.parent);
    const std::vector<float> xs = ghost_xs(g, st.x - st.width * 0.5f, mt);
    const int first = static_cast<int>(sc.ghosts.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      SceneGhost gh;
      gh.x = xs[i];
      gh.y = static_cast<float>(g[i].depth) * mt.level_height;
      gh.w = ghost_leaf_width(mt);
      gh.h = mt.node_height * 0.6f;
      gh.parent = g[i].parent < 0 ? -1 : first + g[i].parent;
      gh.from = from->second;
      gh.name = g[i].name.empty() ? g[i].path : g[i].name;  // as the canvas names it
      gh.value = g[i].leaf ? ghost_value(s, g[i]) : "";
      grow(sc, gh.x, gh.y, gh.w, gh.h + sc.text * 2.0f);  // "pruned" under the lowest row
      sc.ghosts.push_back(std::move(gh));
    }
  }
}

}  // namespace

std::string hex_colour(std::uint32_t c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF);
  return buf;
}

float export_aspect(const std::string& shape) {
  if (shape == "tree" || shape.empty()) return 0.0f;
  if (shape == "16:9") return 16.0f / 9.0f;
  if (shape == "4:3") return 4.0f / 3.0f;
  throw InputError("export: the shape is tree, 16:9 or 4:3, not '" + shape + "'");
}

void share_extent(std::vector<ExportScene>& scenes) {
  float x0 = 1e30f, x1 = -1e30f, y0 = 1e30f, y1 = -1e30f;
  bool caption = false;
  for (const ExportScene& f : scenes) {
    x0 = std::min(x0, f.min_x), x1 = std::max(x1, f.max_x);
    y0 = std::min(y0, f.min_y), y1 = std::max(y1, f.max_y);
    caption = caption || !f.caption.empty();
  }
  for (ExportScene& f : scenes) {
    f.min_x = x0, f.max_x = x1, f.min_y = y0, f.max_y = y1;
    if (caption && f.caption.empty()) f.caption = " ";  // the same height: a caption line in each
  }
}

ExportScene make_export_scene(ViewerState& s) {
  ExportScene sc;
  if (!s.has_trace()) return sc;
  const trace::Model& m = s.model();
  const TreeLayout& l = s.layout();
  sc.t = s.cursor();
  sc.events = m.event_count();
  sc.text = s.node_text();
  sc.minimax = s.minimax_view();
  sc.colours = palette(s.theme);
  sc.caption = narration_sentence(s);  // the replay bar's (textbook mode's: no kinds)
  sc.min_x = sc.min_y = 1e30f;
  sc.max_x = sc.max_y = -1e30f;
  const std::uint32_t end = std::min(l.end(), std::max(l.first(), m.nodes_visible_at(sc.t)));
  std::unordered_map<std::uint32_t, int> index;
  add_nodes(sc, s, l, end, index);
  add_pruned(sc, s, l, end, index);
  if (sc.nodes.empty()) sc.min_x = sc.min_y = sc.max_x = sc.max_y = 0;
  return sc;
}

}  // namespace kibitz::viewer
