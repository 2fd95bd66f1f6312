#include "app/interest_spec.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

namespace {

std::string encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == ',' || c == '=') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

Tallies parse_tallies(const std::string& text) {
  if (text == "split") return Tallies::split;
  if (text == "joint") return Tallies::joint;
  throw InputError("tallies must be split or joint, not '" + text + "'");
}

bool parse_on_off(const std::string& what, const std::string& text) {
  if (text == "on" || text == "true" || text == "1") return true;
  if (text == "off" || text == "false" || text == "0") return false;
  throw InputError(what + " must be on or off, not '" + text + "'");
}

void InterestSpec::validate() const {
  if (!limits.empty()) parse_limit(limits);
  if (extension < 0 || extension > k_max_extension) {
    throw InputError("the extension must be between 0 and " + std::to_string(k_max_extension) +
                     " plies");
  }
}

std::vector<std::int64_t> InterestSpec::schedule(std::int64_t unit) const {
  if (!limits.empty()) return parse_limit(limits);
  const std::int64_t c = std::max<std::int64_t>(unit, 1);
  return {2 * c, 4 * c, 8 * c, 16 * c};
}

bool InterestSpec::set(const std::string& key, const std::string& value) {
  if (key == "limits" || key == "limit" || key == "limit_growth") {
    if (key == "limit" && value.find_first_of(",=") != std::string::npos) {
      throw InputError("limit is one number or inf (use limits for a list)");
    }
    if (key == "limit_growth" && value.find('=') == std::string::npos) {
      throw InputError("limit growth is start=S,factor=F,iterations=N, not '" + value + "'");
    }
    parse_limit(value);  // throws naming the fault
    limits = value;
    return true;
  }
  if (key == "tallies") {
    tallies = parse_tallies(value);
    return true;
  }
  if (key == "similarity") {
    similarity = parse_on_off("similarity", value);
    return true;
  }
  if (key == "interest_costs") {
    if (value != "rank" && value != "value")
      throw InputError("interest costs must be rank or value, not '" + value + "'");
    value_costs = value == "value";
    return true;
  }
  if (key == "extension") {
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end || errno == ERANGE || v < 0 || v > k_max_extension) {
      throw InputError("the extension must be an integer from 0 to " +
                       std::to_string(k_max_extension) + ", not '" + value + "'");
    }
    extension = static_cast<int>(v);
    return true;
  }
  return false;
}

void InterestSpec::write_meta(trace::Meta& meta) const {
  if (!limits.empty()) meta.set("limits", limits);
  meta.set("tallies", tallies_name(tallies));
  meta.set("similarity", similarity ? "on" : "off");
  if (value_costs) meta.set("interest_costs", "value");
  if (extension > 0) meta.set("extension", std::to_string(extension));
}

void InterestSpec::read_meta(const trace::Meta& meta) {
  for (const char* key : {"limits", "tallies", "similarity", "interest_costs", "extension"}) {
    if (const std::string* v = meta.find(key)) set(key, *v);
  }
}

std::string InterestSpec::url_params() const {
  std::string h;
  if (!limits.empty()) h += "&limits=" + encode(limits);
  if (tallies != Tallies::split) h += "&tallies=joint";
  if (similarity) h += "&similarity=on";
  if (value_costs) h += "&interest_costs=value";
  if (extension > 0) h += "&extension=" + std::to_string(extension);
  return h;
}

}  // namespace kibitz
