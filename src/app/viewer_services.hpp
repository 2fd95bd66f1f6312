// The viewer's game services (viewer/game_services.hpp), answered with the games' code.
#pragma once

#include "viewer/game_services.hpp"

namespace kibitz {

viewer::GameServices viewer_game_services();
// The leaves a search of a bracket tree never evaluated, by the node they were pruned at
// (pruned_leaves.cpp).
std::map<std::uint32_t, std::vector<viewer::PrunedLeaf>> bracket_pruned_leaves(
    const trace::Model& m);

}  // namespace kibitz
