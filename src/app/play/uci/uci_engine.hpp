// A registered algorithm that plays (session/play.hpp) as a UCI chess engine: its options as
// UCI options, Hash as its table's size, moves chosen by the algorithm's own `choose` under the
// budget a "go" gives. Every algorithm the registry says plays is an engine, with no code here.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "games/chess/chess_game.hpp"
#include "session/play.hpp"

namespace kibitz::uci {

// What one "go" asks of the engine beyond the clock (which the session enforces).
struct Limits {
  int depth = 0;           // 0: the engine's default, unless nodes or seconds limit it
  long long nodes = 0;     // 0: none
  double seconds = 0;      // the time for this move (0: none); the session's clock stops it
  bool unlimited = false;  // go infinite / ponder: deepen until stopped
  const std::atomic<bool>* stop = nullptr;  // set by "stop", "quit" or the clock: end now
  std::vector<chess::Move> searchmoves;     // empty: all
  // Record the search as it is played (Budget::record; nullptr: not recorded), with these facts.
  const RecordOptions* record = nullptr;
  std::vector<std::pair<std::string, std::string>> record_facts;
  // Told when the root starts on a move (UCI, 1 for the first searched): "info currmove".
  std::function<void(const std::string& uci, int number)> on_currmove;
};

// A finished depth with its line in UCI notation.
struct Report {
  DepthReport depth;
  std::vector<std::string> pv;
};

struct Choice {
  chess::Move move;  // the null move when the game is over
  Report last;       // the deepest finished depth (depth 0: none finished)
};

class Engine {
 public:
  // Throws InputError for an algorithm that does not play.
  explicit Engine(const std::string& algo);
  const char* name() const;
  // The "option name ..." lines: Hash, then the algorithm's own options.
  std::vector<std::string> option_lines() const;
  // `name` in lower case. Throws InputError for a bad value; false for an unknown option.
  bool set_option(const std::string& name, const std::string& value);
  // A new game: the table emptied, made now (off the clock).
  void new_game() {
    m_player.new_game();
    m_player.ready();
  }

  // The player's search as a spec (what a recording of a move searches again).
  const SearchSpec& spec() const { return m_player.spec().search; }
  // Chooses a move in `game` (its root prepared as a GUI expects: a claimable draw is searched
  // on), whose position text as the GUI sent it is `position_text`.
  Choice choose(const ChessGame& game, const std::string& position_text, const Limits& limits,
                const std::function<void(const Report&)>& on_depth);
  // The one-ply choice (quick_choice) in `game`: what a search that failed plays.
  Choice quick(const ChessGame& game) const;

 private:
  Player m_player;
  long long m_hash_mb;
};

// The algorithms that are UCI engines, "greenblatt|alphabeta|...": the usage text's.
std::string engine_names(const char* separator);

}  // namespace kibitz::uci
