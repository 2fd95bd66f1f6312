// Descriptive notation (the Greenblatt program's "standard chess notation input (e.g., P-K4)"):
// a whole game written the old way gives the same positions as its SAN; squares named from the
// mover's side; qualifiers, captures, castling, promotion, en passant; the wrong and the
// ambiguous named as such.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/chess/chess_game.hpp"
#include "games/chess/descriptive.hpp"
#include "games/chess/notation.hpp"

using namespace kibitz;
using namespace kibitz::chess;

namespace {

std::string uci_of(const char* position, const char* text) {
  const ChessGame g = ChessGame::from_text(position);
  const ParsedMove p = parse_move(g.position(), text);
  return p.status == ParseStatus::ok ? to_uci(p.move) : "";
}

ParseStatus status_of(const char* position, const char* text) {
  return parse_move(ChessGame::from_text(position).position(), text).status;
}

}  // namespace

TEST_CASE("descriptive notation: Morphy's Opera Game, move for move as its SAN") {
  // Paris 1858, as printed in descriptive notation.
  const char* old_way =
      "P-K4 P-K4 N-KB3 P-Q3 P-Q4 B-N5 PxP BxN QxB PxP B-QB4 N-KB3 Q-QN3 Q-K2 N-B3 P-B3 "
      "B-KN5 P-N4 NxP PxN BxNP+ QN-Q2 O-O-O R-Q1 RxN RxR R-Q1 Q-K3 BxR+ NxB Q-N8+ NxQ R-Q8mate";
  const char* san =
      "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ "
      "Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
  const ChessGame a = ChessGame::from_text(std::string("startpos moves ") + old_way);
  const ChessGame b = ChessGame::from_text(std::string("startpos moves ") + san);
  CHECK(a.position().fen() == b.position().fen());
  CHECK(a.status() == ChessGame::Status::checkmate);
}

TEST_CASE("descriptive notation: squares are named from the side to move") {
  CHECK(uci_of("startpos", "P-K4") == "e2e4");
  CHECK(uci_of("startpos moves e4", "P-K4") == "e7e5");
  CHECK(uci_of("startpos moves e4", "P-QB4") == "c7c5");
  CHECK(uci_of("startpos", "N-KB3") == "g1f3");
  CHECK(uci_of("startpos", "N-QB3") == "b1c3");
  CHECK(uci_of("startpos moves e4 e5", "Kt-KB3") == "g1f3");  // the older "Kt"
  CHECK(uci_of("startpos moves e4 e5", "q-r5") == "d1h5");    // any case; R5: only h5 is legal
  CHECK(uci_of("startpos moves e4 e5", "B-B4") == "f1c4");    // c4 (f4 is not reachable)
}

TEST_CASE("descriptive notation: qualifiers, captures, castling, promotion, en passant") {
  // Two knights can reach d2 (b1, f3): "N-Q2" is ambiguous, QN-Q2 and N/1-Q2 are not.
  const char* knights = "startpos moves d4 d5 Nf3 Nf6";
  CHECK(status_of(knights, "N-Q2") == ParseStatus::ambiguous);
  CHECK(uci_of(knights, "QN-Q2") == "b1d2");
  CHECK(uci_of(knights, "KN-Q2") == "f3d2");
  CHECK(uci_of(knights, "N/1-Q2") == "b1d2");
  CHECK(uci_of(knights, "N(KB3)-Q2") == "f3d2");
  // PxP with two pawn captures: the file says which.
  const char* pawns = "startpos moves e4 d5 c4 e6";
  CHECK(status_of(pawns, "PxP") == ParseStatus::ambiguous);
  CHECK(uci_of(pawns, "KPxP") == "e4d5");
  CHECK(uci_of(pawns, "BPxP") == "c4d5");
  CHECK(status_of(pawns, "PxP/Q5") == ParseStatus::ambiguous);  // both take on d5
  // Castling both ways, and a check mark ignored.
  const char* castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(uci_of(castle, "O-O") == "e1g1");
  CHECK(uci_of(castle, "O-O-O") == "e1c1");
  CHECK(uci_of(castle, "R-KB1 ch") == "h1f1");
  // Promotion, and en passant written as a pawn capture.
  CHECK(uci_of("8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "P-Q8=N") == "d7d8n");
  CHECK(uci_of("8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "P-Q8(Q)") == "d7d8q");
  CHECK(uci_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "PxP e.p.") == "e5d6");
}

TEST_CASE(
    "descriptive notation: captures by square, Castles, a check mark that decides, marks apart") {
  // Nx(Q5) and NxQ5: the captured piece named by its square.
  CHECK(uci_of("startpos moves e4 d5 Nc3 e6", "Nx(Q5)") == "c3d5");
  CHECK(uci_of("startpos moves e4 d5 Nc3 e6", "NxQ5") == "c3d5");
  CHECK(uci_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Castles") == "e1g1");
  CHECK(uci_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "CastlesQ") == "e1c1");
  // The Evergreen Game, 22.B-B5 dbl ch: of the two bishop moves to a B5 only Bf5 checks.
  const char* evergreen = "1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22";
  CHECK(status_of(evergreen, "B-B5") == ParseStatus::ambiguous);
  CHECK(uci_of(evergreen, "B-B5dblch") == "d3f5");
  CHECK(uci_of(evergreen, "B-B5+") == "d3f5");
  // Marks written apart from the move are marks, not moves.
  const ChessGame g = ChessGame::from_text("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 moves PxP e.p.");
  CHECK(g.position().fen() == "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
  CHECK(ChessGame::from_text("startpos moves P-K4 P-K4 N-KB3 ch").position().fullmove_number() ==
        2);
}

TEST_CASE("descriptive notation: what does not fit is refused, naming the move") {
  CHECK(status_of("startpos", "P-K5") == ParseStatus::illegal);
  CHECK(status_of("startpos", "NxP") == ParseStatus::illegal);
  CHECK(status_of("startpos", "P-Z4") == ParseStatus::malformed);
  CHECK(!looks_like_descriptive("e4"));
  CHECK(!looks_like_descriptive("Nxe5"));
  CHECK(!looks_like_descriptive("Bxb5"));
  CHECK(!looks_like_descriptive("O-O"));
  CHECK(looks_like_descriptive("NxP"));
  CHECK(looks_like_descriptive("n-kb3"));
  try {
    ChessGame::from_text("startpos moves P-K4 P-K4 N-KB3 N-Q4");
    FAIL("an illegal move was taken");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("move 4 'N-Q4' is illegal") != std::string::npos);
  }
}
