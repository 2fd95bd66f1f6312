// Principal variation search's records (search/pvs.hpp): a successor searched with a zero
// window to test whether it beats alpha, and a successor searched again with the full window
// because that test came out inside the window. Encoded as pvs events (trace/event.hpp).
#pragma once

#include "core/score.hpp"

namespace kibitz {

// Successor k is about to be entered with a zero window: from the parent's point of view it
// only tests whether the successor's value rises above alpha = alpha[k]. (alpha, beta) is that
// window as the parent sees it: beta = alpha + 1 with the criterion >=, beta = alpha with >.
struct PvsProbeRecord {
  int k = 0;
  Score alpha = 0, beta = 0;
};

// The zero-window probe of successor k returned `value` (to the parent: -ret), above alpha[k]
// and without a cutoff: successor k is entered again with the full window (alpha[k], beta).
struct PvsResearchRecord {
  int k = 0;
  Score value = 0;
};

}  // namespace kibitz
