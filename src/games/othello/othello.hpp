// Othello (Reversi) on the 8x8 board: black (x) moves first from the usual four centre
// discs (d4 and e5 white, d5 and e4 black). A move must turn over at least one line of the
// opponent's discs; a side with no such move but whose opponent has one must `pass` (a real
// move: one ply, one node); the game is over when neither side can move, and the side with
// more discs wins.
//
// Squares are a1-h8: columns a-h from the left, rows 1-8 from the top (as Othello boards are
// drawn and transcribed: the first moves for black are d3, c4, f5 and e6).
//
// Position text: "[BOARD SIDE] [moves M1 M2 ...]", words separated by spaces.
//   BOARD  64 characters, the squares a1 b1 ... h1, a2 ... h8 in that order (row 1 first):
//          x (or X, B, b, *) black, o (or O, W, w) white, . (or -) empty
//   SIDE   the side to move: x or o (b or w also read)
//   moves  moves played from BOARD (or from the start when BOARD is left out): squares such
//          as f5 or the word pass, separated by spaces or written together ("f5d6c3").
// "" is the start. position_text() writes "BOARD SIDE" with x, o and ., which from_text
// reads back. Move labels are the square names ("f5") and "pass".
//
// Moves are generated in square order a1, b1, ..., h8 (a pass is the only move when there is
// one at all).
//
// A finished game scores its final disc difference, the empty squares counted for the winner
// (as FFO and Edax score endgames), times k_disc_unit: every win is worth more than any
// evaluation, a bigger win more than a smaller one; final_discs() reads the count back.
// With endgame ordering on (a search to the end), moves come fastest-first: the fewest replies
// for the opponent first, corners and odd regions (parity) breaking ties.
//
// Evaluation (othello_eval.cpp) from the side to move, shaped after the evaluation of the
// program Bill (Lee & Mahajan 1990) that 002_... section 5.2 used: current mobility and
// potential mobility, with corner, X/C-square and edge terms as a simple stand-in for Bill's
// edge-stability tables, and a disc count that grows in weight as the board fills.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "games/game.hpp"
#include "games/othello/bitboard.hpp"

namespace kibitz {

class OthelloGame {
 public:
  using Move = std::uint8_t;  // square 0..63 (a1 = 0, h1 = 7, h8 = 63), or k_pass
  static constexpr Move k_pass = 64;

  OthelloGame();  // the start position, black to move

  // Throws InputError naming the fault (bad board, missing side, illegal move, ...).
  static OthelloGame from_text(const std::string& text);

  void moves(std::vector<Move>& out) const {
    out.clear();
    oth::Bits m = oth::legal_moves(m_player, m_opponent);
    if (!m) {
      if (oth::legal_moves(m_opponent, m_player)) out.push_back(k_pass);
      return;
    }
    for (; m; m &= m - 1) out.push_back(static_cast<Move>(oth::lowest_square(m)));
    if (m_endgame_order && out.size() > 1) order_for_endgame(out);
  }
  static constexpr Score k_disc_unit = 100000;  // above any evaluation (they stay below 10^4)
  // The disc difference a finished game's score stands for; false for an evaluation.
  static bool final_discs(Score v, int& discs) {
    if (v < k_disc_unit && v > -k_disc_unit && v != 0) return false;
    discs = v / k_disc_unit;
    return v % k_disc_unit == 0;
  }
  void set_endgame_order(bool on) { m_endgame_order = on; }
  int empties() const { return 64 - oth::popcount(m_player | m_opponent); }
  void make(Move m);
  void unmake(Move m);
  Score evaluate() const;
  std::string move_label(Move m) const { return m == k_pass ? "pass" : square_name(m); }
  std::string position_text() const;
  std::uint64_t key() const { return m_key; }
  int ply() const { return m_ply; }

  // Leaf count of the move paths `depth` plies deep (passes count as plies; a finished game
  // has no paths beyond it), with bulk counting at the last ply.
  std::uint64_t perft(int depth) const;

  // Queries for tests and views.
  bool black_to_move() const { return m_black_to_move; }
  oth::Bits player() const { return m_player; }  // discs of the side to move
  oth::Bits opponent() const { return m_opponent; }
  oth::Bits black() const { return m_black_to_move ? m_player : m_opponent; }
  oth::Bits white() const { return m_black_to_move ? m_opponent : m_player; }
  bool over() const {
    return !oth::legal_moves(m_player, m_opponent) && !oth::legal_moves(m_opponent, m_player);
  }
  char square(int sq) const;          // 'x' (black), 'o' (white) or '.'
  std::uint64_t compute_key() const;  // from scratch (equals key() at all times)

  // The evaluation split into its terms, for views and tests (see othello_eval.cpp).
  struct EvalTerms {
    int mobility = 0, potential = 0, corners = 0, x_squares = 0, c_squares = 0, edges = 0,
        discs = 0;
    int total() const {
      return mobility + potential + corners + x_squares + c_squares + edges + discs;
    }
  };
  EvalTerms eval_terms() const;

  static std::string square_name(int sq);
  // 0..63 for "a1".."h8" (case-insensitive), k_pass for "pass", -1 otherwise.
  static int parse_move(const std::string& word);

 private:
  oth::Bits m_player = 0;
  oth::Bits m_opponent = 0;
  bool m_black_to_move = true;
  bool m_endgame_order = false;
  void order_for_endgame(std::vector<Move>& out) const;
  int m_ply = 0;  // plies since the position was set up
  std::uint64_t m_key = 0;
  std::vector<oth::Bits> m_flipped;  // discs turned over by each move made (not passes)
};

static_assert(is_game_v<OthelloGame>);

}  // namespace kibitz
