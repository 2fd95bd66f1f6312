// Chess notation: SAN and UCI printed and parsed back for every move near the standard
// positions, and the SAN forms that need care (castling, en passant, promotion, check and
// mate marks, disambiguation).
#include <doctest/doctest.h>

#include <string>

#include "games/chess/movegen.hpp"
#include "games/chess/notation.hpp"
#include "games/chess/position.hpp"

using namespace kibitz::chess;

namespace {

const char* const k_positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

// Every legal move of every position within `depth` plies: SAN and UCI both parse back to the
// move, and the SANs of one position are all different.
void round_trip(Position& pos, int depth, long& moves) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> sans;
  for (const Move m : list) {
    const std::string san = to_san(pos, m);
    const std::string uci = to_uci(m);
    INFO(pos.fen() << " move " << uci << " san " << san);
    const ParsedMove ps = parse_san(pos, san);
    REQUIRE(ps.status == ParseStatus::ok);
    REQUIRE(ps.move == m);
    const ParsedMove pu = parse_uci(pos, uci);
    REQUIRE(pu.status == ParseStatus::ok);
    REQUIRE(pu.move == m);
    REQUIRE(parse_move(pos, san).move == m);
    REQUIRE(parse_move(pos, uci).move == m);
    for (const std::string& other : sans) REQUIRE(other != san);
    sans.push_back(san);
    ++moves;
    if (depth > 1) {
      Undo u;
      pos.make(m, u);
      round_trip(pos, depth - 1, moves);
      pos.unmake(m, u);
    }
  }
}

std::string san_of(const char* fen, const char* uci) {
  const Position pos = Position::from_fen(fen);
  const ParsedMove p = parse_uci(pos, uci);
  REQUIRE(p.status == ParseStatus::ok);
  return to_san(pos, p.move);
}

std::string uci_of(const char* fen, const char* san) {
  const Position pos = Position::from_fen(fen);
  const ParsedMove p = parse_san(pos, san);
  if (p.status != ParseStatus::ok) return "?";
  return to_uci(p.move);
}

}  // namespace

TEST_CASE("SAN and UCI round trips for every move of every position two plies deep") {
  // The positions at depth 0, 1 and 2 from the six standard positions: their moves are the
  // paths counted by perft 1 + 2 + 3.
  long moves = 0;
  for (const char* fen : k_positions) {
    Position pos = Position::from_fen(fen);
    round_trip(pos, 3, moves);
  }
  MESSAGE(moves << " moves printed and parsed back");
  CHECK(moves == (20 + 400 + 8902) + (48 + 2039 + 97862) + (14 + 191 + 2812) + (6 + 264 + 9467) +
                     (44 + 1486 + 62379) + (46 + 2079 + 89890));
}

TEST_CASE("SAN forms") {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(san_of(start, "g1f3") == "Nf3");
  CHECK(san_of(start, "e2e4") == "e4");
  CHECK(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == "exd6");
  const char* castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(san_of(castles, "e1g1") == "O-O");
  CHECK(san_of(castles, "e1c1") == "O-O-O");
  CHECK(san_of(castles, "a1a8") == "Rxa8+");
  const char* promo = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
  CHECK(san_of(promo, "e7e8q") == "e8=Q+");
  CHECK(san_of(promo, "e7e8r") == "e8=R+");
  CHECK(san_of(promo, "e7e8b") == "e8=B");
  CHECK(san_of(promo, "e7e8n") == "e8=N");
  CHECK(san_of("3nk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q") == "exd8=Q+");
  // Scholar's mate.
  const char* scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  CHECK(san_of(scholar, "h5f7") == "Qxf7#");
  // Disambiguation by file, by rank, and by both.
  const char* knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
  CHECK(san_of(knights, "b1d2") == "Nbd2");
  CHECK(san_of(knights, "f1d2") == "Nfd2");
  CHECK(san_of(knights, "b1c3") == "Nc3");
  const char* rooks = "7k/8/8/8/8/4R3/8/K3R3 w - - 0 1";
  CHECK(san_of(rooks, "e1e2") == "R1e2");
  CHECK(san_of(rooks, "e3e2") == "R3e2");
  const char* queens = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
  CHECK(san_of(queens, "h4e1") == "Qh4e1");
  CHECK(san_of(queens, "h1e1") == "Q1e1");
  CHECK(san_of(queens, "e4e1") == "Qee1");
  // A pinned piece is no rival (it has no legal move there): no disambiguation.
  CHECK(san_of("4k3/8/8/8/8/8/8/rN2KN2 w - - 0 1", "f1d2") == "Nd2");
  CHECK(san_of("4k3/8/8/8/8/8/8/1N2KNr1 w - - 0 1", "b1d2") == "Nd2");
}

TEST_CASE("SAN parsing accepts the common variants and rejects what is not a move") {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(uci_of(start, "Nf3") == "g1f3");
  CHECK(uci_of(start, "Ngf3") == "g1f3");
  CHECK(uci_of(start, "Ng1f3") == "g1f3");
  CHECK(uci_of(start, "Nf3!?") == "g1f3");
  CHECK(uci_of(start, "e4") == "e2e4");
  CHECK(uci_of(start, "e5") == "?");
  CHECK(uci_of(start, "Nf4") == "?");
  const char* castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci_of(castles, "O-O") == "e1g1");
  CHECK(uci_of(castles, "0-0-0") == "e1c1");
  CHECK(uci_of(castles, "O-O+") == "e1g1");
  const char* promo = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
  CHECK(uci_of(promo, "e8=Q+") == "e7e8q");
  CHECK(uci_of(promo, "e8Q") == "e7e8q");
  CHECK(uci_of(promo, "e8=N") == "e7e8n");
  CHECK(uci_of(promo, "e8") == "?");  // the piece is required
  CHECK(uci_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6") == "e5d6");
  CHECK(uci_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6") == "e5d6");

  const Position knights = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  CHECK(parse_san(knights, "Nd2").status == ParseStatus::ambiguous);
  CHECK(parse_san(knights, "Nbd2").status == ParseStatus::ok);
  CHECK(parse_san(knights, "Ne3").status == ParseStatus::ok);
  CHECK(parse_san(knights, "Nd4").status == ParseStatus::illegal);
  for (const char* bad :
       {"", "x", "Zf3", "N", "Nf9", "e8=K", "Nf3x", "hello", "e2-e4", "O-O-O-O"}) {
    INFO("'" << bad << "'");
    CHECK(parse_san(knights, bad).status == ParseStatus::malformed);
  }
  CHECK(parse_uci(knights, "b1d2").status == ParseStatus::ok);
  CHECK(parse_uci(knights, "b1d4").status == ParseStatus::illegal);
  CHECK(parse_uci(knights, "b1d2q").status == ParseStatus::illegal);
  CHECK(parse_uci(knights, "b1d").status == ParseStatus::malformed);
  CHECK(to_uci(parse_uci(Position::from_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"), "e7e8n").move) ==
        "e7e8n");
}
