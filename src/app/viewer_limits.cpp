#include "app/viewer_limits.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/algorithms/algorithm.hpp"
#include "core/error.hpp"
#include "games/explicit_tree.hpp"
#include "games/othello/othello.hpp"

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

std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 1e6 ? "%.0f" : "%.2g", v);
  return buf;
}

}  // namespace

std::string thousands(unsigned long long n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<std::size_t>(i), ",");
  return s;
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

void check_viewer_size(const SearchSpec& spec) {
  double nodes = estimated_nodes(spec);
  if (spec.node_budget > 0) nodes = std::min(nodes, static_cast<double>(spec.node_budget));
  // A random tree's estimate is close; a game's branching only typical: refuse only what is
  // surely too big, and let the limits stop the rest as it runs.
  const double slack = spec.random ? 4.0 : 100.0;
  if (nodes < 0 || nodes <= slack * static_cast<double>(k_viewer_limits.max_nodes)) return;
  const bool whole = !spec.algorithm().prunes;
  std::string what, lower;
  if (spec.random) {
    what = std::string(whole ? "the whole tree" : "alpha-beta's fewest") + " for " +
           (spec.random->b > 0 ? "b=" + std::to_string(spec.random->b)
                               : "B=" + std::to_string(spec.random->B)) +
           ", d=" + std::to_string(std::min(spec.random->d, spec.search_depth()));
    lower = "lower b or d, or set a node budget (the set-up form's, nodes=N in a link)";
  } else {
    int depth = spec.search_depth();
    for (const GameShape& g : k_games) {
      if (spec.game == g.name) depth = std::min(depth, g.max_plies);
    }
    what = std::string(whole ? "the whole tree" : "alpha-beta's fewest") + " of " + spec.game +
           " to depth " + std::to_string(depth);
    lower = "lower the depth, or set a node budget (the set-up form's, nodes=N in a link)";
  }
  throw InputError("this search would visit about " + short_number(nodes) + " nodes or more (" +
                   what + "); the viewer holds " + thousands(k_viewer_limits.max_nodes) +
                   " nodes: " + lower + (whole ? " or use alpha-beta" : "") +
                   " (kibitz search reports a search of any size)");
}

RecordOptions viewer_recording(std::atomic<bool>* stop,
                               std::function<void(std::size_t, std::size_t)> progress) {
  RecordOptions r;
  r.mode = Recording::on;
  r.stop = stop;
  r.max_nodes = k_viewer_limits.max_nodes;
  r.max_events = k_viewer_limits.max_events;
  r.progress = std::move(progress);
  return r;
}

std::string note_stopped(SearchResult& r) {
  if (!r.stopped) return r.trace.meta.get("stopped");  // a worker's result says so itself
  const std::string note =
      "stopped at " + thousands(static_cast<unsigned long long>(r.stats.nodes)) + " nodes and " +
      thousands(r.trace.events.size()) + " events, the viewer's limit (" +
      thousands(k_viewer_limits.max_nodes) + " nodes, " + thousands(k_viewer_limits.max_events) +
      " events): what was searched is shown, its open nodes unfinished";
  r.trace.meta.set("stopped", note);
  return note;
}

}  // namespace kibitz
