#include "core/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kibitz {

namespace {

std::string tick_text(double v, double step) {
  char buf[48];
  if (std::fabs(v) >= 1e6 || (std::fabs(v) < 1e-3 && v != 0.0)) {
    std::snprintf(buf, sizeof buf, "%.0e", v);
  } else if (step >= 1.0 || v == std::floor(v)) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step))));
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  }
  return buf;
}

// integers: every value on the axis is a whole number (depths, horizons): no ticks between.
ChartAxis make_axis(double lo, double hi, bool log, bool integers) {
  ChartAxis a;
  a.log = log;
  if (!(lo <= hi)) lo = hi = 0;
  if (log) {
    lo = std::max(lo, 1e-9);
    hi = std::max(hi, lo);
    double e_lo = std::floor(std::log10(lo)), e_hi = std::ceil(std::log10(hi));
    if (e_hi <= e_lo) e_hi = e_lo + 1;
    a.lo = std::pow(10.0, e_lo);
    a.hi = std::pow(10.0, e_hi);
    for (double e = e_lo; e <= e_hi + 0.5; e += 1) {
      const double v = std::pow(10.0, e);
      a.ticks.push_back(v);
      a.tick_labels.push_back(v >= 1e6 ? "1e" + std::to_string(static_cast<int>(e))
                                       : tick_text(v, 1.0));
    }
    return a;
  }
  if (hi - lo < 1e-12) {
    lo -= 1;
    hi += 1;
  }
  // About six ticks at 1, 2 or 5 times a power of ten.
  const double raw = (hi - lo) / 6.0;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (mag * m >= raw) {
      step = mag * m;
      break;
    }
  }
  if (integers) step = std::max(step, 1.0);
  a.lo = std::floor(lo / step) * step;
  a.hi = std::ceil(hi / step) * step;
  for (double v = a.lo; v <= a.hi + step * 0.5; v += step) {
    const double t = std::fabs(v) < step * 1e-9 ? 0.0 : v;
    a.ticks.push_back(t);
    a.tick_labels.push_back(tick_text(t, step));
  }
  return a;
}

void data_range(const Chart& c, bool x, double& lo, double& hi, bool& integers) {
  lo = 1e300;
  hi = -1e300;
  integers = true;
  const bool log = x ? c.log_x : c.log_y;
  for (const ChartSeries& s : c.series) {
    for (double v : x ? s.x : s.y) {
      if (!std::isfinite(v) || (log && v <= 0)) continue;
      integers = integers && v == std::floor(v);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (lo > hi) lo = hi = log ? 1 : 0;
}

}  // namespace

double ChartAxis::map(double v) const {
  if (log) {
    if (v <= 0) return 0.0;
    return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  }
  return (v - lo) / (hi - lo);
}

ChartAxis chart_x_axis(const Chart& c) {
  double lo, hi;
  bool integers;
  data_range(c, true, lo, hi, integers);
  return make_axis(lo, hi, c.log_x, integers);
}

ChartAxis chart_y_axis(const Chart& c) {
  double lo, hi;
  bool integers;
  data_range(c, false, lo, hi, integers);
  if (c.fixed_y) {
    lo = c.y_min;
    hi = c.y_max;
    integers = false;
  }
  return make_axis(lo, hi, c.log_y, integers);
}

unsigned chart_colour(int index) {
  static const unsigned k_colours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                       0xE69F00, 0x56B4E9, 0x000000};
  const int n = static_cast<int>(sizeof k_colours / sizeof k_colours[0]);
  return k_colours[((index % n) + n) % n];
}

int series_colour(const Chart& c, std::size_t i) {
  return c.series[i].colour >= 0 ? c.series[i].colour : static_cast<int>(i);
}

}  // namespace kibitz
