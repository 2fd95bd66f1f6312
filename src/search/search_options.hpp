// What a search may use beyond its game and sink: a transposition table (alpha-beta only, for
// games with a key()) and a node budget. Both default to off, which is the seed's search!.
#pragma once

#include <atomic>
#include <functional>
#include <type_traits>
#include <utility>

#include "core/score.hpp"
#include "search/transposition_table.hpp"

namespace kibitz {

struct SearchOptions {
  TranspositionTable* tt = nullptr;
  long long node_budget = 0;  // stop once this many nodes were entered (0: no limit)
  // Once set (by another thread: Cancel; by a recorder's limit), the search stops as when its
  // node budget is spent: the open nodes leave unfinished.
  const std::atomic<bool>* stop = nullptr;
  // Told when the root starts on a move (its generation index, and 1 for the first searched):
  // UCI's currmove. Empty: nothing to tell.
  std::function<void(int index, int number)> on_root_move;
  // Whether the table may settle the root itself (a player wants a move, which a stored result
  // for the whole position does not give; the table then only orders the root's moves).
  bool settle_root = true;
  // The root's window (an aspiration attempt, driver.hpp); the full window by default.
  Score root_alpha = -k_score_inf, root_beta = k_score_inf;
};

inline bool stop_requested(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

template <class G, class = void>
struct has_key : std::false_type {};
template <class G>
struct has_key<G, std::void_t<decltype(std::declval<const G&>().key())>> : std::true_type {};

}  // namespace kibitz
