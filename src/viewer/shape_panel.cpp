// The Shape tab: an icicle of one root's tree (a row per ply, each subtree as wide as its node
// count), so a search of millions of nodes shows where its work went; click to zoom in, the
// breadcrumb to zoom out; under it the zoomed node's successors and its largest subtrees a few
// plies down. Boxes under a pixel wide are not descended into: the icicle costs what it draws.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "trace/narration.hpp"
#include "viewer/panels.hpp"
#include "viewer/subtree_sizes.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

double ms_since(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
      .count();
}

// The sizes of the trace shown, made once per trace (a few milliseconds for millions of nodes).
const SubtreeSizes& sizes_of(ViewerState& s) {
  static std::uint64_t generation = 0;
  static const trace::Model* model = nullptr;
  static SubtreeSizes sizes;
  if (generation != s.trace_generation() || model != &s.model()) {
    const auto started = std::chrono::steady_clock::now();
    sizes = SubtreeSizes(s.model());
    s.shape.sizes_ms = ms_since(started);
    generation = s.trace_generation();
    model = &s.model();
  }
  return sizes;
}

// The root the canvas shows: the iteration chosen, else the one the cursor is in.
std::uint32_t shown_root(const ViewerState& s) {
  const auto& roots = s.model().roots();
  if (roots.empty()) return trace::k_no_node;
  if (s.iteration_view >= 0)
    return roots[std::min(static_cast<std::size_t>(s.iteration_view), roots.size() - 1)];
  std::size_t i = 0;
  while (i + 1 < roots.size() && s.model().enter_t(roots[i + 1]) <= s.cursor()) ++i;
  return roots[i];
}

std::uint32_t root_of(const trace::Model& m, std::uint32_t id) {
  while (m.parent(id) != trace::k_no_node) id = m.parent(id);
  return id;
}

// The icicle's top: the zoomed node when it is under the root shown, else the root.
std::uint32_t top_node(ViewerState& s, std::uint32_t root) {
  ViewerState::ShapeView& v = s.shape;
  const std::uint32_t nodes = s.model().node_count();
  if (v.generation != s.trace_generation()) {
    if (v.origin != s.origin() || nodes < v.nodes) v.zoom = trace::k_no_node;  // another trace
    v.generation = s.trace_generation();
    v.origin = s.origin();
    v.nodes = nodes;
  }
  if (v.zoom >= nodes || root_of(s.model(), v.zoom) != root) v.zoom = root;
  return v.zoom;
}

// A box's short name: its move or label, else its successor index.
std::string short_name(const trace::Model& m, std::uint32_t id) {
  if (!m.label(id).empty()) return m.label(id);
  if (m.parent(id) == trace::k_no_node) return "root";
  return std::to_string(m.k(id));
}

// The moves from top down to id ("e4 e5 Nf3"), or the successor indices ("0.2.1").
std::string line_from(const trace::Model& m, std::uint32_t top, std::uint32_t id) {
  std::vector<std::uint32_t> chain;
  for (std::uint32_t a = id; a != top && a != trace::k_no_node; a = m.parent(a)) chain.push_back(a);
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (!out.empty()) out += m.label(*it).empty() ? "." : " ";
    out += short_name(m, *it);
  }
  return out.empty() ? short_name(m, id) : out;
}

// A node's kind as of the cursor: "not yet", "open", or its kind (Cut from its cutoff on).
NodeKind kind_at(const trace::Model& m, std::uint32_t id, std::size_t t) {
  const NodeKind k = m.kind_at(id, t);
  return m.is_leaf(id) && m.leave_t(id) <= t ? NodeKind::leaf : k;
}
std::string kind_text(const trace::Model& m, std::uint32_t id, std::size_t t) {
  if (m.enter_t(id) > t) return "not yet";
  const NodeKind k = kind_at(m, id, t);
  return k == NodeKind::unknown && m.leave_t(id) > t ? "open" : kind_label(k);
}

ImU32 mix(ImU32 a, ImU32 b, float f) {  // a toward b by f
  const ImVec4 x = ImGui::ColorConvertU32ToFloat4(a), y = ImGui::ColorConvertU32ToFloat4(b);
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(x.x + (y.x - x.x) * f, x.y + (y.y - x.y) * f, x.z + (y.z - x.z) * f, 1.0f));
}

// Black or white, whichever reads on `fill`.
ImU32 text_on(ImU32 fill) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(fill);
  const float luma = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
  return luma > 0.55f ? IM_COL32(16, 18, 22, 255) : IM_COL32(250, 250, 250, 255);
}

std::string share_text(std::uint32_t part, std::uint32_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * part / whole : 0.0);
  return buf;
}

// A node's colour as of t: its kind's; faded before it is entered (in its final kind's colour,
// unless a quiz is asking for kinds).
ImU32 node_fill(const Palette& p, const trace::Model& m, std::uint32_t id, std::size_t t,
                bool future_kinds) {
  if (m.enter_t(id) <= t) return kind_color(p, kind_at(m, id, t));
  const ImU32 base =
      future_kinds ? kind_color(p, m.is_leaf(id) ? NodeKind::leaf : m.kind(id)) : p.unknown;
  return mix(base, p.canvas_bg, 0.72f);
}

// One box of a row: a node, or the successors of `parent` too narrow to draw (a remainder).
struct Span {
  std::uint32_t id;  // the node; the parent for a remainder
  float x0, x1;
  bool rest;
  // A remainder's successors, their nodes and the rows they would fill (drawn grey all the way
  // down, so the icicle keeps the tree's depth).
  std::uint32_t count, nodes, rows;
};

// The icicle being drawn: what it reads, where, and what the mouse is over.
struct Icicle {
  const trace::Model& m;
  const SubtreeSizes& sizes;
  const Palette& p;
  std::size_t t = 0;
  bool future_kinds = true;           // not-yet-entered boxes faded in their final kind's colour
  std::vector<std::uint32_t> path{};  // by depth: the cursor's node and its ancestors
  std::uint32_t selected = trace::k_no_node;
  ImDrawList* dl = nullptr;
  float x0 = 0, y0 = 0, row_h = 0;
  float min_w = 1.0f;  // narrower successors are not descended into
  ImVec2 mouse{};
  bool mouse_in = false;
  const Span* hovered = nullptr;
  Span hover_copy{};
  int boxes = 0;

  bool on_path(std::uint32_t id) const {
    const auto d = static_cast<std::size_t>(m.depth(id));
    return d < path.size() && path[d] == id;
  }
};

ImU32 fill_of(const Icicle& ic, const Span& sp) {
  return sp.rest ? ic.p.stub : node_fill(ic.p, ic.m, sp.id, ic.t, ic.future_kinds);
}

void draw_span(Icicle& ic, const Span& sp, int row) {
  const bool path = !sp.rest && ic.on_path(sp.id);
  const float a = ic.y0 + row * ic.row_h, b = a + ic.row_h * sp.rows - 1.0f;
  // A box on the cursor's path stays visible however narrow.
  const float x1 = path ? std::max(sp.x1, sp.x0 + 3.0f) : std::max(sp.x1, sp.x0 + 0.5f);
  const float gap = x1 - sp.x0 >= 2.0f ? 1.0f : 0.0f;  // neighbours of one colour stay apart
  const ImU32 fill = fill_of(ic, sp);
  ic.dl->AddRectFilled(ImVec2(sp.x0, a), ImVec2(x1 - gap, b), fill);
  ++ic.boxes;
  if (ic.mouse_in && ic.mouse.x >= sp.x0 && ic.mouse.x < x1 && ic.mouse.y >= a &&
      ic.mouse.y < b + 1.0f) {
    ic.hover_copy = sp;
    ic.hovered = &ic.hover_copy;
    ic.dl->AddRectFilled(ImVec2(sp.x0, a), ImVec2(x1 - gap, b), ic.p.hover);
  }
  if (!sp.rest && sp.id == ic.selected)
    ic.dl->AddRect(ImVec2(sp.x0, a), ImVec2(x1 - gap, b), ic.p.selected, 0.0f, 0, 2.0f);
  else if (path)
    ic.dl->AddRect(ImVec2(sp.x0, a), ImVec2(x1 - gap, b), ic.p.active, 0.0f, 0, 2.0f);
  if (sp.rest || x1 - sp.x0 < ImGui::GetFontSize() * 1.2f || ic.row_h < ImGui::GetFontSize())
    return;
  const std::string name = short_name(ic.m, sp.id);
  const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
  if (ts.x + 6.0f > x1 - gap - sp.x0) return;
  const ImU32 ink = ic.m.enter_t(sp.id) > ic.t ? ic.p.text_dim : text_on(fill);
  ic.dl->AddText(ImVec2(sp.x0 + 3.0f, a + (ic.row_h - 1.0f - ts.y) * 0.5f), ink, name.c_str());
}

// The next row: each node's successors in order, as wide as their sizes; runs of successors
// narrower than min_w become one remainder, not descended into (the cursor's path always is).
void next_row(const Icicle& ic, const std::vector<Span>& row, std::vector<Span>& next) {
  next.clear();
  for (const Span& sp : row) {
    if (sp.rest) continue;
    const float scale = (sp.x1 - sp.x0) / static_cast<float>(ic.sizes.size(sp.id));
    float x = sp.x0;
    Span rest{sp.id, 0, 0, true, 0, 0, 0};
    auto flush = [&] {
      if (rest.count) next.push_back(rest);
      rest.count = rest.nodes = rest.rows = 0;
    };
    for (std::uint32_t k = 0, n = ic.m.child_count(sp.id); k < n; ++k) {
      const std::uint32_t c = ic.m.child(sp.id, k);
      const float w = static_cast<float>(ic.sizes.size(c)) * scale;
      if (w >= ic.min_w || ic.on_path(c)) {
        flush();
        next.push_back({c, x, x + w, false, 0, 0, 1});
      } else {
        if (rest.count == 0) rest.x0 = x;
        ++rest.count;
        rest.nodes += ic.sizes.size(c);
        rest.rows = std::max(rest.rows, ic.sizes.height(c) + 1);
        rest.x1 = x + w;
      }
      x += w;
    }
    flush();
  }
}

void draw_rows(Icicle& ic, std::uint32_t top, float width, int rows) {
  std::vector<Span> row{{top, ic.x0, ic.x0 + width, false, 0, 0, 1}}, next;
  for (int r = 0; r < rows && !row.empty(); ++r) {
    for (const Span& sp : row) draw_span(ic, sp, r);
    if (r + 1 < rows) next_row(ic, row, next);
    row.swap(next);
  }
}

void icicle_tooltip(const ViewerState& s, const Icicle& ic, std::uint32_t root, std::uint32_t top) {
  const Span& sp = *ic.hovered;
  const std::uint32_t whole = ic.sizes.size(root);
  ImGui::BeginTooltip();
  if (sp.rest) {
    ImGui::Text("%u successors of %s too narrow to draw", sp.count, node_name(ic.m, sp.id).c_str());
    ImGui::Text("%u nodes, %s of the root's", sp.nodes, share_text(sp.nodes, whole).c_str());
    ImGui::TextDisabled("click: zoom into %s", node_name(ic.m, sp.id).c_str());
  } else {
    const std::int32_t depth = ic.m.depth(sp.id);
    ImGui::TextUnformatted(node_name(ic.m, sp.id).c_str());
    if (sp.id != root) ImGui::Text("line %s", line_from(ic.m, root, sp.id).c_str());
    ImGui::Text("depth %d (%d below the top shown)", depth, depth - ic.m.depth(top));
    ImGui::Text("subtree %u nodes, %s of the root's", ic.sizes.size(sp.id),
                share_text(ic.sizes.size(sp.id), whole).c_str());
    if (top != root)
      ImGui::Text("%s of %s's", share_text(ic.sizes.size(sp.id), ic.sizes.size(top)).c_str(),
                  node_name(ic.m, top).c_str());
    ImGui::Text("kind: %s", kind_text(ic.m, sp.id, s.cursor()).c_str());
    ImGui::TextDisabled("click: zoom here and show it in the tree");
  }
  ImGui::EndTooltip();
}

// Rows of at least a text line (and a little more when the tree is shallow), as many as fit
// `height` and the tree has.
void row_geometry(float height, std::uint32_t tree_rows, int& rows, float& row_h) {
  const float line = ImGui::GetTextLineHeight() + 4.0f;
  rows = std::max(1, std::min(static_cast<int>(height / line), static_cast<int>(tree_rows)));
  row_h = std::min(height / static_cast<float>(rows), line * 1.6f);
}

void draw_icicle(ViewerState& s, const SubtreeSizes& sizes, std::uint32_t root, std::uint32_t top,
                 float height) {
  const auto started = std::chrono::steady_clock::now();
  const trace::Model& m = s.model();
  const float width = std::max(40.0f, ImGui::GetContentRegionAvail().x);
  int rows = 1;
  float row_h = 0;
  row_geometry(height, sizes.height(top) + 1, rows, row_h);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##shape_icicle", ImVec2(width, rows * row_h));
  s.note_widget("shape_icicle");
  const bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
  Icicle ic{m, sizes, palette(s.theme)};
  ic.t = s.cursor();
  ic.future_kinds = !s.quiz.active();
  ic.selected = s.selected;
  ic.dl = ImGui::GetWindowDrawList();
  ic.x0 = at.x;
  ic.y0 = at.y;
  ic.row_h = row_h;
  ic.mouse = ImGui::GetIO().MousePos;
  ic.mouse_in = ImGui::IsItemHovered();
  const std::uint32_t here = m.node_of_event(s.cursor());
  if (here != trace::k_no_node) {
    ic.path.assign(static_cast<std::size_t>(m.depth(here)) + 1, trace::k_no_node);
    for (std::uint32_t a = here; a != trace::k_no_node; a = m.parent(a))
      ic.path[static_cast<std::size_t>(m.depth(a))] = a;
  }
  ic.dl->AddRectFilled(at, ImVec2(at.x + width, at.y + rows * row_h), ic.p.canvas_bg);
  ic.dl->PushClipRect(at, ImVec2(at.x + width, at.y + rows * row_h), true);
  draw_rows(ic, top, width, rows);
  ic.dl->PopClipRect();
  if (ic.hovered) {
    icicle_tooltip(s, ic, root, top);
    if (clicked) {
      s.shape.zoom = ic.hovered->id;  // a remainder zooms into its parent
      if (!ic.hovered->rest) s.go_to(ic.hovered->id);
    }
  }
  s.shape.boxes = ic.boxes;
  s.shape.draw_ms = ms_since(started);
}

// The path from the root to the top shown, each entry a button that zooms out to it.
void breadcrumb(ViewerState& s, std::uint32_t top) {
  const trace::Model& m = s.model();
  std::vector<std::uint32_t> chain;
  for (std::uint32_t a = top; a != trace::k_no_node; a = m.parent(a)) chain.push_back(a);
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const std::string name = short_name(m, *it);
    if (!first) {
      // Wrap rather than run past the panel's edge.
      const float w = ImGui::CalcTextSize(name.c_str()).x + ImGui::CalcTextSize(" > ").x +
                      ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x * 2;
      if (ImGui::GetItemRectMax().x + w < right) ImGui::SameLine();
      ImGui::TextDisabled(">");
      ImGui::SameLine();
    }
    first = false;
    if (*it == top) {
      ImGui::TextUnformatted(name.c_str());
      break;
    }
    const std::string label = name + "##crumb" + std::to_string(*it);
    if (ImGui::SmallButton(label.c_str())) {
      s.shape.zoom = *it;
      s.go_to(*it);
    }
    if (it == chain.rbegin()) s.note_widget("shape_crumb_root");
  }
}

// A node's kind as of the cursor, after a swatch of its colour (the icicle's key).
void kind_cell(const ViewerState& s, std::uint32_t id) {
  const Palette& p = palette(s.theme);
  const float side = ImGui::GetTextLineHeight() * 0.7f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float dy = (ImGui::GetTextLineHeight() - side) * 0.5f;
  const ImU32 fill = node_fill(p, s.model(), id, s.cursor(), !s.quiz.active());
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + dy),
                                            ImVec2(at.x + side, at.y + dy + side), fill);
  ImGui::Dummy(ImVec2(side, side));
  ImGui::SameLine();
  ImGui::TextUnformatted(kind_text(s.model(), id, s.cursor()).c_str());
}

// A row of a table of nodes: its name (a click shows it, a double-click zooms to it), its
// size and its share of `whole`.
void node_row(ViewerState& s, const SubtreeSizes& sizes, std::uint32_t id, const std::string& name,
              std::uint32_t whole) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  const std::string label = name + "##shape" + std::to_string(id);
  if (ImGui::Selectable(
          label.c_str(), s.selected == id,
          ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
    s.go_to(id);
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) s.shape.zoom = id;
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::Text("%u", sizes.size(id));
  ImGui::TableSetColumnIndex(2);
  ImGui::TextUnformatted(share_text(sizes.size(id), whole).c_str());
}

// A table of nodes with room for `shown` rows (it scrolls past them), or false.
bool begin_nodes_table(const char* id, const char* first, std::size_t rows, std::size_t shown) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
  const float row = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  const float h = row * (static_cast<float>(std::min(rows, shown)) + 1.0f) + 4.0f;
  if (!ImGui::BeginTable(id, 4, flags, ImVec2(0, h))) return false;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(first, ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("nodes");
  ImGui::TableSetupColumn("share");
  ImGui::TableSetupColumn("kind");
  ImGui::TableHeadersRow();
  return true;
}

void successors_table(ViewerState& s, const SubtreeSizes& sizes, std::uint32_t top) {
  const trace::Model& m = s.model();
  section(("Successors of " + node_name(m, top) + ", largest first").c_str());
  const std::vector<std::uint32_t> order = successors_by_size(m, sizes, top);
  if (order.empty()) {
    ImGui::TextDisabled("none: a leaf");
    return;
  }
  if (!begin_nodes_table("shape_successors", "move", order.size(), 8)) return;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(order.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const std::uint32_t id = order[static_cast<std::size_t>(i)];
      node_row(s, sizes, id, short_name(m, id), sizes.size(top));
      ImGui::TableSetColumnIndex(3);
      kind_cell(s, id);
    }
  }
  ImGui::EndTable();
  s.note_widget("shape_successors");
}

// The largest subtrees k plies under the top, made again only when the top or k changes.
const std::vector<std::uint32_t>& largest_cached(const ViewerState& s, const SubtreeSizes& sizes,
                                                 std::uint32_t top, int ply) {
  static std::uint64_t generation = 0;
  static std::uint32_t cached_top = trace::k_no_node;
  static int cached_ply = -1;
  static std::vector<std::uint32_t> list;
  if (generation != s.trace_generation() || cached_top != top || cached_ply != ply) {
    list = largest_at_ply(s.model(), sizes, top, ply, 10);
    generation = s.trace_generation();
    cached_top = top;
    cached_ply = ply;
  }
  return list;
}

void largest_table(ViewerState& s, const SubtreeSizes& sizes, std::uint32_t top) {
  section("Largest subtrees k plies down");
  const int deepest = static_cast<int>(std::max(1u, sizes.height(top)));
  ImGui::SetNextItemWidth(number_width(2.5f));
  ImGui::InputInt("k (plies under the top)", &s.shape.ply);
  s.note_widget("shape_ply");
  s.shape.ply = std::clamp(s.shape.ply, 1, deepest);
  const std::vector<std::uint32_t>& list = largest_cached(s, sizes, top, s.shape.ply);
  if (list.empty()) {
    ImGui::TextDisabled("no node that deep");
    return;
  }
  if (!begin_nodes_table("shape_largest", "line", list.size(), 10)) return;
  for (const std::uint32_t id : list) {
    node_row(s, sizes, id, line_from(s.model(), top, id), sizes.size(top));
    ImGui::TableSetColumnIndex(3);
    kind_cell(s, id);
  }
  ImGui::EndTable();
  s.note_widget("shape_largest");
}

}  // namespace

void draw_shape(ViewerState& s) {
  if (!s.has_trace() || s.model().node_count() == 0) {
    ImGui::TextDisabled("No trace yet.");
    return;
  }
  const SubtreeSizes& sizes = sizes_of(s);
  const std::uint32_t root = shown_root(s);
  const std::uint32_t top = top_node(s, root);
  dim_wrapped("Each box is a subtree, as wide as its nodes; a row per ply. Click to zoom in.");
  breadcrumb(s, top);
  ImGui::TextWrapped("%u nodes, %u plies deep (%s of the root's)", sizes.size(top),
                     sizes.height(top), share_text(sizes.size(top), sizes.size(root)).c_str());
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = std::max(ImGui::GetContentRegionAvail().y * 0.5f, line * 6.0f);
  draw_icicle(s, sizes, root, top, height);
  char cost[128];
  std::snprintf(cost, sizeof cost,
                "grey: successors under a pixel wide. %d boxes drawn in %.2f ms (sizes: %.0f ms)",
                s.shape.boxes, s.shape.draw_ms, s.shape.sizes_ms);
  dim_wrapped(cost);
  successors_table(s, sizes, top);
  largest_table(s, sizes, top);
}

}  // namespace kibitz::viewer
