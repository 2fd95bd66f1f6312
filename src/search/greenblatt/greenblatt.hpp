// The Greenblatt program as a player: choose a move in a chess position under a budget. This
// is the entry point the UCI engine uses, and the one a match player wraps:
//
//   greenblatt::GreenblattBudget budget;
//   budget.nodes = 20000;                      // and/or .depth, .seconds
//   const auto choice = greenblatt::choose_move(game, greenblatt::GreenblattOptions{}, budget);
//   game.make(choice.move);                    // choice.value, .nodes, .pv_uci, .depth ...
//
// The search deepens one ply at a time (1, 2, ... up to budget.depth, or until the node or
// time budget runs out, or a forced mate is found), keeping the hash table between depths; the
// move of the deepest finished depth is played. A node budget makes the choice deterministic.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "games/chess/chess_game.hpp"
#include "search/greenblatt/greenblatt_options.hpp"

namespace kibitz::greenblatt {

struct GreenblattBudget {
  int depth = 0;        // the deepest basic depth (0: 3 when nothing else limits, else 64)
  long long nodes = 0;  // nodes over all depths (0: no limit)
  double seconds = 0;   // wall-clock time (0: no limit); depths that cannot finish are cut
  const std::atomic<bool>* stop = nullptr;  // once set (a GUI's "stop"), the search ends
  // Told when the top level starts on a move (1 for the first): UCI's currmove.
  std::function<void(chess::Move move, int number)> on_root_move;
};

struct GreenblattChoice {
  chess::Move move;  // the null move only when the game is over
  std::string uci, san;
  Score value = 0;      // from the side to move's point of view, evaluation units (pawn 128)
  int depth = 0;        // the deepest depth finished (0: none; the move is the best found so far)
  long long nodes = 0;  // nodes over all depths
  double seconds = 0;
  std::vector<chess::Move> pv;
  std::vector<std::string> pv_uci;
  GreenblattStats stats;  // over all depths
};

// `game` is not changed (a copy is searched, rooted at its current position). on_depth is
// called after each finished depth (UCI prints an info line there).
GreenblattChoice choose_move(const ChessGame& game, const GreenblattOptions& options,
                             const GreenblattBudget& budget,
                             int hash_entries = GreenblattOptions::k_default_hash,
                             const std::function<void(const GreenblattChoice&)>& on_depth = {});

}  // namespace kibitz::greenblatt
