// Estimates of a search's size from its source alone (estimate.hpp).
#include "session/estimate.hpp"

#include <algorithm>
#include <cmath>

#include "games/explicit_tree.hpp"
#include "games/othello/othello.hpp"
#include "session/algorithms/algorithm.hpp"

namespace kibitz {

namespace {

// b^e without overflow (capped at 1e300).
double power(double b, double e) {
  const double v = std::pow(b, e);
  return std::isfinite(v) ? std::min(v, 1e300) : 1e300;
}

// Nodes of a uniform tree of branching b, depth d: the whole tree, or alpha-beta's fewest
// (the minimal tree's leaves and the nodes above them, about as many again over b - 1).
double tree_nodes(double b, int d, bool whole) {
  if (d <= 0) return 1;
  if (b <= 1) return d + 1.0;
  if (whole) return std::min(1e300, (power(b, d + 1.0) - 1) / (b - 1));
  const double leaves = power(b, std::ceil(d / 2.0)) + power(b, std::floor(d / 2.0)) - 1;
  return std::min(1e300, leaves * b / (b - 1));
}

// A typical branching factor and the longest game, per game.
struct GameShape {
  const char* name;
  double branching;
  int max_plies;
};
constexpr GameShape k_games[] = {
    {"tictactoe", 5.0, 9}, {"connect4", 7.0, 42}, {"othello", 10.0, 60}, {"chess", 35.0, 5949}};

}  // namespace

int game_max_plies(const std::string& game) {
  for (const GameShape& g : k_games) {
    if (game == g.name) return g.max_plies;
  }
  return -1;
}

double estimated_nodes(const SearchSpec& spec) {
  const bool whole = !spec.algorithm().prunes, whole_tree = whole;
  if (spec.random) {
    const RandomTreeParams& r = *spec.random;
    const double b = r.b > 0 ? r.b : (r.B + 1) / 2.0;
    const int d = std::min(r.d, spec.search_depth());
    const double below = tree_nodes(b, d - 1, whole);
    return r.root > 0 && d > 0 ? 1 + r.root * below : tree_nodes(b, d, whole);
  }
  if (!spec.tree.empty()) return static_cast<double>(ExplicitTree::parse(spec.tree).size());
  if (spec.game == "othello") {
    // An endgame's branching falls as the board fills: about half the empties at each ply.
    const OthelloGame g = OthelloGame::from_text(spec.position);
    const int empties = 64 - oth::popcount(g.black() | g.white());
    const int plies = std::min(spec.search_depth(), empties);
    double whole = 1, level = 1;
    for (int k = 0; k < plies; ++k) {
      level = std::min(1e300, level * std::max(1.0, (empties - k) / 2.0));
      whole = std::min(1e300, whole + level);
    }
    return whole_tree ? whole : std::min(whole, 2 * std::sqrt(whole) * plies + 1);
  }
  for (const GameShape& g : k_games) {
    if (spec.game == g.name)
      return tree_nodes(g.branching, std::min(spec.search_depth(), g.max_plies), whole);
  }
  return -1;
}

}  // namespace kibitz
