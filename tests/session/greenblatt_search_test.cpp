// The Greenblatt search on hand-made positions: mates found, pieces en prise not blundered,
// moves that lead to mate not counted against the width, feedover and the capture search at
// the end of the basic depth, the hash table, repetitions, and alpha-beta against the same
// selective search without it.
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "games/chess/chess_game.hpp"
#include "games/chess/notation.hpp"
#include "search/greenblatt/greenblatt_search.hpp"
#include "session/play.hpp"
#include "session/run.hpp"
#include "trace/model.hpp"
#include "trace/recorder.hpp"

using namespace kibitz;
using namespace kibitz::greenblatt;

namespace {

// The move the Greenblatt search plays (its registry entry's choose, as UCI and match play it).
struct Chosen {
  chess::Move move;
  std::string san;
  Score value = 0;
  std::vector<int> pv;  // generation indices from the root
};

Chosen choose(const char* position, int depth, const char* widths = "normal") {
  std::string w = widths;
  for (char& c : w) c = c == ',' ? '/' : c;
  Player player(parse_player("greenblatt:depth=" + std::to_string(depth) + ",widths=" + w));
  const MoveChoice c = player.choose("chess", position, Budget{});
  ChessGame g = ChessGame::from_text(position);
  std::vector<chess::Move> moves;
  g.moves(moves);
  REQUIRE(c.move_index >= 0);
  REQUIRE(c.move_index < static_cast<int>(moves.size()));
  Chosen out;
  out.move = moves[static_cast<std::size_t>(c.move_index)];
  out.san = chess::to_san(g.position(), out.move);
  out.value = c.value;
  out.pv = c.last.pv;
  return out;
}

std::string san_of(const char* position, chess::Move m) {
  return chess::to_san(ChessGame::from_text(position).position(), m);
}

}  // namespace

TEST_CASE("mate in one: the scholar's mate and a back-rank mate") {
  const char* scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  const Chosen a = choose(scholar, 2);
  CHECK(a.san == "Qxf7#");
  CHECK(a.value == k_score_win - 1);
  const Chosen b = choose("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 2);
  CHECK(b.san == "Ra8#");
  CHECK(b.value == k_score_win - 1);
}

TEST_CASE("mate in two with a quiet first move") {
  // 1.Ra7 or 1.Rb7 (a rook to the seventh rank) Kg8 2.R on the eighth rank mates.
  const char* pos = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1";
  const Chosen c = choose(pos, 3);
  CHECK(c.value == k_score_win - 3);
  CHECK((c.san == "Ra7" || c.san == "Rb7"));
  REQUIRE(c.pv.size() == 3);
  // At depth 2 the mate is beyond the search.
  CHECK(choose(pos, 2).value < k_score_win - 100);
}

TEST_CASE("a selective search misses a mate its widths leave out (Legal's mate)") {
  // 1.Nf6+ gxf6 2.Bxf7#: Nf6+ is an unsafe check far down the plausibility order, so the
  // normal and tournament widths do not search it; wide enough widths do (docs/greenblatt.md).
  const char* legal = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
  for (const char* widths : {"normal", "tournament", "30,30,30"}) {
    CAPTURE(widths);
    CHECK(choose(legal, 3, widths).value < k_score_win - 100);
  }
  const Chosen wide = choose(legal, 3, "60,60,60");
  CHECK(wide.value == k_score_win - 3);
  CHECK(wide.san == "Nf6+");
}

TEST_CASE("a piece en prise is saved, and a defended pawn is not taken with the queen") {
  // The white queen on d4 is attacked by the e5 pawn.
  const char* attacked = "4k3/8/8/4p3/3Q4/8/PP6/4K3 w - - 0 1";
  const Chosen c = choose(attacked, 3);
  ChessGame g = ChessGame::from_text(attacked);
  g.make(c.move);
  const chess::Bitboard queens = g.position().pieces(chess::Color::white, chess::PieceType::queen);
  REQUIRE(queens != 0);
  CHECK_FALSE(en_prise(g.position(), chess::lsb(queens)));
  // Qxd4 would lose the queen to cxd4.
  const Chosen d = choose("4k3/8/8/2p5/3p4/8/8/3QK3 w - - 0 1", 3);
  CHECK(d.san != "Qxd4");
  CHECK(d.value > 900);  // still a queen against two pawns
}

TEST_CASE("a move that leads to mate against the side to move is not counted against the width") {
  // Rxd7 wins a knight (the most plausible move) but allows Re1#. With a root width of 1 the
  // search takes the next plausible move in its place, and plays it.
  const char* pos = "4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  const Chosen c = choose(pos, 2, "1,6");
  CHECK(c.san != "Rxd7");
  SearchSpec spec;  // the same search, run for its counters
  spec.game = "chess";
  spec.position = pos;
  spec.set_algorithm("greenblatt");
  spec.depth = 2;
  spec.iterative = true;
  spec.set("widths", "1,6");
  CHECK(run_search(spec, false).counter("mate_skips") >= 1);
  CHECK(c.value > -1000);
  // Its first choice was Rxd7: the replacement came from the mate rule.
  ChessGame g = ChessGame::from_text(pos);
  std::vector<chess::Move> legal;
  g.moves(legal);
  Plausibility p;
  plausible_moves(g.position(), legal, false, false, p);
  CHECK(san_of(pos, p.moves[0].move) == "Rxd7");
}

TEST_CASE(
    "the position evaluator: feedover when its condition holds, else static value and captures") {
  // The c3 knight forks the rooks (condition 2): the plausible move generator runs again.
  GreenblattOptions o;
  NullSink sink;
  ChessGame fork = ChessGame::from_text("7k/8/8/8/8/2n5/R3R3/6K1 w - - 0 1");
  GreenblattSearch<NullSink> s(fork, sink, o);
  s.run(0);
  CHECK(s.stats().feedovers >= 1);
  CHECK(s.stats().generations >= 1);
  // Without feedover the same position is only evaluated statically (no capture for white).
  o.feedover_limit = 0;
  GreenblattSearch<NullSink> t(fork, sink, o);
  t.run(0);
  CHECK(t.stats().feedovers == 0);
  CHECK(t.stats().generations == 0);
  CHECK(t.stats().static_evals == 1);
  CHECK(t.stats().nodes == 1);
}

TEST_CASE("the capture search has no depth limit") {
  // At depth 0: Rxa6 (a free knight), Bxf3 (a free knight back), Rxh6 (a free pawn).
  const char* pos = "8/4k3/n6p/7b/8/5N2/8/R3K3 w - - 0 1";
  GreenblattOptions o;
  o.feedover_limit = 0;
  NullSink sink;
  ChessGame g = ChessGame::from_text(pos);
  GreenblattSearch<NullSink> s(g, sink, o);
  const Score v = s.run(0);
  const Line& line = s.principal_variation();
  REQUIRE(line.length == 3);
  CHECK(chess::to_uci(line.moves[0]) == "a1a6");
  CHECK(chess::to_uci(line.moves[1]) == "h5f3");
  CHECK(chess::to_uci(line.moves[2]) == "a6h6");
  CHECK_FALSE(line.generated[0]);  // chosen by the capture search, not the plausible move generator
  // The value is the static value at the end of the line (white to move at the root).
  ChessGame end = ChessGame::from_text(pos);
  for (int i = 0; i < 3; ++i) end.make(line.moves[i]);
  CHECK(v == end.eval_terms().total);
  CHECK(s.stats().capture_nodes >= 3);
}

TEST_CASE("the hash table settles a position searched before to the same depth") {
  GreenblattOptions o;
  NullSink sink;
  TranspositionTable table(GreenblattOptions::k_default_hash);
  ChessGame g = ChessGame::from_text("startpos moves e4 e5 Nf3 Nc6");
  GreenblattSearch<NullSink> first(g, sink, o, &table);
  const Score v = first.run(3);
  CHECK(first.stats().nodes > 50);
  GreenblattSearch<NullSink> again(g, sink, o, &table);
  CHECK(again.run(3) == v);
  CHECK(again.stats().nodes == 1);
  CHECK(again.stats().hash_cutoffs == 1);
}

TEST_CASE("a draw by repetition returns at once") {
  // Black to move; Ng8 would bring the start position back for the third time.
  trace::Trace t;
  trace::Recorder rec(t, true);
  GreenblattOptions o;
  o.widths = WidthSchedule::parse("40");
  ChessGame g = ChessGame::from_text("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
  GreenblattSearch<trace::Recorder> s(g, rec, o);
  s.run(1);
  const trace::Model m(t);
  bool found = false;
  for (std::uint32_t k = 0; k < m.child_count(0); ++k) {
    const std::uint32_t c = m.child(0, k);
    if (m.label(c) != "Ng8") continue;
    found = true;
    CHECK(m.node(c).leaf);
    CHECK(m.node(c).ret == 0);
    CHECK(m.child_count(c) == 0);
  }
  CHECK(found);
}

TEST_CASE("alpha-beta finds the value of the same selective search without it, in fewer nodes") {
  for (const char* pos : {"startpos moves e4 e5 Nf3 Nc6 Bc4 Nf6",
                          "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
                          "4r1k1/3n1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}) {
    CAPTURE(pos);
    GreenblattOptions o;
    o.modifications = false;  // penalties read the returned line, which bounds do not fix
    NullSink sink;
    ChessGame a = ChessGame::from_text(pos), b = ChessGame::from_text(pos);
    GreenblattSearch<NullSink> pruned(a, sink, o);
    o.pruning = false;
    GreenblattSearch<NullSink> full(b, sink, o);
    const Score with = pruned.run(3), without = full.run(3);
    CHECK(with == without);
    CHECK(pruned.stats().nodes < full.stats().nodes);
    CHECK(full.stats().cutoffs == 0);
  }
}

TEST_CASE("budgets: a node budget stops the search and the best move so far is kept") {
  Budget b;
  b.nodes = 500;
  const char* position = "startpos moves d4 d5 c4 e6 Nc3 Nf6";
  Player player(parse_player("greenblatt"));
  const MoveChoice c = player.choose("chess", position, b);
  CHECK(c.nodes <= 500 + 1);
  CHECK(c.move_index >= 0);
  CHECK(c.depth >= 1);
  // The same budget twice: the same move (a node budget is deterministic).
  CHECK(Player(parse_player("greenblatt")).choose("chess", position, b).move_index == c.move_index);
  // A finished game: no move.
  CHECK(player.choose("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", b).move_index == -1);
}

namespace {

// Plays `position` out, the Greenblatt program on both sides (normal widths): the side to move
// at basic depth `strong_depth`, the other at its default (3), for at most 100 plies (the
// fifty-move rule: no capture or pawn move can happen here). Returns the plies to the end and
// the game's status then.
std::pair<int, ChessGame::Status> play_out(const char* position, std::string& moves,
                                           int strong_depth) {
  std::string text = std::string(position) + " moves";
  Player strong(parse_player("greenblatt:depth=" + std::to_string(strong_depth)));
  Player other(parse_player("greenblatt"));
  for (int ply = 0; ply < 100; ++ply) {
    ChessGame game = ChessGame::from_text(text);
    if (game.status() != ChessGame::Status::ongoing) return {ply, game.status()};
    const MoveChoice c = (ply % 2 == 0 ? strong : other).choose("chess", text, Budget{});
    std::vector<chess::Move> legal;
    game.moves(legal);
    const std::string san = chess::to_san(game.position(), legal.at(c.move_index));
    moves += san + " ";
    text += " " + san;
  }
  return {100, ChessGame::from_text(text).status()};
}

}  // namespace

// The endings the program could not win before (docs/greenblatt.md, "Endings"): mated well
// inside the fifty-move rule, by the paper's heuristics with the queens read as both sides'
// queens, the king's development counted once they are off, and the E term. The last two
// positions were drawn at depth 4 until E counted the bare king's room against a rook. (At
// depth 3 about one K+R v K position in fifty is still drawn: docs/greenblatt.md.)
TEST_CASE("K+Q v K and K+R v K are mated within the fifty-move rule") {
  for (const char* position :
       {"8/8/8/4k3/8/8/8/4K2Q w - - 0 1", "8/8/3k4/8/8/8/8/Q3K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        "8/3K4/8/5R2/8/8/8/1k6 w - - 0 1", "8/5k2/8/8/2R5/8/8/2K5 w - - 0 1"}) {
    CAPTURE(std::string(position));
    std::string moves;
    const auto [plies, status] = play_out(position, moves, 4);
    CAPTURE(moves);
    CHECK(status == ChessGame::Status::checkmate);
    CHECK(plies % 2 == 1);  // White gave the mate
    CHECK(plies < 100);
  }
}
