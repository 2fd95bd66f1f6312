#include "trace/steps.hpp"

#include "trace/trace.hpp"

namespace kibitz::trace {

namespace {
const char* const k_names[k_step_rule_count] = {"none", "minimax", "alphabeta", "alphabeta-bounds",
                                                "pvs"};
}  // namespace

const char* step_rule_name(StepRule r) {
  const auto i = static_cast<std::size_t>(r);
  return i < k_step_rule_count ? k_names[i] : "none";
}

bool parse_step_rule(const std::string& name, StepRule& out) {
  for (int i = 0; i < k_step_rule_count; ++i) {
    if (name == k_names[i]) {
      out = static_cast<StepRule>(i);
      return true;
    }
  }
  return false;
}

Steps steps_from_meta(const Meta& meta) {
  Steps s;
  if (!parse_step_rule(meta.get("algo"), s.rule)) s.rule = StepRule::none;
  if (!parse_criterion(meta.get("criterion", "gt").c_str(), s.criterion)) s.rule = StepRule::none;
  return s;
}

}  // namespace kibitz::trace
