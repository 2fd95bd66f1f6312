// A rule that derives search!'s steps (steps.hpp, derive.cpp): what one variant of search! does
// differently from the others, as data and two hooks, so that derive.cpp holds the steps every
// variant shares and no variant's own. A rule of an extension (principal variation search's
// probes and re-searches) is defined in the extension's file and listed in derive_rules.cpp.
#pragma once

#include <cstdint>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/score.hpp"
#include "trace/event.hpp"
#include "trace/steps.hpp"

namespace kibitz::trace {

// An open node as a rule sees it.
struct DeriveNode {
  std::uint32_t id = 0;
  Score alpha0 = 0, beta = 0;
  Score alpha = 0;  // alpha[k]
  Score best = 0;   // best[k] (retval with bounds)
  Bound bound = Bound::exact;
  int k = 0;                    // successors returned: the next one's index
  std::uint8_t rule_state = 0;  // the rule's own (PVS: probing, a re-search next)
};

// What a rule's hooks may do: put a derived step, read the criterion.
class DeriveSteps {
 public:
  virtual ~DeriveSteps() = default;
  virtual void put(const Event& e) = 0;
  virtual Criterion criterion() const = 0;
};

struct StepRuleDef {
  StepRule rule = StepRule::none;
  bool window = true;   // successors searched in a window, cutoffs (false: minimax)
  bool bounds = false;  // returns carry their bounds (alpha-beta with bounds)
  // An extension's event type whose records the rule derives (PVS's), EventType::none if none.
  EventType derived = EventType::none;
  // The window successor k is searched with, given (-beta, -alpha[k]) in a and b; the rule may
  // narrow it and put its record (PVS: a zero-window probe). nullptr: that window.
  void (*child_window)(DeriveSteps& d, DeriveNode& p, Score& a, Score& b) = nullptr;
  // Successor k returned ret; true when the rule takes it and no step of search! follows yet
  // (PVS: a probe inside the window is searched again). nullptr: never.
  bool (*returned)(DeriveSteps& d, DeriveNode& p, Score ret) = nullptr;
};

// The rule's definition (derive_rules.cpp: one line per rule).
const StepRuleDef& step_rule_def(StepRule rule);

}  // namespace kibitz::trace
