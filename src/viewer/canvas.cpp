// The tree canvas, a frame at a time: the camera (fit, pan, zoom, follow), then the edges, the
// stubs, the nodes (canvas_node.cpp) and the hovered node's tooltip. Each part asks the views
// that apply to the trace (views/view.hpp) for their marks.
#include "viewer/canvas.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>

#include "core/score.hpp"
#include "trace/narration.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/canvas_scene.hpp"
#include "viewer/keys.hpp"
#include "viewer/panels.hpp"
#include "viewer/textbook.hpp"

namespace kibitz::viewer {

namespace {

CanvasStats g_stats;
CanvasScene g_scenes[k_canvas_slots] = {CanvasScene(0), CanvasScene(1)};

using trace::k_no_node;

// The first screen's line saying what to press: over the tree as typed; not when presenting.
bool first_screen_hint(const ViewerState& s) {
  return s.previews_input_tree() && !s.present && !s.quiz.active();
}

// Fits the laid-out tree into the canvas. With `readable`, the zoom is kept where node values
// can be read: a tree too big for that is shown from its root and follow does the rest.
void fit(ViewerState& s, const TreeLayout& layout, ImVec2 size, bool readable) {
  const float w = std::max(1.0f, layout.max_x() - layout.min_x());
  const float h = std::max(1.0f, layout.max_y());  // the boxes' extent, top to bottom
  const float margin = 40.0f * s.ui_scale();
  const float hint = first_screen_hint(s) ? ImGui::GetTextLineHeightWithSpacing() * 1.5f : 0;
  size.y -= hint;  // the hint's line at the top is kept clear
  const float fit_zoom = std::min((size.x - margin) / w, (size.y - margin) / h);
  // Whole if its text is 8 px or more (a 1024-pixel projector, a laptop); on a projector a
  // small tree may grow until its text is read across the room.
  const float min_readable = 0.53f * s.ui_scale(),
              max_zoom = (s.present ? 2.5f : 1.25f) * s.ui_scale();
  s.camera.zoom = std::clamp(fit_zoom, readable ? min_readable : 1e-5f, max_zoom);
  if (!readable || fit_zoom >= min_readable) {
    s.camera.x = (layout.min_x() + layout.max_x()) * 0.5f;
    s.camera.y = (layout.max_y() - s.metrics.node_height) * 0.5f -  // boxes span -hh..max_y-hh
                 hint * 0.5f / s.camera.zoom;
  } else if (layout.node_count() > 0) {
    // Too big to read whole: start at the root, near the top of the view.
    s.camera.x = layout.x(layout.first());
    s.camera.y =
        layout.y(layout.first()) + (size.y * 0.5f - margin - s.metrics.node_height) / s.camera.zoom;
  }
}

// The zoom that fits all of a layout.
float whole_zoom(const ViewerState& s, const TreeLayout& layout, ImVec2 size) {
  const float w = std::max(1.0f, layout.max_x() - layout.min_x());
  const float h = std::max(1.0f, layout.max_y());  // the boxes' extent, top to bottom
  const float margin = 40.0f * s.ui_scale();
  return std::min((size.x - margin) / w, (size.y - margin) / h);
}

// The active path fitted, its siblings folded (fold_beside_path): all of it when it reads so,
// else at a readable zoom around the current node, its levels as rows.
void fit_path(ViewerState& s, const TreeLayout& layout, ImVec2 size, std::uint32_t current) {
  const float h = std::max(1.0f, layout.max_y());
  const float by_height = std::min((size.y - 40.0f * s.ui_scale()) / h, 1.25f * s.ui_scale());
  const float whole = whole_zoom(s, layout, size);
  s.camera.zoom = std::min(by_height, std::max(whole, 0.54f * s.ui_scale()));  // text >= 8 px
  const std::uint32_t at = layout.contains(current) ? current : layout.first();
  s.camera.x = whole >= s.camera.zoom ? (layout.min_x() + layout.max_x()) * 0.5f : layout.x(at);
  s.camera.y = (layout.max_y() - s.metrics.node_height) * 0.5f;  // boxes span -hh..max_y-hh
}

// F: a tree too wide to read whole is first shown by its active path, the subtrees beside it
// folded (each a node with "+N folded": the rest summarised); F again unfolds them and fits all.
void fit_all(ViewerState& s, ImVec2 size, std::uint32_t current) {
  const TreeLayout& layout = s.layout();
  const float h = std::max(1.0f, layout.max_y());
  const float whole = whole_zoom(s, layout, size);
  // The path first only when the whole tree would be too small to read (its text under 8 px).
  if (!s.camera.fitted_near && !s.fit_whole && whole < 0.53f * s.ui_scale() &&
      whole * h < 0.35f * size.y && layout.node_count() > 0) {
    const std::uint32_t at = layout.contains(current) ? current : layout.first();
    s.fold_beside_path(at);
    fit_path(s, s.layout(), size, at);  // laid out again without the folded subtrees
    s.camera.fitted_near = true;
    return;
  }
  if (s.folded_beside_path()) s.unfold_beside_path();
  fit(s, s.layout(), size, false);
  s.camera.fitted_near = false;
}

// Keeps the camera's centre over the tree and the zoom no further out than half the whole
// tree: wheel zoom or a drag never loses the tree.
void clamp_camera(ViewerState& s, const TreeLayout& layout, ImVec2 size) {
  if (layout.node_count() == 0) return;
  Camera& c = s.camera;
  c.x = std::clamp(c.x, layout.min_x(), layout.max_x());
  c.y = std::clamp(c.y, 0.0f, layout.max_y());
  const float w = std::max(1.0f, layout.max_x() - layout.min_x());
  const float h = std::max(1.0f, layout.max_y());  // the boxes' extent, top to bottom
  const float whole = std::min(size.x / w, size.y / h);
  c.zoom = std::max(c.zoom, std::min(whole * 0.5f, 0.75f * s.ui_scale()));
}

// The two short bars across an edge near its child end: the cutoff mark.
void draw_cutoff_mark(ImDrawList* dl, ImVec2 from, ImVec2 to, float zoom, ImU32 col) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float len = std::max(1.0f, std::hypot(dx, dy));
  const float ux = dx / len, uy = dy / len;  // along the edge
  const float px = -uy, py = ux;             // across it
  const float half = std::max(4.0f, 11.0f * zoom);
  const float t = std::max(0.55f, 1.0f - 34.0f * zoom / len);
  for (float off : {-3.5f, 3.5f}) {
    const float cx = from.x + dx * t + ux * off * std::max(0.6f, zoom);
    const float cy = from.y + dy * t + uy * off * std::max(0.6f, zoom);
    dl->AddLine(ImVec2(cx - px * half, cy - py * half), ImVec2(cx + px * half, cy + py * half), col,
                std::max(2.0f, 3.0f * zoom));
  }
}

// Pan by dragging, zoom by the wheel (under the pointer) or +/- (at the centre), F fits all,
// C toggles follow.
void camera_input(ViewerState& s, const CanvasFrame& f, bool hovered, bool active) {
  const ImGuiIO& io = ImGui::GetIO();
  if (active && (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f) ||
                 ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2.0f) ||
                 ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 2.0f))) {
    s.camera.x -= io.MouseDelta.x / s.camera.zoom;
    s.camera.y -= io.MouseDelta.y / s.camera.zoom;
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) s.camera.follow = false;
  }
  auto zoom_at = [&](ImVec2 screen, float factor) {
    CanvasFrame v = f;
    v.zoom = s.camera.zoom, v.cam_x = s.camera.x, v.cam_y = s.camera.y;
    const ImVec2 before = v.to_world(screen);
    s.camera.zoom = std::clamp(s.camera.zoom * factor, 1e-5f, 6.0f * s.ui_scale());
    v.zoom = s.camera.zoom;
    const ImVec2 after = v.to_world(screen);
    s.camera.x += before.x - after.x;
    s.camera.y += before.y - after.y;
  };
  if (hovered && io.MouseWheel != 0.0f) zoom_at(io.MousePos, std::pow(1.15f, io.MouseWheel));
  if (io.WantTextInput || io.KeyCtrl) return;
  const ImVec2 centre(f.origin.x + f.size.x * 0.5f, f.origin.y + f.size.y * 0.5f);
  if (keys::pressed(keys::k_equal) || keys::pressed(keys::k_kp_add)) zoom_at(centre, 1.25f);
  if (keys::pressed(keys::k_minus) || keys::pressed(keys::k_kp_subtract)) zoom_at(centre, 0.8f);
  if (keys::pressed(keys::k_f, false)) {
    s.camera.fit_all_pending = true;
    if (s.compare_with) s.compare_with->camera.fit_all_pending = true;  // both sides
  }
  if (keys::pressed(keys::k_c, false)) s.camera.follow = !s.camera.follow;
  if (keys::pressed(keys::k_m, false)) s.show_overview = !s.show_overview;
  if (keys::pressed(keys::k_z, false) && s.selected != k_no_node) s.go_to(s.selected);
  if (keys::pressed(keys::k_x, false) && s.selected != k_no_node) s.toggle_collapsed(s.selected);
  if (keys::pressed(keys::k_v, false))
    s.set_value_view(s.minimax_view() ? trace::ValueView::negamax : trace::ValueView::minimax);
}

// Follow: when the current node comes near the canvas' edge, glide to centre it; while it
// stays well inside, the camera holds still (no constant motion during playback).
void follow_current(ViewerState& s, const TreeLayout& layout, std::uint32_t current, ImVec2 size) {
  // Inside a collapsed subtree: the collapsed node that stands for it.
  while (current != k_no_node && layout.contains(current) && !layout.shown(current))
    current = s.model().parent(current);
  if (!s.camera.follow || current == k_no_node || !layout.contains(current)) {
    s.camera.glide_x = s.camera.glide_y = false;  // a glide stops with follow
    return;
  }
  const float margin_x = s.metrics.node_width * 0.5f + 6.0f / s.camera.zoom;
  const float margin_y = s.metrics.node_height * 0.5f + 6.0f / s.camera.zoom;
  const float half_w = size.x * 0.5f / s.camera.zoom, half_h = size.y * 0.5f / s.camera.zoom;
  float cx = layout.x(current), cy = layout.y(current);
  // A tree that fits at this zoom (as grown so far, and whole) is kept whole in view, centred:
  // following a node would push the rest of it off the canvas.
  const TreeLayout& whole = s.final_layout();
  const float margin = 40.0f * s.ui_scale();  // as fit() leaves
  auto fits = [&](const TreeLayout& l) {
    return (l.max_x() - l.min_x()) * s.camera.zoom <= size.x - margin + 1.0f &&
           l.max_y() * s.camera.zoom <= size.y - margin + 1.0f;
  };
  const bool centred = fits(layout) && fits(whole);
  if (centred) {
    // Centred on the whole tree while the part grown so far is inside that view (it grows into
    // it without a move), else moved only as far as keeps that part in view.
    const float room = half_w - 20.0f / s.camera.zoom;
    cx = std::clamp((whole.min_x() + whole.max_x()) * 0.5f, layout.max_x() - room,
                    std::max(layout.max_x() - room, layout.min_x() + room));
    cy = (whole.max_y() - s.metrics.node_height) * 0.5f;
    s.camera.glide_x = std::fabs(cx - s.camera.x) * s.camera.zoom >= 2.0f;
    s.camera.glide_y = std::fabs(cy - s.camera.y) * s.camera.zoom >= 2.0f;
  }
  if (!centred && (half_w <= margin_x || cx < s.camera.x - half_w + margin_x ||
                   cx > s.camera.x + half_w - margin_x))
    s.camera.glide_x = true;
  if (!centred && (half_h <= margin_y || cy < s.camera.y - half_h + margin_y ||
                   cy > s.camera.y + half_h - margin_y))
    s.camera.glide_y = true;
  // A jump of more than a screen (a seek) is not glided through: the view is there at once.
  const bool far =
      std::fabs(cx - s.camera.x) > 2 * half_w || std::fabs(cy - s.camera.y) > 2 * half_h;
  const float k = far ? 1.0f : std::min(1.0f, ImGui::GetIO().DeltaTime * 8.0f);
  if (s.camera.glide_x) {
    s.camera.x += (cx - s.camera.x) * k;
    if (std::fabs(cx - s.camera.x) * s.camera.zoom < 2.0f) s.camera.glide_x = false;
  }
  if (s.camera.glide_y) {
    s.camera.y += (cy - s.camera.y) * k;
    if (std::fabs(cy - s.camera.y) * s.camera.zoom < 2.0f) s.camera.glide_y = false;
  }
}

// The frame's transform, level of detail, active path and principal variation.
CanvasFrame make_frame(ViewerState& s, const TreeLayout& layout, ImVec2 origin, ImVec2 size) {
  const trace::Model& m = s.model();
  const std::size_t t = s.cursor();
  CanvasFrame f;
  f.origin = origin;
  f.size = size;
  f.zoom = s.camera.zoom;
  f.cam_x = s.camera.x;
  f.cam_y = s.camera.y;
  f.hw = s.metrics.node_width * 0.5f;
  f.hh = s.metrics.node_height * 0.5f;
  const float px = f.zoom * s.metrics.node_width;
  // Full boxes once their text is 7.5 px or more (what fit() calls readable), boxes with their
  // kind when they are 10 px wide, else dots.
  f.lod = s.node_text() * f.zoom >= 7.5f * s.ui_scale() ? 2 : (px >= 10.0f ? 1 : 0);
  f.clip_a = ImVec2(origin.x - f.hw * f.zoom, origin.y - f.hh * f.zoom);
  f.clip_b = ImVec2(origin.x + size.x + f.hw * f.zoom, origin.y + size.y + f.hh * f.zoom);
  f.world_x0 = f.to_world(f.clip_a).x;
  f.world_x1 = f.to_world(f.clip_b).x;
  f.visible_end = std::min(layout.end(), std::max(layout.first(), m.nodes_visible_at(t)));
  f.current = t < m.event_count() ? m.node_of_event(t) : k_no_node;
  for (std::uint32_t id = f.current; id != k_no_node && layout.contains(id); id = m.parent(id))
    f.path.push_back(id);
  if (t + 1 >= m.event_count() && layout.node_count() > 0 &&
      m.parent(layout.first()) == k_no_node) {
    f.pv = m.principal_variation(layout.first());
    f.pv.insert(f.pv.begin(), layout.first());
  }
  return f;
}

// One stub: a view's drawing, else (over the GPU's dashed edge and box) its "N pruned".
void draw_stub(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
               const LayoutStub& st, const Palette& pal) {
  const ImVec2 a = f.to_screen(layout.x(st.parent), layout.y(st.parent) + f.hh);
  const ImVec2 c = f.to_screen(st.x, st.y - f.hh);
  bool drawn = false;
  for (const AlgorithmView* v : p.s.views()) drawn = drawn || v->stub(p, st, a, c);
  if (drawn) return;
  if (p.s.ghosts_shown(st.parent)) return draw_ghosts(p, f, layout, st, pal);
  if (f.lod < 2) return;
  // The count in the box and "pruned" under it: never a bare number beside a leaf's value.
  const std::string count = std::to_string(st.count);
  const float fs = 14.0f * f.zoom * (p.s.large_cards() ? 1.4f : 1.0f);
  const float box_h = p.s.metrics.node_height * 0.55f * f.zoom;
  const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, count.c_str());
  p.dl->AddText(ImGui::GetFont(), fs, ImVec2(c.x - ts.x * 0.5f, c.y + (box_h - ts.y) * 0.5f),
                pal.text_dim, count.c_str());
  float ws = fs * 0.85f;  // no wider than the box and its gaps: clear of the neighbours
  ImVec2 ww = ImGui::GetFont()->CalcTextSizeA(ws, 1e9f, 0.0f, "pruned");
  const float room = (st.width + p.s.metrics.gap) * f.zoom;
  if (ww.x > room) {
    ws *= std::max(0.5f, room / ww.x);
    ww = ImGui::GetFont()->CalcTextSizeA(ws, 1e9f, 0.0f, "pruned");
  }
  p.dl->AddText(ImGui::GetFont(), ws, ImVec2(c.x - ww.x * 0.5f, c.y + box_h + 2.0f * f.zoom),
                pal.text_dim, "pruned");
}

// An edge's marks over the GPU's line: the cutoff mark on the edge of the successor that
// caused it and the views' marks; false when it is off screen.
bool edge_marks(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                std::uint32_t id) {
  const std::uint32_t parent = p.m.parent(id);
  if (parent == k_no_node || !layout.shown(parent) || !layout.shown(id)) return false;
  const ImVec2 a = f.to_screen(layout.x(parent), layout.y(parent) + f.hh);
  const ImVec2 c = f.to_screen(layout.x(id), layout.y(id) - f.hh);
  if (p.m.cutoff_t(parent) <= p.t && p.m.successor(parent, p.m.cutoff_child(parent)) == id)
    draw_cutoff_mark(p.dl, a, c, f.zoom, palette(p.s.theme).cutoff_mark);
  for (const AlgorithmView* v : p.s.views()) v->edge(p, id, a, c);
  return true;
}

// One edge drawn over the others (the active path, the principal variation).
void draw_edge(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
               std::uint32_t id, ImU32 col, float w) {
  const std::uint32_t parent = p.m.parent(id);
  if (parent == k_no_node || !layout.shown(parent) || !layout.shown(id)) return;
  const ImVec2 a = f.to_screen(layout.x(parent), layout.y(parent) + f.hh);
  const ImVec2 c = f.to_screen(layout.x(id), layout.y(id) - f.hh);
  if ((a.x < f.clip_a.x && c.x < f.clip_a.x) || (a.x > f.clip_b.x && c.x > f.clip_b.x) ||
      c.y < f.clip_a.y || a.y > f.clip_b.y)
    return;
  p.dl->AddLine(a, c, col, w);
  if (f.lod >= 1) edge_marks(p, f, layout, id);
}

// Over the GPU's edges: close enough to read, the marks of the edges of the children on screen
// and of the children of the parents on screen (a range of the level: the children of a range
// of parents are contiguous in it); at any zoom, the active path and the principal variation.
void draw_edge_marks(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  const Palette& pal = palette(p.s.theme);
  for (std::uint32_t d = 1; f.lod >= 1 && d < layout.level_count(); ++d) {
    const float parent_y = f.to_screen(0.0f, layout.level_y(d - 1) + f.hh).y;
    const float child_y = f.to_screen(0.0f, layout.level_y(d) - f.hh).y;
    if (child_y < f.clip_a.y || parent_y > f.clip_b.y) continue;
    const std::uint32_t* b = layout.level_begin(d);
    const std::uint32_t* e = std::lower_bound(b, layout.level_end(d), f.visible_end);
    IdRange r = level_range(layout, f, d);
    const IdRange parents = level_range(layout, f, d - 1);
    if (parents.begin < parents.end) {
      const std::uint32_t next_parent =
          parents.end < layout.level_end(d - 1) ? *parents.end : trace::k_no_node;
      r.begin = std::min(r.begin, std::upper_bound(b, e, *parents.begin));
      r.end = std::max(r.end, std::lower_bound(b, e, next_parent));
    }
    for (const std::uint32_t* it = r.begin; it < r.end; ++it) {
      if (!CanvasFrame::contains(f.path, *it) && !CanvasFrame::contains(f.pv, *it))
        edge_marks(p, f, layout, *it);
    }
  }
  for (std::uint32_t id : f.path) {
    if (id < f.visible_end && !CanvasFrame::contains(f.pv, id))
      draw_edge(p, f, layout, id, pal.edge_active, std::max(2.0f, 3.5f * f.zoom));
  }
  for (std::uint32_t id : f.pv) {
    if (id < f.visible_end) draw_edge(p, f, layout, id, pal.edge_pv, std::max(2.5f, 4.0f * f.zoom));
  }
}

// Stubs: successors left unsearched (a view may draw its own; the GPU draws the others' dashed
// edges and boxes, and their "N pruned" goes on top here), those on screen by level (stubs are
// sorted by level, then x), each once its cutoff has happened.
void draw_stubs(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  const Palette& pal = palette(p.s.theme);
  bool owned = false;  // stubs a view draws itself (else only "N pruned" labels, when readable)
  for (const AlgorithmView* v : p.s.views()) owned = owned || v->owns_stubs();
  if (!owned && f.lod < 2) return;
  const float pixel = 1.0f / f.zoom;
  const std::vector<LayoutStub>& stubs = layout.stubs();
  auto before = [](const LayoutStub& s, std::pair<float, float> yx) {
    return s.y < yx.first || (s.y == yx.first && s.x < yx.second);
  };
  for (std::uint32_t d = 1; d <= layout.level_count(); ++d) {
    const float y = layout.level_y(d);
    const float sy = f.to_screen(0.0f, y).y;
    if (sy - f.hh * f.zoom * 2 > f.clip_b.y || sy + f.hh * f.zoom * 2 < f.clip_a.y) continue;
    auto it = std::lower_bound(stubs.begin(), stubs.end(), std::make_pair(y, f.world_x0), before);
    const auto end =
        std::lower_bound(it, stubs.end(), std::make_pair(y, f.world_x1 + f.hw), before);
    float last_x = -1e30f;
    for (; it != end; ++it) {
      const LayoutStub& st = *it;
      if (st.t > p.t || st.parent >= f.visible_end) continue;
      if (f.lod == 0 && st.x < last_x + pixel) continue;  // folded into the column drawn
      last_x = st.x;
      draw_stub(p, f, layout, st, pal);
    }
  }
}

// The boxes and lines of the frame, drawn by the GPU from the instances of the layout.
void draw_gpu_part(const ViewerState& s, const CanvasFrame& f, const TreeLayout& layout,
                   ImDrawList* dl) {
  CanvasScene& g_scene = g_scenes[s.canvas_slot];
  g_scene.sync(s, layout);
  const Palette& pal = palette(s.theme);
  gpu::CanvasDraw draw;
  gpu::CanvasView& v = draw.view;
  v.origin_x = f.origin.x, v.origin_y = f.origin.y, v.width = f.size.x, v.height = f.size.y;
  v.cam_x = f.cam_x, v.cam_y = f.cam_y, v.zoom = f.zoom;
  v.half_w = f.hw, v.half_h = f.hh;
  v.leaf_half_w = s.metrics.leaf_width * 0.5f;
  v.stub_half_w = s.metrics.stub_width * 0.5f, v.stub_h = s.metrics.node_height * 0.55f;
  v.min_px = 2.0f;
  v.t = static_cast<std::uint32_t>(std::min<std::size_t>(s.cursor(), gpu::k_never - 1));
  for (int k = 0; k < 5; ++k) v.colours.kind[k] = kind_color(pal, static_cast<NodeKind>(k));
  if (s.textbook_mode()) {  // no kinds on a first lecture: Pv, Cut and All boxes alike
    for (NodeKind k : {NodeKind::pv, NodeKind::cut, NodeKind::all})
      v.colours.kind[static_cast<int>(k)] = pal.node_border;
  }
  v.colours.node_bg = pal.node_bg, v.colours.node_bg_open = pal.node_bg_open;
  v.colours.node_border = pal.node_border, v.colours.edge = pal.edge, v.colours.stub = pal.stub;
  g_scene.ranges(f, layout, draw, g_stats);
  if (CanvasGpu* gpu = canvas_gpu(s.canvas_slot)) gpu->draw(dl, draw);
}

// `msg` in lines that fit the canvas (a phone's is narrow), each centred.
void centred_message(ImDrawList* dl, ImVec2 origin, ImVec2 size, const char* msg, ImU32 col) {
  ImFont* font = ImGui::GetFont();
  const float em = ImGui::GetFontSize(), scale = em / font->FontSize;
  const float wrap = std::max(size.x - 2 * em, 4 * em);
  const char* end = msg + std::strlen(msg);
  float y = origin.y + size.y * 0.45f;
  for (const char* line = msg; line < end;) {
    const char* stop = font->CalcWordWrapPositionA(scale, line, end, wrap);
    if (stop == line) ++stop;  // a word wider than the canvas: one character, not a stall
    const float w = ImGui::CalcTextSize(line, stop).x;
    dl->AddText(ImVec2(origin.x + (size.x - w) * 0.5f, y), col, line, stop);
    y += ImGui::GetTextLineHeight();
    line = stop;
    while (line < end && *line == ' ') ++line;
  }
}

}  // namespace

const CanvasStats& last_canvas_stats() {
  return g_stats;
}

namespace {
void draw_canvas(ViewerState& s, ImVec2 size);
}  // namespace

void draw_tree_canvas(ViewerState& s, ImVec2 size) {
  const auto start = std::chrono::steady_clock::now();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  draw_canvas(s, size);
  g_stats.ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const ImVec2 after = ImGui::GetCursorScreenPos();
  draw_canvas_overlays(s, origin, ImVec2(std::max(size.x, 50.0f), std::max(size.y, 50.0f)));
  ImGui::SetCursorScreenPos(after);
}

namespace {

// Click selects, a double-click folds or edits, a right-click edits; the tooltip tells the
// node's story.
void canvas_pointer(ViewerState& s, bool hovered) {
  if (canvas_clicked(hovered) && s.hovered != k_no_node) s.selected = s.hovered;
  // A double-click folds a subtree or, on a leaf of a tree that can be edited, edits it, as
  // a right-click edits any node (node_editor.cpp).
  const bool leaf_edit =
      s.hovered != k_no_node && node_editable(s, s.hovered) && s.model().is_leaf(s.hovered);
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && s.hovered != k_no_node &&
      !leaf_edit)
    s.toggle_collapsed(s.hovered);  // fold or unfold its subtree
  if (hovered && s.hovered != k_no_node && node_editable(s, s.hovered) &&
      ((leaf_edit && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ||
       ImGui::IsMouseReleased(ImGuiMouseButton_Right))) {
    s.selected = s.hovered;
    ImGui::OpenPopup("node_editor");
  }
  if (ImGui::BeginPopup("node_editor")) {
    if (s.selected < s.model().node_count()) {
      ImGui::TextDisabled("%s", node_name(s.model(), s.selected).c_str());
      draw_node_editor(s, s.selected);
    }
    ImGui::EndPopup();
  }
  if (hovered && s.hovered != k_no_node && !ImGui::IsMouseDown(ImGuiMouseButton_Left))
    draw_canvas_tooltip(s);
}

// Over the canvas: why it is empty, the first screen's hint, the rule table (textbook mode),
// the zoom.
void canvas_notes(ViewerState& s, ImDrawList* dl, ImVec2 origin, ImVec2 size) {
  const Palette& pal = palette(s.theme);
  if (g_stats.nodes_drawn == 0 && g_stats.nodes_culled == 0 && g_stats.dots_folded == 0) {
    // Before the first enter (an iteration's first event): say why the canvas is empty.
    centred_message(dl, origin, size,
                    "No node entered yet at this event: step forward (\u2192) or press Play.",
                    pal.text_dim);
  }
  if (first_screen_hint(s) && s.cursor() == 0 && !s.playing) {
    // The first screen: the tree is there to be searched, and one line says how.
    const char* hint =
        "The tree as typed. Press \u25b6 Play (Space) to watch the search, or "
        "\u2192 to take it one step at a time.";
    const float w = ImGui::CalcTextSize(hint).x;
    dl->AddText(ImVec2(origin.x + std::max(8.0f, (size.x - w) * 0.5f), origin.y + 8.0f),
                pal.text_dim, hint);
  } else if (s.textbook_mode() && s.cursor() > 0 && !s.quiz.active()) {
    draw_rule_table(s, dl, origin, size);  // not in a quiz: it would cover nodes, and answer
  }
  // Zoom and mode readout in the corner.
  char info[96];
  std::snprintf(info, sizeof info, "zoom %.0f%%%s", s.camera.zoom * 100.0f / s.ui_scale(),
                s.camera.follow ? "  follow" : "");
  dl->AddText(ImVec2(origin.x + 8, origin.y + size.y - ImGui::GetTextLineHeight() - 6),
              pal.text_dim, info);
}

void draw_canvas(ViewerState& s, ImVec2 size) {
  g_stats = CanvasStats{};
  const Palette& pal = palette(s.theme);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  size = ImVec2(std::max(size.x, 50.0f), std::max(size.y, 50.0f));
  ImGui::InvisibleButton("##canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  s.note_widget("canvas");
  const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
  dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  dl->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), pal.canvas_bg);
  if (!s.has_trace()) {
    centred_message(dl, origin, size,
                    "No search yet. Pick a tree in Set-up and press Run (or open a trace).",
                    pal.text_dim);
    dl->PopClipRect();
    return;
  }
  const TreeLayout& layout = s.layout();
  // A larger text (Ctrl +) zooms in with it: the tree keeps its look, its text grows.
  if (s.camera.ui_scale > 0 && s.camera.ui_scale != s.ui_scale())
    s.camera.zoom *= s.ui_scale() / s.camera.ui_scale;
  s.camera.ui_scale = s.ui_scale();
  if (s.camera.fit_pending) {
    // A new trace: size the view for the tree it will become, not for its first node.
    fit(s, s.final_layout(), size, !s.fit_whole);
    s.camera.fit_pending = false;
  }
  const std::uint32_t at =
      s.cursor() < s.event_count() ? s.model().node_of_event(s.cursor()) : k_no_node;
  if (s.camera.fit_all_pending) {
    fit_all(s, size, at);
    s.camera.fit_all_pending = false;
    s.camera.follow = false;
  }
  const Camera before = s.camera;
  camera_input(s, make_frame(s, layout, origin, size), hovered, active);
  if (s.camera.x != before.x || s.camera.y != before.y || s.camera.zoom != before.zoom)
    s.camera.fitted_near = false;           // the next F starts again from the neighbourhood
  clamp_camera(s, s.final_layout(), size);  // the whole tree: it grows into view
  const std::uint32_t current =
      s.cursor() < s.event_count() ? s.model().node_of_event(s.cursor()) : k_no_node;
  follow_current(s, layout, current, size);
  keep_asked_in_view(s, layout, size);
  const CanvasFrame f = make_frame(s, layout, origin, size);
  g_stats.level_of_detail = f.lod;
  const CanvasPaint paint{dl, s, s.model(), s.cursor(), f.zoom, f.lod, hovered};
  draw_collapsed_stacks(paint, f, layout);
  draw_gpu_part(s, f, layout, dl);
  if (s.previews_input_tree()) draw_input_preview(paint, f, layout);
  draw_edge_marks(paint, f, layout);
  if (s.textbook_mode()) draw_edge_windows(paint, f, layout);
  draw_stubs(paint, f, layout);
  draw_canvas_nodes(paint, f, layout, g_stats);
  quiz_on_canvas(paint, f, layout);
  dl->PopClipRect();
  draw_overview(s, layout, f);

  canvas_pointer(s, hovered);
  canvas_notes(s, dl, origin, size);
}

}  // namespace

}  // namespace kibitz::viewer
