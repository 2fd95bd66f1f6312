// Players for `kibitz match`: a named engine that chooses a move in a position under a
// budget and says how many nodes it searched. A player sees positions as the game's name and
// position text (docs/games.md), history included (chess counts repetitions from it), so any
// engine can play without knowing the others' types.
//
// Adding a player (e.g. "greenblatt"): write a class deriving from Player and a factory
//
//   std::unique_ptr<Player> make_greenblatt_player(const PlayerOptions& o) { ... }
//
// that reads its options with o.integer / o.text / o.on_off and calls o.finish() (an unknown
// option is an InputError), then add one line to k_players in players.cpp, as
// greenblatt_player.cpp does:
//
//   {"greenblatt", "the Greenblatt chess program: depth=D, widths=...", make_greenblatt_player},
//
// A spec on the command line is "name" or "name:key=value,key=value,...". A factory is
// called once per game (in any thread), so a player may keep state through a game (a
// transposition table, killer moves) but must share none with other players.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/score.hpp"

namespace kibitz::match {

// What a player may spend on one move; 0 everywhere means the player's own settings.
struct Budget {
  long long nodes = 0;    // nodes per move: search deeper (or to higher limits) until spent
  int depth = 0;          // the depth of the last iteration
  long long limit = 0;    // interest players: iterate while the limit stays at or below it
  long long time_ms = 0;  // CPU milliseconds per move: search deeper until spent (then stopped)
  // A cap on any move's nodes whatever the budgets above (0: none), so that no player setting
  // (alphabeta:depth=64 in chess) runs for ever: a move that reaches it stops and plays its
  // last finished iteration's move (MoveChoice::capped).
  long long max_nodes = 0;
  const std::atomic<bool>* stop = nullptr;  // once set (a GUI's "stop"), the search ends
};

// The nodes a move may search: the smaller of Budget::nodes and Budget::max_nodes where set
// (0: no limit).
inline long long move_node_limit(const Budget& b) {
  if (b.nodes > 0 && b.max_nodes > 0) return b.nodes < b.max_nodes ? b.nodes : b.max_nodes;
  return b.nodes > 0 ? b.nodes : b.max_nodes;
}
// Whether a move that searched `nodes` was stopped by the cap (not by spending its own budget).
inline bool reached_cap(const Budget& b, long long nodes) {
  return b.max_nodes > 0 && (b.nodes == 0 || b.max_nodes < b.nodes) && nodes >= b.max_nodes;
}

struct MoveChoice {
  int move_index = -1;  // in the game's generation order
  long long nodes = 0;  // nodes searched for this move
  Score value = 0;      // the search's value, from the side to move
  int depth = 0;        // the depth of the last finished iteration, when the player knows it
  bool capped = false;  // stopped by Budget::max_nodes
};

class Player {
 public:
  virtual ~Player() = default;
  // Chooses a move for the side to move in `position` (not over) of `game`.
  virtual MoveChoice choose(const std::string& game, const std::string& position,
                            const Budget& budget) = 0;
};

// The options of one player spec, read by its factory.
class PlayerOptions {
 public:
  // "name:key=value,..." -> name and options; throws InputError for a malformed spec.
  static PlayerOptions parse(const std::string& spec);

  const std::string& name() const { return m_name; }
  const std::string& spec() const { return m_spec; }
  long long integer(const std::string& key, long long fallback, long long lo, long long hi) const;
  std::string text(const std::string& key, const std::string& fallback) const;
  bool on_off(const std::string& key, bool fallback) const;
  bool has(const std::string& key) const { return m_values.count(key) > 0; }
  // Throws InputError naming the first option no accessor asked for.
  void finish() const;

 private:
  std::string m_name, m_spec;
  std::map<std::string, std::string> m_values;
  mutable std::set<std::string> m_read;
};

using PlayerFactory = std::unique_ptr<Player> (*)(const PlayerOptions& options);

struct PlayerEntry {
  const char* name;
  const char* help;  // its options, for the usage text
  PlayerFactory make;
};

const std::vector<PlayerEntry>& player_registry();
// A new player from a spec; throws InputError for an unknown name or option.
std::unique_ptr<Player> make_player(const std::string& spec);

}  // namespace kibitz::match
