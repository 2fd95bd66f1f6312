#include "games/chess/descriptive.hpp"

#include <cctype>
#include <string>
#include <vector>

#include "games/chess/movegen.hpp"

namespace kibitz::chess {

namespace {

constexpr unsigned k_all_files = 0xFF;
constexpr unsigned k_king_side = 0xF0, k_queen_side = 0x0F;

// A piece as the notation names it: its type and where it may stand (files, and for a
// qualifier after "/" a rank or a square).
struct PieceSpec {
  PieceType type = PieceType::none;  // none: any piece (a capture target given as a square)
  unsigned files = k_all_files;
  int rank = -1;  // relative to the mover, 0-7
};

struct DescriptiveMove {
  bool castle_short = false, castle_long = false;
  PieceSpec mover;
  bool capture = false;
  PieceSpec target;  // '-': the destination square (files, rank); 'x': the captured piece
  PieceType promotion = PieceType::none;
  bool check = false;  // written with a check or mate mark: among several fits, the checking one
};

PieceType piece_of(char c) {
  switch (c) {
    case 'P':
      return PieceType::pawn;
    case 'N':
      return PieceType::knight;
    case 'B':
      return PieceType::bishop;
    case 'R':
      return PieceType::rook;
    case 'Q':
      return PieceType::queen;
    case 'K':
      return PieceType::king;
    default:
      return PieceType::none;
  }
}

// The text made uniform: capitals, no spaces, "KT" as "N", the trailing check, mate and
// annotation marks dropped (`check` tells whether a check or mate mark was among them).
std::string normalized(std::string_view text, bool* check = nullptr) {
  std::string s;
  for (char c : text) {
    if (c != ' ') s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  for (std::size_t at; (at = s.find("KT")) != std::string::npos;) s.replace(at, 2, "N");
  for (bool again = true; again;) {
    again = false;
    for (const char* tail :
         {"+", "#", "!", "?", ".", "MATE", "DISCH", "DBLCH", "CH", "E.P", "EP"}) {
      const std::string t = tail;
      if (s.size() > t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0) {
        s.resize(s.size() - t.size());
        if (check && t != "!" && t != "?" && t != "." && t != "E.P" && t != "EP") *check = true;
        again = true;
      }
    }
  }
  return s;
}

// A file name at s[i]: QR QN QB Q K KB KN KR, or R N B alone (both sides). Advances i.
bool read_files(const std::string& s, std::size_t& i, unsigned& files) {
  static const char* const names[] = {"QR", "QN", "QB", "KR", "KN", "KB", "Q", "K", "R", "N", "B"};
  static const unsigned masks[] = {1u << 0, 1u << 1, 1u << 2, 1u << 7, 1u << 6, 1u << 5,
                                   1u << 3, 1u << 4, 0x81u,   0x42u,   0x24u};
  for (int n = 0; n < 11; ++n) {
    const std::string name = names[n];
    if (s.compare(i, name.size(), name) == 0) {
      files = masks[n];
      i += name.size();
      return true;
    }
  }
  return false;
}

bool read_rank(const std::string& s, std::size_t& i, int& rank) {
  if (i < s.size() && s[i] >= '1' && s[i] <= '8') {
    rank = s[i++] - '1';
    return true;
  }
  return false;
}

// A square (files then a rank) or, with `rank_alone`, just a rank.
bool read_square(const std::string& s, std::size_t& i, PieceSpec& at, bool rank_alone) {
  const std::size_t start = i;
  if (rank_alone && read_rank(s, i, at.rank)) return true;
  if (read_files(s, i, at.files) && read_rank(s, i, at.rank)) return true;
  i = start;
  return false;
}

// A piece: P N B R Q K, with a side (KN, QR) or for a pawn a file (KP, QBP, NP) before it.
bool read_piece(const std::string& s, std::size_t& i, PieceSpec& p) {
  const std::size_t start = i;
  unsigned files = k_all_files;
  // A pawn's file: a file name followed by "P" (KBP, QP, NP).
  std::size_t k = i;
  unsigned f = 0;
  if (read_files(s, k, f) && k < s.size() && s[k] == 'P') {
    p.type = PieceType::pawn;
    p.files = f;
    i = k + 1;
    return true;
  }
  if (i + 1 < s.size() && (s[i] == 'K' || s[i] == 'Q') &&
      (s[i + 1] == 'R' || s[i + 1] == 'N' || s[i + 1] == 'B')) {
    files = s[i] == 'K' ? k_king_side : k_queen_side;
    ++i;
  }
  p.type = i < s.size() ? piece_of(s[i]) : PieceType::none;
  if (p.type == PieceType::none) {
    i = start;
    return false;
  }
  p.files = files;
  ++i;
  return true;
}

bool read_promotion(const std::string& s, std::size_t& i, PieceType& out) {
  if (i == s.size()) return true;
  if (s[i] == '=' || s[i] == '/' || s[i] == '(') ++i;
  if (i == s.size()) return false;
  out = piece_of(s[i++]);
  if (out == PieceType::none || out == PieceType::pawn || out == PieceType::king) return false;
  if (i < s.size() && s[i] == ')') ++i;
  return i == s.size();
}

bool parse(const std::string& s, DescriptiveMove& d) {
  if (s == "O-O" || s == "0-0" || s == "CASTLES" || s == "CASTLESK") {
    d.castle_short = true;
    return true;
  }
  if (s == "O-O-O" || s == "0-0-0" || s == "CASTLESQ") {
    d.castle_long = true;
    return true;
  }
  std::size_t i = 0;
  if (!read_piece(s, i, d.mover)) return false;
  if (i < s.size() && (s[i] == '/' || s[i] == '(')) {
    const bool paren = s[i] == '(';
    ++i;
    PieceSpec at;
    if (!read_square(s, i, at, true)) return false;
    if (at.files != k_all_files) d.mover.files &= at.files;
    d.mover.rank = at.rank;
    if (paren && (i >= s.size() || s[i++] != ')')) return false;
  }
  if (i >= s.size() || (s[i] != '-' && s[i] != 'X')) return false;
  d.capture = s[i++] == 'X';
  if (!d.capture) {
    if (!read_square(s, i, d.target, false)) return false;
  } else {
    // The captured piece ("NxP", "QxKBP"), or the square it stands on ("NxQ5", "Nx(Q5)").
    const bool paren = i < s.size() && s[i] == '(';
    std::size_t j = i + (paren ? 1 : 0);
    PieceSpec at;
    if (read_square(s, j, at, false) && (!paren || (j < s.size() && s[j] == ')'))) {
      i = j + (paren ? 1 : 0);
      d.target = at;
      d.target.type = PieceType::none;
    } else if (!read_piece(s, i, d.target)) {
      return false;
    }
    PieceSpec where;
    std::size_t k = i + 1;
    if (i < s.size() && s[i] == '/' && read_square(s, k, where, false)) {
      i = k;  // "PxP/Q4": where the captured piece stands ("PxR/Q" is a promotion)
      d.target.files &= where.files;
      d.target.rank = where.rank;
    }
  }
  return read_promotion(s, i, d.promotion);
}

bool on(const PieceSpec& p, Color mover, Square s) {
  return (p.files >> file_of(s) & 1u) && (p.rank < 0 || relative_rank(mover, s) == p.rank);
}

bool fits(const Position& pos, Move m, const DescriptiveMove& d) {
  if (d.castle_short || d.castle_long)
    return m.kind() == (d.castle_short ? MoveKind::castle_king : MoveKind::castle_queen);
  if (m.is_castle()) return false;
  const Color us = pos.side_to_move();
  const Piece moved = pos.moved_piece(m);
  if (type_of(moved) != d.mover.type || !on(d.mover, us, m.from())) return false;
  const bool ep = m.kind() == MoveKind::en_passant;
  const Piece victim = pos.captured_piece(m);
  const bool capture = victim != Piece::none || ep;
  if (capture != d.capture) return false;
  if (!capture) {
    if (!on(d.target, us, m.to())) return false;
  } else {
    const Square at = ep ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
    const PieceType taken = ep ? PieceType::pawn : type_of(victim);
    if (d.target.type != PieceType::none && taken != d.target.type) return false;
    if (!on(d.target, us, at)) return false;
  }
  if (m.is_promotion())
    return m.promotion() == (d.promotion == PieceType::none ? PieceType::queen : d.promotion);
  return d.promotion == PieceType::none;
}

}  // namespace

bool looks_like_descriptive(std::string_view text) {
  if (normalized(text).rfind("CASTLES", 0) == 0) return true;
  if (text.empty() || piece_of(static_cast<char>(
                          std::toupper(static_cast<unsigned char>(text[0])))) == PieceType::none)
    return false;
  // SAN never has "-" after a piece letter, and writes squares in small letters after its "x".
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const unsigned char next = static_cast<unsigned char>(text[i + 1]);
    if (text[i] == '-' && (std::isalpha(next) || next == '(')) return true;
    if ((text[i] == 'x' || text[i] == 'X') && (std::isupper(next) || next == '(')) return true;
  }
  return false;
}

bool gives_check(const Position& pos, Move m) {
  Position after = pos;
  Undo u;
  after.make(m, u);
  return after.in_check();
}

ParsedMove parse_descriptive(const Position& pos, std::string_view text) {
  ParsedMove out;
  DescriptiveMove d;
  if (!parse(normalized(text, &d.check), d)) return out;  // malformed
  MoveList list;
  generate_legal(pos, list);
  std::vector<Move> fit;
  for (int i = 0; i < list.size; ++i) {
    if (fits(pos, list.moves[i], d)) fit.push_back(list.moves[i]);
  }
  // "B-B5 dbl ch": of two bishop moves to a B5, the one that checks.
  if (fit.size() > 1 && d.check) {
    std::vector<Move> checking;
    for (Move m : fit)
      if (gives_check(pos, m)) checking.push_back(m);
    if (!checking.empty()) fit = checking;
  }
  const int found = static_cast<int>(fit.size());
  if (found == 1) out.move = fit.front();
  out.status = found == 1   ? ParseStatus::ok
               : found == 0 ? ParseStatus::illegal
                            : ParseStatus::ambiguous;
  if (found != 1) out.move = Move{};
  return out;
}

}  // namespace kibitz::chess
