// The searches the UCI engine can play with: the Greenblatt search, plain alpha-beta and
// principal variation search (iterative deepening with the transposition table), interest
// search. Each chooses a move in a chess position
// under a budget, reporting after every finished depth.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "games/chess/chess_game.hpp"
#include "search/greenblatt/greenblatt_options.hpp"

namespace kibitz::uci {

struct Limits {
  int depth = 0;           // 0: the searcher's default, unless nodes or seconds limit it
  long long nodes = 0;     // 0: none
  double seconds = 0;      // 0: none (the session's clock stops the search through `stop`)
  bool unlimited = false;  // go infinite / ponder: deepen until stopped
  const std::atomic<bool>* stop = nullptr;  // set by "stop", "quit" or the clock: end now
  // Told when the root starts on a move (UCI, 1 for the first searched): "info currmove".
  std::function<void(const std::string& uci, int number)> on_currmove;
};

struct DepthReport {
  int depth = 0;
  int seldepth = 0;     // the longest line searched (the principal variation's length when
                        // the searcher does not know more)
  int hashfull = -1;    // table slots in use per thousand (-1: no table)
  Score value = 0;      // from the side to move, evaluation units (a pawn is 128)
  long long nodes = 0;  // over all depths so far
  double seconds = 0;
  std::vector<std::string> pv;  // UCI moves
};

struct Choice {
  chess::Move move;  // the null move when the game is over
  DepthReport last;  // the deepest finished depth (depth 0: none finished)
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  virtual const char* name() const = 0;
  virtual Choice choose(const ChessGame& game, const Limits& limits,
                        const std::function<void(const DepthReport&)>& on_depth) = 0;
  // Options: Hash (entries of the table), and the Greenblatt search's widths, feedover and
  // secondary search. Throws InputError for a bad value; false when the searcher has no such
  // option.
  virtual bool set_option(const std::string& name, const std::string& value) = 0;
  // The "option name ..." lines this searcher offers.
  virtual std::vector<std::string> option_lines() const = 0;
  // The position as the GUI sent it ("startpos moves e2e4 ..."), for searchers that take
  // positions as text with their history.
  void set_position_text(std::string text) { m_position_text = std::move(text); }

 protected:
  std::string m_position_text;
};

// "greenblatt", "alphabeta", "pvs" or "interest"; throws InputError for any other name.
std::unique_ptr<Searcher> make_searcher(const std::string& algo);

}  // namespace kibitz::uci
