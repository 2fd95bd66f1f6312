#include "core/error.hpp"

#include <cstdio>

namespace kibitz {

std::string printable_message(const std::string& message, std::size_t max_chars) {
  std::string text = message;
  if (text.size() > max_chars) {
    const std::size_t head = max_chars * 2 / 3, tail = max_chars - head;
    text = text.substr(0, head) + " ... (" + std::to_string(text.size() - head - tail) +
           " characters left out) ... " + text.substr(text.size() - tail);
  }
  std::string out;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\n' && c != '\t') {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    } else if (u == 0x7F) {
      out += "\\x7F";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace kibitz
