#include "core/error.hpp"

#include <cstdio>

namespace kibitz {

namespace {

// Every run of more than 120 characters without a space (an echoed input) cut in its middle, so
// that a message quoting one input twice keeps what it says between them.
std::string shorten_runs(const std::string& message) {
  constexpr std::size_t k_run = 120, k_head = 80, k_tail = 30;
  std::string out;
  std::size_t i = 0;
  while (i < message.size()) {
    std::size_t j = i;
    while (j < message.size() && message[j] != ' ' && message[j] != '\n') ++j;
    if (j - i > k_run) {
      out += message.substr(i, k_head) + " ... (" + std::to_string(j - i - k_head - k_tail) +
             " characters left out) ... " + message.substr(j - k_tail, k_tail);
    } else {
      out.append(message, i, j - i);
    }
    if (j < message.size()) out += message[j];
    i = j + 1;
  }
  return out;
}

}  // namespace

std::string printable_message(const std::string& message, std::size_t max_chars) {
  std::string text = shorten_runs(message);
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
