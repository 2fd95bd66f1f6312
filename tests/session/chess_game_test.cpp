// ChessGame as a Game: terminal positions and their values, the repetition rule, move order,
// searches through the generic runner, and the chess bench signature.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "games/chess/chess_game.hpp"
#include "games/chess/notation.hpp"
#include "search/alphabeta.hpp"
#include "search/minimax.hpp"
#include "session/run.hpp"
#include "test_util.hpp"

using namespace kibitz;

namespace {

std::vector<ChessGame::Move> moves_of(const ChessGame& g) {
  std::vector<ChessGame::Move> out;
  g.moves(out);
  return out;
}

// Plays moves written in SAN or UCI on g as a search would (make), returning them.
std::vector<ChessGame::Move> play(ChessGame& g, const std::vector<std::string>& list) {
  std::vector<ChessGame::Move> played;
  for (const std::string& text : list) {
    bool found = false;
    for (const ChessGame::Move m : moves_of(g)) {
      if (g.move_label(m) == text || chess::to_uci(m) == text) {
        g.make(m);
        played.push_back(m);
        found = true;
        break;
      }
    }
    REQUIRE_MESSAGE(found, text << " not playable in " << g.position_text());
  }
  return played;
}

SearchSpec chess_spec(const std::string& position, int depth, const char* algo) {
  SearchSpec s;
  s.game = "chess";
  s.position = position;
  s.depth = depth;
  s.algo = algo;
  return s;
}

const char* const k_bench_positions[] = {
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "startpos moves e4 e5 Nf3 Nc6 Bb5 a6",
};

}  // namespace

TEST_CASE("checkmate is terminal and lost for the side to move") {
  ChessGame g = ChessGame::from_text("startpos moves f3 e5 g4 Qh4");
  CHECK(moves_of(g).empty());
  CHECK(g.status() == ChessGame::Status::checkmate);
  CHECK(g.evaluate() == -k_score_win);  // mated at the root, ply 0
  // Mated one ply below the root: -(k_score_win - 1).
  ChessGame h = ChessGame::from_text("startpos moves f3 e5 g4");
  play(h, {"Qh4#"});
  CHECK(h.ply() == 1);
  CHECK(h.evaluate() == -(k_score_win - 1));
}

TEST_CASE("stalemate, the fifty-move rule and dead positions are draws") {
  const ChessGame stale = ChessGame::from_text("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  CHECK(moves_of(stale).empty());
  CHECK(stale.status() == ChessGame::Status::stalemate);
  CHECK(stale.evaluate() == 0);

  const ChessGame fifty = ChessGame::from_text("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
  CHECK(moves_of(fifty).empty());
  CHECK(fifty.status() == ChessGame::Status::fifty_moves);
  CHECK(fifty.evaluate() == 0);
  // At 99 the game goes on; a quiet move reaches 100 and ends it, a pawn move would not.
  ChessGame almost = ChessGame::from_text("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
  CHECK(!moves_of(almost).empty());
  play(almost, {"Kd1"});
  CHECK(almost.status() == ChessGame::Status::fifty_moves);
  CHECK(moves_of(almost).empty());
  ChessGame pawn = ChessGame::from_text("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
  play(pawn, {"a3"});
  CHECK(pawn.status() == ChessGame::Status::ongoing);
  // Mate on the hundredth half-move is still mate.
  const ChessGame mate100 = ChessGame::from_text("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 90");
  CHECK(mate100.status() == ChessGame::Status::checkmate);
  CHECK(mate100.evaluate() == -k_score_win);

  // K+N v K, K v K, and bishops all on light squares (f1 and c8).
  for (const char* dead : {"8/8/4k3/8/8/8/8/4K1N1 w - - 0 1", "8/8/4k3/8/8/8/8/4K3 b - - 0 1",
                           "2b5/8/4k3/8/8/8/8/4KB2 w - - 0 1"}) {
    const ChessGame g = ChessGame::from_text(dead);
    CHECK(g.status() == ChessGame::Status::insufficient_material);
    CHECK(moves_of(g).empty());
    CHECK(g.evaluate() == 0);
  }
  // Bishops on both colours, or two knights, can still mate (with help): not dead.
  CHECK(ChessGame::from_text("8/2b5/4k3/8/8/8/8/4KB2 w - - 0 1").status() ==
        ChessGame::Status::ongoing);
  CHECK(ChessGame::from_text("8/8/4k3/8/8/8/8/4KNN1 w - - 0 1").status() ==
        ChessGame::Status::ongoing);
}

TEST_CASE("repetition: twice inside the search path, three times in the game") {
  // History: the start position occurs twice before the root (after 1. Nf3 Nf6 2. Ng1 Ng8
  // the root is its second occurrence), so the root itself is not terminal.
  ChessGame g = ChessGame::from_text("startpos moves Nf3 Nf6 Ng1 Ng8");
  CHECK(g.status() == ChessGame::Status::ongoing);
  CHECK(!moves_of(g).empty());
  // Inside the search, returning to a position of the path (here the root) ends it at once.
  const std::vector<ChessGame::Move> played = play(g, {"Nc3", "Nc6", "Nb1", "Nb8"});
  CHECK(g.ply() == 4);
  CHECK(g.status() == ChessGame::Status::repetition);
  CHECK(moves_of(g).empty());
  CHECK(g.evaluate() == 0);
  // Undone, the game goes on.
  g.unmake(played.back());
  CHECK(g.status() == ChessGame::Status::ongoing);
  CHECK(g.ply() == 3);

  // The third occurrence in the game history is a draw at the root.
  const ChessGame third = ChessGame::from_text("startpos moves Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
  CHECK(third.status() == ChessGame::Status::repetition);
  CHECK(moves_of(third).empty());
  // A capture or pawn move in between cuts the history: no repetition across it.
  ChessGame cut = ChessGame::from_text("startpos moves e4 e5");
  play(cut, {"Nf3", "Nf6", "Ng1", "Ng8"});
  CHECK(cut.status() == ChessGame::Status::repetition);  // back to the root
  ChessGame cut2 = ChessGame::from_text("startpos moves Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8");
  CHECK(cut2.status() == ChessGame::Status::ongoing);
}

TEST_CASE("moves come captures first, then the rest in generation order") {
  const ChessGame g =
      ChessGame::from_text("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const std::vector<ChessGame::Move> ms = moves_of(g);
  REQUIRE(ms.size() == 48);
  std::vector<std::string> labels;
  for (const auto m : ms) labels.push_back(g.move_label(m));
  // Victims by value (queen > rook > bishop > knight > pawn), cheapest attacker first.
  CHECK(labels[0] == "Bxa6");
  bool quiet_seen = false;
  for (const auto m : ms) {
    if (!m.is_capture())
      quiet_seen = true;
    else
      CHECK_FALSE(quiet_seen);
  }
  // The order is fixed: the same list twice.
  CHECK(moves_of(g) == ms);
  CHECK(g.position_text() ==
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
}

TEST_CASE("chess searches through the generic runner") {
  for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
    const SearchResult r = run_search(chess_spec("startpos", 2, a), false);
    CHECK(r.stats.nodes > 20);
    CHECK(r.bound == Bound::exact);
  }
  // Alpha-beta and minimax agree at depth 3; alpha-beta visits fewer nodes.
  for (const char* pos :
       {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "startpos moves e4 d5 exd5 Qxd5 Nc3"}) {
    INFO(pos);
    const SearchResult mm = run_search(chess_spec(pos, 3, "minimax"), false);
    const SearchResult ab = run_search(chess_spec(pos, 3, "alphabeta"), false);
    const SearchResult bd = run_search(chess_spec(pos, 3, "alphabeta-bounds"), false);
    CHECK(ab.value == mm.value);
    CHECK(bd.value == mm.value);
    CHECK(ab.stats.nodes < mm.stats.nodes);
  }
}

TEST_CASE("a mate in one is found as a win") {
  const char* back_rank = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  for (int depth = 1; depth <= 3; ++depth) {
    INFO("depth " << depth);
    const SearchResult r = run_search(chess_spec(back_rank, depth, "alphabeta"), false);
    CHECK(r.value == k_score_win - 1);
  }
  // Black to move is mated in one too (Qh4#).
  const SearchResult f = run_search(chess_spec("startpos moves f3 e5 g4", 2, "minimax"), false);
  CHECK(f.value == k_score_win - 1);
}

TEST_CASE("the set-up panel's mates are the mates their names say") {
  // assets/positions/chess.txt: "Mate in N (move move ... #) | position". The search to 2N-1
  // plies must find the mate in exactly 2N-1 plies along the named moves.
  std::ifstream in(KIBITZ_SOURCE_DIR "/assets/positions/chess.txt");
  REQUIRE(in);
  int mates = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t bar = line.find(" | ");
    if (line.rfind("Mate in ", 0) != 0 || bar == std::string::npos) continue;
    INFO(line);
    const std::string count = line.substr(8, line.find(' ', 8) - 8);
    const int n = count == "one" ? 1 : count == "two" ? 2 : count == "three" ? 3 : 0;
    REQUIRE(n > 0);
    const std::size_t open = line.find('('), close = line.find(')');
    REQUIRE(open < close);
    std::string named = line.substr(open + 1, close - open - 1);
    if (named.find(", ") != std::string::npos) named = named.substr(named.find(", ") + 2);
    const test::Recorded r =
        test::record(chess_spec(line.substr(bar + 3), 2 * n - 1, "alphabeta"), false);
    CHECK(r.result.value == k_score_win - (2 * n - 1));
    std::string pv;
    for (std::uint32_t id : r.model->principal_variation(r.model->roots().back()))
      pv += (pv.empty() ? "" : " ") + r.model->label(id);
    CHECK(pv == named);
    ++mates;
  }
  CHECK(mates >= 3);
}

TEST_CASE("a recorded chess search: labels are SAN, positions are FEN, scores fit") {
  const test::Recorded r = test::record(chess_spec("startpos moves e4 e5 Nf3", 2, "alphabeta"));
  REQUIRE(r.model);
  REQUIRE(r.scores.size() == r.model->node_count());
  // The root value equals the minimax score computed separately.
  CHECK(r.scores[r.model->roots()[0]] == r.result.value);
  CHECK(r.model->position(r.model->roots()[0]) ==
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  bool saw_nc6 = false;
  for (std::uint32_t id = 0; id < r.model->node_count(); ++id) {
    if (r.model->label(id) == "Nc6") saw_nc6 = true;
    const trace::ModelNode& n = r.model->node(id);
    if (n.leaf) CHECK(n.ret == r.scores[id]);  // leaves are exact
    if (n.kind == NodeKind::pv) CHECK(n.ret == r.scores[id]);
  }
  CHECK(saw_nc6);
}

TEST_CASE("chess bench signature") {
  // Alpha-beta (criterion >) to depth 3 from five fixed positions, unrecorded: the total node
  // count. It changes only when move generation, move order, the evaluation or the search
  // changes what is visited; update it then, on purpose, in the same commit.
  long long nodes = 0;
  for (const char* pos : k_bench_positions) {
    ChessGame g = ChessGame::from_text(pos);
    NullSink sink;
    AlphaBeta<ChessGame> ab(g, sink, Criterion::gt);
    ab.run(3);
    nodes += ab.stats().nodes;
  }
  MESSAGE("chess bench signature " << nodes);
  CHECK(nodes == 12787);  // 12788 before R was read as M (W/T - 1)
}
