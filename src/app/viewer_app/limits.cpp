#include "app/viewer_app/limits.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/estimate.hpp"

namespace kibitz {

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
    if (game_max_plies(spec.game) >= 0) depth = std::min(depth, game_max_plies(spec.game));
    what = std::string(whole ? "the whole tree" : "alpha-beta's fewest") + " of " + spec.game +
           " to depth " + std::to_string(depth);
    lower = "lower the depth, or set a node budget (the set-up form's, nodes=N in a link)";
  }
  throw InputError("this search would visit about " + approximate(nodes) + " nodes or more (" +
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
