// Which interest model rates the moves of which game: one line per domain. A new game gets
// interest search by adding a model (see rating.hpp) and a line here.
#pragma once

#include "search/interest_terms/chess_interest.hpp"
#include "search/interest_terms/connect4_interest.hpp"
#include "search/interest_terms/othello_interest.hpp"
#include "search/interest_terms/tictactoe_interest.hpp"
#include "search/interest_terms/tree_interest.hpp"

namespace kibitz {

template <class Game>
struct InterestModelFor;
template <>
struct InterestModelFor<ChessGame> {
  using type = ChessInterest;
};
template <>
struct InterestModelFor<OthelloGame> {
  using type = OthelloInterest;
};
template <>
struct InterestModelFor<Connect4Game> {
  using type = Connect4Interest;
};
template <>
struct InterestModelFor<TicTacToeGame> {
  using type = TicTacToeInterest;
};
template <>
struct InterestModelFor<RandomTreeGame> {
  using type = RandomTreeInterest;
};
template <>
struct InterestModelFor<ExplicitTreeGame> {
  using type = ExplicitTreeInterest;
};

template <class Game>
using interest_model_t = typename InterestModelFor<Game>::type;

}  // namespace kibitz
