// Interest of chess moves: the 17 terms of Treebeard (001_..., "Linking the Interest Mechanism
// to Move Values"), in the seed's order, as this engine computes them. Piece values are the
// Greenblatt table (a pawn is 128); f(v) below is a fraction of such a value. Terms marked
// (dynamic) are learned during the search and are off with dynamic_terms = false.
//
//   1 initial           1000 / the number of legal moves
//   2 in_check          +1000 / the number of legal moves when the side to move is in check:
//                       "+1000, a function of the number of replies"
//   3 in_table          +25 when the position after the move is in the transposition table
//                       (it was searched before, e.g. in the previous iteration) (dynamic)
//   4 root_best         +100 for the previous iteration's best move, at the root (ply 1)
//   5 killer            +100 for one of the two quiet moves that last caused a beta cutoff at
//                       this ply (dynamic)
//   6 best_reply        +100 for the move last found best in reply to the opponent's move
//                       into this node (any position; "voted global best reply") (dynamic)
//   7 follow_on         +100 for the move last found best after our own move two plies up
//                       (dynamic)
//   8 pawn_attack       a pawn move that attacks an enemy piece: + its value / 16
//   9 capture           + the captured piece's value / 8
//  10 gives_check       +100; +100 more when our move two plies up also gave check
//  11 attacks           the moved piece then attacks enemy pieces worth more than itself or
//                       undefended: + their values / 32; two or more targets (the king
//                       counts when checked): a fork, + the second largest value / 8
//  12 under_attack      the moved piece stood attacked by a cheaper piece, or attacked and
//                       undefended: + its value / 16
//  13 captures_checker  +100 for capturing the piece that gives check
//  14 promotion         +100 for promoting to a queen or a knight
//  15 beyond_depth      the interest halved for a move at the iteration's nominal depth, and
//                       halved again for every ply beyond it (reached uncapped or with an
//                       extension)
//  16 pinned_tied       the moved piece is pinned against the king or a more valuable piece,
//                       or is the only defender of an attacked piece: + that piece's value / 16
//  17 best_quiet        +100 for the non-capture with the best history score (quiet moves
//                       that caused cutoffs, weighted by depth squared) (dynamic)
//
// Similarity features: the piece type moved, the target square, "gives check", "captures".
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "games/chess/chess_game.hpp"
#include "search/interest_terms/rating.hpp"

namespace kibitz {

class ChessInterest {
 public:
  using Game = ChessGame;
  explicit ChessInterest(const InterestModelOptions& o = {});

  enum Term {
    initial,
    in_check,
    in_table,
    root_best,
    killer,
    best_reply,
    follow_on,
    pawn_attack,
    capture,
    gives_check,
    attacks,
    under_attack,
    captures_checker,
    promotion,
    beyond_depth,
    pinned_tied,
    best_quiet,
  };
  static const std::vector<InterestTerm>& terms();

  void rate(Game& game, const std::vector<Game::Move>& moves,
            const InterestContext<Game::Move>& ctx, RatingBuilder& out);
  void note_result(const Game& game, const InterestContext<Game::Move>& ctx, Game::Move best,
                   NodeOutcome outcome, int depth_left);

 private:
  static std::size_t from_to(chess::Move m) {
    return static_cast<std::size_t>(m.from() * 64 + m.to());
  }

  bool m_dynamic;
  std::vector<std::array<std::uint16_t, 2>> m_killers;  // per ply: move bits, 0 = none
  std::vector<std::uint16_t> m_reply;   // by the previous move's from/to: the best reply's bits
  std::vector<std::uint16_t> m_follow;  // by our move two plies up
  std::vector<std::int32_t> m_history;  // by colour, from, to
  std::vector<char> m_in_check;         // per ply: the node rated there was in check
};

}  // namespace kibitz
