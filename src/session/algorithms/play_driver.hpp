// Playing a move with the registry's searches (session/play.hpp): the root prepared as a player
// needs it, and the one deepening loop of driver.hpp run under a Budget. Included only by the
// algorithms' own files: an entry that plays by deepening sets
//
//   a.choose = choose_by_deepening<AlphaBetaOnce>;
#pragma once

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "session/algorithms/driver.hpp"
#include "session/play.hpp"

namespace kibitz {

// The root of a move: a chess game's history made history (its repetitions count, R's material
// is the root's), a claimable draw searched on when the budget says so, the root's moves
// restricted to Budget::root_moves. Returns, for each root move as the search generates them,
// its index in the game's full generation order (the indices a MoveChoice speaks).
template <class Game>
std::vector<int> prepare_root(Game& game, const Budget& b) {
  using Move = typename Game::Move;
  if constexpr (std::is_same_v<Game, ChessGame>) {
    game.make_root();
    game.set_root_plays_on(b.play_on_at_claimable_draw);
  }
  std::vector<Move> all;
  game.moves(all);
  std::vector<int> full(all.size());
  for (std::size_t i = 0; i < full.size(); ++i) full[i] = static_cast<int>(i);
  if (b.root_moves.empty()) return full;
  if constexpr (std::is_same_v<Game, ChessGame>) {
    std::vector<Move> only;
    for (int i : b.root_moves) {
      if (i < 0 || i >= static_cast<int>(all.size()))
        throw InputError("a root move to search is not a legal move");
      only.push_back(all[static_cast<std::size_t>(i)]);
    }
    game.set_root_moves(only);
    std::vector<Move> searched;
    game.moves(searched);
    full.clear();
    for (const Move& m : searched)
      full.push_back(static_cast<int>(std::find(all.begin(), all.end(), m) - all.begin()));
    return full;
  } else {
    throw InputError("only chess restricts the moves searched at the root");
  }
}

// The line from the root: the search's own (root index first, as the search generated it),
// continued with the table's best moves up to `length` moves, the root's index made full.
template <class Game>
std::vector<int> played_line(const Game& root, const std::vector<int>& full, std::vector<int> line,
                             const TranspositionTable* table, int length) {
  if constexpr (has_key<Game>::value) {
    Game g = root;
    std::vector<typename Game::Move> moves;
    bool ok = true;
    for (std::size_t i = 0; i < line.size() && ok; ++i) {
      g.moves(moves);
      ok = line[i] >= 0 && line[i] < static_cast<int>(moves.size());
      if (ok) g.make(moves[static_cast<std::size_t>(line[i])]);
    }
    while (ok && table && static_cast<int>(line.size()) < length) {
      TtEntry e;
      if (!table->probe(g.key(), static_cast<int>(line.size()), e) || e.best < 0) break;
      g.moves(moves);
      if (e.best >= static_cast<int>(moves.size())) break;
      line.push_back(e.best);
      g.make(moves[static_cast<std::size_t>(e.best)]);
    }
  }
  if (!line.empty() && line[0] >= 0 && line[0] < static_cast<int>(full.size()))
    line[0] = full[static_cast<std::size_t>(line[0])];
  return line;
}

// What a played move's recording (Budget::record) says beyond the player's spec: iterative to
// the deepest depth it may reach, the move played, and "stopped" when a clock or a stop ended
// it during a depth (the depth before it was played).
inline void write_play_meta(const SearchSpec& spec, const Budget& b, int max_depth,
                            SearchResult& out) {
  SearchSpec shown = spec;
  shown.iterative = true;
  shown.depth = max_depth;
  shown.node_budget = 0;
  shown.write_meta(out.trace.meta);
  for (const auto& [key, value] : b.record_facts) out.trace.meta.set(key, value);
}

template <class Game>
void note_played(const Game& root, int played_full, const std::vector<int>& full, const Budget& b,
                 SearchResult& out) {
  if (!b.record) return;
  const auto at = std::find(full.begin(), full.end(), played_full);
  if (at != full.end()) {
    std::vector<typename Game::Move> moves;
    Game g = root;
    g.moves(moves);
    const auto k = static_cast<std::size_t>(at - full.begin());
    if (k < moves.size()) out.trace.meta.set("played", g.move_label(moves[k]));
  }
  if (!stop_requested(b.stop)) return;
  if (out.iterations.empty()) {
    out.trace.meta.set("stopped",
                       "stopped by the clock (or the GUI's stop) before its first depth: nothing "
                       "searched; the move played is a one-ply search's (session/play.hpp)");
  } else if (!out.iterations.back().completed) {
    const int depth = out.iterations.back().depth;
    out.trace.meta.set("stopped", "stopped by the clock (or the GUI's stop) during depth " +
                                      std::to_string(depth) +
                                      ": the trace holds what was searched, its open nodes "
                                      "unfinished; the move played is " +
                                      (depth > 1 ? "the depth before's"
                                                 : "a one-ply search's (session/play.hpp)"));
  }
}

// The registry's `choose` of a depth-first algorithm: deepens (driver.hpp's loop) until the
// budget's depth, nodes, time or stop ends it, and plays the last finished depth's move (or,
// when none finished, the unfinished one's best so far, else the first move). With
// Budget::record the search is recorded as it is played (the recorder's cost is on the clock).
template <class Algo>
MoveChoice choose_by_deepening(const SearchSpec& spec, const OptionValues&, const Budget& b,
                               PlayState& state) {
  const auto start = std::chrono::steady_clock::now();
  MoveChoice choice;
  const bool open = b.nodes > 0 || b.seconds > 0 || b.infinite;  // not the cap alone
  Deepening how;
  how.stop = b.stop;
  how.iterate = true;
  how.max_depth = b.depth > 0 ? b.depth
                  : open      ? k_max_player_depth
                              : std::min(spec.search_depth(), k_max_player_depth);
  how.node_budget = move_node_limit(b);
  how.seconds = b.infinite ? 0 : b.seconds;
  how.stop_at_win = !b.infinite;
  how.settle_root = false;  // a stored result for the root gives no move
  const RecordOptions off;
  SearchResult out;
  if (b.record) write_play_meta(spec, b, how.max_depth, out);
  with_domain<k_rule_of<Algo>>(spec, b.record ? *b.record : off, out, [&](auto& game, auto& sink) {
    using Game = std::decay_t<decltype(game)>;
    const std::vector<int> full = prepare_root(game, b);
    if (full.empty()) return;  // the game is over
    if constexpr (has_key<Game>::value) {
      how.table = state.table_of(static_cast<std::size_t>(std::max(0LL, spec.table_entries())));
    }
    if (b.on_root_move) {
      how.on_root_move = [&](int index, int number) {
        b.on_root_move(index >= 0 && index < static_cast<int>(full.size())
                           ? full[static_cast<std::size_t>(index)]
                           : index,
                       number);
      };
    }
    how.on_iteration = [&](int depth, const Outcome& o) {
      DepthReport r;
      r.depth = depth;
      r.value = o.value;
      r.nodes = out.stats.nodes;
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      r.pv = played_line(game, full, o.pv, how.table, depth + 8);
      r.seldepth = std::max(depth, static_cast<int>(o.pv.size()));  // searched, not the table's
      r.hashfull = how.table ? how.table->per_mille_used() : -1;
      if (r.pv.empty()) return;  // no move known: the deeper iterations may give one
      choice.move_index = r.pv.front();
      choice.value = o.value;
      choice.depth = depth;
      choice.last = r;
      if (b.on_depth) b.on_depth(r);
    };
    deepen<Algo>(spec, game, sink, out, how);
    choice.nodes = out.stats.nodes;
    choice.capped = reached_cap(b, choice.nodes);
    if (choice.move_index < 0) {
      const bool known = !out.iterations.empty() && !out.iterations.back().pv.empty();
      const int k = known ? out.iterations.back().pv.front() : 0;
      choice.move_index = k >= 0 && k < static_cast<int>(full.size())
                              ? full[static_cast<std::size_t>(k)]
                              : full.front();
      choice.last.pv = {choice.move_index};
    }
    note_played(game, choice.move_index, full, b, out);
  });
  choice.last.nodes = choice.nodes;
  choice.last.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return choice;
}

}  // namespace kibitz
