// How big a search will be, from its source alone: what the viewer's size check and the
// unpruned scores' budget refuse before searching.
#pragma once

#include <string>

#include "session/search_spec.hpp"

namespace kibitz {

// An estimate of the nodes a search visits, from its source alone (no overflow: a double, and
// "inf" past 1e300): the whole tree for an algorithm that searches every node, the minimal
// alpha-beta tree (Knuth and Moore: b^ceil(d/2) + b^floor(d/2) - 1 leaves) otherwise. Games
// use a typical branching factor; an explicit tree is counted. Negative when unknown.
double estimated_nodes(const SearchSpec& spec);

// The longest game of a game, in plies (-1 for a name that is not a game).
int game_max_plies(const std::string& game);

}  // namespace kibitz
