// The interest-search part of a SearchSpec (algo "interest"), and how it travels: CLI flags,
// the web API's JSON options, trace metadata and URL links all use the same names:
//   limits          the limit schedule: "1500", "inf", "1000,2000,4000" or
//                   "start=1000,factor=2,iterations=4" (search/interest_cost.hpp); "" = the
//                   default, 2c, 4c, 8c, 16c with c the cost of the cheapest move at the root
//   tallies         "split" (one path tally per side, the default) or "joint"
//   similarity      "on" or "off" (the default): the similar-move penalty
//   interest_costs  random trees: "rank" (the default) or "value"
//   extension       plies beyond the depth that interesting lines may reach (default 0)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/interest.hpp"
#include "trace/trace.hpp"

namespace kibitz {

struct InterestSpec {
  std::string limits;  // as given (validated); "" = the default schedule
  Tallies tallies = Tallies::split;
  bool similarity = false;
  bool value_costs = false;
  int extension = 0;

  static constexpr int k_max_extension = 64;

  // Throws InputError naming the fault.
  void validate() const;
  bool is_default() const {
    return limits.empty() && tallies == Tallies::split && !similarity && !value_costs &&
           extension == 0;
  }
  // The schedule for a root whose cheapest move costs `unit` (used only by the default).
  std::vector<std::int64_t> schedule(std::int64_t unit) const;

  // Reads one option by name ("limits", "limit", "limit_growth", "tallies", "similarity",
  // "interest_costs", "extension") from text; false if the name is not one of them. Throws
  // InputError for a bad value.
  bool set(const std::string& key, const std::string& value);
  static bool is_key(const std::string& key) {
    return key == "limits" || key == "limit" || key == "limit_growth" || key == "tallies" ||
           key == "similarity" || key == "interest_costs" || key == "extension";
  }
  void write_meta(trace::Meta& meta) const;
  void read_meta(const trace::Meta& meta);
  // "&limits=...&tallies=joint..." for the options that differ from the defaults.
  std::string url_params() const;
};

Tallies parse_tallies(const std::string& text);
bool parse_on_off(const std::string& what, const std::string& text);

}  // namespace kibitz
