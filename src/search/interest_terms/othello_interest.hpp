// Interest of Othello moves. A move's interest is the sum of:
//   initial       1000 / the number of legal moves (a forced pass: 1000)
//   corner        +300  a corner (its discs can never be turned)
//   edge          +50   another edge square, not next to a corner
//   mobility      +10 per opponent move fewer than 10 afterwards (0..100)
//   quiet         +60 for turning one disc, 15 less per further disc (0 from five on): quiet
//                 moves keep the frontier small
//   x_square      -1/2 of the interest so far: b2, g2, b7 or g7 next to an empty corner
//   c_square      -1/4 of the interest so far: an edge square next to an empty corner
//   root_best     +100  the previous iteration's best move, at the root
//   beyond_depth  halved at the iteration's nominal depth, again every ply beyond (rating.hpp)
// Similarity features: the region (corner, X, C, edge, inner) and the board quarter.
#pragma once

#include <vector>

#include "games/othello/othello.hpp"
#include "search/interest_terms/rating.hpp"

namespace kibitz {

class OthelloInterest {
 public:
  using Game = OthelloGame;
  explicit OthelloInterest(const InterestModelOptions& = {}) {}

  enum Term { initial, corner, edge, mobility, quiet, x_square, c_square, root_best, beyond_depth };
  static const std::vector<InterestTerm>& terms() {
    static const std::vector<InterestTerm> t = {
        {"initial", "1000 / the number of legal moves"},
        {"corner", "+300: a corner"},
        {"edge", "+50: an edge square not next to a corner"},
        {"mobility", "+10 per opponent move fewer than 10 afterwards"},
        {"quiet", "+60 for one disc turned, 15 less per further disc"},
        {"x_square", "-1/2 of the interest: an X square next to an empty corner"},
        {"c_square", "-1/4 of the interest: a C square next to an empty corner"},
        {"root_best", "+100: the previous iteration's best move, at the root"},
        {"beyond_depth", "halved at the iteration's nominal depth, again every ply beyond it"},
    };
    return t;
  }

  void rate(Game& game, const std::vector<Game::Move>& moves,
            const InterestContext<Game::Move>& ctx, RatingBuilder& out) {
    using oth::Bits;
    const Bits p = game.player(), o = game.opponent();
    const std::int64_t n = static_cast<std::int64_t>(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const int sq = moves[i];
      out.begin_move();
      out.add(initial, 1000 / n);
      int region = 4, quarter = 0;
      if (sq != Game::k_pass) {
        const Bits b = Bits{1} << sq;
        const Bits flipped = oth::flips(b, p, o);
        const Bits mine = p | b | flipped, theirs = o & ~flipped;
        region = region_of(sq, p | o);
        quarter = (sq % 8 >= 4 ? 1 : 0) + (sq / 8 >= 4 ? 2 : 0);
        if (region == 0) out.add(corner, 300);
        if (region == 3) out.add(edge, 50);
        const int replies = oth::popcount(oth::legal_moves(theirs, mine));
        out.add(mobility, 10 * (10 - std::min(10, replies)));
        out.add(quiet, std::max(0, 60 - 15 * (oth::popcount(flipped) - 1)));
        if (region == 1) out.add(x_square, -out.current() / 2);
        if (region == 2) out.add(c_square, -out.current() / 4);
      }
      if (ctx.ply == 0 && static_cast<int>(i) == ctx.root_best) out.add(root_best, 100);
      out.beyond_depth(beyond_depth, ctx.ply, ctx.iteration_depth);
      out.feature(static_cast<std::uint16_t>(region));
      out.feature(static_cast<std::uint16_t>(5 + quarter));
    }
    out.finish();
  }
  void note_result(const Game&, const InterestContext<Game::Move>&, Game::Move, NodeOutcome, int) {}

 private:
  // 0 corner, 1 X square, 2 C square (both only while their corner is empty), 3 other edge
  // squares (C squares of a taken corner count here), 4 inner squares.
  static int region_of(int sq, oth::Bits occupied) {
    const int col = sq % 8, row = sq / 8;
    const bool edge_col = col == 0 || col == 7, edge_row = row == 0 || row == 7;
    if (edge_col && edge_row) return 0;
    // The corner this square is next to, if any.
    const int cc = col <= 1 ? 0 : col >= 6 ? 7 : -1, cr = row <= 1 ? 0 : row >= 6 ? 7 : -1;
    const bool corner_empty = cc >= 0 && cr >= 0 && !(occupied >> (cr * 8 + cc) & 1);
    if (corner_empty && (col == 1 || col == 6) && (row == 1 || row == 6)) return 1;
    if (corner_empty && (edge_col || edge_row)) return 2;
    if (edge_col || edge_row) return 3;
    return 4;
  }
};

}  // namespace kibitz
