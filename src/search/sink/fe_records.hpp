// Forward estimation's record (search/forward_estimation.hpp): one test of a successor, in the
// report's terms. Values are from MAX's point of view (the side to move at the search root).
// A MIN root (its parent is MAX) is pruned when c + u'*d <= alpha, a MAX root when
// c + l'*d >= beta (< and > with the criterion >). estimate is the side of
// [c + l'*d, c + u'*d] tested; window is alpha or beta. Encoded as an fe_test event and two
// payloads (trace/event.hpp).
#pragma once

#include "core/score.hpp"

namespace kibitz {

struct FeTestRecord {
  int move_index = 0;  // the successor's index in the game's generation order
  bool pruned = false;
  bool max_root = false;  // the successor is a MAX node: the test is estimate >= beta
  bool strict = false;    // criterion >: the test is < alpha or > beta
  Score c = 0, l = 0, u = 0, estimate = 0, window = 0;
  int d = 0;  // the depth of the subtree below the successor
};

}  // namespace kibitz
