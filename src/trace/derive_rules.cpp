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
  switch (rule) {
    case StepRule::minimax:
      return k_minimax;
    case StepRule::alphabeta:
      return k_alphabeta;
    case StepRule::alphabeta_bounds:
      return k_alphabeta_bounds;
    case StepRule::pvs:
      return k_pvs_rule;
    default:
      return k_none;
  }
}

}  // namespace kibitz::trace
