// Playing a move: one way for every algorithm that plays (its registry entry's `choose`), which
// the UCI engine (app/play/uci) and `kibitz match` (app/play/match) are thin adapters over. A
// player is an algorithm with its options (a SearchSpec without a source); it is asked for a
// move in a game's position under a Budget, which carries everything a clock or a GUI gives.
//
// By default an entry chooses with the one deepening driver (algorithms/driver.hpp: depth 1,
// 2, ... until a budget ends it, the last finished depth's move played); an entry whose search
// does not deepen by depth (interest search iterates by its limit) gives its own `choose`.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "session/record_options.hpp"
#include "session/search_spec.hpp"

namespace kibitz {

class TranspositionTable;

// The deepest a player searches (its depth option, and when only a node, time or stop budget
// ends its deepening).
constexpr int k_max_player_depth = 64;

// One finished depth (or iteration), as a UCI "info" line tells it.
struct DepthReport {
  int depth = 0;
  int seldepth = 0;     // the longest line searched (the principal variation's length when the
                        // search does not know more)
  int hashfull = -1;    // table slots in use per thousand (-1: no table)
  Score value = 0;      // from the side to move
  long long nodes = 0;  // over all depths so far
  double seconds = 0;
  std::vector<int> pv;  // generation indices, from the root
};

// What a move may spend. 0 everywhere: the player's own settings (its spec's depth).
struct Budget {
  int depth = 0;          // the deepest iteration
  long long nodes = 0;    // nodes for this move: deepen (or raise the limit) until spent
  long long limit = 0;    // interest search: iterate while the limit stays at or below it
  double seconds = 0;     // time for this move: deepen until it is spent; no depth starts after
                          // half of it (it would not finish). The caller enforces it through
                          // `stop` (UCI's clock thread, match's CPU-time watchdog)
  bool infinite = false;  // deepen until stopped (UCI's go infinite and ponder)
  // A cap on the move's nodes whatever the budgets above (0: none), so that no setting
  // (alphabeta, depth=64 in chess) runs for ever: a move that reaches it stops and plays its
  // last finished iteration's move (MoveChoice::capped).
  long long max_nodes = 0;
  const std::atomic<bool>* stop = nullptr;  // once set (a GUI's stop, a clock), the search ends
  // The root's moves to search, as generation indices (UCI's searchmoves; empty: all).
  std::vector<int> root_moves;
  // Search on where a draw could be claimed (a GUI claims, not the engine; chess).
  bool play_on_at_claimable_draw = false;
  // Record the move's search as it is played (nullptr: not recorded): a file (its stream) that
  // opens whether the search ends or is stopped (then marked partial), with these facts too
  // (the game and ply) and "played" (the move). An event budget in it stops the search.
  const RecordOptions* record = nullptr;
  std::vector<std::pair<std::string, std::string>> record_facts;
  std::function<void(int index, int number)> on_root_move;  // UCI's currmove (1 first)
  std::function<void(const DepthReport&)> on_depth;         // after each finished depth
};

// The time a move gets from a clock (UCI's go): movetime less a margin, or a share of the time
// left (30 moves when moves_to_go is not said) and half the increment, never more than half the
// time left; at least 10 ms. Milliseconds in, seconds out; 0 when there is no clock.
struct GameClock {
  long long move_time_ms = -1;  // -1: not given
  long long time_ms = -1;       // the side's clock; -1: not given
  long long increment_ms = 0;
  long long moves_to_go = 0;
};
double seconds_for_move(const GameClock& clock);

// The nodes a move may search: the smaller of Budget::nodes and Budget::max_nodes where set
// (0: no limit).
long long move_node_limit(const Budget& b);
// Whether a move that searched `nodes` was stopped by the cap (not by spending its own budget).
bool reached_cap(const Budget& b, long long nodes);

struct MoveChoice {
  int move_index = -1;  // in the game's generation order; -1 only when the game is over
  long long nodes = 0;  // nodes searched for this move
  Score value = 0;      // the search's value, from the side to move
  int depth = 0;        // the depth of the last finished iteration (0: none finished)
  bool capped = false;  // stopped by Budget::max_nodes
  bool quick = false;   // quick_choice's move: the search finished no depth in time
  DepthReport last;     // the last finished depth (depth 0: none)
};

// A one-ply search with the game's static evaluation (each root move made and evaluated; ties
// to the first generated), the same for every algorithm: a player's move when a clock or a stop
// ends its search before the first depth finished (the Greenblatt search's depth 1 in a busy
// middlegame takes ~80 ms), so that no move is played unsearched. Costs one evaluation per
// root move; its report is a finished depth 1.
MoveChoice quick_choice(const SearchSpec& spec, const Budget& budget);

// What a player keeps from one move to the next: its transposition table, made (and emptied)
// off the clock by `ready` (UCI calls it on setoption and ucinewgame), so that a move's search
// never pays for it. A search takes the table with `table_of`, which makes it when `ready` was
// not called, and empties it when a search used it before, so that a move's search never depends
// on the moves before it (a match's moves repeat) -- unless `keep` says the table is kept from
// one move of a game to the next, as a UCI engine's is (emptying a 1 GB table costs ~0.3 s).
struct PlayState {
  PlayState();
  ~PlayState();
  PlayState(PlayState&&) noexcept;
  PlayState& operator=(PlayState&&) noexcept;
  std::unique_ptr<TranspositionTable> table;
  std::size_t table_entries = 0;
  bool table_used = false;  // a search has written to it since it was made or emptied
  bool keep = false;        // kept from move to move (emptied by ready() after new_game())
  // An empty table of `entries` (made, or made again at a new size), or none for 0 entries.
  TranspositionTable* table_of(std::size_t entries);
  // Makes (or empties) the table now, so that the next table_of costs nothing.
  void ready(std::size_t entries);
};

// A player: an algorithm, its search options (`search`: its source is not used) and the options
// only a player takes (the entry's play_options).
struct PlayerSpec {
  SearchSpec search;
  OptionValues play;
  std::string text;  // as given ("interest:depth=4"), for messages
};

// "alphabeta" or "name:key=value,key=value,...": the algorithm, its play defaults, then the
// options given (any search option: depth, tt, criterion, the algorithm's own; its play options
// and their aliases; '/' separates a list's items, "widths=15/15/9"). Throws InputError naming
// the bad part.
// `extra_defaults` ("depth=6,criterion=ge"): more defaults after the entry's (UCI's own).
PlayerSpec parse_player(const std::string& text, const char* extra_defaults = nullptr);
// Sets one of a player's options as a player spec gives it (an alias, a play option, a search
// option; '/' for ','). Throws InputError "player TEXT: ..." for an unknown key or a bad value.
void set_player_option(PlayerSpec& p, const std::string& key, const std::string& value);

// An algorithm that plays, with its options; moves are asked for in a game's position text.
class Player {
 public:
  // Throws InputError for an algorithm that does not play.
  explicit Player(PlayerSpec spec);
  const PlayerSpec& spec() const { return m_spec; }
  PlayerSpec& spec() { return m_spec; }
  // New options, checked as the constructor checks them (throws InputError, the old ones kept);
  // the table stays (ready() makes it again at a new size).
  void set_spec(PlayerSpec spec) { m_spec = Player(std::move(spec)).m_spec; }
  // Chooses a move for the side to move in `position` (docs/games.md) of `game`, which must
  // not be over (unless the budget plays on at a claimable draw).
  MoveChoice choose(const std::string& game, const std::string& position, const Budget& budget);
  void new_game() { m_state.table_used = true; }  // emptied before its next use
  // Whether the table is kept from one move to the next (PlayState::keep).
  void keep_table(bool on) { m_state.keep = on; }
  // The table the next move's search takes, made or emptied now (off a clock).
  void ready();
  // Throws InputError when the player cannot play `game` (the Greenblatt search: chess only).
  void check_game(const std::string& game) const;

 private:
  PlayerSpec m_spec;
  PlayState m_state;
};
// The algorithms that play, in the registry's order, and their names joined.
std::vector<const AlgorithmEntry*> playing_algorithms();
std::string playing_algorithm_names(const char* separator = ", ");
// For usage texts: "alphabeta[:depth=D,tt=N,criterion=gt|ge,...]" per playing algorithm.
std::string player_usage(const char* indent);

}  // namespace kibitz
