#include "session/services.hpp"

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "games/chess/movegen.hpp"
#include "games/chess/notation.hpp"
#include "games/chess/position.hpp"
#include "session/budgets.hpp"
#include "session/domains.hpp"
#include "trace/model.hpp"
#include "trace/move_names.hpp"
#include "trace/positions.hpp"

namespace kibitz {

namespace {

// Standard notation where the position parses and the move is legal in it; UCI otherwise.
std::vector<std::string> chess_names(const std::string& fen,
                                     const std::vector<std::uint16_t>& moves) {
  chess::Position pos;
  try {
    pos = chess::Position::from_fen(fen);
  } catch (const InputError&) {
    return {};  // not a position: the trace layer names the moves from their squares
  }
  chess::MoveList legal;
  chess::generate_legal(pos, legal);
  std::vector<std::string> names;
  names.reserve(moves.size());
  for (std::uint16_t bits : moves) {
    const chess::Move m(bits & 63, (bits >> 6) & 63, static_cast<chess::MoveKind>(bits >> 12));
    names.push_back(legal.contains(m) ? chess::to_san(pos, m) : chess::to_uci(m));
  }
  return names;
}

// A game's position after moves given by their generation indices ("" if one is not a move).
std::string derived_position(const std::string& game, const std::string& root,
                             const std::vector<std::uint16_t>& move_indices) {
  try {
    return visit_game(game, root, [&](auto& g) -> std::string {
      using Move = typename std::decay_t<decltype(g)>::Move;
      std::vector<Move> moves;
      for (std::uint16_t i : move_indices) {
        moves.clear();
        g.moves(moves);
        if (i >= moves.size()) return "";
        g.make(moves[i]);
      }
      return g.position_text();
    });
  } catch (const InputError&) {
    return "";
  }
}

}  // namespace

void install_services() {
  trace::set_chess_move_namer(chess_names);
  trace::set_position_deriver(derived_position);
  // A trace opened whole (replay, export, the viewer, --score) has a bounded share of memory.
  trace::set_model_event_limit(
      static_cast<std::size_t>(memory_for_a_trace() / trace::k_model_bytes_per_event));
  // A file read whole: a quarter of the memory available (its model takes more than its bytes).
  set_file_size_limit(available_memory() / 4);
}

}  // namespace kibitz
