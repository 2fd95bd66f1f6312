// Chess as a Game (games/game.hpp) for the generic searches.
//
// The root is the position from_text builds: "" or "startpos" for the start position, or a
// FEN, either optionally followed by " moves m1 m2 ..." in UCI (e2e4) or SAN (Nf3). ply()
// counts from that root; the moves listed in the text are history before it.
//
// A position is terminal (moves() is empty) when the side to move is checkmated or
// stalemated, when the fifty-move rule applies (100 half-moves without a capture or pawn
// move, unless the move that reached it mated), when the material cannot mate (K v K, K and
// one minor v K, or bishops only and all on one square colour), or on a repetition:
//   - a position that already occurred since the search root (the root included) is a draw
//     at its second occurrence: going back to a position inside the tree cannot be better
//     than it was, and this keeps cycles out of the tree;
//   - a position that occurred twice before in the game history (before the root) is a draw
//     at its third occurrence, the rule of the game.
// Repetitions are looked for only back to the last capture or pawn move (the halfmove
// clock), among positions with the same side to move; positions are the same when their
// Zobrist keys are (pieces, side to move, castling rights and a usable en-passant square).
//
// evaluate() is from the side to move: a mate is -(k_score_win - ply()), every draw 0, and
// otherwise the Greenblatt evaluation (greenblatt_eval.hpp) turned to the side to move.
// moves() lists the legal moves with captures first (most valuable victim, then least
// valuable attacker), then quiet promotions to a queen, then the rest in generation order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "games/chess/greenblatt_eval.hpp"
#include "games/chess/move.hpp"
#include "games/chess/position.hpp"
#include "games/game.hpp"

namespace kibitz {

class ChessGame {
 public:
  using Move = chess::Move;

  enum class Status {
    ongoing,
    checkmate,
    stalemate,
    fifty_moves,
    repetition,
    insufficient_material
  };

  ChessGame();  // the start position
  // Throws InputError for a bad FEN or a bad move: "move 3 'Nf6' is illegal in <FEN>".
  // With `dropped`: castling rights that cannot be used are dropped there (Position::from_fen).
  static ChessGame from_text(const std::string& text, std::vector<std::string>* dropped = nullptr);

  void moves(std::vector<Move>& out) const;
  void make(Move m);
  void unmake(Move m);
  Score evaluate() const;
  std::string move_label(Move m) const;  // SAN, with + or #
  std::string position_text() const;     // FEN
  std::uint64_t key() const { return m_pos.key(); }
  int ply() const { return static_cast<int>(m_undo.size()) - m_root_ply; }
  // Standard perft (draw rules not applied), last ply counted in bulk.
  std::uint64_t perft(int depth);

  // What a modern search asks (search/modern_pvs.hpp): whether a move is noisy (a capture or a
  // promotion: quiescence searches only those), whether the side to move may pass (not in
  // check, and a piece besides pawns: zugzwang is rare then), and the pass itself.
  static bool noisy(Move m) { return m.is_capture() || m.is_promotion(); }
  bool in_check() const { return m_pos.in_check(); }
  bool null_move_allowed() const;
  void make_null();
  void unmake_null();

  Status status() const;
  static const char* status_name(Status s);  // "ongoing", "checkmate", ...
  const chess::Position& position() const { return m_pos; }
  // The evaluation's terms from White's point of view, for the viewer.
  chess::GreenblattTerms eval_terms() const {
    return chess::greenblatt_eval(m_pos, m_root_material);
  }
  const chess::SideMaterial& root_material() const { return m_root_material; }
  // Makes the current position the search root: the moves made so far become game history
  // (their repetitions count as in a game) and R's root material is taken from here. Players
  // that keep one ChessGame for a whole game call it before each search.
  void make_root() {
    m_root_ply = static_cast<int>(m_undo.size());
    m_root_material = chess::ratio_material(m_pos);
  }
  // What a UCI engine asks of the root (ply 0): search only these moves (UCI searchmoves;
  // empty: all), and search on where a draw could be claimed (fifty moves, a repetition),
  // since the GUI, not the engine, decides to claim it.
  void set_root_moves(std::vector<Move> only) { m_root_only = std::move(only); }
  void set_root_plays_on(bool on) { m_root_plays_on = on; }

 private:
  explicit ChessGame(const chess::Position& pos);
  Status status_with(int legal_moves) const;
  bool repetition() const;
  bool insufficient_material() const;

  chess::Position m_pos;
  std::vector<chess::Undo> m_undo;
  std::vector<std::uint64_t> m_keys;  // keys of the positions before the current one, in order
  int m_root_ply = 0;                 // m_undo.size() at the root
  chess::SideMaterial m_root_material;
  std::vector<Move> m_root_only;
  bool m_root_plays_on = false;
};

static_assert(is_game_v<ChessGame>, "ChessGame must satisfy the Game concept");

}  // namespace kibitz
