// Perft: the number of move paths of exactly `depth` plies from a position (a test of move
// generation against published counts). A game may provide a faster `std::uint64_t
// perft(int depth)` member (bulk counting at the last ply); it is used when present.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "games/game.hpp"
#include "search/move_stack.hpp"

namespace kibitz {

template <class G, class = void>
struct has_fast_perft : std::false_type {};
template <class G>
struct has_fast_perft<G, std::void_t<decltype(std::declval<G&>().perft(0))>> : std::true_type {};

template <class Game>
std::uint64_t perft_generic(Game& g, int depth, MoveStack<typename Game::Move>& stack,
                            int ply = 0) {
  if (depth == 0) return 1;
  auto& moves = stack.at(ply);
  g.moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto m = moves[i];
    g.make(m);
    n += perft_generic(g, depth - 1, stack, ply + 1);
    g.unmake(m);
  }
  return n;
}

template <class Game>
std::uint64_t perft(Game& g, int depth) {
  if constexpr (has_fast_perft<Game>::value) {
    return g.perft(depth);
  } else {
    MoveStack<typename Game::Move> stack;
    return perft_generic(g, depth, stack);
  }
}

// Perft of each root move, labelled in the game's notation, in generation order.
template <class Game>
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(Game& g, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  std::vector<typename Game::Move> moves;
  g.moves(moves);
  for (const auto m : moves) {
    std::string label = g.move_label(m);
    g.make(m);
    out.emplace_back(std::move(label), depth <= 1 ? 1 : perft(g, depth - 1));
    g.unmake(m);
  }
  return out;
}

// The whole game tree to its terminal positions: total nodes (root included) and terminal
// leaves (finished games). For small games (tic-tac-toe: 549,946 nodes, 255,168 games).
struct GameTreeCount {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
};

template <class Game>
void count_game_tree(Game& g, GameTreeCount& c, MoveStack<typename Game::Move>& stack,
                     int ply = 0) {
  ++c.nodes;
  auto& moves = stack.at(ply);
  g.moves(moves);
  if (moves.empty()) {
    ++c.leaves;
    return;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto m = moves[i];
    g.make(m);
    count_game_tree(g, c, stack, ply + 1);
    g.unmake(m);
  }
}

}  // namespace kibitz
