#include "viewer/canvas.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "trace/narration.hpp"
#include "viewer/boards.hpp"
#include "viewer/fe_draw.hpp"
#include "viewer/greenblatt_panels.hpp"
#include "viewer/interest_view.hpp"
#include "viewer/keys.hpp"

namespace kibitz::viewer {

namespace {

CanvasStats g_stats;

using trace::k_no_node;

struct View {
  ImVec2 origin;  // top-left of the canvas on screen
  ImVec2 size;
  float zoom;
  float cam_x, cam_y;
  ImVec2 to_screen(float x, float y) const {
    return ImVec2(origin.x + size.x * 0.5f + (x - cam_x) * zoom,
                  origin.y + size.y * 0.5f + (y - cam_y) * zoom);
  }
  ImVec2 to_world(ImVec2 p) const {
    return ImVec2(cam_x + (p.x - origin.x - size.x * 0.5f) / zoom,
                  cam_y + (p.y - origin.y - size.y * 0.5f) / zoom);
  }
};

// A node's kind as of t without reading its events: decided at the cutoff or at leave.
NodeKind kind_at(const trace::ModelNode& n, std::size_t t) {
  if (n.leave_t != trace::k_never && n.leave_t <= t) return n.kind;
  if (n.cutoff_t != trace::k_never && n.cutoff_t <= t) return NodeKind::cut;
  return NodeKind::unknown;
}

const char* bound_symbol(Bound b) {
  switch (b) {
    case Bound::lower:
      return "\u2265";  // score >= ret
    case Bound::upper:
      return "\u2264";
    default:
      return "=";
  }
}

// Fits the laid-out tree into the canvas. With `readable`, the zoom is kept where node values
// can be read: a tree too big for that is shown from its root and follow does the rest.
void fit(ViewerState& s, const TreeLayout& layout, ImVec2 size, bool readable) {
  const float w = std::max(1.0f, layout.max_x() - layout.min_x());
  const float h = std::max(1.0f, layout.max_y() + s.metrics.node_height);
  const float margin = 40.0f * s.ui_scale();
  const float fit_zoom = std::min((size.x - margin) / w, (size.y - margin) / h);
  const float min_readable = 0.75f * s.ui_scale(), max_zoom = 1.25f * s.ui_scale();
  if (readable) {
    s.camera.zoom = std::clamp(fit_zoom, min_readable, max_zoom);
  } else {
    s.camera.zoom = std::clamp(fit_zoom, 1e-5f, max_zoom);
  }
  if (!readable || fit_zoom >= min_readable) {
    s.camera.x = (layout.min_x() + layout.max_x()) * 0.5f;
    s.camera.y = (layout.max_y() + s.metrics.node_height) * 0.5f - s.metrics.node_height * 0.5f;
  } else if (layout.node_count() > 0) {
    // Too big to read whole: start at the root, near the top of the view.
    s.camera.x = layout.x(layout.first());
    s.camera.y =
        layout.y(layout.first()) + (size.y * 0.5f - margin - s.metrics.node_height) / s.camera.zoom;
  }
}

void draw_dashed_rect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
  auto seg = [&](ImVec2 p, ImVec2 q) {
    const float len = std::hypot(q.x - p.x, q.y - p.y);
    const int n = std::max(1, static_cast<int>(len / (dash * 2)));
    for (int i = 0; i < n; ++i) {
      const float t0 = static_cast<float>(2 * i) / static_cast<float>(2 * n);
      const float t1 = static_cast<float>(2 * i + 1) / static_cast<float>(2 * n);
      dl->AddLine(ImVec2(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0),
                  ImVec2(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1), col, thickness);
    }
  };
  seg(a, ImVec2(b.x, a.y));
  seg(ImVec2(b.x, a.y), b);
  seg(b, ImVec2(a.x, b.y));
  seg(ImVec2(a.x, b.y), a);
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

std::string node_title(const trace::Model& m, std::uint32_t id) {
  const std::string& label = m.label(id);
  if (!label.empty()) return label;
  if (m.node(id).parent == k_no_node) return "root";
  return "k=" + std::to_string(m.node(id).k);
}

void draw_full_node(ImDrawList* dl, const ViewerState& s, const Palette& pal, const trace::Model& m,
                    std::uint32_t id, std::size_t t, ImVec2 a, ImVec2 b, float zoom, bool current,
                    bool on_path) {
  const trace::ModelNode& n = m.node(id);
  const trace::NodeState st = m.state_at(id, t);
  const NodeKind kind = st.kind;
  const bool decided = kind != NodeKind::unknown;
  const float rounding = 6.0f * zoom;
  dl->AddRectFilled(a, b, st.open ? pal.node_bg_open : pal.node_bg, rounding);
  const float border = std::max(1.0f, (current ? 3.5f : 2.0f) * zoom);
  if (decided) {
    dl->AddRect(a, b, kind_color(pal, kind), rounding, 0, border);
  } else if (n.expected != NodeKind::unknown) {
    draw_dashed_rect(dl, a, b, kind_color(pal, n.expected), border, 5.0f * zoom);
  } else {
    dl->AddRect(a, b, pal.node_border, rounding, 0, border);
  }
  if (current)
    dl->AddRect(ImVec2(a.x - 4 * zoom, a.y - 4 * zoom), ImVec2(b.x + 4 * zoom, b.y + 4 * zoom),
                pal.active, rounding + 3 * zoom, 0, std::max(2.0f, 3.0f * zoom));
  if (id == s.selected) {
    dl->AddRect(ImVec2(a.x - 7 * zoom, a.y - 7 * zoom), ImVec2(b.x + 7 * zoom, b.y + 7 * zoom),
                pal.selected, rounding + 5 * zoom, 0, std::max(1.5f, 2.0f * zoom));
  }
  if (id == s.hovered) dl->AddRectFilled(a, b, pal.hover, rounding);
  (void)on_path;

  ImFont* font = ImGui::GetFont();
  const float fs = 15.0f * zoom;
  const float line = fs * 1.12f;
  const float pad = 5.0f * zoom;
  float y = a.y + pad * 0.6f;
  // Line 1: kind tag, then the move or name.
  {
    std::string tag;
    ImU32 tag_col;
    if (decided) {
      tag = kind_label(kind);
      tag_col = kind_color(pal, kind);
    } else if (n.expected != NodeKind::unknown) {
      tag = std::string(kind_label(n.expected)) + "?";
      tag_col = pal.expected;
    } else {
      tag = "\u2026";
      tag_col = pal.text_dim;
    }
    const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, tag.c_str());
    const ImVec2 ta(a.x + pad, y), tb(a.x + pad + ts.x + 6 * zoom, y + line);
    if (decided) {
      dl->AddRectFilled(ta, tb, tag_col, 3 * zoom);
      dl->AddText(font, fs, ImVec2(ta.x + 3 * zoom, y), IM_COL32(255, 255, 255, 255), tag.c_str());
    } else {
      dl->AddRect(ta, tb, tag_col, 3 * zoom, 0, std::max(1.0f, zoom));
      dl->AddText(font, fs, ImVec2(ta.x + 3 * zoom, y), tag_col, tag.c_str());
    }
    if (decided && n.expected != NodeKind::unknown && kind != n.expected &&
        kind != NodeKind::leaf) {
      // A wrong prediction: a small triangle in the corner (explained in the legend).
      dl->AddTriangleFilled(ImVec2(b.x - 14 * zoom, a.y), ImVec2(b.x, a.y),
                            ImVec2(b.x, a.y + 14 * zoom), pal.wrong_prediction);
    }
    const std::string title = node_title(m, id);
    const ImVec2 ls = font->CalcTextSizeA(fs, 1e9f, 0.0f, title.c_str());
    const float avail = b.x - tb.x - pad * 2;
    if (ls.x <= avail) {
      dl->AddText(font, fs,
                  ImVec2(b.x - pad - ls.x - (decided && kind != n.expected ? 6 * zoom : 0), y),
                  pal.text, title.c_str());
    } else {
      dl->PushClipRect(ImVec2(tb.x + pad, a.y), ImVec2(b.x - pad, b.y), true);
      dl->AddText(font, fs, ImVec2(tb.x + pad, y), pal.text, title.c_str());
      dl->PopClipRect();
    }
  }
  y += line;
  auto text = [&](float x, const std::string& str, ImU32 col) {
    dl->AddText(font, fs, ImVec2(x, y), col, str.c_str());
  };
  // A line with a left and a right part ("α[2] +17466 ... β +∞"); when wide numbers would make
  // them overlap, the line's text shrinks to fit the box rather than run together.
  auto text_pair = [&](const std::string& left, ImU32 left_col, const std::string& right,
                       ImU32 right_col) {
    const float lw = font->CalcTextSizeA(fs, 1e9f, 0.0f, left.c_str()).x;
    const float rw = font->CalcTextSizeA(fs, 1e9f, 0.0f, right.c_str()).x;
    const float avail = b.x - a.x - 2 * pad, gap = fs * 0.5f;
    const float k = lw + gap + rw > avail ? avail / (lw + gap + rw) : 1.0f;
    const float dy = (1.0f - k) * fs * 0.5f;  // keep the smaller text on the line's middle
    dl->AddText(font, fs * k, ImVec2(a.x + pad, y + dy), left_col, left.c_str());
    dl->AddText(font, fs * k, ImVec2(b.x - pad - rw * k, y + dy), right_col, right.c_str());
  };
  if (n.leaf) {
    if (st.evaluated) {
      // A leaf by the interest limit, not by depth, says so.
      const bool by_limit = is_static_interest_leaf(m, id);
      text(a.x + pad, (by_limit ? "static " : "eval ") + format_score_pretty(st.eval),
           by_limit ? interest_color(s.theme) : pal.text);
    }
    y += line;
    if (m.has_window()) {
      text_pair("\u03b1 " + format_score_pretty(n.alpha0), pal.text_dim,
                "\u03b2 " + format_score_pretty(n.beta), pal.text_dim);
    }
    y += line;
  } else {
    if (m.has_window()) {
      const std::string alpha =
          "\u03b1" + (st.alpha_index ? "[" + std::to_string(st.alpha_index) + "]" : std::string()) +
          " " + format_score_pretty(st.alpha);
      text_pair(alpha, st.alpha_index && st.alpha != n.alpha0 ? pal.pv : pal.text,
                "\u03b2 " + format_score_pretty(n.beta), pal.text);
    }
    y += line;
    if (st.has_best) {
      text(a.x + pad, "best[" + std::to_string(st.best_index) + "] " + format_score_pretty(st.best),
           pal.text);
    } else {
      text(a.x + pad, "best \u2014", pal.text_dim);
    }
    y += line;
  }
  if (st.has_ret) {
    const std::string ret = "ret " + format_score_pretty(st.ret) + " " + bound_symbol(st.bound);
    if (s.scores && id < s.scores->size())
      text_pair(ret, pal.text, "sc " + format_score_pretty((*s.scores)[id]), pal.text_dim);
    else
      text(a.x + pad, ret, pal.text);
  } else if (st.open) {
    text(a.x + pad, "searching\u2026", pal.text_dim);
  }
}

}  // namespace

const CanvasStats& last_canvas_stats() {
  return g_stats;
}

void draw_tree_canvas(ViewerState& s, ImVec2 size) {
  g_stats = CanvasStats{};
  const Palette& pal = palette(s.theme);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  ImGui::InvisibleButton("##canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  s.note_widget("canvas");
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  dl->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), pal.canvas_bg);

  if (!s.has_trace()) {
    const char* msg = "No search yet. Pick a tree in Set-up and press Run (or open a trace).";
    const ImVec2 ts = ImGui::CalcTextSize(msg);
    dl->AddText(ImVec2(origin.x + (size.x - ts.x) * 0.5f, origin.y + size.y * 0.45f), pal.text_dim,
                msg);
    dl->PopClipRect();
    return;
  }

  const trace::Model& m = s.model();
  const TreeLayout& layout = s.layout();
  const std::size_t t = s.cursor();
  const ImGuiIO& io = ImGui::GetIO();
  if (s.camera.fit_pending) {
    // A new trace: size the view for the tree it will become, not for its first node.
    fit(s, s.final_layout(), size, true);
    s.camera.fit_pending = false;
  }
  if (s.camera.fit_all_pending) {
    fit(s, layout, size, false);
    s.camera.fit_all_pending = false;
    s.camera.follow = false;
  }

  // Input: pan, zoom, keys.
  if (active && (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f) ||
                 ImGui::IsMouseDragging(ImGuiMouseButton_Right, 2.0f) ||
                 ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 2.0f))) {
    s.camera.x -= io.MouseDelta.x / s.camera.zoom;
    s.camera.y -= io.MouseDelta.y / s.camera.zoom;
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) s.camera.follow = false;
  }
  auto zoom_at = [&](ImVec2 screen, float factor) {
    View v{origin, size, s.camera.zoom, s.camera.x, s.camera.y};
    const ImVec2 before = v.to_world(screen);
    s.camera.zoom = std::clamp(s.camera.zoom * factor, 1e-5f, 6.0f * s.ui_scale());
    v.zoom = s.camera.zoom;
    const ImVec2 after = v.to_world(screen);
    s.camera.x += before.x - after.x;
    s.camera.y += before.y - after.y;
  };
  if (hovered && io.MouseWheel != 0.0f) zoom_at(io.MousePos, std::pow(1.15f, io.MouseWheel));
  if (!io.WantTextInput && !io.KeyCtrl) {
    const ImVec2 centre(origin.x + size.x * 0.5f, origin.y + size.y * 0.5f);
    if (keys::pressed(keys::k_equal) || keys::pressed(keys::k_kp_add)) zoom_at(centre, 1.25f);
    if (keys::pressed(keys::k_minus) || keys::pressed(keys::k_kp_subtract)) zoom_at(centre, 0.8f);
    if (keys::pressed(keys::k_f, false)) s.camera.fit_all_pending = true;
    if (keys::pressed(keys::k_c, false)) s.camera.follow = !s.camera.follow;
  }

  // The node of the current event and its ancestors: the active path.
  const std::uint32_t current = t < m.event_count() ? m.node_of_event(t) : k_no_node;
  std::vector<std::uint8_t> on_path;  // by id, only for ids on the path (sparse use)
  std::vector<std::uint32_t> path;
  for (std::uint32_t id = current; id != k_no_node && layout.contains(id); id = m.node(id).parent)
    path.push_back(id);
  const bool at_end = t + 1 >= m.event_count();
  std::vector<std::uint32_t> pv;
  if (at_end && layout.node_count() > 0 && m.node(layout.first()).parent == k_no_node) {
    pv = m.principal_variation(layout.first());
    pv.insert(pv.begin(), layout.first());
  }
  auto in_list = [](const std::vector<std::uint32_t>& v, std::uint32_t id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };

  // Follow: when the current node comes near the canvas' edge, glide to centre it; while it
  // stays well inside, the camera holds still (no constant motion during playback).
  if (s.camera.follow && current != k_no_node && layout.contains(current)) {
    // "Leaving": part of the node's box is outside the canvas.
    const float margin_x = s.metrics.node_width * 0.5f + 6.0f / s.camera.zoom;
    const float margin_y = s.metrics.node_height * 0.5f + 6.0f / s.camera.zoom;
    const float half_w = size.x * 0.5f / s.camera.zoom, half_h = size.y * 0.5f / s.camera.zoom;
    const float cx = layout.x(current), cy = layout.y(current);
    const bool out_x = half_w <= margin_x || cx < s.camera.x - half_w + margin_x ||
                       cx > s.camera.x + half_w - margin_x;
    const bool out_y = half_h <= margin_y || cy < s.camera.y - half_h + margin_y ||
                       cy > s.camera.y + half_h - margin_y;
    if (out_x) s.camera.glide_x = true;
    if (out_y) s.camera.glide_y = true;
    const float k = std::min(1.0f, io.DeltaTime * 8.0f);
    if (s.camera.glide_x) {
      s.camera.x += (cx - s.camera.x) * k;
      if (std::fabs(cx - s.camera.x) * s.camera.zoom < 2.0f) s.camera.glide_x = false;
    }
    if (s.camera.glide_y) {
      s.camera.y += (cy - s.camera.y) * k;
      if (std::fabs(cy - s.camera.y) * s.camera.zoom < 2.0f) s.camera.glide_y = false;
    }
  }

  const View v{origin, size, s.camera.zoom, s.camera.x, s.camera.y};
  const float zoom = v.zoom;
  const float hw = s.metrics.node_width * 0.5f, hh = s.metrics.node_height * 0.5f;
  const int lod = zoom * s.metrics.node_width >= 80.0f * s.ui_scale()
                      ? 2
                      : (zoom * s.metrics.node_width >= 10.0f ? 1 : 0);
  g_stats.level_of_detail = lod;
  const ImVec2 clip_a(origin.x - hw * zoom, origin.y - hh * zoom);
  const ImVec2 clip_b(origin.x + size.x + hw * zoom, origin.y + size.y + hh * zoom);
  auto on_screen = [&](ImVec2 p) {
    return p.x >= clip_a.x && p.x <= clip_b.x && p.y >= clip_a.y && p.y <= clip_b.y;
  };

  // Edges. At the dot level, an edge whose two ends fall in the same pixel is skipped.
  const float edge_w = std::max(1.0f, 1.5f * zoom);
  for (std::uint32_t id = layout.first(); id < layout.end(); ++id) {
    const trace::ModelNode& n = m.node(id);
    if (n.parent == k_no_node || !layout.contains(n.parent)) continue;
    const ImVec2 p = v.to_screen(layout.x(n.parent), layout.y(n.parent) + hh);
    const ImVec2 c = v.to_screen(layout.x(id), layout.y(id) - hh);
    if ((p.x < clip_a.x && c.x < clip_a.x) || (p.x > clip_b.x && c.x > clip_b.x) ||
        c.y < clip_a.y || p.y > clip_b.y)
      continue;
    if (lod == 0 && std::fabs(p.x - c.x) < 0.5f && std::fabs(p.y - c.y) < 0.5f) continue;
    ImU32 col = pal.edge;
    float w = edge_w;
    if (!pv.empty() && in_list(pv, id)) {
      col = pal.edge_pv;
      w = std::max(2.5f, 4.0f * zoom);
    } else if (in_list(path, id)) {
      col = pal.edge_active;
      w = std::max(2.0f, 3.5f * zoom);
    }
    dl->AddLine(p, c, col, w);
    if (n.k == m.node(n.parent).cutoff_child && m.node(n.parent).cutoff_t <= t && lod >= 1) {
      draw_cutoff_mark(dl, p, c, zoom, pal.cutoff_mark);
    }
    if (lod == 2) draw_interest_edge(dl, s, id, p, c, zoom);
  }
  // Stubs: successors a cutoff left unsearched.
  for (const LayoutStub& st : layout.stubs()) {
    const ImVec2 p = v.to_screen(layout.x(st.parent), layout.y(st.parent) + hh);
    const ImVec2 c = v.to_screen(st.x, st.y - hh);
    if (!on_screen(c) && !on_screen(p)) continue;
    if (st.fe_test >= 0) {  // a successor pruned by forward estimation (fe_canvas.cpp)
      draw_fe_stub(dl, s, st, p, c, zoom, lod, hovered);
      continue;
    }
    const float sw = s.metrics.stub_width * 0.5f * zoom;
    if (draw_interest_stub(dl, s, st, p, c, ImVec2(sw * 2, s.metrics.node_height * 0.55f * zoom),
                           zoom, lod))
      continue;
    for (int i = 0; i < 6; ++i) {  // a dashed edge
      const float t0 = i / 6.0f, t1 = (i + 0.5f) / 6.0f;
      dl->AddLine(ImVec2(p.x + (c.x - p.x) * t0, p.y + (c.y - p.y) * t0),
                  ImVec2(p.x + (c.x - p.x) * t1, p.y + (c.y - p.y) * t1), pal.stub, edge_w);
    }
    if (lod >= 1) {
      const ImVec2 a(c.x - sw, c.y), b(c.x + sw, c.y + s.metrics.node_height * 0.55f * zoom);
      draw_dashed_rect(dl, a, b, pal.stub, std::max(1.0f, zoom), 4.0f * zoom);
      if (lod == 2) {
        const std::string label = "+" + std::to_string(st.count);
        const float fs = 14.0f * zoom;
        const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, label.c_str());
        dl->AddText(ImGui::GetFont(), fs,
                    ImVec2(c.x - ts.x * 0.5f, a.y + (b.y - a.y - ts.y) * 0.5f), pal.text_dim,
                    label.c_str());
      }
    }
  }
  // Nodes.
  std::vector<std::uint64_t> pixels;  // the dot level: one bit per canvas pixel already drawn
  const int pw = static_cast<int>(size.x) + 1, ph = static_cast<int>(size.y) + 1;
  if (lod == 0)
    pixels.assign((static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) + 63) / 64, 0);
  s.hovered = k_no_node;
  const ImVec2 mouse = io.MousePos;
  for (std::uint32_t id = layout.first(); id < layout.end(); ++id) {
    const ImVec2 c = v.to_screen(layout.x(id), layout.y(id));
    if (!on_screen(c)) {
      ++g_stats.nodes_culled;
      continue;
    }
    const trace::ModelNode& n = m.node(id);
    const ImVec2 a(c.x - hw * zoom, c.y - hh * zoom), b(c.x + hw * zoom, c.y + hh * zoom);
    if (hovered && mouse.x >= a.x - 1 && mouse.x <= b.x + 1 && mouse.y >= a.y - 1 &&
        mouse.y <= b.y + 1)
      s.hovered = id;
    if (lod == 0) {
      const int px = static_cast<int>(c.x - origin.x), py = static_cast<int>(c.y - origin.y);
      if (px >= 0 && py >= 0 && px < pw && py < ph) {
        const std::size_t bit = static_cast<std::size_t>(py) * static_cast<std::size_t>(pw) +
                                static_cast<std::size_t>(px);
        if (pixels[bit / 64] & (1ull << (bit % 64))) {
          ++g_stats.dots_folded;
          continue;
        }
        pixels[bit / 64] |= 1ull << (bit % 64);
      }
      const NodeKind k = kind_at(n, t);
      const float r = std::max(1.0f, std::min(hw, hh) * zoom);
      dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r),
                        k == NodeKind::unknown ? pal.node_border : kind_color(pal, k));
      greenblatt_node_marks(dl, n, ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), zoom, 0,
                            s.theme);
      ++g_stats.nodes_drawn;
      continue;
    }
    ++g_stats.nodes_drawn;
    if (lod == 1) {
      const NodeKind k = kind_at(n, t);
      const bool open = n.leave_t == trace::k_never || n.leave_t > t;
      dl->AddRectFilled(a, b, open ? pal.node_bg_open : pal.node_bg, 3.0f);
      dl->AddRect(a, b, k == NodeKind::unknown ? pal.node_border : kind_color(pal, k), 3.0f, 0,
                  std::max(1.0f, 2.0f * zoom));
      greenblatt_node_marks(dl, n, a, b, zoom, 1, s.theme);
      if (id == current)
        dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), pal.active, 3.0f, 0, 2.0f);
      if (id == s.selected)
        dl->AddRect(ImVec2(a.x - 5, a.y - 5), ImVec2(b.x + 5, b.y + 5), pal.selected, 3.0f, 0,
                    1.5f);
      const float fs = 15.0f * zoom * 2.2f;
      if (fs >= 7.0f && k != NodeKind::unknown) {
        const char* label = kind_label(k);
        const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, label);
        if (ts.x < (b.x - a.x))
          dl->AddText(ImGui::GetFont(), fs, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), pal.text,
                      label);
      }
      continue;
    }
    draw_full_node(dl, s, pal, m, id, t, a, b, zoom, id == current, in_list(path, id));
    draw_fe_node_bar(dl, s, id, t, a, b, zoom);  // forward estimation's estimate, if tested
    greenblatt_node_marks(dl, n, a, b, zoom, 2, s.theme);
  }
  dl->PopClipRect();

  // Click selects; the tooltip tells the node's story.
  if (hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
      io.MouseDragMaxDistanceSqr[0] < 16.0f) {
    if (s.hovered != k_no_node) s.selected = s.hovered;
  }
  if (hovered && s.hovered != k_no_node && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    const trace::NodeState st = m.state_at(s.hovered, t);
    const trace::ModelNode& n = m.node(s.hovered);
    ImGui::BeginTooltip();
    ImGui::Text("%s (id %u, path %s)", node_name(m, s.hovered).c_str(), s.hovered,
                m.path_text(s.hovered).empty() ? "root" : m.path_text(s.hovered).c_str());
    if (m.has_window()) {
      ImGui::Text("window \u03b1\u2080 = %s, \u03b2 = %s", format_score_pretty(n.alpha0).c_str(),
                  format_score_pretty(n.beta).c_str());
    }
    if (st.has_ret) {
      ImGui::Text("ret %s (%s), %s", format_score_pretty(st.ret).c_str(), bound_name(st.bound),
                  kind_label(st.kind));
    } else if (st.open) {
      ImGui::TextUnformatted("being searched");
    }
    if (n.expected != NodeKind::unknown) ImGui::Text("expected %s", kind_label(n.expected));
    fe_node_tooltip(m, s.hovered, t);
    if (n.marks & trace::k_tt_settled) ImGui::TextUnformatted("settled by the transposition table");
    if (n.marks & trace::k_gb_feedover)
      ImGui::TextUnformatted("feedover: the plausible move generator ran again");
    if (n.marks & trace::k_gb_by_capture)
      ImGui::TextUnformatted("reached by a plausible capture (capture search)");
    if (n.marks & trace::k_gb_secondary) ImGui::TextUnformatted("part of a secondary search");
    if (n.penalty)
      ImGui::Text("its value to the parent is lowered by %d (a value modification)", n.penalty);
    draw_interest_tooltip(m, s.hovered);
    const std::string& position = m.position(s.hovered);
    if (!position.empty()) {
      // The position as a board, with the move that led to it marked.
      const std::string game = m.trace().meta.get("game");
      const Board board = parse_board(game, position);
      if (board.ok()) {
        Board before;
        if (n.parent != k_no_node) before = parse_board(game, m.position(n.parent));
        const float side = ImGui::GetFontSize() * 11;
        const ImVec2 o = ImGui::GetCursorScreenPos();
        draw_board(ImGui::GetWindowDrawList(), o, side, board,
                   n.parent != k_no_node ? &before : nullptr, pal);
        ImGui::Dummy(ImVec2(side, side * static_cast<float>(board.rows) /
                                      static_cast<float>(std::max(board.rows, board.cols))));
      } else {
        ImGui::TextUnformatted(position.c_str());
      }
    }
    ImGui::EndTooltip();
  }
  if (g_stats.nodes_drawn == 0 && g_stats.nodes_culled == 0 && g_stats.dots_folded == 0) {
    // Before the first enter (an iteration's first event): say why the canvas is empty.
    const char* msg = "No node entered yet at this event: step forward (\u2192) or press Play.";
    const ImVec2 ts = ImGui::CalcTextSize(msg);
    dl->AddText(ImVec2(origin.x + (size.x - ts.x) * 0.5f, origin.y + size.y * 0.45f), pal.text_dim,
                msg);
  }
  // Zoom and mode readout in the corner.
  char info[96];
  std::snprintf(info, sizeof info, "zoom %.0f%%%s", s.camera.zoom * 100.0f / s.ui_scale(),
                s.camera.follow ? "  follow" : "");
  dl->AddText(ImVec2(origin.x + 8, origin.y + size.y - ImGui::GetTextLineHeight() - 6),
              pal.text_dim, info);
}

}  // namespace kibitz::viewer
