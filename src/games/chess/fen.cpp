// FEN in and out, with validation that names the field and the fault.
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/chess/position.hpp"

namespace kibitz::chess {

namespace {

const char* const k_piece_letters = "PNBRQKpnbrqk";

const char* color_name(Color c) {
  return c == Color::white ? "white" : "black";
}

std::vector<std::string> split_fields(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() &&
           (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    const std::size_t start = i;
    while (i < text.size() &&
           !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
      ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

// A decimal count in [lo, hi]; false if the text is not one.
bool parse_count(const std::string& text, long lo, long hi, long& out) {
  if (text.empty() || text.size() > 9) return false;
  long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

[[noreturn]] void fail(const std::string& message) {
  throw InputError("FEN" + message);
}

}  // namespace

class FenReader {
 public:
  static Position read(const std::string& text, std::vector<std::string>* dropped) {
    const std::vector<std::string> f = split_fields(text);
    if (f.size() != 6 && f.size() != 4) {
      fail(": " + std::to_string(f.size()) + (f.size() == 1 ? " field" : " fields") +
           ", expected 6 (placement, side to move, castling, en passant, halfmove clock, "
           "fullmove number)");
    }
    Position p{Position::EmptyTag{}};
    placement(p, f[0]);
    side(p, f[1]);
    castling(p, f[2], dropped);
    en_passant(p, f[3]);
    if (f.size() == 6) clocks(p, f[4], f[5]);
    const Color them = ~p.m_stm;
    if (p.attacked_by(p.m_stm, p.king_square(them), p.occupied())) {
      fail(std::string(": ") + color_name(them) + " is in check with " + color_name(p.m_stm) +
           " to move");
    }
    p.m_key = p.compute_key();
    p.m_checkers = p.compute_checkers();
    // Plies since the game's start: the move number tells them, except at move 1, which composed
    // positions write whatever they are; there only a position that still has all 32 pieces
    // and every castling right is taken for the start of a game.
    const int ply = 2 * (p.m_fullmove - 1) + (p.m_stm == Color::black ? 1 : 0);
    const bool opening_at_one = popcount(p.occupied()) == 32 && f[2] == "KQkq";
    p.m_game_ply = p.m_fullmove > 1 || opening_at_one ? ply : -1;
    return p;
  }

 private:
  static void placement(Position& p, const std::string& field) {
    std::vector<std::string> ranks;
    std::size_t start = 0;
    for (;;) {
      const std::size_t slash = field.find('/', start);
      ranks.push_back(
          field.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    if (ranks.size() != 8) {
      fail(" field 1 (placement): " + std::to_string(ranks.size()) + " ranks, expected 8");
    }
    for (int r = 0; r < 8; ++r) {
      const int rank = 7 - r;  // FEN lists rank 8 first
      int file = 0;
      for (char c : ranks[static_cast<std::size_t>(r)]) {
        if (c >= '1' && c <= '8') {
          file += c - '0';
          continue;
        }
        const char* letter = std::char_traits<char>::find(k_piece_letters, 12, c);
        if (letter == nullptr) {
          fail(std::string(" field 1 (placement): bad piece letter '") + c + "' in rank " +
               std::to_string(rank + 1));
        }
        if (file < 8)
          p.put<false>(static_cast<Piece>(letter - k_piece_letters), make_square(file, rank));
        ++file;
      }
      if (file != 8) {
        fail(" field 1 (placement): rank " + std::to_string(rank + 1) + " has " +
             std::to_string(file) + (file == 1 ? " square" : " squares") + ", expected 8");
      }
    }
    for (Color c : {Color::white, Color::black}) {
      const int kings = popcount(p.pieces(c, PieceType::king));
      if (kings == 0) fail(std::string(": no ") + color_name(c) + " king");
      if (kings == 2) fail(std::string(": two ") + color_name(c) + " kings");
      if (kings > 2) fail(": " + std::to_string(kings) + " " + color_name(c) + " kings");
    }
    for (Color c : {Color::white, Color::black}) {
      const Bitboard edge = p.pieces(c, PieceType::pawn) & (rank_bb(0) | rank_bb(7));
      if (edge) {
        fail(std::string(": ") + color_name(c) + " pawn on " + square_name(lsb(edge)) +
             " (pawns never stand on the first or eighth rank)");
      }
      const int pawns = popcount(p.pieces(c, PieceType::pawn));
      if (pawns > 8) {
        fail(": " + std::to_string(pawns) + " " + color_name(c) + " pawns (at most 8)");
      }
      // More could not arise in a game, and it bounds the length of a move list.
      const int pieces = popcount(p.pieces(c));
      if (pieces > 16) {
        fail(": " + std::to_string(pieces) + " " + color_name(c) + " pieces (at most 16)");
      }
    }
  }

  static void side(Position& p, const std::string& field) {
    if (field == "w")
      p.m_stm = Color::white;
    else if (field == "b")
      p.m_stm = Color::black;
    else
      fail(" field 2 (side to move): '" + field + "', expected 'w' or 'b'");
  }

  static void castling(Position& p, const std::string& field, std::vector<std::string>* dropped) {
    p.m_castling = 0;
    if (field == "-") return;
    for (char c : field) {
      std::uint8_t right = 0;
      Color color = Color::white;
      Square rook = 0;
      switch (c) {
        case 'K':
          right = k_white_oo;
          rook = 7;
          break;
        case 'Q':
          right = k_white_ooo;
          rook = 0;
          break;
        case 'k':
          right = k_black_oo;
          color = Color::black;
          rook = 63;
          break;
        case 'q':
          right = k_black_ooo;
          color = Color::black;
          rook = 56;
          break;
        default:
          fail(std::string(" field 3 (castling): bad letter '") + c +
               "' (expected K, Q, k, q or -)");
      }
      const std::string quoted = std::string("'") + c + "'";
      if (p.m_castling & right) fail(" field 3 (castling): " + quoted + " given twice");
      const Square king = color == Color::white ? 4 : 60;
      std::string fault;
      if (p.m_board[king] != make_piece(color, PieceType::king))
        fault = std::string(" king is not on ") + square_name(king);
      else if (p.m_board[rook] != make_piece(color, PieceType::rook))
        fault = std::string(" rook is not on ") + square_name(rook);
      if (fault.empty()) {
        p.m_castling |= right;
      } else if (dropped) {  // a right that cannot be used: dropped, as Stockfish reads it
        dropped->push_back("FEN field 3 (castling): " + quoted + " dropped, the " +
                           color_name(color) + fault);
      } else {
        fail(" field 3 (castling): " + quoted + " but the " + color_name(color) + fault);
      }
    }
  }

  static void en_passant(Position& p, const std::string& field) {
    p.m_ep = k_no_square;
    if (field == "-") return;
    const std::string head = " field 4 (en passant): '" + field + "'";
    if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8') {
      fail(head + " is not a square");
    }
    const Square s = make_square(field[0] - 'a', field[1] - '1');
    const Color us = p.m_stm, them = ~us;
    if (relative_rank(us, s) != 5) {
      fail(head + " is impossible with " + color_name(us) + " to move (it must be on the " +
           (us == Color::white ? "sixth" : "third") + " rank)");
    }
    const Square pawn = us == Color::white ? s - 8 : s + 8;    // where the pawn arrived
    const Square origin = us == Color::white ? s + 8 : s - 8;  // where it came from
    if (p.m_board[pawn] != make_piece(them, PieceType::pawn)) {
      fail(head + " but there is no " + color_name(them) + " pawn on " + square_name(pawn));
    }
    if (p.m_board[s] != Piece::none) fail(head + " but " + square_name(s) + " is not empty");
    if (p.m_board[origin] != Piece::none)
      fail(head + " but " + square_name(origin) + " is not empty");
    p.m_ep = s;
  }

  static void clocks(Position& p, const std::string& half, const std::string& full) {
    long v = 0;
    if (!parse_count(half, 0, 10000, v)) {
      fail(" field 5 (halfmove clock): '" + half + "' is not a whole number from 0 to 10000");
    }
    p.m_halfmove = static_cast<int>(v);
    if (!parse_count(full, 1, 100000, v)) {
      fail(" field 6 (fullmove number): '" + full + "' is not a whole number from 1 to 100000");
    }
    p.m_fullmove = static_cast<int>(v);
  }
};

Position Position::from_fen(const std::string& fen, std::vector<std::string>* dropped) {
  return FenReader::read(fen, dropped);
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = m_board[make_square(file, rank)];
      if (pc == Piece::none) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += k_piece_letters[idx(pc)];
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += m_stm == Color::white ? " w " : " b ";
  if (m_castling == 0) out += '-';
  if (m_castling & k_white_oo) out += 'K';
  if (m_castling & k_white_ooo) out += 'Q';
  if (m_castling & k_black_oo) out += 'k';
  if (m_castling & k_black_ooo) out += 'q';
  out += ' ';
  out += square_name(m_ep);
  out += ' ' + std::to_string(m_halfmove) + ' ' + std::to_string(m_fullmove);
  return out;
}

}  // namespace kibitz::chess
