// FEN validation messages, ChessGame::from_text with moves, and bad input never crashing.
#include <doctest/doctest.h>

#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/chess/chess_game.hpp"
#include "games/chess/movegen.hpp"
#include "games/chess/position.hpp"

using namespace kibitz;
using namespace kibitz::chess;

namespace {

std::string fen_error(const std::string& fen) {
  try {
    Position::from_fen(fen);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string text_error(const std::string& text) {
  try {
    ChessGame::from_text(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const char* const k_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

TEST_CASE("FEN: valid input, canonical output") {
  CHECK(Position().fen() == k_start);
  CHECK(Position::from_fen(k_start).fen() == k_start);
  // Four fields (EPD style) get clocks 0 and 1; extra spaces are fine.
  CHECK(Position::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ").fen() ==
        k_start);
  // Castling letters in any order come out as KQkq.
  CHECK(Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 3 40").fen() ==
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 40");
  const Position ep =
      Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
  CHECK(ep.ep_square() == 20);
  CHECK(ep.side_to_move() == Color::black);
  CHECK(ep.halfmove_clock() == 0);
  CHECK(ep.fullmove_number() == 3);
}

TEST_CASE("FEN: every fault has its message") {
  const std::string fields =
      "FEN: 5 fields, expected 6 (placement, side to move, castling, en passant, halfmove clock, "
      "fullmove number)";
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0") == fields);
  CHECK(fen_error("").find("FEN: 0 fields, expected 6") == 0);
  CHECK(fen_error("8/8/8/8/8/8/8/8").find("FEN: 1 field, expected 6") == 0);
  CHECK(fen_error(std::string(k_start) + " 7").find("FEN: 7 fields, expected 6") == 0);

  CHECK(fen_error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): bad piece letter 'x' in rank 7");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): bad piece letter '9' in rank 3");
  CHECK(fen_error("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): rank 7 has 9 squares, expected 8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1") ==
        "FEN field 1 (placement): rank 1 has 7 squares, expected 8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/7/1/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): rank 4 has 7 squares, expected 8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): 7 ranks, expected 8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 1 (placement): 9 ranks, expected 8");

  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1") ==
        "FEN: two white kings");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1") ==
        "FEN: no white king");
  CHECK(fen_error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1") ==
        "FEN: no black king");
  CHECK(fen_error("k1k1k3/8/8/8/8/8/8/4K3 w - - 0 1") == "FEN: 3 black kings");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qkq - 0 1") ==
        "FEN: white pawn on h1 (pawns never stand on the first or eighth rank)");
  CHECK(fen_error("pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1") ==
        "FEN: black pawn on a8 (pawns never stand on the first or eighth rank)");
  CHECK(fen_error("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == "FEN: 9 white pawns (at most 8)");
  CHECK(fen_error("4k3/8/8/QQQQQQQQ/QQQQQQQQ/8/8/4K3 w - - 0 1") ==
        "FEN: 17 white pieces (at most 16)");

  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1") ==
        "FEN field 2 (side to move): 'x', expected 'w' or 'b'");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1") ==
        "FEN field 2 (side to move): 'W', expected 'w' or 'b'");

  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1") ==
        "FEN field 3 (castling): 'K' but the white rook is not on h1");
  CHECK(fen_error("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "FEN field 3 (castling): 'q' but the black rook is not on a8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w Qkq - 0 1") ==
        "FEN field 3 (castling): 'Q' but the white king is not on e1");
  CHECK(fen_error("rnbq1knr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1") ==
        "FEN field 3 (castling): 'k' but the black king is not on e8");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1") ==
        "FEN field 3 (castling): bad letter 'x' (expected K, Q, k, q or -)");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1") ==
        "FEN field 3 (castling): 'K' given twice");

  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1") ==
        "FEN field 4 (en passant): 'e4' is impossible with black to move (it must be on the third "
        "rank)");
  CHECK(fen_error("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1") ==
        "FEN field 4 (en passant): 'e3' is impossible with white to move (it must be on the sixth "
        "rank)");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1") ==
        "FEN field 4 (en passant): 'e3' but there is no white pawn on e4");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1") ==
        "FEN field 4 (en passant): 'e3' but e3 is not empty");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1") ==
        "FEN field 4 (en passant): 'e3' but e2 is not empty");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1") ==
        "FEN field 4 (en passant): 'z9' is not a square");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1") ==
        "FEN field 4 (en passant): 'e' is not a square");

  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1") ==
        "FEN field 5 (halfmove clock): 'x' is not a whole number from 0 to 10000");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1") ==
        "FEN field 5 (halfmove clock): '-1' is not a whole number from 0 to 10000");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20000 1") ==
        "FEN field 5 (halfmove clock): '20000' is not a whole number from 0 to 10000");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0") ==
        "FEN field 6 (fullmove number): '0' is not a whole number from 1 to 100000");
  CHECK(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5") ==
        "FEN field 6 (fullmove number): '1.5' is not a whole number from 1 to 100000");

  CHECK(fen_error("4k3/8/8/8/8/8/8/4RK2 w - - 0 1") == "FEN: black is in check with white to move");
  CHECK(fen_error("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1") ==
        "FEN: white is in check with black to move");
  CHECK(fen_error("8/8/8/8/8/8/8/3kK3 w - - 0 1") == "FEN: black is in check with white to move");
  // The side to move may be in check, even twice.
  CHECK(fen_error("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").empty());
  CHECK(fen_error("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1").empty());
}

TEST_CASE("from_text: start position, FEN, and moves in UCI or SAN") {
  CHECK(ChessGame::from_text("").position_text() == k_start);
  CHECK(ChessGame::from_text("startpos").position_text() == k_start);
  CHECK(ChessGame::from_text(k_start).position_text() == k_start);
  CHECK(ChessGame::from_text(std::string("fen ") + k_start).position_text() == k_start);
  const char* after = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  CHECK(ChessGame::from_text("startpos moves e2e4 e7e5 g1f3 b8c6").position_text() == after);
  CHECK(ChessGame::from_text("startpos moves e4 e5 Nf3 Nc6").position_text() == after);
  CHECK(ChessGame::from_text("moves e4 e7e5 Nf3 b8c6").position_text() == after);
  CHECK(ChessGame::from_text(std::string(k_start) + " moves e4 e5 Nf3 Nc6").position_text() ==
        after);
  // The moves are history: ply() counts from the position after them.
  const ChessGame g = ChessGame::from_text("startpos moves e4 e5");
  CHECK(g.ply() == 0);
  CHECK(ChessGame::from_text("startpos moves").position_text() == k_start);
}

TEST_CASE("from_text: a bad move names itself and its 1-based index") {
  CHECK(text_error("startpos moves e2e4 e7e5 Nf6") ==
        "move 3 'Nf6' is illegal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
  CHECK(text_error("startpos moves e2e5") ==
        "move 1 'e2e5' is illegal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(text_error("startpos moves e4 hello") ==
        "move 2 'hello' is not a move (write UCI like e2e4, SAN like Nf3 or descriptive like "
        "N-KB3) in "
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  CHECK(text_error("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1 moves Nd2") ==
        "move 1 'Nd2' is ambiguous in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  // After mate nothing is legal.
  CHECK(text_error("startpos moves f3 e5 g4 Qh4 a3") ==
        "move 5 'a3' is illegal in rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  CHECK(text_error("startpos e2e4") == "after 'startpos' expected 'moves', found 'e2e4'");
  CHECK(text_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 moves e4")
            .find("FEN: 5 fields") == 0);
  CHECK(text_error("nonsense").find("FEN: 1 field") == 0);
}

TEST_CASE("bad FENs never crash: random corruptions parse or throw InputError") {
  const char* seeds[] = {
      k_start,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqe36a0 ";
  Rng rng(2024);
  int parsed = 0, rejected = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s = seeds[rng.uniform(0, 3)];
    const int edits = static_cast<int>(rng.uniform(1, 3));
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t at =
          static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(s.size()) - 1));
      const char c = alphabet[static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(alphabet.size()) - 1))];
      switch (rng.uniform(0, 2)) {
        case 0:
          s[at] = c;
          break;
        case 1:
          s.erase(at, 1);
          break;
        default:
          s.insert(at, 1, c);
          break;
      }
    }
    try {
      Position p = Position::from_fen(s);
      // Whatever parses is a usable position: it round-trips and generates moves.
      REQUIRE(Position::from_fen(p.fen()).fen() == p.fen());
      perft(p, 2);
      ++parsed;
    } catch (const InputError&) {
      ++rejected;
    }
  }
  MESSAGE(parsed << " corrupted FENs parsed, " << rejected << " rejected");
  CHECK(parsed > 0);
  CHECK(rejected > 0);
}
