// Every rule that derives search!'s steps (derive_rule.hpp), one line each: search!'s own
// variants here, an extension's in its file.
#include "trace/derive_rule.hpp"

namespace kibitz::trace {

extern const StepRuleDef k_pvs_rule;  // pvs_extension.cpp

namespace {

const StepRuleDef k_none{StepRule::none};
const StepRuleDef k_minimax{StepRule::minimax, false};
const StepRuleDef k_alphabeta{StepRule::alphabeta};
const StepRuleDef k_alphabeta_bounds{StepRule::alphabeta_bounds, true, true};

}  // namespace

const StepRuleDef& step_rule_def(StepRule rule) {
  // In StepRule's order (steps.hpp), one line each.
  static const StepRuleDef* const rules[k_step_rule_count] = {
      &k_none, &k_minimax, &k_alphabeta, &k_alphabeta_bounds, &k_pvs_rule};
  const auto i = static_cast<std::size_t>(rule);
  return i < k_step_rule_count ? *rules[i] : k_none;
}

}  // namespace kibitz::trace
