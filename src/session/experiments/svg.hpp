// Charts as SVG, drawn by Kibitz itself: axes with ticks and grid, one polyline with markers
// per series (the report's values dashed), a legend, the title and axis labels.
#pragma once

#include <string>

#include "core/chart.hpp"

namespace kibitz {

std::string chart_svg(const Chart& chart, int width = 760, int height = 500);

}  // namespace kibitz
