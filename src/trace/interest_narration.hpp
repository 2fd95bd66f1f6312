// Interest search in words (narrators.hpp has its narrator).
#pragma once

#include <string>

#include "trace/interest_index.hpp"

namespace kibitz {

// "120 (path) + 0 (this ply) + 580 = 700": the net-cost sum of a move.
std::string interest_net_sum(const trace::InterestMoveInfo& move);

}  // namespace kibitz
