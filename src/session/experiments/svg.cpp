#include "session/experiments/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/xml_escape.hpp"

namespace kibitz {

namespace {

std::string colour(unsigned rgb) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%06X", rgb & 0xFFFFFFu);
  return buf;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// The plot area in pixels, and the axes that map data into it.
struct Plot {
  const ChartAxis& ax;
  const ChartAxis& ay;
  double left, top, pw, ph;
  double sx(double v) const { return left + ax.map(v) * pw; }
  double sy(double v) const { return top + (1.0 - ay.map(v)) * ph; }
};

// The grid and tick labels, the plot's frame and the axis labels.
void write_axes(std::ostringstream& o, const Chart& c, const Plot& p, int height) {
  const ChartAxis& ax = p.ax;
  const ChartAxis& ay = p.ay;
  const double left = p.left, top = p.top, pw = p.pw, ph = p.ph;
  // Grid and ticks.
  for (std::size_t i = 0; i < ax.ticks.size(); ++i) {
    const double x = p.sx(ax.ticks[i]);
    o << "<line x1=\"" << num(x) << "\" y1=\"" << num(top) << "\" x2=\"" << num(x) << "\" y2=\""
      << num(top + ph) << "\" stroke=\"#E4E4E4\"/>\n";
    o << "<text x=\"" << num(x) << "\" y=\"" << num(top + ph + 18)
      << "\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(ax.tick_labels[i])
      << "</text>\n";
  }
  for (std::size_t i = 0; i < ay.ticks.size(); ++i) {
    const double y = p.sy(ay.ticks[i]);
    o << "<line x1=\"" << num(left) << "\" y1=\"" << num(y) << "\" x2=\"" << num(left + pw)
      << "\" y2=\"" << num(y) << "\" stroke=\"#E4E4E4\"/>\n";
    o << "<text x=\"" << num(left - 8) << "\" y=\"" << num(y + 4)
      << "\" text-anchor=\"end\" font-size=\"12\">" << xml_escape(ay.tick_labels[i]) << "</text>\n";
  }
  o << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(pw)
    << "\" height=\"" << num(ph) << "\" fill=\"none\" stroke=\"#333333\"/>\n";
  o << "<text x=\"" << num(left + pw / 2) << "\" y=\"" << height - 14
    << "\" text-anchor=\"middle\" font-size=\"13\">" << xml_escape(c.x_label) << "</text>\n";
  o << "<text transform=\"translate(18," << num(top + ph / 2)
    << ") rotate(-90)\" text-anchor=\"middle\" font-size=\"13\">" << xml_escape(c.y_label)
    << "</text>\n";
}

// Series s: its line, then a mark (dashed series: a square) and the label of each point that a
// log axis can show.
void write_series(std::ostringstream& o, const Chart& c, std::size_t s, const Plot& p) {
  const ChartSeries& se = c.series[s];
  const std::string col = colour(chart_colour(series_colour(c, s)));
  std::string points;
  for (std::size_t i = 0; i < se.x.size() && i < se.y.size(); ++i) {
    if (!std::isfinite(se.x[i]) || !std::isfinite(se.y[i])) continue;
    if ((c.log_x && se.x[i] <= 0) || (c.log_y && se.y[i] <= 0)) continue;
    points += num(p.sx(se.x[i])) + "," + num(p.sy(se.y[i])) + " ";
  }
  o << "<polyline fill=\"none\" stroke=\"" << col << "\" stroke-width=\"2\""
    << (se.dashed ? " stroke-dasharray=\"6,4\"" : "") << " points=\"" << points << "\"/>\n";
  for (std::size_t i = 0; i < se.x.size() && i < se.y.size(); ++i) {
    if (!std::isfinite(se.x[i]) || !std::isfinite(se.y[i])) continue;
    if ((c.log_x && se.x[i] <= 0) || (c.log_y && se.y[i] <= 0)) continue;
    const double x = p.sx(se.x[i]), y = p.sy(se.y[i]);
    if (se.dashed) {
      o << "<rect x=\"" << num(x - 3) << "\" y=\"" << num(y - 3)
        << "\" width=\"6\" height=\"6\" fill=\"#FFFFFF\" stroke=\"" << col << "\"/>\n";
    } else {
      o << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"3.5\" fill=\"" << col
        << "\"/>\n";
    }
    if (i < se.labels.size() && !se.labels[i].empty()) {
      o << "<text x=\"" << num(x + 6) << "\" y=\"" << num(y - 6) << "\" font-size=\"11\" fill=\""
        << col << "\">" << xml_escape(se.labels[i]) << "</text>\n";
    }
  }
}

// The legend, right of the plot: a line in each series' style and its name.
void write_legend(std::ostringstream& o, const Chart& c, const Plot& p) {
  double ly = p.top + 8;
  for (std::size_t s = 0; s < c.series.size(); ++s) {
    const ChartSeries& se = c.series[s];
    const std::string col = colour(chart_colour(series_colour(c, s)));
    const double lx = p.left + p.pw + 16;
    o << "<line x1=\"" << num(lx) << "\" y1=\"" << num(ly) << "\" x2=\"" << num(lx + 26)
      << "\" y2=\"" << num(ly) << "\" stroke=\"" << col << "\" stroke-width=\"2\""
      << (se.dashed ? " stroke-dasharray=\"6,4\"" : "") << "/>\n";
    o << "<text x=\"" << num(lx + 32) << "\" y=\"" << num(ly + 4) << "\" font-size=\"12\">"
      << xml_escape(se.name) << "</text>\n";
    ly += 20;
  }
}

}  // namespace

std::string chart_svg(const Chart& c, int width, int height) {
  std::size_t longest_name = 0;
  for (const ChartSeries& se : c.series) longest_name = std::max(longest_name, se.name.size());
  width += static_cast<int>(std::max<double>(0.0, 7.0 * static_cast<double>(longest_name) - 140.0));
  const ChartAxis ax = chart_x_axis(c), ay = chart_y_axis(c);
  // The legend sits right of the plot, as wide as its longest name (about 7 px a character).
  std::size_t longest = 0;
  for (const ChartSeries& se : c.series) longest = std::max(longest, se.name.size());
  const double left = 78, right = 60 + 7.0 * static_cast<double>(longest), top = 44, bottom = 58;
  const double pw = width - left - right, ph = height - top - bottom;
  const Plot plot{ax, ay, left, top, pw, ph};
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << ' ' << height
    << "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n";
  o << "<text x=\"" << width / 2
    << "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">"
    << xml_escape(c.title) << "</text>\n";
  write_axes(o, c, plot, height);
  // Series.
  for (std::size_t s = 0; s < c.series.size(); ++s) write_series(o, c, s, plot);
  // Legend, right of the plot.
  write_legend(o, c, plot);
  o << "</svg>\n";
  return o.str();
}

}  // namespace kibitz
