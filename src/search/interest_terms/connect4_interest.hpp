// Interest of connect-four moves. A move's interest is the sum of:
//   initial      1000 / the number of legal moves
//   wins         +1000  it completes four in a row
//   blocks       +500   it takes the cell where the opponent would complete four
//   threats      +150   per new cell where the mover would complete four (playable or not)
//   centre       +10 per four-cell line through the cell beyond the 3 of a corner (0..100)
//   gives_win    -3/4 of the interest so far: the cell above becomes playable and completes
//                the opponent's four
//   root_best    +100   the previous iteration's best move, at the root
//   beyond_depth  halved at the iteration's nominal depth, again every ply beyond (rating.hpp)
// Similarity features: the column, the row, and "makes a threat".
#pragma once

#include <vector>

#include "games/connect4/connect4.hpp"
#include "search/interest_terms/rating.hpp"

namespace kibitz {

class Connect4Interest {
 public:
  using Game = Connect4Game;
  explicit Connect4Interest(const InterestModelOptions& = {}) {}

  enum Term { initial, wins, blocks, threats, centre, gives_win, root_best, beyond_depth };
  static const std::vector<InterestTerm>& terms() {
    static const std::vector<InterestTerm> t = {
        {"initial", "1000 / the number of legal moves"},
        {"wins", "+1000: completes four in a row"},
        {"blocks", "+500: takes the cell where the opponent would complete four"},
        {"threats", "+150 per new cell where the mover would complete four"},
        {"centre", "+10 per four-cell line through the cell beyond a corner's 3"},
        {"gives_win", "-3/4 of the interest: the cell above completes the opponent's four"},
        {"root_best", "+100: the previous iteration's best move, at the root"},
        {"beyond_depth", "halved at the iteration's nominal depth, again every ply beyond it"},
    };
    return t;
  }

  void rate(Game& game, const std::vector<Game::Move>& moves,
            const InterestContext<Game::Move>& ctx, RatingBuilder& out) {
    using namespace c4;
    const char me = game.x_to_move() ? 'x' : 'o';
    std::uint64_t mine = 0, mask = 0;
    for (int col = 0; col < k_width; ++col) {
      for (int row = 0; row < k_height; ++row) {
        const char ch = game.cell(col, row);
        if (ch == '.') continue;
        mask |= 1ull << bit_index(col, row);
        if (ch == me) mine |= 1ull << bit_index(col, row);
      }
    }
    const std::uint64_t theirs = mask ^ mine;
    const std::uint64_t my_wins = winning_cells(mine, mask),
                        their_wins = winning_cells(theirs, mask);
    const std::int64_t n = static_cast<std::int64_t>(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int col = moves[i];
      const std::uint64_t b = (mask + bottom_mask(col)) & column_mask(col);
      const int row = popcount(mask & column_mask(col));
      out.begin_move();
      out.add(initial, 1000 / n);
      if (b & my_wins) out.add(wins, 1000);
      if (b & their_wins) out.add(blocks, 500);
      const int made = popcount(winning_cells(mine | b, mask | b) & ~my_wins);
      out.add(threats, 150 * made);
      out.add(centre, 10 * (lines_through(bit_index(col, row)) - 3));
      const std::uint64_t above = (b << 1) & k_board;
      if (above && (above & winning_cells(theirs, mask | b)))
        out.add(gives_win, -out.current() * 3 / 4);
      if (ctx.ply == 0 && static_cast<int>(i) == ctx.root_best) out.add(root_best, 100);
      out.beyond_depth(beyond_depth, ctx.ply, ctx.iteration_depth);
      out.feature(static_cast<std::uint16_t>(col));
      out.feature(static_cast<std::uint16_t>(k_width + row));
      if (made > 0) out.feature(static_cast<std::uint16_t>(k_width + k_height));
    }
    out.finish();
  }
  void note_result(const Game&, const InterestContext<Game::Move>&, Game::Move, NodeOutcome, int) {}
};

}  // namespace kibitz
