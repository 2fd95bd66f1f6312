// Charts in the viewer: the same axes as the SVG files (core/chart.hpp), drawn with ImGui.
#include <algorithm>
#include <cmath>

#include "viewer/fe_draw.hpp"

namespace kibitz::viewer {

namespace {

ImU32 to_u32(unsigned rgb, Theme theme) {
  unsigned r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  if (theme == Theme::dark && rgb == 0x000000u) r = g = b = 230;  // black reads badly on dark
  return IM_COL32(r, g, b, 255);
}

// Where a chart's plot goes on the screen, and the maps from data to screen coordinates.
struct PlotArea {
  float left, right, top, bottom;
  const ChartAxis& ax;
  const ChartAxis& ay;
  float em;  // the font size
  float sx(double v) const { return left + static_cast<float>(ax.map(v)) * (right - left); }
  float sy(double v) const { return top + (1.0f - static_cast<float>(ay.map(v))) * (bottom - top); }
};

// The chart's title and axis labels, the grid lines at the ticks with their labels, the frame.
void draw_chart_axes(ImDrawList* dl, const Chart& c, ImVec2 a, ImVec2 b, const PlotArea& pa,
                     const Palette& pal) {
  const float em = pa.em, left = pa.left, right = pa.right, top = pa.top, bottom = pa.bottom;
  // The y label top left, the title centred (or after the label when they would meet).
  const ImVec2 ts = ImGui::CalcTextSize(c.title.c_str()),
               ys = ImGui::CalcTextSize(c.y_label.c_str());
  dl->AddText(ImVec2(a.x + em * 0.2f, a.y + em * 0.2f), pal.text_dim, c.y_label.c_str());
  const float title_x = std::max((a.x + b.x - ts.x) * 0.5f, a.x + ys.x + em * 1.5f);
  dl->AddText(ImVec2(title_x, a.y + em * 0.2f), pal.text, c.title.c_str());
  for (std::size_t i = 0; i < pa.ax.ticks.size(); ++i) {
    const float x = pa.sx(pa.ax.ticks[i]);
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), pal.grid);
    const ImVec2 s = ImGui::CalcTextSize(pa.ax.tick_labels[i].c_str());
    dl->AddText(ImVec2(x - s.x * 0.5f, bottom + em * 0.2f), pal.text_dim,
                pa.ax.tick_labels[i].c_str());
  }
  for (std::size_t i = 0; i < pa.ay.ticks.size(); ++i) {
    const float y = pa.sy(pa.ay.ticks[i]);
    dl->AddLine(ImVec2(left, y), ImVec2(right, y), pal.grid);
    const ImVec2 s = ImGui::CalcTextSize(pa.ay.tick_labels[i].c_str());
    dl->AddText(ImVec2(left - s.x - em * 0.3f, y - s.y * 0.5f), pal.text_dim,
                pa.ay.tick_labels[i].c_str());
  }
  dl->AddRect(ImVec2(left, top), ImVec2(right, bottom), pal.node_border);
  const ImVec2 xs = ImGui::CalcTextSize(c.x_label.c_str());
  dl->AddText(ImVec2((left + right - xs.x) * 0.5f, bottom + em * 1.3f), pal.text_dim,
              c.x_label.c_str());
}

// A dashed line from prev to p.
void draw_dashed_segment(ImDrawList* dl, ImVec2 prev, ImVec2 p, ImU32 col) {
  const float len = std::hypot(p.x - prev.x, p.y - prev.y);
  const int n = std::max(1, static_cast<int>(len / 8.0f));
  for (int k = 0; k < n; ++k) {
    const float t0 = static_cast<float>(k) / n, t1 = (k + 0.55f) / n;
    dl->AddLine(ImVec2(prev.x + (p.x - prev.x) * t0, prev.y + (p.y - prev.y) * t0),
                ImVec2(prev.x + (p.x - prev.x) * t1, prev.y + (p.y - prev.y) * t1), col, 2.0f);
  }
}

// Series si: its points (squares if dashed, dots otherwise) joined by lines, with their labels;
// points a log axis cannot show are left out.
void draw_series(ImDrawList* dl, const Chart& c, std::size_t si, const PlotArea& pa, Theme theme) {
  const ChartSeries& s = c.series[si];
  const ImU32 col = to_u32(chart_colour(series_colour(c, si)), theme);
  ImVec2 prev;
  bool have_prev = false;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i]) || (c.log_x && s.x[i] <= 0) ||
        (c.log_y && s.y[i] <= 0)) {
      continue;
    }
    const ImVec2 p(pa.sx(s.x[i]), pa.sy(s.y[i]));
    if (have_prev) {
      if (s.dashed) {
        draw_dashed_segment(dl, prev, p, col);
      } else {
        dl->AddLine(prev, p, col, 2.0f);
      }
    }
    if (s.dashed)
      dl->AddRect(ImVec2(p.x - 3, p.y - 3), ImVec2(p.x + 3, p.y + 3), col);
    else
      dl->AddCircleFilled(p, 3.5f, col);
    if (i < s.labels.size() && !s.labels[i].empty()) {
      dl->AddText(ImVec2(p.x + 5, p.y - pa.em), col, s.labels[i].c_str());
    }
    prev = p;
    have_prev = true;
  }
}

// Legend in the plot's top-left corner, on a backing so lines under it stay readable.
void draw_chart_legend(ImDrawList* dl, const Chart& c, const PlotArea& pa, const Palette& pal,
                       Theme theme) {
  const float em = pa.em, left = pa.left;
  float ly = pa.top + em * 0.3f, width = 0;
  for (const ChartSeries& s : c.series)
    width = std::max(width, ImGui::CalcTextSize(s.name.c_str()).x);
  dl->AddRectFilled(
      ImVec2(left + em * 0.3f, ly - em * 0.2f),
      ImVec2(left + em * 2.8f + width, ly + em * 1.25f * static_cast<float>(c.series.size())),
      (pal.canvas_bg & 0x00FFFFFFu) | 0xD8000000u, 3.0f);
  for (std::size_t si = 0; si < c.series.size(); ++si) {
    const ImU32 col = to_u32(chart_colour(series_colour(c, si)), theme);
    const float y = ly + em * 0.55f;
    if (c.series[si].dashed) {
      for (float x = left + em * 0.6f; x < left + em * 1.9f; x += 7)
        dl->AddLine(ImVec2(x, y), ImVec2(x + 4, y), col, 2.0f);
    } else {
      dl->AddLine(ImVec2(left + em * 0.6f, y), ImVec2(left + em * 1.9f, y), col, 2.0f);
    }
    dl->AddText(ImVec2(left + em * 2.2f, ly), pal.text, c.series[si].name.c_str());
    ly += em * 1.25f;
  }
}

}  // namespace

void draw_chart(ImDrawList* dl, const Chart& c, ImVec2 a, ImVec2 b, Theme theme) {
  const Palette& pal = palette(theme);
  const ChartAxis ax = chart_x_axis(c), ay = chart_y_axis(c);
  const float em = ImGui::GetFontSize();
  const float left = a.x + em * 4.0f, right = b.x - em * 0.8f, top = a.y + em * 1.8f,
              bottom = b.y - em * 2.6f;
  if (right - left < 40 || bottom - top < 40) return;
  const PlotArea pa{left, right, top, bottom, ax, ay, em};
  dl->AddRectFilled(a, b, pal.canvas_bg);
  draw_chart_axes(dl, c, a, b, pa, pal);
  dl->PushClipRect(ImVec2(left - 4, top - 4), ImVec2(right + 4, bottom + 4), true);
  for (std::size_t si = 0; si < c.series.size(); ++si) draw_series(dl, c, si, pa, theme);
  dl->PopClipRect();
  draw_chart_legend(dl, c, pa, pal, theme);
}

}  // namespace kibitz::viewer
