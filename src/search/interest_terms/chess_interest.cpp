#include "search/interest_terms/chess_interest.hpp"

#include <algorithm>

#include "games/chess/attacks.hpp"

namespace kibitz {

using namespace chess;

namespace {

constexpr int k_king_target =
    500;  // the king as a fork target (its table value would swamp the sum)

int value_of(PieceType t) {
  return t == PieceType::none ? 0 : k_greenblatt_value[idx(t)];
}

Bitboard attacks_from(PieceType t, Color c, Square s, Bitboard occupied) {
  const AttackTables& a = attack_tables();
  switch (t) {
    case PieceType::pawn:
      return a.pawn(c, s);
    case PieceType::knight:
      return a.knight(s);
    case PieceType::bishop:
      return a.bishop(s, occupied);
    case PieceType::rook:
      return a.rook(s, occupied);
    case PieceType::queen:
      return a.queen(s, occupied);
    case PieceType::king:
      return a.king(s);
    default:
      return 0;
  }
}

// Our pieces standing alone between an enemy slider and our piece on `target` (worth
// `value`), if they are worth less than it: pinned against it. Records the largest value.
void mark_pins(const Position& pos, Color us, Square target, int value, std::array<int, 64>& pin) {
  const AttackTables& a = attack_tables();
  const Color them = ~us;
  const Bitboard occupied = pos.occupied();
  const Bitboard straight = pos.pieces(them, PieceType::rook) | pos.pieces(them, PieceType::queen);
  const Bitboard diagonal =
      pos.pieces(them, PieceType::bishop) | pos.pieces(them, PieceType::queen);
  Bitboard snipers = (a.rook(target, 0) & straight) | (a.bishop(target, 0) & diagonal);
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard between = a.between(target, s) & occupied;
    if (!between || more_than_one(between) || !(between & pos.pieces(us))) continue;
    const Square p = lsb(between);
    if (value_of(type_of(pos.piece_on(p))) < value)
      pin[static_cast<std::size_t>(p)] = std::max(pin[static_cast<std::size_t>(p)], value);
  }
}

// What our pieces on their squares are worth before any move: to pins (what they are pinned
// against), to ties (what they alone defend) and under threat (attacked by less, or undefended).
struct PieceWorth {
  std::array<int, 64> pin{}, tie{}, threatened{};
};

PieceWorth piece_worth(const Position& pos, Color us, Color them) {
  PieceWorth w;
  const Bitboard occupied = pos.occupied();
  mark_pins(pos, us, pos.king_square(us), value_of(PieceType::king), w.pin);
  for (PieceType t : {PieceType::queen, PieceType::rook}) {
    for (Bitboard b = pos.pieces(us, t); b;) mark_pins(pos, us, pop_lsb(b), value_of(t), w.pin);
  }
  for (Bitboard b = pos.pieces(us) & ~pos.pieces(PieceType::king); b;) {
    const Square s = pop_lsb(b);
    const Bitboard attackers = pos.attackers_to(s, occupied) & pos.pieces(them);
    if (!attackers) continue;
    const Bitboard defenders = pos.attackers_to(s, occupied) & pos.pieces(us);
    const int v = value_of(type_of(pos.piece_on(s)));
    if (defenders && !more_than_one(defenders)) {
      const std::size_t d = static_cast<std::size_t>(lsb(defenders));
      w.tie[d] = std::max(w.tie[d], v);
    }
    int cheapest = 1 << 30;
    for (Bitboard a = attackers; a;)
      cheapest = std::min(cheapest, value_of(type_of(pos.piece_on(pop_lsb(a)))));
    if (cheapest < v || !defenders) w.threatened[static_cast<std::size_t>(s)] = v;
  }
  return w;
}

// The terms of what a move wins: a pawn's attack on a piece (its value/16) and a capture's
// victim (its value/8).
void material_terms(const Position& pos, Move m, PieceType moved, RatingBuilder& out) {
  const Color us = pos.side_to_move(), them = ~us;
  if (moved == PieceType::pawn && !m.is_promotion()) {
    const Bitboard hit = attack_tables().pawn(us, m.to()) & pos.pieces(them) &
                         ~pos.pieces(PieceType::pawn) & ~pos.pieces(PieceType::king);
    int best = 0;
    for (Bitboard b = hit; b;) best = std::max(best, value_of(type_of(pos.piece_on(pop_lsb(b)))));
    out.add(ChessInterest::pawn_attack, best / 16);
  }
  if (m.is_capture()) {
    const PieceType victim =
        m.kind() == MoveKind::en_passant ? PieceType::pawn : type_of(pos.captured_piece(m));
    out.add(ChessInterest::capture, value_of(victim) / 8);
  }
}

// The attacks term: what the moved piece (now a `lands`) attacks from `to` in `after`: value/32
// per target worth more than it or undefended, and a fork's second value/8.
int attack_points(const Position& after, PieceType lands, Color us, Color them, Square to) {
  const int mine = value_of(lands);
  const Bitboard targets = attacks_from(lands, us, to, after.occupied()) & after.pieces(them);
  int sum = 0, first = 0, second = 0, count = 0;
  for (Bitboard b = targets; b;) {
    const Square s = pop_lsb(b);
    const PieceType t = type_of(after.piece_on(s));
    int v = value_of(t);
    if (t == PieceType::king) {
      v = k_king_target;
    } else {
      const bool defended = (after.attackers_to(s, after.occupied()) & after.pieces(them)) != 0;
      if (v <= mine && defended) continue;
      sum += v / 32;
    }
    ++count;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  return sum + (count >= 2 ? second / 8 : 0);
}

}  // namespace

ChessInterest::ChessInterest(const InterestModelOptions& o)
    : m_dynamic(o.dynamic_terms),
      m_reply(64 * 64, 0),
      m_follow(64 * 64, 0),
      m_history(2 * 64 * 64, 0) {}

const std::vector<InterestTerm>& ChessInterest::terms() {
  static const std::vector<InterestTerm> t = {
      {"initial", "1000 / the number of legal moves"},
      {"in_check", "+1000 / the number of legal moves when in check"},
      {"in_table", "+25: the position after the move is in the transposition table"},
      {"root_best", "+100: the previous iteration's best move, at the root"},
      {"killer", "+100: a quiet move that caused a cutoff at this ply"},
      {"best_reply", "+100: the best reply last found to the opponent's previous move"},
      {"follow_on", "+100: the best move last found after our move two plies up"},
      {"pawn_attack", "+value/16 of the enemy piece the moved pawn attacks"},
      {"capture", "+value/8 of the captured piece"},
      {"gives_check", "+100, +100 more when our previous move also checked"},
      {"attacks", "+value/32 per target worth more or undefended; a fork: +second value/8"},
      {"under_attack", "+value/16: the moved piece was attacked by less or undefended"},
      {"captures_checker", "+100: captures the checking piece"},
      {"promotion", "+100: promotes to a queen or a knight"},
      {"beyond_depth", "halved at the iteration's nominal depth, again every ply beyond it"},
      {"pinned_tied", "+value/16 of what the moved piece is pinned against or defends alone"},
      {"best_quiet", "+100: the non-capture with the best history score"},
  };
  return t;
}

void ChessInterest::rate(Game& game, const std::vector<Game::Move>& moves,
                         const InterestContext<Game::Move>& ctx, RatingBuilder& out) {
  const Position& pos = game.position();
  const Color us = pos.side_to_move(), them = ~us;
  const std::int64_t n = static_cast<std::int64_t>(moves.size());
  const std::size_t ply = static_cast<std::size_t>(ctx.ply);
  if (m_in_check.size() <= ply) m_in_check.resize(ply + 1, 0);
  m_in_check[ply] = pos.in_check();
  const bool checked_before = ply >= 1 && m_in_check[ply - 1];  // our move two plies up gave check

  const PieceWorth worth = piece_worth(pos, us, them);
  // Dynamic terms: the killers of this ply, the remembered replies, the best quiet move.
  std::array<std::uint16_t, 2> killers{};
  if (m_dynamic && ply < m_killers.size()) killers = m_killers[ply];
  Move prev, prev2;
  const bool has_prev = ctx.path_move(1, prev), has_prev2 = ctx.path_move(2, prev2);
  const std::uint16_t reply = m_dynamic && has_prev ? m_reply[from_to(prev)] : 0;
  const std::uint16_t follow = m_dynamic && has_prev2 ? m_follow[from_to(prev2)] : 0;
  int best_quiet_at = -1;
  if (m_dynamic) {
    std::int32_t best_score = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (m.is_capture() || m.is_promotion()) continue;
      const std::int32_t h = m_history[static_cast<std::size_t>(idx(us)) * 4096 + from_to(m)];
      if (h > best_score) {
        best_score = h;
        best_quiet_at = static_cast<int>(i);
      }
    }
  }

  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const Square from = m.from(), to = m.to();
    const PieceType moved = type_of(pos.moved_piece(m));
    const PieceType lands = m.is_promotion() ? m.promotion() : moved;
    const bool quiet = !m.is_capture() && !m.is_promotion();
    Position after = pos;
    Undo undo;
    after.make(m, undo);
    out.begin_move();
    out.add(initial, 1000 / n);
    if (pos.in_check()) out.add(in_check, 1000 / n);
    if (m_dynamic && ctx.tt) {
      TtEntry e;
      if (ctx.tt->probe(after.key(), ctx.ply + 1, e)) out.add(in_table, 25);
    }
    if (ctx.ply == 0 && static_cast<int>(i) == ctx.root_best) out.add(root_best, 100);
    if (quiet && (m.bits() == killers[0] || m.bits() == killers[1])) out.add(killer, 100);
    if (reply && m.bits() == reply) out.add(best_reply, 100);
    if (follow && m.bits() == follow) out.add(follow_on, 100);
    material_terms(pos, m, moved, out);
    if (after.in_check()) out.add(gives_check, checked_before ? 200 : 100);
    out.add(attacks, attack_points(after, lands, us, them, to));
    if (moved != PieceType::king)
      out.add(under_attack, worth.threatened[static_cast<std::size_t>(from)] / 16);
    if (pos.in_check() && (bit(to) & pos.checkers())) out.add(captures_checker, 100);
    if (m.is_promotion() &&
        (m.promotion() == PieceType::queen || m.promotion() == PieceType::knight))
      out.add(promotion, 100);
    out.add(pinned_tied, (worth.pin[static_cast<std::size_t>(from)] +
                          worth.tie[static_cast<std::size_t>(from)]) /
                             16);
    if (static_cast<int>(i) == best_quiet_at) out.add(best_quiet, 100);
    out.beyond_depth(beyond_depth, ctx.ply, ctx.iteration_depth);
    out.feature(static_cast<std::uint16_t>(idx(moved)));
    out.feature(static_cast<std::uint16_t>(6 + to));
    if (after.in_check()) out.feature(70);
    if (m.is_capture()) out.feature(71);
  }
  out.finish();
}

void ChessInterest::note_result(const Game& game, const InterestContext<Game::Move>& ctx,
                                Game::Move best, NodeOutcome outcome, int depth_left) {
  if (!m_dynamic || outcome == NodeOutcome::failed_low) return;
  const bool quiet = !best.is_capture() && !best.is_promotion();
  const std::size_t ply = static_cast<std::size_t>(ctx.ply);
  if (outcome == NodeOutcome::cutoff && quiet) {
    if (m_killers.size() <= ply) m_killers.resize(ply + 1, {0, 0});
    auto& k = m_killers[ply];
    if (k[0] != best.bits()) {
      k[1] = k[0];
      k[0] = best.bits();
    }
    const std::size_t h =
        static_cast<std::size_t>(idx(game.position().side_to_move())) * 4096 + from_to(best);
    m_history[h] = std::min(m_history[h] + depth_left * depth_left, 1 << 28);
  }
  Move prev, prev2;
  if (ctx.path_move(1, prev)) m_reply[from_to(prev)] = best.bits();
  if (ctx.path_move(2, prev2)) m_follow[from_to(prev2)] = best.bits();
}

}  // namespace kibitz
