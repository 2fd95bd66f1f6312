// Narration of the interest-search events: what narrate() says at an interest_terms or
// interest_move event ("" for other events).
#pragma once

#include <cstddef>
#include <string>

#include "trace/model.hpp"

namespace kibitz {

std::string narrate_interest(const trace::Model& model, std::size_t t);
// "2000 (path) + 3000 (this ply) + 1500 = 6500": the net-cost sum of one move.
std::string interest_net_sum(const trace::InterestMoveInfo& move);

}  // namespace kibitz
