// Interest of tic-tac-toe moves. A move's interest is the sum of:
//   initial    1000 / the number of legal moves
//   wins       +1000  it completes three in a row
//   blocks     +500   it takes the cell where the opponent would complete three
//   fork       +300   afterwards the mover has two or more open twos (lines with two of its
//                     marks and an empty cell): the opponent cannot block both
//   threat     +100   it makes one new open two
//   centre     +100   the centre cell
//   corner     +50    a corner cell
//   root_best  +100   the previous iteration's best move, at the root
//   beyond_depth  halved at the iteration's nominal depth, again every ply beyond (rating.hpp)
// Similarity features: the kind of cell (centre, corner, edge), its row and its column.
#pragma once

#include <vector>

#include "games/tictactoe/tictactoe.hpp"
#include "search/interest_terms/rating.hpp"

namespace kibitz {

class TicTacToeInterest {
 public:
  using Game = TicTacToeGame;
  explicit TicTacToeInterest(const InterestModelOptions& = {}) {}

  enum Term { initial, wins, blocks, fork, threat, centre, corner, root_best, beyond_depth };
  static const std::vector<InterestTerm>& terms() {
    static const std::vector<InterestTerm> t = {
        {"initial", "1000 / the number of legal moves"},
        {"wins", "+1000: completes three in a row"},
        {"blocks", "+500: takes the cell where the opponent would complete three"},
        {"fork", "+300: leaves two or more open twos"},
        {"threat", "+100: makes one new open two"},
        {"centre", "+100: the centre cell"},
        {"corner", "+50: a corner cell"},
        {"root_best", "+100: the previous iteration's best move, at the root"},
        {"beyond_depth", "halved at the iteration's nominal depth, again every ply beyond it"},
    };
    return t;
  }

  void rate(Game& game, const std::vector<Game::Move>& moves,
            const InterestContext<Game::Move>& ctx, RatingBuilder& out) {
    const char me = game.x_to_move() ? 'x' : 'o', them = game.x_to_move() ? 'o' : 'x';
    unsigned mine = 0, theirs = 0;
    for (int i = 0; i < Game::k_cells; ++i) {
      if (game.cell(i) == me) mine |= 1u << i;
      if (game.cell(i) == them) theirs |= 1u << i;
    }
    const std::int64_t n = static_cast<std::int64_t>(moves.size());
    const int twos_before = open_twos(mine, theirs);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int c = moves[i];
      const unsigned b = 1u << c;
      out.begin_move();
      out.add(initial, 1000 / n);
      if (Game::has_line(mine | b)) out.add(wins, 1000);
      if (Game::has_line(theirs | b)) out.add(blocks, 500);
      const int twos = open_twos(mine | b, theirs);
      if (twos >= 2)
        out.add(fork, 300);
      else if (twos > twos_before)
        out.add(threat, 100);
      if (c == 4) out.add(centre, 100);
      const bool is_corner = c == 0 || c == 2 || c == 6 || c == 8;
      if (is_corner) out.add(corner, 50);
      if (ctx.ply == 0 && static_cast<int>(i) == ctx.root_best) out.add(root_best, 100);
      out.beyond_depth(beyond_depth, ctx.ply, ctx.iteration_depth);
      out.feature(static_cast<std::uint16_t>(c == 4 ? 0 : is_corner ? 1 : 2));
      out.feature(static_cast<std::uint16_t>(3 + c / 3));
      out.feature(static_cast<std::uint16_t>(6 + c % 3));
    }
    out.finish();
  }
  void note_result(const Game&, const InterestContext<Game::Move>&, Game::Move, NodeOutcome, int) {}

 private:
  // Lines with two of `mine` and the third cell empty.
  static int open_twos(unsigned mine, unsigned theirs) {
    static constexpr unsigned k_lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
    int count = 0;
    for (unsigned l : k_lines) {
      if (!(l & theirs) && __builtin_popcount(l & mine) == 2) ++count;
    }
    return count;
  }
};

}  // namespace kibitz
