// The canvas's nodes at three levels of detail: full boxes with every value (the kind tag, the
// move, alpha[k] and beta, best[k], ret and its bound), small boxes with the kind, and dots
// (sub-pixel runs folded into one). The views add their marks to each (views/view.hpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/score.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/canvas_text.hpp"
#include "viewer/node_card.hpp"

namespace kibitz::viewer {

namespace {

using trace::k_no_node;

// A node's kind as of t without reading its events: decided at the cutoff or at leave.
// The card's options for the canvas: the value view, the unpruned scores once computed, and a
// view's word (and colour) for a leaf's value.
CardOptions card_options(const CanvasPaint& p, std::uint32_t id, ImU32& view_colour) {
  CardOptions o;
  o.view = p.s.value_view;
  // In quiz mode nothing that answers the question: the unpruned scores, the expected kinds,
  // and the best so far of the node whose value is asked.
  o.scores = p.s.scores && !p.s.quiz.active() ? &*p.s.scores : nullptr;
  o.hide_expected = p.s.quiz.active() && p.s.quiz.level() >= 4;
  o.hide_kinds = p.s.textbook_mode();
  const Question* q = p.s.quiz.current();
  o.hide_best = q && q->type == QuestionType::value && q->node == id;
  view_colour = palette(p.s.theme).text;
  o.leaf_word = leaf_word(p, id, nullptr, view_colour);
  return o;
}

ImU32 ink_colour(const Palette& pal, Ink ink, ImU32 view_colour) {
  switch (ink) {
    case Ink::dim:
      return pal.text_dim;
    case Ink::narrowed:
      return pal.pv;
    case Ink::view:
      return view_colour;
    default:
      return pal.text;
  }
}

// The highlights over a box the GPU drew (its fill, and its border in the kind's colour, dashed
// while only expected): the cursor's ring, the selection's, the hovered shade.
void full_box(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b, bool current) {
  const Palette& pal = palette(p.s.theme);
  const float zoom = p.zoom, rounding = 6.0f * zoom;
  if (current) {
    // The ring, and a thin line of the text's colour just outside it: told from a Cut node's
    // orange by its shape too, not by a hue (deuteranopia and protanopia merge the two).
    const float t = std::max(2.0f, 3.0f * zoom), d = 4 * zoom + t * 0.5f + 1.0f;
    p.dl->AddRect(ImVec2(a.x - 4 * zoom, a.y - 4 * zoom), ImVec2(b.x + 4 * zoom, b.y + 4 * zoom),
                  pal.active, rounding + 3 * zoom, 0, t);
    p.dl->AddRect(ImVec2(a.x - d, a.y - d), ImVec2(b.x + d, b.y + d), pal.text,
                  rounding + 3 * zoom + t * 0.5f, 0, 1.0f);
  }
  if (id == p.s.selected)
    p.dl->AddRect(ImVec2(a.x - 7 * zoom, a.y - 7 * zoom), ImVec2(b.x + 7 * zoom, b.y + 7 * zoom),
                  pal.selected, rounding + 5 * zoom, 0, std::max(1.5f, 2.0f * zoom));
  if (id == p.s.hovered) p.dl->AddRectFilled(a, b, pal.hover, rounding);
}

// Line 1: the kind tag (filled once decided, "Cut?" while expected), then the move or name.
void title_line(const CanvasPaint& p, const NodeText& txt, const NodeCard& c) {
  const Palette& pal = palette(p.s.theme);
  const float zoom = p.zoom;
  const ImU32 tag_col = c.tag_kind == NodeKind::unknown ? pal.text_dim
                        : c.decided                     ? kind_color(pal, c.tag_kind)
                                                        : pal.expected;
  const ImVec2 ts = txt.font->CalcTextSizeA(txt.fs, 1e9f, 0.0f, c.tag.c_str());
  const ImVec2 ta(txt.a.x + txt.pad, txt.y),
      tb(txt.a.x + txt.pad + ts.x + 6 * zoom, txt.y + txt.line);
  if (c.tag.empty()) {
    // Textbook mode: no tag.
  } else if (c.decided) {
    p.dl->AddRectFilled(ta, tb, tag_col, 3 * zoom);
    txt.dl->AddText(txt.font, txt.fs, ImVec2(ta.x + 3 * zoom, txt.y), IM_COL32(255, 255, 255, 255),
                    c.tag.c_str());
  } else {
    p.dl->AddRect(ta, tb, tag_col, 3 * zoom, 0, std::max(1.0f, zoom));
    txt.dl->AddText(txt.font, txt.fs, ImVec2(ta.x + 3 * zoom, txt.y), tag_col, c.tag.c_str());
  }
  if (c.wrong_prediction) {
    // A wrong prediction: a small triangle in the corner (explained in the legend).
    p.dl->AddTriangleFilled(ImVec2(txt.b.x - 14 * zoom, txt.a.y), ImVec2(txt.b.x, txt.a.y),
                            ImVec2(txt.b.x, txt.a.y + 14 * zoom), pal.wrong_prediction);
  }
  float left = c.tag.empty() ? txt.a.x + txt.pad : tb.x + txt.pad;
  if (c.player != 0) {  // the player's shape after the tag: △ MAX, ▽ MIN
    const float h = txt.line * 0.62f;
    player_mark(p.dl, ImVec2(left, txt.y + (txt.line - h) * 0.5f), h, c.player > 0, pal.text);
    left += h * 1.1f + txt.pad;
  }
  const float avail = txt.b.x - left - txt.pad;
  // The title at full size if it fits; else without its "MAX "/"MIN " (the shape says it) at
  // no less than 80%; else the whole title smaller, never clipped (a name must stay whole).
  std::string title = c.title;
  ImVec2 ls = txt.font->CalcTextSizeA(txt.fs, 1e9f, 0.0f, title.c_str());
  if (ls.x > avail && c.name != title &&
      txt.font->CalcTextSizeA(txt.fs, 1e9f, 0.0f, c.name.c_str()).x * 0.8f <= avail) {
    title = c.name;
    ls = txt.font->CalcTextSizeA(txt.fs, 1e9f, 0.0f, title.c_str());
  }
  if (ls.x <= avail) {
    const float right = txt.b.x - txt.pad - ls.x - (c.wrong_prediction ? 6 * zoom : 0);
    txt.dl->AddText(txt.font, txt.fs, ImVec2(right, txt.y), pal.text, title.c_str());
  } else {
    const float k = std::max(0.3f, avail / ls.x);
    txt.dl->AddText(txt.font, txt.fs * k, ImVec2(left, txt.y + (1.0f - k) * txt.fs * 0.5f),
                    pal.text, title.c_str());
  }
}

// Lines 2 to 4: the card's value lines, a left and a right part each.
void value_lines(const CanvasPaint& p, NodeText& txt, const NodeCard& c, ImU32 view_colour) {
  const Palette& pal = palette(p.s.theme);
  for (const CardLine& l : c.lines) {
    if (!l.right.text.empty())
      txt.pair(l.left.text, ink_colour(pal, l.left.ink, view_colour), l.right.text,
               ink_colour(pal, l.right.ink, view_colour));
    else if (!l.left.text.empty())
      txt.text(txt.a.x + txt.pad, l.left.text, ink_colour(pal, l.left.ink, view_colour));
    txt.y += txt.line;
  }
}

// Text at size fs, or smaller to fit `width` (never below `least` of fs), centred on x.
void centred_text(const CanvasPaint& p, float fs, float x, float y, float width, float least,
                  ImU32 col, const std::string& text) {
  const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, text.c_str());
  const float k = ts.x > width ? std::max(least, width / ts.x) : 1.0f;
  p.dl->AddText(ImGui::GetFont(), fs * k, ImVec2(x - ts.x * k * 0.5f, y + (1.0f - k) * fs * 0.5f),
                col, text.c_str());
}

// Projector mode's narrow leaf, as textbooks draw leaves: its name small on top and its value
// large under it (its window is in the tooltip and the inspector).
void compact_leaf(const CanvasPaint& p, ImVec2 a, ImVec2 b, float fs, const NodeCard& c,
                  ImU32 view_colour) {
  const Palette& pal = palette(p.s.theme);
  const float pad = 3.0f * p.zoom, width = b.x - a.x - 2 * pad, x = (a.x + b.x) * 0.5f;
  centred_text(p, fs * 0.8f, x, a.y + pad, width, 0.4f, pal.text_dim, c.title);
  if (c.leaf_value.empty()) return;
  const float big = fs * 1.3f * leaf_value_scale(p.s);  // every leaf's value the same size
  centred_text(p, big, x, (a.y + b.y) * 0.5f - big * 0.35f, width, 0.5f, view_colour, c.leaf_value);
}

// Compare mode: a node the other search never entered, ringed in purple (the title says so).
void only_here_mark(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) {
  if (id >= p.s.only_here.size() || !p.s.only_here[id]) return;
  const float d = 9.0f * p.zoom;
  p.dl->AddRect(ImVec2(a.x - d, a.y - d), ImVec2(b.x + d, b.y + d), IM_COL32(150, 60, 200, 255),
                6.0f * p.zoom, 0, std::max(2.0f, 3.0f * p.zoom));
}

// After an edit by hand: a node whose outcome changed, ringed in teal with a dashed line.
void changed_mark(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) {
  if (id >= p.s.changed.size() || !p.s.changed[id]) return;
  const float d = 6.0f * p.zoom;
  draw_dashed_rect(p.dl, ImVec2(a.x - d, a.y - d), ImVec2(b.x + d, b.y + d),
                   IM_COL32(0, 170, 150, 255), std::max(2.0f, 2.5f * p.zoom), 6.0f * p.zoom);
}

}  // namespace

float leaf_value_scale(const ViewerState& s) {
  static std::uint64_t generation = ~std::uint64_t{0};
  static trace::ValueView view = trace::ValueView::minimax;
  static float leaf_width = 0, text = 0, scale = 1;
  if (!s.has_trace() || !compact_leaves(s.metrics)) return 1.0f;
  const trace::Model& m = s.model();
  if (generation == s.trace_generation() && view == s.value_view &&
      leaf_width == s.metrics.leaf_width && text == s.node_text())
    return scale;
  generation = s.trace_generation(), view = s.value_view, leaf_width = s.metrics.leaf_width,
  text = s.node_text();
  scale = 1.0f;
  const float room = leaf_width - 6.0f, fs = text * 1.3f;  // compact_leaf's box and size
  for (std::uint32_t id = 0; id < std::min<std::uint32_t>(m.node_count(), 20000); ++id) {
    if (!m.is_leaf(id) || m.leave_t(id) == trace::k_never) continue;
    const std::string v = s.minimax_view()
                              ? format_score_textbook(trace::max_view(m, id, m.ret(id)))
                              : format_score_pretty(m.ret(id));
    const float w = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, v.c_str()).x;
    if (w > room) scale = std::min(scale, std::max(0.5f, room / w));
  }
  return scale;
}

namespace {

void full_node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b, bool current) {
  full_box(p, id, a, b, current);
  only_here_mark(p, id, a, b);
  changed_mark(p, id, a, b);
  ImU32 view_colour = 0;
  const CardOptions o = card_options(p, id, view_colour);
  const NodeCard c = node_card(p.m, id, p.t, o);
  // Projector mode: the values read across a room (its boxes are taller for it).
  const float fs = p.s.node_text() * p.zoom;
  if (p.m.is_leaf(id) && compact_leaves(p.s.metrics))
    return compact_leaf(p, a, b, fs, c, view_colour);
  NodeText txt{p.dl, ImGui::GetFont(), a, b, fs, 0, 5.0f * p.zoom, 0};
  txt.line = txt.fs * 1.12f;
  txt.y = a.y + txt.pad * 0.6f;
  title_line(p, txt, c);
  txt.y += txt.line;
  value_lines(p, txt, c, view_colour);
}

// Over a small box the GPU drew: the kind's label, the views' marks, the cursor's and the
// selection's outlines.
void box_node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b, ImVec2 c, bool current) {
  const Palette& pal = palette(p.s.theme);
  const NodeKind k = p.m.kind_at(id, p.t);
  only_here_mark(p, id, a, b);
  for (const AlgorithmView* v : p.s.views()) v->node(p, id, a, b);
  if (current)
    p.dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), pal.active, 3.0f, 0, 2.0f);
  if (id == p.s.selected)
    p.dl->AddRect(ImVec2(a.x - 5, a.y - 5), ImVec2(b.x + 5, b.y + 5), pal.selected, 3.0f, 0, 1.5f);
  const float fs = 15.0f * p.zoom * 2.2f;
  if (fs >= 7.0f && k != NodeKind::unknown) {
    const char* label = kind_label(k);
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(fs, 1e9f, 0.0f, label);
    if (ts.x < (b.x - a.x))
      p.dl->AddText(ImGui::GetFont(), fs, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), pal.text,
                    label);
  }
}

// Under a collapsed node, drawn before the GPU's boxes: a folded stack.
void collapsed_stack(const CanvasPaint& p, const CanvasFrame& f, ImVec2 a, ImVec2 b) {
  const Palette& pal = palette(p.s.theme);
  const float dz = 5.0f * f.zoom;
  for (int i = 2; i >= 1; --i) {
    p.dl->AddRectFilled(ImVec2(a.x + i * dz, a.y + i * dz), ImVec2(b.x + i * dz, b.y + i * dz),
                        pal.node_bg, 6.0f * f.zoom);
    p.dl->AddRect(ImVec2(a.x + i * dz, a.y + i * dz), ImVec2(b.x + i * dz, b.y + i * dz), pal.stub,
                  6.0f * f.zoom);
  }
}

// ... and over it, how many nodes it hides ("+1,234 folded").
void collapsed_label(const CanvasPaint& p, const CanvasFrame& f, ImVec2 a, ImVec2 b,
                     std::uint32_t hidden) {
  if (f.lod < 2) return;
  const std::string label = "+" + std::to_string(hidden) + " folded";
  const float fs = 14.0f * f.zoom;
  p.dl->AddText(ImGui::GetFont(), fs, ImVec2(a.x, b.y + 15.0f * f.zoom),
                palette(p.s.theme).text_dim, label.c_str());
}

// A dot's colour: its kind at t.
ImU32 dot_colour(const CanvasPaint& p, std::uint32_t id) {
  const Palette& pal = palette(p.s.theme);
  const NodeKind k = p.m.kind_at(id, p.t);
  return k == NodeKind::unknown ? pal.node_border : kind_color(pal, k);
}

float dot_radius(const CanvasFrame& f) {
  return std::max(1.0f, std::min(f.hw, f.hh) * f.zoom);
}

// The node under the mouse: the depth from its y, then a binary search of that depth's x.
std::uint32_t node_at(const CanvasFrame& f, const TreeLayout& layout, ImVec2 mouse) {
  const ImVec2 w = f.to_world(mouse);
  const float level_h = layout.metrics().level_height;
  const float slack = 2.0f / f.zoom;  // a dot is hit within two pixels
  const long d = std::lround(w.y / level_h);
  if (d < 0 || d >= static_cast<long>(layout.level_count())) return k_no_node;
  const std::uint32_t level = static_cast<std::uint32_t>(d);
  if (std::fabs(w.y - layout.level_y(level)) > std::max(f.hh, slack)) return k_no_node;
  const float reach = std::max(f.hw, slack);
  const IdRange r = level_range(layout, f, level, w.x - reach, w.x + reach);
  std::uint32_t best = k_no_node;
  float best_dx = 1e30f;
  for (const std::uint32_t* it = r.begin; it < r.end; ++it) {
    const float dx = std::fabs(layout.x(*it) - w.x);
    if (dx < best_dx) best = *it, best_dx = dx;
  }
  return best;
}

}  // namespace

void draw_collapsed_stacks(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  if (f.lod < 1) return;
  for (std::uint32_t id : p.s.collapsed()) {
    if (!layout.shown(id) || id >= f.visible_end) continue;
    const ImVec2 c = f.to_screen(layout.x(id), layout.y(id));
    if (!f.on_screen(c)) continue;
    collapsed_stack(p, f, ImVec2(c.x - f.hw * f.zoom, c.y - f.hh * f.zoom),
                    ImVec2(c.x + f.hw * f.zoom, c.y + f.hh * f.zoom));
  }
}

namespace {

// At a far zoom, the views' marks on the nodes that have some, a node per pixel column.
void mark_dots(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout) {
  bool wanted = false;
  for (const AlgorithmView* v : p.s.views()) wanted = wanted || v->marks_dots();
  if (!wanted) return;
  const float pixel = 1.0f / f.zoom, r = dot_radius(f);
  for (std::uint32_t d = 0; d < layout.level_count(); ++d) {
    const float sy = f.to_screen(0.0f, layout.level_y(d)).y;
    if (sy < f.clip_a.y || sy > f.clip_b.y) continue;
    const IdRange range = level_range(layout, f, d);
    for (const std::uint32_t* it = range.begin; it < range.end;) {
      const float x = layout.level_x(d)[it - layout.level_begin(d)];
      if (p.m.marks(*it) != 0) {
        const ImVec2 c = f.to_screen(x, layout.level_y(d));
        for (const AlgorithmView* v : p.s.views())
          v->node(p, *it, ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r));
      }
      it = first_from_x(layout, d, it + 1, range.end, x + pixel);
    }
  }
}

}  // namespace

void draw_dashed_line(ImDrawList* dl, ImVec2 p, ImVec2 q, ImU32 col, float thickness, float dash) {
  const float len = std::hypot(q.x - p.x, q.y - p.y);
  const int n = std::max(1, static_cast<int>(len / (dash * 2)));
  for (int i = 0; i < n; ++i) {
    const float t0 = static_cast<float>(2 * i) / static_cast<float>(2 * n);
    const float t1 = static_cast<float>(2 * i + 1) / static_cast<float>(2 * n);
    dl->AddLine(ImVec2(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0),
                ImVec2(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1), col, thickness);
  }
}

void draw_dashed_rect(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
  draw_dashed_line(dl, a, ImVec2(b.x, a.y), col, thickness, dash);
  draw_dashed_line(dl, ImVec2(b.x, a.y), b, col, thickness, dash);
  draw_dashed_line(dl, b, ImVec2(a.x, b.y), col, thickness, dash);
  draw_dashed_line(dl, ImVec2(a.x, b.y), a, col, thickness, dash);
}

void draw_canvas_nodes(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout,
                       CanvasStats& stats) {
  p.s.hovered = p.hovered ? node_at(f, layout, ImGui::GetIO().MousePos) : k_no_node;
  if (p.s.hovered != k_no_node && p.s.hovered >= f.visible_end) p.s.hovered = k_no_node;
  int shown = 0;
  for (std::uint32_t d = 0; d < layout.level_count(); ++d) {
    shown += static_cast<int>(
        std::lower_bound(layout.level_begin(d), layout.level_end(d), f.visible_end) -
        layout.level_begin(d));
  }
  stats.nodes_culled = std::max(0, shown - stats.nodes_drawn - stats.dots_folded);
  if (f.lod == 0) {
    mark_dots(p, f, layout);
    // The active path's dots on top of the columns they share.
    const float r = dot_radius(f);
    for (std::uint32_t id : f.path) {
      if (id >= f.visible_end || !layout.shown(id)) continue;
      const ImVec2 c = f.to_screen(layout.x(id), layout.y(id));
      if (f.on_screen(c))
        p.dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), dot_colour(p, id));
    }
    return;
  }
  // Close enough to read: each node on screen gets its text and marks over the GPU's box.
  for (std::uint32_t d = 0; d < layout.level_count(); ++d) {
    const float sy = f.to_screen(0.0f, layout.level_y(d)).y;
    if (sy < f.clip_a.y || sy > f.clip_b.y) continue;
    const IdRange r = level_range(layout, f, d);
    for (const std::uint32_t* it = r.begin; it < r.end; ++it) {
      const std::uint32_t id = *it;
      const ImVec2 c =
          f.to_screen(layout.level_x(d)[it - layout.level_begin(d)], layout.level_y(d));
      const float hw = layout.half_width(id);
      const ImVec2 a(c.x - hw * f.zoom, c.y - f.hh * f.zoom),
          b(c.x + hw * f.zoom, c.y + f.hh * f.zoom);
      if (const std::uint32_t folded = layout.hidden_below(id)) collapsed_label(p, f, a, b, folded);
      if (f.lod == 1) {
        box_node(p, id, a, b, c, id == f.current);
        continue;
      }
      full_node(p, id, a, b, id == f.current);
      for (const AlgorithmView* v : p.s.views()) v->node(p, id, a, b);
    }
  }
}

}  // namespace kibitz::viewer
