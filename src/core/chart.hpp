// A line chart as plain data: what the experiments produce, drawn by the SVG writer
// (app/experiments/svg.cpp) and by the viewer's Experiments window, with the same axes.
#pragma once

#include <string>
#include <vector>

namespace kibitz {

struct ChartSeries {
  std::string name;
  std::vector<double> x, y;
  std::vector<std::string> labels;  // optional text beside each point
  bool dashed = false;              // the report's values, drawn beside ours
  int colour = -1;                  // index in the palette; -1: by position
};

struct Chart {
  std::string id;  // file stem, e.g. "fe-table1-nodes"
  std::string title, x_label, y_label;
  bool log_x = false, log_y = false;
  bool fixed_y = false;  // use y_min..y_max instead of the data's range
  double y_min = 0, y_max = 0;
  std::vector<ChartSeries> series;
};

// The axis of a chart: the range shown and the ticks with their texts (ASCII). Linear axes
// have about six ticks at 1, 2 or 5 times a power of ten; log axes one at each power of ten.
struct ChartAxis {
  double lo = 0, hi = 1;  // in data units (log axes: still data units; map() takes the log)
  bool log = false;
  std::vector<double> ticks;
  std::vector<std::string> tick_labels;
  double map(double v) const;  // 0..1 along the axis
};
ChartAxis chart_x_axis(const Chart& c);
ChartAxis chart_y_axis(const Chart& c);

// Okabe-Ito colours as 0xRRGGBB, readable with the common colour-vision deficiencies.
unsigned chart_colour(int index);
int series_colour(const Chart& c, std::size_t series_index);

}  // namespace kibitz
