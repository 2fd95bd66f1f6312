// Forward estimation on the canvas: stubs for pruned successors, estimate bars.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/score.hpp"
#include "trace/fe_index.hpp"
#include "viewer/fe_draw.hpp"

namespace kibitz::viewer {

namespace {

void dashed_line(ImDrawList* dl, ImVec2 p, ImVec2 q, ImU32 col, float w, int dashes) {
  for (int i = 0; i < dashes; ++i) {
    const float t0 = static_cast<float>(i) / static_cast<float>(dashes);
    const float t1 = (static_cast<float>(i) + 0.55f) / static_cast<float>(dashes);
    dl->AddLine(ImVec2(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0),
                ImVec2(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1), col, w);
  }
}

ImU32 with_alpha(ImU32 c, unsigned a) {
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT);
}

// The successor's window in MAX's terms: [alpha, beta] of the parent at the test.
void window_of(const trace::Model& m, const trace::FeTest& f, double& lo, double& hi) {
  const trace::ModelNode& p = m.node(f.parent);
  lo = f.max_root ? -static_cast<double>(p.beta) : f.window;
  hi = f.max_root ? f.window : static_cast<double>(p.beta);
}

// The bar: a track over [min, max] of the interval and the window's finite ends, the window as
// a band (open ends run to the edge), the interval as a bar; the tested bound drawn heavier.
void draw_bar(ImDrawList* dl, const ViewerState& s, const trace::FeTest& f, float x0, float x1,
              float y, float h, float zoom) {
  const Palette& pal = palette(s.theme);
  const ImU32 fe = fe_colour(s.theme);
  double wlo, whi;
  window_of(s.model(), f, wlo, whi);
  const bool lo_open = wlo <= -k_score_inf, hi_open = whi >= k_score_inf;
  const double lo = static_cast<double>(f.low()), hi = static_cast<double>(f.high());
  double vmin = std::min(lo, lo_open ? lo : wlo), vmax = std::max(hi, hi_open ? hi : whi);
  if (vmax - vmin < 1) vmax = vmin + 1;
  // An open end of the window: leave room to show the band running off the bar.
  const double span = vmax - vmin;
  if (hi_open) vmax += 0.4 * span;
  if (lo_open) vmin -= 0.4 * span;
  const double pad = (vmax - vmin) * 0.08;
  vmin -= pad;
  vmax += pad;
  auto X = [&](double v) {
    v = std::clamp(v, vmin, vmax);
    return x0 + static_cast<float>((v - vmin) / (vmax - vmin)) * (x1 - x0);
  };
  dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + h), with_alpha(pal.node_bg, 235), 2.0f);
  // The window.
  const float wa = lo_open ? x0 : X(wlo), wb = hi_open ? x1 : X(whi);
  dl->AddRectFilled(ImVec2(wa, y), ImVec2(wb, y + h), with_alpha(pal.text_dim, 70));
  const float thin = std::max(1.0f, zoom), thick = std::max(2.0f, 2.5f * zoom);
  if (!lo_open)
    dl->AddLine(ImVec2(wa, y - 2 * zoom), ImVec2(wa, y + h + 2 * zoom), pal.text,
                f.max_root ? thin : thick);
  if (!hi_open)
    dl->AddLine(ImVec2(wb, y - 2 * zoom), ImVec2(wb, y + h + 2 * zoom), pal.text,
                f.max_root ? thick : thin);
  // The interval [c + l*d, c + u*d].
  const float ia = X(lo), ib = std::max(X(hi), ia + 2.0f);
  dl->AddRectFilled(ImVec2(ia, y + h * 0.2f), ImVec2(ib, y + h * 0.8f),
                    f.pruned ? fe : with_alpha(fe, 120), 1.5f);
  if (zoom >= 0.8f) {
    const float fs = 11.0f * zoom;
    const char* name = f.max_root ? "\u03b2" : "\u03b1";
    const float at = f.max_root ? wb : wa;
    if ((f.max_root && !hi_open) || (!f.max_root && !lo_open)) {
      dl->AddText(ImGui::GetFont(), fs, ImVec2(at - fs * 0.3f, y + h + 1.0f * zoom), pal.text,
                  name);
    }
  }
}

}  // namespace

ImU32 fe_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(190, 140, 255, 255) : IM_COL32(120, 60, 200, 255);
}

void draw_fe_stub(ImDrawList* dl, ViewerState& s, const LayoutStub& st, ImVec2 from, ImVec2 top,
                  float zoom, int lod, bool canvas_hovered) {
  const trace::Model& m = s.model();
  const trace::FeTest& f = trace::fe_index(m).test(static_cast<std::size_t>(st.fe_test));
  const Palette& pal = palette(s.theme);
  const ImU32 fe = fe_colour(s.theme);
  dashed_line(dl, from, top, with_alpha(fe, 200), std::max(1.0f, 1.5f * zoom), 7);
  if (lod == 0) return;
  const float hw = s.metrics.node_width * 0.5f * zoom, h = s.metrics.node_height * 0.8f * zoom;
  const ImVec2 a(top.x - hw, top.y), b(top.x + hw, top.y + h);
  dl->AddRectFilled(a, b, with_alpha(pal.node_bg, 200), 4.0f * zoom);
  // A dashed border: never entered.
  dashed_line(dl, a, ImVec2(b.x, a.y), fe, std::max(1.0f, 1.5f * zoom), 9);
  dashed_line(dl, ImVec2(b.x, a.y), b, fe, std::max(1.0f, 1.5f * zoom), 4);
  dashed_line(dl, b, ImVec2(a.x, b.y), fe, std::max(1.0f, 1.5f * zoom), 9);
  dashed_line(dl, ImVec2(a.x, b.y), a, fe, std::max(1.0f, 1.5f * zoom), 4);
  if (lod == 2) {
    ImFont* font = ImGui::GetFont();
    const float fs = 14.0f * zoom, line = fs * 1.15f, pad = 5.0f * zoom;
    // "FE" tag, then the inequality over two lines: "c+u·d = −812" / "≤ α = −640".
    const char* tag = "FE";
    const ImVec2 ts = font->CalcTextSizeA(fs, 1e9f, 0.0f, tag);
    dl->AddRectFilled(ImVec2(a.x + pad, a.y + pad * 0.6f),
                      ImVec2(a.x + pad + ts.x + 6 * zoom, a.y + pad * 0.6f + line), fe,
                      3.0f * zoom);
    dl->AddText(font, fs, ImVec2(a.x + pad + 3 * zoom, a.y + pad * 0.6f),
                IM_COL32(255, 255, 255, 255), tag);
    dl->AddText(font, fs, ImVec2(a.x + pad * 2 + ts.x + 6 * zoom, a.y + pad * 0.6f), pal.text_dim,
                "pruned");
    const std::string text = trace::fe_inequality(f);
    const std::size_t split = text.find(' ', text.find('=') + 2);  // after the estimate
    const std::string l1 = text.substr(0, split),
                      l2 = split == std::string::npos ? "" : text.substr(split + 1);
    dl->AddText(font, fs, ImVec2(a.x + pad, a.y + pad * 0.6f + line), pal.text, l1.c_str());
    dl->AddText(font, fs, ImVec2(a.x + pad, a.y + pad * 0.6f + 2 * line), pal.text, l2.c_str());
  }
  if (s.fe.bars && lod == 2) draw_bar(dl, s, f, a.x, b.x, b.y + 4 * zoom, 8 * zoom, zoom);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (canvas_hovered && mouse.x >= a.x && mouse.x <= b.x && mouse.y >= a.y && mouse.y <= b.y) {
    ImGui::BeginTooltip();
    ImGui::Text(
        "successor %s of %s: pruned by forward estimation, never entered",
        f.move_index == trace::k_no_move_index ? "?" : std::to_string(f.move_index).c_str(),
        m.path_text(f.parent).empty() ? "the root" : ("node " + m.path_text(f.parent)).c_str());
    ImGui::Text("a %s root: c = %s, d = %d, l' = %s, u' = %s", f.max_root ? "MAX" : "MIN",
                format_score_pretty(f.c).c_str(), f.d, format_score_pretty(f.l).c_str(),
                format_score_pretty(f.u).c_str());
    ImGui::Text("estimated value in [%s, %s]",
                format_score_pretty(static_cast<Score>(f.low())).c_str(),
                format_score_pretty(static_cast<Score>(f.high())).c_str());
    ImGui::TextUnformatted(trace::fe_inequality(f).c_str());
    ImGui::TextDisabled("values from MAX's point of view (the root's side)");
    ImGui::EndTooltip();
  }
}

void draw_fe_node_bar(ImDrawList* dl, const ViewerState& s, std::uint32_t id, std::size_t t,
                      ImVec2 a, ImVec2 b, float zoom) {
  if (!s.fe.bars) return;
  const trace::FeTest* f = trace::fe_index(s.model()).test_of_child(id);
  if (!f || f->t > t) return;
  draw_bar(dl, s, *f, a.x, b.x, b.y + 4 * zoom, 8 * zoom, zoom);
}

void fe_node_tooltip(const trace::Model& m, std::uint32_t id, std::size_t t) {
  const trace::FeTest* f = trace::fe_index(m).test_of_child(id);
  if (!f || f->t > t) return;
  ImGui::Text("forward estimation: [%s, %s]; %s, so it was searched",
              format_score_pretty(static_cast<Score>(f->low())).c_str(),
              format_score_pretty(static_cast<Score>(f->high())).c_str(),
              trace::fe_inequality(*f).c_str());
}

}  // namespace kibitz::viewer
