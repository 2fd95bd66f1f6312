// Small helpers the export writers share: a text's width estimated without a font (DejaVu
// Sans's advances), and the cutoff mark's two bars (XML escaping is core/xml_escape.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "core/xml_escape.hpp"

namespace kibitz::viewer {

// The width of s at font size fs, estimated from DejaVu Sans's advances (the font the SVG asks
// for first): digits, capitals, lower case, narrow letters, punctuation, the math symbols.
inline float text_width(const std::string& s, float fs) {
  float em = 0;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (n > 1) {
      em += n == 3 ? 0.84f : 0.64f;  // ∞ − ≥ ≤ … as wide as '+'; α β as a digit
    } else if (c >= '0' && c <= '9') {
      em += 0.636f;
    } else if (c == 'M' || c == 'W' || c == 'm' || c == 'w') {
      em += 0.9f;
    } else if (c == 'I' || c == 'i' || c == 'j' || c == 'l') {
      em += 0.28f;
    } else if (c == 'f' || c == 'r' || c == 't') {
      em += 0.4f;
    } else if (c >= 'A' && c <= 'Z') {
      em += 0.7f;
    } else if (c >= 'a' && c <= 'z') {
      em += 0.6f;
    } else if (c == '+' || c == '=' || c == '<' || c == '>') {
      em += 0.84f;
    } else {
      em += 0.34f;  // space, punctuation, brackets
    }
    i += n;
  }
  return em * fs;
}

// The cutoff mark: two short bars across the edge from (x0, y0) to (x1, y1) near its child end,
// as the canvas draws them at zoom 1.
struct CutBar {
  float x0, y0, x1, y1;
};
inline std::array<CutBar, 2> cutoff_bars(float x0, float y0, float x1, float y1) {
  const float dx = x1 - x0, dy = y1 - y0;
  const float len = std::max(1.0f, std::hypot(dx, dy));
  const float ux = dx / len, uy = dy / len, px = -uy, py = ux, half = 11.0f;
  const float t = std::max(0.55f, 1.0f - 34.0f / len);
  std::array<CutBar, 2> bars{};
  int i = 0;
  for (float off : {-3.5f, 3.5f}) {
    const float cx = x0 + dx * t + ux * off, cy = y0 + dy * t + uy * off;
    bars[i++] = {cx - px * half, cy - py * half, cx + px * half, cy + py * half};
  }
  return bars;
}

}  // namespace kibitz::viewer
