// The interest-search fields of the set-up form (algorithm "interest"); the app turns them
// into a SearchSpec's interest options (app/interest_spec.hpp).
#pragma once

#include <string>

namespace kibitz::viewer {

struct InterestForm {
  enum class Limits { automatic = 0, list = 1, growth = 2 };  // the radio order in the panel
  Limits limits = Limits::automatic;  // automatic: 2c, 4c, 8c, 16c (c: the root's cheapest move)
  std::string list = "2000,4000,8000";
  int start = 1000;
  float factor = 2.0f;
  int iterations = 4;
  bool split_tallies = true;
  bool similarity = false;
  bool value_costs = false;  // random trees
  int extension = 0;

  // The schedule as the spec's text ("" for automatic).
  std::string limits_text() const;
};

}  // namespace kibitz::viewer
