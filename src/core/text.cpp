#include "core/text.hpp"

#include <cstdio>

namespace kibitz {

std::string thousands(unsigned long long n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

std::string approximate(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 1e6 ? "%.0f" : "%.2g", v);
  return buf;
}

}  // namespace kibitz
