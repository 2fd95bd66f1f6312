// Builds the Game of a SearchSpec and hands it to a generic function: the single place that
// maps a source to a domain type. f is called as f(game) with the game at its root position.
//
// Games register here: visit_game maps a game name and a position text ("" = the start
// position) to the game type. Each game's from_text throws InputError naming the fault.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "core/error.hpp"
#include "games/chess/chess_game.hpp"
#include "games/connect4/connect4.hpp"
#include "games/explicit_tree.hpp"
#include "games/othello/othello.hpp"
#include "games/random_tree.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "session/search_spec.hpp"

namespace kibitz {

// The names `kibitz --game` accepts, for messages.
inline const char* known_games() {
  return "tictactoe, connect4, othello, chess";
}

// f must return the same type for every game (R).
template <class F, class R = std::invoke_result_t<F, ExplicitTreeGame&>>
R visit_game(const std::string& name, const std::string& position, F&& f) {
  if (name == "tictactoe") {
    TicTacToeGame g = TicTacToeGame::from_text(position);
    return f(g);
  }
  if (name == "connect4") {
    Connect4Game g = Connect4Game::from_text(position);
    return f(g);
  }
  if (name == "othello") {
    OthelloGame g = OthelloGame::from_text(position);
    return f(g);
  }
  if (name == "chess") {
    ChessGame g = ChessGame::from_text(position);
    return f(g);
  }
  throw InputError("unknown game '" + name + "' (" + known_games() + ")");
}

template <class F>
decltype(auto) visit_domain(const SearchSpec& spec, F&& f) {
  if (!spec.tree.empty()) {
    const ExplicitTree tree = ExplicitTree::parse(spec.tree);
    ExplicitTreeGame game(tree);
    return f(game);
  }
  if (spec.random) {
    RandomTreeGame game(*spec.random);
    return f(game);
  }
  // A search to the end of an Othello game orders its moves fastest-first (othello.hpp).
  return visit_game(spec.game, spec.position, [&](auto& game) -> decltype(auto) {
    if constexpr (std::is_same_v<std::decay_t<decltype(game)>, OthelloGame>)
      game.set_endgame_order(spec.depth < 0);
    return f(game);
  });
}

}  // namespace kibitz
