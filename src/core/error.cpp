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

namespace {

// The length of the well-formed UTF-8 sequence at text[i] (2 to 4 bytes), 0 when it is not one.
std::size_t utf8_length(const std::string& text, std::size_t i) {
  const auto at = [&](std::size_t k) {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
  };
  const unsigned char u = at(0);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
  if (u >= 0xC2 && u <= 0xDF) {
    n = 2;
  } else if (u >= 0xE0 && u <= 0xEF) {
    n = 3;
    if (u == 0xE0) lo = 0xA0;  // not overlong
    if (u == 0xED) hi = 0x9F;  // not a surrogate
  } else if (u >= 0xF0 && u <= 0xF4) {
    n = 4;
    if (u == 0xF0) lo = 0x90;
    if (u == 0xF4) hi = 0x8F;  // not past U+10FFFF
  } else {
    return 0;
  }
  if (at(1) < lo || at(1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (at(k) < 0x80 || at(k) > 0xBF) return 0;
  }
  return n;
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
  const auto escape = [&out](unsigned char u) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", u);
    out += hex;
  };
  for (std::size_t i = 0; i < text.size();) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u < 0x80) {
      if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7F)
        escape(u);
      else
        out += text[i];
      ++i;
      continue;
    }
    const std::size_t n = utf8_length(text, i);
    // Bytes that are not UTF-8, and the C1 controls (U+0080..U+009F), which a terminal obeys.
    if (n == 0 || (u == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0)) {
      escape(u);
      ++i;
      continue;
    }
    out.append(text, i, n);
    i += n;
  }
  return out;
}

}  // namespace kibitz
