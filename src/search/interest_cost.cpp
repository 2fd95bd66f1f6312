#include "search/interest_cost.hpp"

#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

namespace {

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  const std::size_t b = s.find_last_not_of(" \t");
  return s.substr(a, b - a + 1);
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t at = text.find(sep, pos);
    out.push_back(trim(text.substr(pos, at == std::string::npos ? std::string::npos : at - pos)));
    if (at == std::string::npos) break;
    pos = at + 1;
  }
  return out;
}

// A limit: a non-negative integer below the infinite limit, or "inf".
std::int64_t parse_one(const std::string& word) {
  if (word == "inf" || word == "+inf") return k_limit_inf;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(word.c_str(), &end, 10);
  if (word.empty() || *end != '\0' || errno == ERANGE) {
    throw InputError("interest limit '" + word + "' is not an integer or inf");
  }
  if (v < 0) throw InputError("interest limit " + word + " is negative");
  if (v >= k_limit_inf)
    throw InputError("interest limit " + word + " is too large (write inf for no limit)");
  return v;
}

void check_growing(const std::vector<std::int64_t>& limits) {
  for (std::size_t i = 1; i < limits.size(); ++i) {
    if (limits[i - 1] == k_limit_inf)
      throw InputError("interest limits: inf can only be the last limit");
    if (limits[i] <= limits[i - 1]) {
      throw InputError("interest limits must grow: " + limit_text(limits[i]) + " after " +
                       limit_text(limits[i - 1]));
    }
  }
}

}  // namespace

std::string limit_text(std::int64_t limit) {
  return limit >= k_limit_inf ? "inf" : std::to_string(limit);
}

std::string limits_to_text(const std::vector<std::int64_t>& limits) {
  std::string s;
  for (std::int64_t l : limits) s += (s.empty() ? "" : ",") + limit_text(l);
  return s;
}

std::vector<std::int64_t> parse_limit_list(const std::string& text) {
  if (trim(text).empty()) throw InputError("interest limits: the list is empty");
  std::vector<std::int64_t> out;
  for (const std::string& w : split(text, ',')) {
    if (w.empty()) throw InputError("interest limits: an empty item in '" + text + "'");
    out.push_back(parse_one(w));
  }
  if (out.size() > 1000) throw InputError("interest limits: more than 1000 iterations");
  check_growing(out);
  return out;
}

std::vector<std::int64_t> parse_limit_growth(const std::string& text) {
  long long start = -1, iterations = -1, factor_milli = -1;
  for (const std::string& item : split(text, ',')) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw InputError("limit growth: '" + item +
                       "' should be name=value (start=, factor=, iterations=)");
    const std::string key = trim(item.substr(0, eq)), value = trim(item.substr(eq + 1));
    if (key == "start") {
      start = parse_one(value);
      if (start >= k_limit_inf) throw InputError("limit growth: start must be a number, not inf");
    } else if (key == "iterations") {
      char* end = nullptr;
      errno = 0;
      iterations = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end || errno == ERANGE || iterations < 1 || iterations > 1000) {
        throw InputError("limit growth: iterations must be an integer from 1 to 1000, not '" +
                         value + "'");
      }
    } else if (key == "factor") {
      factor_milli = parse_factor_milli(value);
    } else {
      throw InputError("limit growth: unknown parameter '" + key + "' (start, factor, iterations)");
    }
  }
  if (start < 0 || iterations < 0 || factor_milli < 0) {
    throw InputError(
        "limit growth needs start=, factor= and iterations= (e.g. "
        "start=1000,factor=2,iterations=4)");
  }
  std::vector<std::int64_t> out = growth_limits(start, factor_milli, static_cast<int>(iterations));
  if (out.back() >= k_limit_inf)
    throw InputError("limit growth: the limits pass 10^9 (fewer iterations or a smaller factor)");
  return out;
}

std::int64_t parse_factor_milli(const std::string& value) {
  // Up to three decimals, read exactly (no floating point: the same limits everywhere).
  const std::size_t dot = value.find('.');
  const std::string whole = value.substr(0, dot),
                    frac = dot == std::string::npos ? "" : value.substr(dot + 1);
  auto digits = [](const std::string& s) {
    return s.find_first_not_of("0123456789") == std::string::npos;
  };
  if (whole.empty() || !digits(whole) || !digits(frac) || frac.size() > 3 || whole.size() > 6) {
    throw InputError(
        "limit growth: factor must be a number like 2 or 1.5 (up to 3 decimals), not '" + value +
        "'");
  }
  std::string f = frac;
  while (f.size() < 3) f += '0';
  const std::int64_t milli = std::stoll(whole) * 1000 + std::stoll(f);
  if (milli <= 1000) throw InputError("limit growth: factor must be above 1, not " + value);
  return milli;
}

std::vector<std::int64_t> growth_limits(std::int64_t start, std::int64_t factor_milli,
                                        int iterations) {
  std::vector<std::int64_t> out{std::min(start, k_limit_inf)};
  for (int i = 1; i < iterations; ++i) {
    const std::int64_t prev = out.back();
    if (prev >= k_limit_inf) {
      out.push_back(k_limit_inf);
      continue;
    }
    const std::int64_t next = std::max((prev * factor_milli + 500) / 1000, prev + 1);
    out.push_back(std::min(next, k_limit_inf));
  }
  return out;
}

std::vector<std::int64_t> parse_limit(const std::string& text) {
  if (text.find('=') != std::string::npos) return parse_limit_growth(text);
  return parse_limit_list(text);
}

DepthCap parse_depth_cap(const std::string& text, const std::string& option) {
  if (text == "auto") return DepthCap::automatic;
  if (text == "depth") return DepthCap::depth;
  if (text == "none") return DepthCap::none;
  throw InputError(option + " must be auto, depth or none, not '" + text + "'");
}

bool resolve_uncapped(DepthCap cap, const std::vector<std::int64_t>& limits, int extension,
                      bool game, const std::string& none) {
  bool finite = true;
  for (std::int64_t l : limits) finite = finite && l < k_limit_inf;
  if (cap == DepthCap::none) {
    if (extension > 0) {
      throw InputError(none +
                       " cannot take an extension (plies beyond the depth): without a depth cap "
                       "the limit alone ends lines");
    }
    if (!finite) {
      throw InputError(none +
                       " needs finite interest limits: an unlimited iteration without a "
                       "depth cap would search every line to the safety horizon");
    }
    return true;
  }
  return cap == DepthCap::automatic && finite && extension == 0 && game;
}

}  // namespace kibitz
