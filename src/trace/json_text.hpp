// Small JSON helpers shared by the trace formats, the CLI and the web API: a streaming
// writer (no DOM, so big tables print without building a tree) and the Meta conversions.
#pragma once

#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "core/score.hpp"
#include "trace/trace.hpp"

namespace kibitz {

std::string json_quote(std::string_view s);

// Throws InputError ("<what>: arrays and objects nested deeper than <max_depth> levels (at
// byte N)") before a JSON text is parsed: the parser and what reads the document recurse once a
// level, so a text of 100,000 '[' would overflow the stack. Strings are skipped.
void check_json_depth(std::string_view text, int max_depth, const char* what);
constexpr int k_json_max_depth = 64;

// A JSON library error as a reader would say it: without the library's "[json.exception...]"
// tag, and a number too large for a double named as such ("the number 1e400 is too large").
std::string json_error_text(const std::exception& e);

// Writes compact JSON; keeps track of commas. Usage:
//   JsonWriter j; j.begin_object(); j.key("value"); j.number(3); j.end_object();
class JsonWriter {
 public:
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view k) {
    comma();
    m_out += json_quote(k);
    m_out += ':';
    m_after_key = true;
  }
  void string(std::string_view s) { value(json_quote(s)); }
  void number(long long v) { value(std::to_string(v)); }
  void number(double v);  // null when v is not finite
  void boolean(bool b) { value(b ? "true" : "false"); }
  void null() { value("null"); }
  // A score: a number, or the strings "-inf" / "+inf" for the unbounded window.
  void score(Score s) {
    if (is_infinite(s))
      string(s > 0 ? "+inf" : "-inf");
    else
      number(static_cast<long long>(s));
  }
  void raw(std::string_view json) { value(std::string(json)); }

  const std::string& str() const { return m_out; }
  std::string take() { return std::move(m_out); }
  // Writes what is written so far to `f` and goes on from there (a big document streamed out
  // in pieces instead of held whole) when more than `above` bytes are waiting.
  void flush_to(std::FILE* f, std::size_t above = 0) {
    if (m_out.size() <= above) return;
    std::fwrite(m_out.data(), 1, m_out.size(), f);
    m_out.clear();
  }

 private:
  void comma() {
    if (m_after_key) return;
    if (!m_first.empty() && !m_first.back()) m_out += ',';
    if (!m_first.empty()) m_first.back() = false;
  }
  void value(const std::string& v) {
    comma();
    m_after_key = false;
    m_out += v;
  }
  void open(char c) {
    comma();
    m_after_key = false;
    m_out += c;
    m_first.push_back(true);
  }
  void close(char c) {
    m_out += c;
    m_first.pop_back();
  }

  std::string m_out;
  std::vector<bool> m_first;
  bool m_after_key = false;
};

namespace trace {
std::string meta_to_json(const Meta& meta);
// Throws InputError when the text is not a JSON object of strings (numbers and booleans are
// accepted and kept as their JSON text).
Meta meta_from_json(const std::string& json);
}  // namespace trace

}  // namespace kibitz
