// The viewer's game services (viewer/game_services.hpp), answered with the games' code.
#pragma once

#include "viewer/game_services.hpp"

namespace kibitz {

viewer::GameServices viewer_game_services();
// The branches a search of a bracket or random tree (with `games`, of a game too) never
// entered, by the node they were pruned at (pruned_branches.cpp).
using PrunedBranches = std::map<std::uint32_t, std::vector<viewer::PrunedNode>>;
PrunedBranches pruned_branches(const trace::Model& m, bool games = false);

}  // namespace kibitz
