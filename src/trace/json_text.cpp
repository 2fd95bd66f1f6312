#include "trace/json_text.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace kibitz {

std::string json_quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

void JsonWriter::number(double v) {
  if (!std::isfinite(v)) return null();  // JSON has no infinity or NaN
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  value(buf);
}

void check_json_depth(std::string_view text, int max_depth, const char* what) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // the escaped character
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) {
        throw InputError(std::string(what) + ": arrays and objects nested deeper than " +
                         std::to_string(max_depth) + " levels (at byte " + std::to_string(i) + ")");
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

std::string json_error_text(const std::exception& e) {
  std::string text = e.what();
  if (text.rfind("[json.exception.", 0) == 0) {
    const std::size_t end = text.find("] ");
    if (end != std::string::npos) text = text.substr(end + 2);
  }
  const std::string overflow = "number overflow parsing '";
  if (text.rfind(overflow, 0) == 0) {
    std::string number = text.substr(overflow.size());
    if (!number.empty() && number.back() == '\'') number.pop_back();
    text = "the number " + number + " is too large (beyond a double, about 1.8e308)";
  }
  return text;
}

namespace trace {

std::string meta_to_json(const Meta& meta) {
  JsonWriter j;
  j.begin_object();
  for (const auto& kv : meta.items()) {
    j.key(kv.first);
    j.string(kv.second);
  }
  j.end_object();
  return j.take();
}

Meta meta_from_json(const std::string& json) {
  check_json_depth(json, k_json_max_depth, "trace metadata");
  nlohmann::ordered_json doc;
  try {
    doc = nlohmann::ordered_json::parse(json);
  } catch (const nlohmann::ordered_json::exception& e) {  // syntax, or a number out of range
    throw InputError("trace metadata is not valid JSON: " + json_error_text(e));
  }
  if (!doc.is_object()) throw InputError("trace metadata must be a JSON object");
  Meta meta;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (it.value().is_string())
      meta.set(it.key(), it.value().get<std::string>());
    else if (it.value().is_primitive())
      meta.set(it.key(), it.value().dump());
    else
      throw InputError("trace metadata '" + it.key() + "' must be a string");
  }
  return meta;
}

}  // namespace trace
}  // namespace kibitz
