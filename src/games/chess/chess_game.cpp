#include "games/chess/chess_game.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "games/chess/movegen.hpp"
#include "games/chess/notation.hpp"

namespace kibitz {

using namespace chess;

namespace {

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (i < text.size()) {
    while (i < text.size() && space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !space(text[i])) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// Ordering key, higher first: captures by victim then by cheaper attacker, then quiet queen
// promotions, then everything else.
int order_key(const Position& pos, Move m) {
  if (m.is_capture()) {
    const int victim = idx(type_of(pos.captured_piece(m)));
    const int attacker = idx(type_of(pos.moved_piece(m)));
    return 100 + 10 * victim + (5 - attacker) +
           (m.is_promotion() && m.promotion() == PieceType::queen ? 5 : 0);
  }
  if (m.is_promotion() && m.promotion() == PieceType::queen) return 50;
  return 0;
}

}  // namespace

ChessGame::ChessGame() : ChessGame(Position()) {}

ChessGame::ChessGame(const Position& pos) : m_pos(pos), m_root_material(ratio_material(pos)) {
  m_undo.reserve(64);
  m_keys.reserve(64);
}

namespace {

// A word that only annotates the move before it, as descriptive notation writes them apart.
bool is_annotation(const std::string& word) {
  std::string w;
  for (char c : word) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* a : {"ch", "ch.", "check", "e.p.", "ep", "e.p", "mate", "dis", "dis.", "dbl",
                        "dbl.", "disch", "dblch", "+", "#", "!", "?"}) {
    if (w == a) return true;
  }
  return false;
}

}  // namespace

ChessGame ChessGame::from_text(const std::string& text, std::vector<std::string>* dropped) {
  const std::vector<std::string> w = words(text);
  std::size_t moves_at = w.size();
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == "moves") {
      moves_at = i;
      break;
    }
  }
  Position pos;  // the start position unless a FEN is given
  if (moves_at > 0 && w[0] == "startpos") {
    if (moves_at > 1) throw InputError("after 'startpos' expected 'moves', found '" + w[1] + "'");
  } else if (moves_at > 0) {
    const std::size_t first = w[0] == "fen" ? 1 : 0;  // UCI's "position fen ..." spelling
    std::string fen;
    for (std::size_t i = first; i < moves_at; ++i) fen += (i > first ? " " : "") + w[i];
    pos = Position::from_fen(fen, dropped);
  }
  ChessGame g(pos);
  std::size_t number = 0;
  for (std::size_t i = moves_at + 1; i < w.size(); ++i) {
    const std::string& text_move = w[i];
    if (is_annotation(text_move)) continue;  // "PxP e.p.", "N-KB3 ch": a mark, not a move
    ++number;
    const ParsedMove p = parse_move(g.m_pos, text_move);
    const std::string head = "move " + std::to_string(number) + " '" + text_move + "'";
    switch (p.status) {
      case ParseStatus::ok:
        break;
      case ParseStatus::malformed:
        throw InputError(
            head +
            " is not a move (write UCI like e2e4, SAN like Nf3 or descriptive like N-KB3) in " +
            g.m_pos.fen());
      case ParseStatus::illegal:
        throw InputError(head + " is illegal in " + g.m_pos.fen());
      case ParseStatus::ambiguous:
        throw InputError(head + " is ambiguous in " + g.m_pos.fen());
    }
    g.make(p.move);
  }
  g.m_root_ply = static_cast<int>(g.m_undo.size());
  g.m_root_material = ratio_material(g.m_pos);
  return g;
}

void ChessGame::moves(std::vector<Move>& out) const {
  out.clear();
  MoveList list;
  generate_legal(m_pos, list);
  const bool root = ply() == 0;
  if (status_with(list.size) != Status::ongoing && !(root && m_root_plays_on && list.size > 0))
    return;
  // Stable order by key: a counting sort over the few distinct keys would do, but lists are
  // short and insertion keeps it simple and deterministic.
  int keys[512];
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    const int k = order_key(m_pos, m);
    int j = static_cast<int>(out.size());
    out.push_back(m);
    while (j > 0 && keys[j - 1] < k) {
      out[static_cast<std::size_t>(j)] = out[static_cast<std::size_t>(j - 1)];
      keys[j] = keys[j - 1];
      --j;
    }
    out[static_cast<std::size_t>(j)] = m;
    keys[j] = k;
  }
  if (root && !m_root_only.empty()) {
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](Move m) {
                               return std::find(m_root_only.begin(), m_root_only.end(), m) ==
                                      m_root_only.end();
                             }),
              out.end());
  }
}

void ChessGame::make(Move m) {
  m_keys.push_back(m_pos.key());
  m_undo.emplace_back();
  m_pos.make(m, m_undo.back());
}

void ChessGame::unmake(Move m) {
  m_pos.unmake(m, m_undo.back());
  m_undo.pop_back();
  m_keys.pop_back();
}

bool ChessGame::null_move_allowed() const {
  const Color us = m_pos.side_to_move();
  const Bitboard pieces =
      m_pos.pieces(us) & ~m_pos.pieces(us, PieceType::pawn) & ~m_pos.pieces(us, PieceType::king);
  return !m_pos.in_check() && pieces != 0;
}

void ChessGame::make_null() {
  m_keys.push_back(m_pos.key());
  m_undo.emplace_back();
  m_pos.make_null(m_undo.back());
}

void ChessGame::unmake_null() {
  m_pos.unmake_null(m_undo.back());
  m_undo.pop_back();
  m_keys.pop_back();
}

Score ChessGame::evaluate() const {
  MoveList list;
  generate_legal(m_pos, list);
  switch (status_with(list.size)) {
    case Status::checkmate:
      return -(k_score_win - ply());
    case Status::ongoing:
      break;
    default:
      return 0;  // every draw
  }
  const int white = eval_terms().total;
  return m_pos.side_to_move() == Color::white ? white : -white;
}

std::string ChessGame::move_label(Move m) const {
  return to_san(m_pos, m);
}

std::string ChessGame::position_text() const {
  return m_pos.fen();
}

std::uint64_t ChessGame::perft(int depth) {
  return chess::perft(m_pos, depth);
}

ChessGame::Status ChessGame::status() const {
  MoveList list;
  generate_legal(m_pos, list);
  return status_with(list.size);
}

const char* ChessGame::status_name(Status s) {
  switch (s) {
    case Status::ongoing:
      return "ongoing";
    case Status::checkmate:
      return "checkmate";
    case Status::stalemate:
      return "stalemate";
    case Status::fifty_moves:
      return "fifty-move rule";
    case Status::repetition:
      return "repetition";
    case Status::insufficient_material:
      return "insufficient material";
  }
  return "ongoing";
}

ChessGame::Status ChessGame::status_with(int legal_moves) const {
  if (legal_moves == 0) return m_pos.in_check() ? Status::checkmate : Status::stalemate;
  if (m_pos.halfmove_clock() >= 100) return Status::fifty_moves;
  if (repetition()) return Status::repetition;
  if (insufficient_material()) return Status::insufficient_material;
  return Status::ongoing;
}

bool ChessGame::repetition() const {
  const int n = static_cast<int>(m_keys.size());  // the current position's index
  const int oldest = std::max(0, n - m_pos.halfmove_clock());
  const std::uint64_t k = m_pos.key();
  int earlier = 0;
  for (int i = n - 2; i >= oldest; i -= 2) {
    if (m_keys[static_cast<std::size_t>(i)] != k) continue;
    if (i >= m_root_ply) return true;  // repeats a position of the search path
    if (++earlier == 2) return true;   // the third occurrence in the game
  }
  return false;
}

bool ChessGame::insufficient_material() const {
  if (m_pos.pieces(PieceType::pawn) | m_pos.pieces(PieceType::rook) |
      m_pos.pieces(PieceType::queen)) {
    return false;
  }
  const Bitboard knights = m_pos.pieces(PieceType::knight),
                 bishops = m_pos.pieces(PieceType::bishop);
  if (popcount(knights | bishops) <= 1) return true;
  constexpr Bitboard dark = 0xAA55AA55AA55AA55ull;
  return knights == 0 && ((bishops & dark) == 0 || (bishops & ~dark) == 0);
}

}  // namespace kibitz
