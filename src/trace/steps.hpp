// How a trace holds the steps of search! (000_...). A trace of format 1, another engine's and a
// --verbose-trace recording hold every step as its own event (explicit). A format-2 trace of
// the alpha-beta family is lean: it holds, per node, only what cannot be derived (a `node`
// event: move index, label, position, and the evaluation or the successor count), plus the
// records a replay cannot know (table probes and stores, a budget's unfinished leaves,
// iterations). The window of each node, child_return, best_set, alpha_set, cutoff, leave and
// PVS's probe and re-search records follow from the rule, the criterion and the returns, and
// the reader derives them once (trace/derive.hpp). An explicit trace with a rule is checked
// against the same derivation.
#pragma once

#include <cstdint>
#include <string>

#include "core/criterion.hpp"

namespace kibitz::trace {

class Meta;

// The search whose rules derive the steps.
enum class StepRule : std::uint8_t {
  none = 0,              // not derived: every step is in the trace (and is not checked)
  minimax = 1,           // no window, no cutoff (minimax.hpp)
  alphabeta = 2,         // search! fail-soft (alphabeta.hpp)
  alphabeta_bounds = 3,  // search! returning bounds (alphabeta_bounds.hpp)
  pvs = 4,               // principal variation search (pvs.hpp)
};
constexpr int k_step_rule_count = 5;

struct Steps {
  StepRule rule = StepRule::none;
  Criterion criterion = Criterion::gt;
  bool lean = false;  // the derivable steps are left out (only with a rule)
  // An engine recorder's file: child_return, best_set and alpha_set are left out (with or
  // without a rule; never lean), and the reader derives them (derive_returns.hpp).
  bool returns_derived = false;

  bool operator==(const Steps& o) const {
    return rule == o.rule && criterion == o.criterion && lean == o.lean &&
           returns_derived == o.returns_derived;
  }
};

const char* step_rule_name(StepRule r);  // "none", "minimax", "alphabeta", ...: the algo names
bool parse_step_rule(const std::string& name, StepRule& out);
// The steps of a format-1 trace, which has no such header: the rule its facts name ("algo"
// minimax, alphabeta, alphabeta-bounds or pvs; none otherwise) and its criterion; explicit.
Steps steps_from_meta(const Meta& meta);

}  // namespace kibitz::trace
