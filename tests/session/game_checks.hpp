// Checks shared by the board-game tests (tic-tac-toe, connect four, othello): walks that
// compare incremental keys with keys from scratch, text round trips, and alpha-beta against
// minimax on real positions.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "search/alphabeta.hpp"
#include "search/alphabeta_bounds.hpp"
#include "search/minimax.hpp"

namespace kibitz::test {

// Walks every line `depth` plies deep and checks at each node: the incremental key equals
// the key from scratch, position_text reads back to the same key and text, moves() is empty
// exactly when the game is over, and unmake restores the key and the text. Returns the
// number of nodes visited.
template <class Game>
long long walk_and_check(Game& g, int depth) {
  CHECK(g.key() == g.compute_key());
  const std::string text = g.position_text();
  const Game back = Game::from_text(text);
  CHECK(back.key() == g.key());
  CHECK(back.position_text() == text);
  std::vector<typename Game::Move> moves;
  g.moves(moves);
  CHECK(moves.empty() == g.over());
  long long n = 1;
  if (depth == 0) return n;
  for (const auto m : moves) {
    g.make(m);
    n += walk_and_check(g, depth - 1);
    g.unmake(m);
    CHECK(g.key() == g.compute_key());
    CHECK(g.position_text() == text);
  }
  return n;
}

// Alpha-beta (both criteria, both variants) returns the minimax value of the root.
template <class Game>
void check_alphabeta_matches_minimax(const std::string& position, int depth) {
  INFO("position '" << position << "' depth " << depth);
  Game g = Game::from_text(position);
  NullSink sink;
  Minimax<Game> mm(g, sink);
  const Score expected = mm.run(depth);
  for (Criterion c : {Criterion::gt, Criterion::ge}) {
    AlphaBeta<Game> ab(g, sink, c);
    CHECK(ab.run(depth) == expected);
    CHECK(ab.stats().nodes <= mm.stats().nodes);
    AlphaBetaBounds<Game> abb(g, sink, c);
    const ScoreBound r = abb.run(depth);
    CHECK(r.value == expected);
    CHECK(r.bound == Bound::exact);
  }
  CHECK(g.position_text() ==
        Game::from_text(position).position_text());  // searches undo their moves
}

// The total nodes of alpha-beta (criterion >, NullSink) from each position to `depth`.
template <class Game>
long long alphabeta_nodes(const std::vector<std::string>& positions, int depth) {
  long long nodes = 0;
  for (const std::string& p : positions) {
    Game g = Game::from_text(p);
    NullSink sink;
    AlphaBeta<Game> ab(g, sink, Criterion::gt);
    ab.run(depth);
    nodes += ab.stats().nodes;
  }
  return nodes;
}

}  // namespace kibitz::test
