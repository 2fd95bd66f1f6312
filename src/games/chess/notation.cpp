#include "games/chess/notation.hpp"

#include "games/chess/descriptive.hpp"

#include "games/chess/movegen.hpp"

namespace kibitz::chess {

namespace {

constexpr char k_piece_upper[] = "PNBRQK";

bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

PieceType piece_from_letter(char c) {
  switch (c) {
    case 'N':
    case 'n':
      return PieceType::knight;
    case 'B':
    case 'b':
      return PieceType::bishop;
    case 'R':
    case 'r':
      return PieceType::rook;
    case 'Q':
    case 'q':
      return PieceType::queen;
    case 'K':
    case 'k':
      return PieceType::king;
    default:
      return PieceType::none;
  }
}

bool looks_like_uci(std::string_view t) {
  if (t.size() != 4 && t.size() != 5) return false;
  if (!is_file(t[0]) || !is_rank(t[1]) || !is_file(t[2]) || !is_rank(t[3])) return false;
  return t.size() == 4 || (t[4] == 'q' || t[4] == 'r' || t[4] == 'b' || t[4] == 'n');
}

ParsedMove single(Move found, int count) {
  if (count == 0) return {Move(), ParseStatus::illegal};
  if (count > 1) return {Move(), ParseStatus::ambiguous};
  return {found, ParseStatus::ok};
}

}  // namespace

std::string to_uci(Move m) {
  std::string s = square_name(m.from());
  s += square_name(m.to());
  if (m.is_promotion()) s += static_cast<char>(k_piece_upper[idx(m.promotion())] - 'A' + 'a');
  return s;
}

std::string to_san(const Position& pos, Move m) {
  std::string s;
  const PieceType type = type_of(pos.moved_piece(m));
  if (m.kind() == MoveKind::castle_king) {
    s = "O-O";
  } else if (m.kind() == MoveKind::castle_queen) {
    s = "O-O-O";
  } else if (type == PieceType::pawn) {
    if (m.is_capture()) {
      s += static_cast<char>('a' + file_of(m.from()));
      s += 'x';
    }
    s += square_name(m.to());
    if (m.is_promotion()) {
      s += '=';
      s += k_piece_upper[idx(m.promotion())];
    }
  } else {
    s += k_piece_upper[idx(type)];
    // Disambiguate among the other pieces of the same type that can reach the same square:
    // by file if that suffices, else by rank, else by both.
    MoveList list;
    generate_legal(pos, list);
    bool others = false, same_file = false, same_rank = false;
    for (const Move o : list) {
      if (o.to() != m.to() || o.from() == m.from() || type_of(pos.moved_piece(o)) != type) continue;
      others = true;
      if (file_of(o.from()) == file_of(m.from())) same_file = true;
      if (rank_of(o.from()) == rank_of(m.from())) same_rank = true;
    }
    if (others) {
      if (!same_file) {
        s += static_cast<char>('a' + file_of(m.from()));
      } else if (!same_rank) {
        s += static_cast<char>('1' + rank_of(m.from()));
      } else {
        s += square_name(m.from());
      }
    }
    if (m.is_capture()) s += 'x';
    s += square_name(m.to());
  }
  Position after = pos;
  Undo u;
  after.make(m, u);
  if (after.in_check()) {
    MoveList replies;
    generate_legal(after, replies);
    s += replies.size == 0 ? '#' : '+';
  }
  return s;
}

ParsedMove parse_uci(const Position& pos, std::string_view text) {
  if (!looks_like_uci(text)) return {Move(), ParseStatus::malformed};
  const Square from = make_square(text[0] - 'a', text[1] - '1');
  const Square to = make_square(text[2] - 'a', text[3] - '1');
  const PieceType promo = text.size() == 5 ? piece_from_letter(text[4]) : PieceType::none;
  MoveList list;
  generate_legal(pos, list);
  Move found;
  int count = 0;
  for (const Move m : list) {
    if (m.from() != from || m.to() != to) continue;
    if ((m.is_promotion() ? m.promotion() : PieceType::none) != promo) continue;
    found = m;
    ++count;
  }
  return single(found, count);
}

ParsedMove parse_san(const Position& pos, std::string_view text) {
  std::string t(text);
  while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?')) {
    t.pop_back();
  }
  MoveList list;
  generate_legal(pos, list);
  if (t == "O-O" || t == "0-0" || t == "O-O-O" || t == "0-0-0") {
    const MoveKind kind = t.size() == 3 ? MoveKind::castle_king : MoveKind::castle_queen;
    for (const Move m : list) {
      if (m.kind() == kind) return {m, ParseStatus::ok};
    }
    return {Move(), ParseStatus::illegal};
  }
  // From the end: promotion piece, target square; from the start: piece letter; between them
  // an optional origin file and/or rank and an optional 'x'.
  PieceType promo = PieceType::none;
  if (t.size() >= 2 && t[t.size() - 2] == '=') {
    promo = piece_from_letter(t.back());
    if (promo == PieceType::none || promo == PieceType::king)
      return {Move(), ParseStatus::malformed};
    t.resize(t.size() - 2);
  } else if (!t.empty() &&
             (t.back() == 'Q' || t.back() == 'R' || t.back() == 'B' || t.back() == 'N')) {
    promo = piece_from_letter(t.back());
    t.pop_back();
  }
  if (t.size() < 2 || !is_file(t[t.size() - 2]) || !is_rank(t.back()))
    return {Move(), ParseStatus::malformed};
  const Square to = make_square(t[t.size() - 2] - 'a', t.back() - '1');
  t.resize(t.size() - 2);
  PieceType type = PieceType::pawn;
  std::size_t i = 0;
  if (!t.empty() && t[0] >= 'A' && t[0] <= 'Z') {
    type = piece_from_letter(t[0]);
    if (type == PieceType::none) return {Move(), ParseStatus::malformed};
    i = 1;
  }
  int from_file = -1, from_rank = -1;
  if (i < t.size() && is_file(t[i])) from_file = t[i++] - 'a';
  if (i < t.size() && is_rank(t[i])) from_rank = t[i++] - '1';
  if (i < t.size() && t[i] == 'x') ++i;
  if (i != t.size()) return {Move(), ParseStatus::malformed};
  if (type != PieceType::pawn && promo != PieceType::none) return {Move(), ParseStatus::malformed};
  // A pawn move without an origin file is a push along its own file.
  if (type == PieceType::pawn && from_file < 0) from_file = file_of(to);

  Move found;
  int count = 0;
  for (const Move m : list) {
    if (m.to() != to || m.is_castle() || type_of(pos.moved_piece(m)) != type) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if ((m.is_promotion() ? m.promotion() : PieceType::none) != promo) continue;
    found = m;
    ++count;
  }
  return single(found, count);
}

ParsedMove parse_move(const Position& pos, std::string_view text) {
  if (looks_like_uci(text)) return parse_uci(pos, text);
  if (looks_like_descriptive(text)) return parse_descriptive(pos, text);
  return parse_san(pos, text);
}

}  // namespace kibitz::chess
