// Chess move generation: perft of the standard positions against published counts, a sample
// of perft_random.epd, FEN round trips over the whole file, magic attacks against ray walking,
// and make/unmake with the incremental Zobrist key checked at every node.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/chess/attacks.hpp"
#include "games/chess/chess_game.hpp"
#include "games/chess/movegen.hpp"
#include "games/chess/position.hpp"
#include "search/perft.hpp"

using namespace kibitz;
using namespace kibitz::chess;

namespace {

struct PerftCase {
  const char* fen;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

// chessprogramming.org "Perft Results". Position 6 is Edwards's position as published there
// (with the black bishop on g4 and the white pawn on a3).
const std::vector<PerftCase>& standard_positions() {
  static const std::vector<PerftCase> cases = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       {20, 400, 8902, 197281, 4865609}},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       {48, 2039, 97862, 4085603}},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624}},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", {6, 264, 9467, 422333}},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487}},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
       {46, 2079, 89890, 3894594}},
  };
  return cases;
}

struct EpdLine {
  std::string fen;
  std::vector<std::uint64_t> counts;  // D1, D2, ...
};

std::vector<EpdLine> read_epd(bool& found) {
  std::vector<EpdLine> out;
  std::ifstream in(std::string(KIBITZ_SHARED_DATA) + "/chess/perft_random.epd");
  found = static_cast<bool>(in);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t semi = line.find(';');
    if (semi == std::string::npos) continue;
    EpdLine e;
    e.fen = line.substr(0, semi);
    while (!e.fen.empty() && e.fen.back() == ' ') e.fen.pop_back();
    std::istringstream rest(line.substr(semi));
    std::string field;
    while (std::getline(rest, field, ';')) {
      std::istringstream f(field);
      std::string tag;
      std::uint64_t n = 0;
      if (f >> tag >> n && tag.size() >= 2 && tag[0] == 'D') e.counts.push_back(n);
    }
    out.push_back(e);
  }
  return out;
}

// Walks every path of `depth` plies, checking at each node that the incremental key equals
// the key computed from scratch and that unmake restores the position exactly.
void walk(Position& pos, int depth, std::uint64_t& nodes) {
  ++nodes;
  REQUIRE(pos.key() == pos.compute_key());
  if (depth == 0) return;
  MoveList list;
  generate_legal(pos, list);
  const std::string before = pos.fen();
  const std::uint64_t key = pos.key();
  for (const Move m : list) {
    Undo u;
    pos.make(m, u);
    CHECK(
        !pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move()), pos.occupied()));
    walk(pos, depth - 1, nodes);
    pos.unmake(m, u);
    REQUIRE(pos.fen() == before);
    REQUIRE(pos.key() == key);
  }
}

}  // namespace

TEST_CASE("perft of the standard positions") {
  for (const PerftCase& c : standard_positions()) {
    Position pos = Position::from_fen(c.fen);
    for (std::size_t d = 0; d < c.counts.size(); ++d) {
      INFO(c.fen << " depth " << d + 1);
      CHECK(perft(pos, static_cast<int>(d) + 1) == c.counts[d]);
    }
    CHECK(pos.fen() == c.fen);  // perft leaves the position as it found it
  }
}

TEST_CASE("ChessGame's fast perft and the generic perft agree") {
  ChessGame g = ChessGame::from_text("");
  CHECK(kibitz::perft(g, 4) == 197281);  // the member (bulk counting)
  MoveStack<ChessGame::Move> stack;
  CHECK(perft_generic(g, 4, stack) == 197281);  // through moves()/make/unmake
  ChessGame kiwi =
      ChessGame::from_text("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
  CHECK(perft_generic(kiwi, 3, stack) == 97862);
}

TEST_CASE("perft_random.epd: every position to depth 2, a sample deeper") {
  bool found = false;
  const std::vector<EpdLine> lines = read_epd(found);
  if (!found) {
    MESSAGE("perft_random.epd not found under " KIBITZ_SHARED_DATA "; skipped");
    return;
  }
  CHECK(lines.size() == 6838);
  std::uint64_t checked = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const EpdLine& e = lines[i];
    Position pos = Position::from_fen(e.fen);
    // Depth 1-2 everywhere, 3 for every 10th position, 4 for every 200th.
    const std::size_t depth = i % 200 == 0 ? 4 : (i % 10 == 0 ? 3 : 2);
    for (std::size_t d = 1; d <= depth && d <= e.counts.size(); ++d) {
      INFO(e.fen << " depth " << d);
      REQUIRE(perft(pos, static_cast<int>(d)) == e.counts[d - 1]);
      ++checked;
    }
  }
  MESSAGE(checked << " perft counts checked");
}

TEST_CASE("FEN round trip over perft_random.epd") {
  bool found = false;
  const std::vector<EpdLine> lines = read_epd(found);
  if (!found) {
    MESSAGE("perft_random.epd not found; skipped");
    return;
  }
  for (const EpdLine& e : lines) {
    const Position pos = Position::from_fen(e.fen);
    REQUIRE(pos.fen() == e.fen);
    REQUIRE(Position::from_fen(pos.fen()).key() == pos.key());
  }
}

TEST_CASE("make/unmake restore the position and keep the Zobrist key exact") {
  for (const PerftCase& c : standard_positions()) {
    Position pos = Position::from_fen(c.fen);
    std::uint64_t nodes = 0;
    walk(pos, 3, nodes);
    const std::uint64_t expected = 1 + c.counts[0] + c.counts[1] + c.counts[2];
    CHECK(nodes == expected);
  }
}

TEST_CASE("Zobrist keys: transpositions meet, and an unusable en-passant square is ignored") {
  // 1. Nf3 Nf6 2. Nc3 and 1. Nc3 Nf6 2. Nf3 reach the same position.
  const ChessGame a = ChessGame::from_text("startpos moves g1f3 g8f6 b1c3");
  const ChessGame b = ChessGame::from_text("startpos moves b1c3 g8f6 g1f3");
  CHECK(a.key() == b.key());
  // After 1. e4 the FEN has "e3", but no black pawn can take, so the key is that of the same
  // placement without an en-passant square.
  const ChessGame e4 = ChessGame::from_text("startpos moves e2e4");
  CHECK(e4.position_text() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  CHECK(e4.key() ==
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
  // A usable one counts.
  const Position with = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  const Position without = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
  CHECK(with.key() != without.key());
  // Side to move and castling rights count.
  CHECK(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").key() !=
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").key());
  CHECK(Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1").key() !=
        Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b - - 0 1").key());
  // The keys are fixed numbers: the same on every platform and in every build.
  CHECK(Position().key() == Position().compute_key());
  CHECK(Position().key() == 7196361394152260899ull);
}

TEST_CASE("magic attacks equal ray walking on random occupancies") {
  const AttackTables& at = attack_tables();
  Rng rng(99);
  for (int i = 0; i < 20000; ++i) {
    const Square s = static_cast<Square>(rng.uniform(0, 63));
    const Bitboard occ = rng.next() & rng.next();
    REQUIRE(at.rook(s, occ) == slow_rook_attacks(s, occ));
    REQUIRE(at.bishop(s, occ) == slow_bishop_attacks(s, occ));
  }
  CHECK(at.between(0, 63) == (bit(9) | bit(18) | bit(27) | bit(36) | bit(45) | bit(54)));
  CHECK(at.between(0, 10) == 0);  // a1 and c2 share no line
  CHECK(at.line(0, 9) == at.line(63, 54));
  CHECK(popcount(at.knight(0)) == 2);
  CHECK(popcount(at.king(27)) == 8);
}
