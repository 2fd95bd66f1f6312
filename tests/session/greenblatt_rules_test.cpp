// The Greenblatt program's rules, one hand-made position per rule (seed 003): en prise, pinned,
// trapped, the feedover conditions, the width schedule and its extensions, the plausibility
// heuristics and the value modifications. Numbers are worked out in the comments.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/error.hpp"
#include "games/chess/chess_game.hpp"
#include "games/chess/notation.hpp"
#include "search/greenblatt/feedover.hpp"
#include "search/greenblatt/modifications.hpp"
#include "search/greenblatt/plausibility.hpp"
#include "search/greenblatt/width.hpp"
#include "trace/event.hpp"

using namespace kibitz;
using namespace kibitz::greenblatt;
using chess::Position;

namespace {

Square sq(const char* name) {
  return chess::make_square(name[0] - 'a', name[1] - '1');
}

struct Scored {
  ChessGame game;
  std::vector<chess::Move> legal;
  Plausibility p;
  explicit Scored(const std::string& text) : game(ChessGame::from_text(text)) {
    game.moves(legal);
    plausible_moves(game.position(), legal, false, true, p);
  }
  const PlausibleMove& move(const std::string& san) const {
    for (const PlausibleMove& m : p.moves) {
      if (chess::to_san(game.position(), m.move) == san) return m;
    }
    FAIL("no move " << san);
    return p.moves.front();
  }
  std::vector<std::string> comments(const PlausibleMove& m) const {
    std::vector<std::string> out;
    for (int i = m.first; i < m.first + m.count; ++i)
      out.push_back(describe(p.contributions[static_cast<std::size_t>(i)]));
    return out;
  }
  bool has(const PlausibleMove& m, const std::string& comment) const {
    const auto c = comments(m);
    return std::find(c.begin(), c.end(), comment) != c.end();
  }
  int rank_of(const std::string& san) const {
    for (std::size_t r = 0; r < p.moves.size(); ++r) {
      if (chess::to_san(game.position(), p.moves[r].move) == san) return static_cast<int>(r);
    }
    return -1;
  }
};

Feedover feedover_of(const char* fen) {
  const ChessGame g = ChessGame::from_text(fen);
  std::vector<chess::Move> legal;
  g.moves(legal);
  return feedover_condition(g.position(), legal);
}

}  // namespace

TEST_CASE("en prise: the paper's knight, attacked by a bishop and a rook, defended by a pawn") {
  // Black knight e5, defended by the d6 pawn; white bishop c3 and rook e1 attack it.
  const Position both = Position::from_fen("4k3/8/3p4/4n3/8/2B5/8/4R1K1 w - - 0 1");
  const SquareControl c = control_of(both, sq("e5"), both.occupied());
  CHECK(c.attackers == 2);
  CHECK(c.defenders == 1);
  CHECK(c.least_attacker == 448);
  CHECK(c.least_defender == 128);
  // 416 - 448 + 128 = 96 > 0 with more attackers than defenders: en prise.
  CHECK(en_prise(both, sq("e5")));
  // The bishop alone: one attacker worth more than the knight, one defender: not en prise.
  CHECK_FALSE(en_prise(Position::from_fen("4k3/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1"), sq("e5")));
  // A knight attacked by a pawn is en prise although a pawn defends it.
  CHECK(en_prise(Position::from_fen("4k3/8/3p4/4n3/3P4/8/8/6K1 w - - 0 1"), sq("e5")));
  // Undefended and attacked by the king alone: en prise; defended: the king cannot take.
  CHECK(en_prise(Position::from_fen("8/8/8/8/8/3k4/3n4/3K4 b - - 0 1"), sq("d2")) == false);
  CHECK(en_prise(Position::from_fen("8/8/8/8/8/8/3n4/3K2k1 w - - 0 1"), sq("d2")));
}

TEST_CASE("exchange gain: what a capture appears to gain when both sides go on capturing") {
  auto gain = [](const char* fen, const char* uci) {
    const Position p = Position::from_fen(fen);
    return exchange_gain(p, chess::parse_uci(p, uci).move);
  };
  // The paper's knight: Bxe5 dxe5 Rxe5 wins 416 - 448 + 128 = 96.
  CHECK(gain("4k3/8/3p4/4n3/8/2B5/8/4R1K1 w - - 0 1", "c3e5") == 96);
  // With the bishop alone, Bxe5 dxe5 loses 32: not a plausible capture.
  CHECK(gain("4k3/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1", "c3e5") == -32);
  // Qxd4 cxd4: 128 - 1248.
  CHECK(gain("4k3/8/8/2p5/3p4/8/8/3QK3 w - - 0 1", "d1d4") == -1120);
  // A free pawn: 128; a pawn promoting to a queen on a free square: 1248 - 128.
  CHECK(gain("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1d4") == 128);
  CHECK(gain("8/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8q") == 1120);
}

TEST_CASE("pinned: against the king, and against a piece it would leave en prise") {
  // The knight on e2 shields the king on e1 from the rook on e7.
  CHECK(pinned_against(Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"), sq("e2")) ==
        sq("e1"));
  // The knight on d3 shields the undefended rook on f1 from the bishop on b5.
  CHECK(pinned_against(Position::from_fen("4k3/8/8/1b6/8/3N4/8/5R1K w - - 0 1"), sq("d3")) ==
        sq("f1"));
  // A defended knight behind it is not left en prise by a bishop (416 < 448, defended): not pinned.
  CHECK_FALSE(pinned(Position::from_fen("4k3/8/8/1b6/8/3N4/8/R4N1K w - - 0 1"), sq("d3")));
}

TEST_CASE("trapped: a piece with no safe move") {
  // The white knight on a8: Nb6 walks into the c7 pawn, Nxc7 into the king. Trapped.
  const ChessGame g = ChessGame::from_text("N2k4/2p5/1p6/8/8/8/8/6K1 w - - 0 1");
  std::vector<chess::Move> legal;
  g.moves(legal);
  CHECK(trapped(g.position(), sq("a8"), legal));
  // The king's legal moves are safe, so it is never trapped while it can move.
  CHECK_FALSE(trapped(g.position(), sq("g1"), legal));
  // The knight's side to move has two pieces, the king with safe moves and the trapped knight.
  CHECK(chess::popcount(pieces_with_safe_moves(g.position(), legal)) == 1);
}

TEST_CASE("feedover 1A: a piece en prise while in check") {
  // The rook h1 checks the king e1; the knight b3 attacks the rook a1.
  const Feedover f = feedover_of("4k3/8/8/8/8/1n6/8/R3K2r w - - 0 1");
  CHECK(f.condition == FeedoverCondition::in_check);
  CHECK(f.ours == sq("a1"));
}

TEST_CASE("feedover 1B: the piece en prise is pinned (or trapped)") {
  // The knight d3, attacked by the bishop b5 and undefended, is pinned against the rook f1.
  const Feedover f = feedover_of("4k3/8/8/1b6/8/3N4/8/5R1K w - - 0 1");
  CHECK(f.condition == FeedoverCondition::trapped_or_pinned);
  CHECK(f.ours == sq("d3"));
}

TEST_CASE("feedover 2: two pieces en prise") {
  // The knight c3 forks the rooks a2 and e2 (each defends the other, but 416 < 640).
  const Feedover f = feedover_of("7k/8/8/8/8/2n5/R3R3/6K1 w - - 0 1");
  CHECK(f.condition == FeedoverCondition::two_en_prise);
  CHECK(f.ours == sq("a2"));
  CHECK(f.theirs == sq("e2"));
}

TEST_CASE("feedover 3: one piece en prise each, the opponent's pinned") {
  // White's knight a4 is attacked by the b5 pawn; Black's knight e5, attacked by the rook e1
  // and undefended, is pinned against its king.
  const Feedover f = feedover_of("4k3/8/8/1p2n3/N7/8/8/4R1K1 w - - 0 1");
  CHECK(f.condition == FeedoverCondition::exchange);
  CHECK(f.ours == sq("a4"));
  CHECK(f.theirs == sq("e5"));
  // Without the pin (the king on d8), nothing holds: each side simply saves its piece.
  CHECK(feedover_of("3k4/8/8/1p2n3/N7/8/8/4R1K1 w - - 0 1").condition == FeedoverCondition::none);
  CHECK(feedover_of("startpos").condition == FeedoverCondition::none);
}

TEST_CASE("width schedule: tournament, normal and typed widths") {
  const WidthSchedule t = WidthSchedule::tournament();
  CHECK(t.at(1) == 15);
  CHECK(t.at(2) == 15);
  CHECK(t.at(3) == 9);
  CHECK(t.at(4) == 9);
  CHECK(t.at(5) == 7);
  CHECK(t.at(12) == 7);  // the last width for every deeper level
  CHECK(WidthSchedule::normal().at(1) == 6);
  CHECK(WidthSchedule::normal().at(9) == 6);
  CHECK(WidthSchedule::parse("15,15,9,9,7").text() == "15,15,9,9,7");
  CHECK(WidthSchedule::parse("tournament").text() == "15,15,9,9,7");
  CHECK(WidthSchedule::parse(" 4, 3").at(2) == 3);
  CHECK_THROWS_WITH_AS(WidthSchedule::parse("0"),
                       "width schedule '0': every width must be between 1 and 218, not 0",
                       InputError);
  CHECK_THROWS_AS(WidthSchedule::parse("9,,7"), InputError);
  CHECK_THROWS_AS(WidthSchedule::parse("wide"), InputError);
  CHECK_THROWS_AS(WidthSchedule::parse(""), InputError);
  CHECK_THROWS_AS(WidthSchedule::parse("99999"), InputError);
  CHECK_THROWS_AS(WidthSchedule::parse("5;4"), InputError);
}

TEST_CASE("width: the basic width at the start position, and the distinct-piece minimum") {
  const Scored s("startpos");
  const Selection sel = select_moves(s.game.position(), s.legal, s.p, 6, true);
  // No checks, no captures; the six most plausible moves (d4 e4 Nc3 Nf3 e3 d3) move six pieces.
  CHECK(sel.selected == 6);
  CHECK(sel.distinct_min == 3);  // min(6 / 2, 10 pieces with safe moves)
  CHECK(sel.safe_pieces == 10);  // eight pawns and two knights
  CHECK(std::count(sel.reason.begin(), sel.reason.end(), Reason::basic) == 6);
}

TEST_CASE("width: all captures at levels 1 and 2, not deeper") {
  // White can capture on d7 (rook), a7 and c4 (queen). Width 1: one basic move (Rxd7, the
  // knight), and at level 1 or 2 every other capture too.
  const Scored s("4r2k/p2n3p/8/8/2p5/8/Q4PPP/3R2K1 w - - 0 1");
  CHECK(s.rank_of("Rxd7") == 0);
  const Selection low = select_moves(s.game.position(), s.legal, s.p, 1, true);
  const Selection deep = select_moves(s.game.position(), s.legal, s.p, 1, false);
  const auto captures = std::count_if(s.p.moves.begin(), s.p.moves.end(),
                                      [](const PlausibleMove& m) { return m.capture; });
  CHECK(captures == 3);
  CHECK(std::count(low.reason.begin(), low.reason.end(), Reason::capture) ==
        2);  // the third is the basic move
  CHECK(std::count(deep.reason.begin(), deep.reason.end(), Reason::capture) == 0);
}

TEST_CASE("width: all safe checks") {
  // Safe checks: Ra8, Qa4, Qh5; unsafe: Qd8 and Qd7 (the king or the rook takes). Width 1: the
  // safe checks beyond it are searched, the unsafe ones are not.
  const Scored s("4k3/4r3/8/8/8/8/5PPP/R2Q2K1 w - - 0 1");
  const Selection sel = select_moves(s.game.position(), s.legal, s.p, 1, false);
  int checks = 0;
  for (std::size_t r = 0; r < s.p.moves.size(); ++r) {
    if (sel.reason[r] == Reason::check) {
      ++checks;
      CHECK(s.p.moves[r].safe_check());
    }
    if (sel.reason[r] == Reason::none) CHECK_FALSE(s.p.moves[r].safe_check());
  }
  CHECK(checks == 3);
}

TEST_CASE("width: moves of a minimum number of distinct pieces") {
  // The white queen d4 is attacked by the e5 pawn: its escapes are all highly plausible, so
  // the four basic moves are queen moves; min(4 / 2, pieces with safe moves) = 2 distinct
  // pieces are required, so the best safe move of another piece is added.
  const Scored s("4k3/8/8/4p3/3Q4/8/PP6/4K3 w - - 0 1");
  const Selection sel = select_moves(s.game.position(), s.legal, s.p, 4, false);
  for (int r = 0; r < 4; ++r)
    CHECK(chess::type_of(s.game.position().moved_piece(
              s.p.moves[static_cast<std::size_t>(r)].move)) == chess::PieceType::queen);
  CHECK(sel.distinct_min == 2);
  CHECK(std::count(sel.reason.begin(), sel.reason.end(), Reason::distinct) == 1);
}

TEST_CASE("plausibility: unblocking a bishop, in the paper's words") {
  const Scored s("startpos");
  CHECK(chess::to_san(s.game.position(), s.p.moves[0].move) == "d4");
  CHECK(s.p.moves[0].score == 37);  // 4 + 13 + 10 + 10
  CHECK(s.has(s.p.moves[0],
              "+13 points for unblocking the white bishop on c1 so that it now attacks e3"));
  CHECK(s.has(s.p.moves[0], "+10 points for advancing the centre pawn to d4"));
  CHECK(s.move("Nf3").score == 29);  // 17 development, 2 for the rook, 10 for leaving g1
  CHECK(s.has(s.move("Nh3"), "-8 points for putting the knight on the rim at h3"));
  CHECK(s.has(s.move("a3"), "-6 points for a wing pawn move in the first eight moves"));
}

TEST_CASE("plausibility: do not block your centre pawns") {
  const Scored s("startpos moves e4 e5");
  const PlausibleMove& bd3 = s.move("Bd3");
  CHECK(
      s.has(bd3, "-20 points for blocking the white pawn on d2 (do not block your centre pawns)"));
  CHECK(bd3.score == -5);  // 5 development, 10 for leaving f1, -20
}

TEST_CASE("plausibility: castling, captures and pieces left en prise") {
  const Scored s("startpos moves e4 e5 Nf3 Nc6 Bc4 Nf6");
  CHECK(s.has(s.move("O-O"), "+30 points for castling"));
  // e4 is attacked by the f6 knight and undefended: Nc3 defends it.
  CHECK(s.has(s.move("Nc3"), "+32 points for defending the white pawn on e4, en prise"));
  // Bxf7+ takes a pawn but the king takes the bishop.
  const PlausibleMove& bxf7 = s.move("Bxf7+");
  CHECK(s.has(bxf7, "+32 points for capturing the black pawn on f7"));
  CHECK(s.has(bxf7, "-112 points: the bishop would be en prise on f7"));
  CHECK_FALSE(bxf7.safe);
  CHECK(bxf7.check);
  // Bd3 is developmentally poor (its positional score is below -10).
  CHECK(s.move("Bd3").poor);
  CHECK_FALSE(s.move("O-O").poor);
}

TEST_CASE("plausibility: the capture search's plausible captures must gain material") {
  // Qxd4 would lose the queen to the c5 pawn (128 - 1248 < 0): not a plausible capture.
  const ChessGame g = ChessGame::from_text("4k3/8/8/2p5/3p4/8/8/3QK3 w - - 0 1");
  std::vector<chess::Move> legal;
  g.moves(legal);
  Plausibility p;
  plausible_moves(g.position(), legal, true, true, p);
  CHECK(p.moves.empty());
  // An undefended pawn is a plausible capture: gain 128.
  const ChessGame h = ChessGame::from_text("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1");
  h.moves(legal);
  plausible_moves(h.position(), legal, true, true, p);
  REQUIRE(p.moves.size() == 1);
  CHECK(p.moves[0].gain == 128);
}

TEST_CASE("value modifications: back where it came from, a translation, the first eight moves") {
  GreenblattOptions o;
  const ChessGame g = ChessGame::from_text("startpos");
  std::vector<chess::Move> legal;
  g.moves(legal);
  auto move = [&](const Position& pos, const char* uci) { return chess::parse_uci(pos, uci).move; };
  PlausibleMove nf3;
  nf3.move = move(g.position(), "g1f3");
  Line reply;
  // 1.Nf3 e5 2.Ng1: back to its square (12), in the first eight moves (6): the larger, 12.
  Position after = g.position();
  chess::Undo u1, u2;
  after.make(nf3.move, u1);
  reply.moves[0] = move(after, "e7e5");
  after.make(reply.moves[0], u2);
  reply.moves[1] = move(after, "f3g1");
  reply.length = 2;
  Penalty p = value_penalty(g.position(), legal, nf3, reply, o);
  CHECK(p.points == 12);
  CHECK(p.reasons == (greenblatt::k_penalty_back | greenblatt::k_penalty_opening));
  // Poor development adds its 4.
  nf3.poor = true;
  CHECK(value_penalty(g.position(), legal, nf3, reply, o).points == 16);
  // Late in the game (move 20), 1.Be2 ... 2.Bc4 is a translation Bf1-c4 could make in one: 8.
  const ChessGame late =
      ChessGame::from_text("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 20");
  late.moves(legal);
  PlausibleMove be2;
  be2.move = move(late.position(), "f1e2");
  Position a2 = late.position();
  a2.make(be2.move, u1);
  reply.moves[0] = move(a2, "g8f6");
  a2.make(reply.moves[0], u2);
  reply.moves[1] = move(a2, "e2c4");
  p = value_penalty(late.position(), legal, be2, reply, o);
  CHECK(p.points == 8);
  CHECK(p.reasons == greenblatt::k_penalty_translation);
  // Another piece moving two plies down: nothing.
  reply.moves[1] = move(a2, "g1f3");
  CHECK(value_penalty(late.position(), legal, be2, reply, o).points == 0);
  // Switched off: nothing.
  o.modifications = false;
  reply.moves[1] = move(a2, "e2f1");
  CHECK(value_penalty(late.position(), legal, be2, reply, o).points == 0);
}

TEST_CASE("the first eight moves count from the game's start, as moves or a FEN's move number") {
  // From the start position: 1.e4 e5 2.Qh5 is an early queen move; by move 9 it is not.
  CHECK(Scored("startpos moves e4 e5")
            .has(Scored("startpos moves e4 e5").move("Qh5"),
                 "-12 points for bringing the queen out in the first eight moves"));
  const Scored late(
      "startpos moves e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 d6 c3 O-O Nbd2 a6 "
      "a4 Ba7 h3");
  CHECK(!late.has(late.move("Qe7"),
                  "-12 points for bringing the queen out in the first eight moves"));
  CHECK(ChessGame::from_text("startpos moves e4 e5").position().game_ply() == 2);
  // The same position as a FEN: its move number says the same.
  const char* fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  CHECK(Position::from_fen(fen).game_ply() == 2);
  CHECK(Scored(fen).has(Scored(fen).move("Qh5"),
                        "-12 points for bringing the queen out in the first eight moves"));
  // A composed ending says "move 1" whatever it is: not the opening (the queen walks freely,
  // and modification 2 does not fire) ...
  const Scored ending("8/8/8/4k3/8/8/8/4K2Q w - - 0 1");
  CHECK(ending.game.position().game_ply() == -1);
  for (const std::string& c : ending.comments(ending.move("Qc6")))
    CHECK(c.find("first eight moves") == std::string::npos);
  // ... while a full position at move 1 is the start of a game, and move 40 is far past it.
  CHECK(Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .game_ply() == 1);
  CHECK(!Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 40").in_first_eight_moves());
}
