// PVS with a modern program's techniques (search/modern_pvs.hpp): quiescence against an
// independent stand-pat search, aspiration against the full window, and every technique's
// trace: the engine vocabulary's marks, the steps exactly as derive_returns puts them back for a
// foreign engine, and each iteration's root value and best move as the model derives them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/chess/chess_game.hpp"
#include "session/report.hpp"
#include "test_util.hpp"
#include "trace/derive_returns.hpp"
#include "trace/kbz_file.hpp"
#include "trace/narration.hpp"
#include "trace/node_marks.hpp"

using namespace kibitz;

namespace {

const char* const k_positions[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // Kiwipete
    "startpos",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  // mate in one
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                            // perft position 3
};

// Quiescence as a textbook fail-hard alpha-beta (written apart from the search under test): a
// node's value is the best of standing pat and its captures and promotions (a terminal
// position's is its evaluation); at the root's full window the value is exact.
Score reference_quiesce(ChessGame& g, Score alpha, Score beta) {
  std::vector<chess::Move> moves;
  g.moves(moves);
  const Score stand = g.evaluate();
  if (moves.empty()) return stand;
  if (stand >= beta) return beta;
  alpha = std::max(alpha, stand);
  for (chess::Move m : moves) {
    if (!ChessGame::noisy(m)) continue;
    g.make(m);
    const Score v = -reference_quiesce(g, -beta, -alpha);
    g.unmake(m);
    if (v >= beta) return beta;
    alpha = std::max(alpha, v);
  }
  return alpha;
}

Score reference_value(ChessGame& g, int depth, Score alpha, Score beta) {
  if (depth == 0) return reference_quiesce(g, alpha, beta);
  std::vector<chess::Move> moves;
  g.moves(moves);
  if (moves.empty()) return g.evaluate();
  for (chess::Move m : moves) {
    g.make(m);
    const Score v = -reference_value(g, depth - 1, -beta, -alpha);
    g.unmake(m);
    if (v >= beta) return beta;
    alpha = std::max(alpha, v);
  }
  return alpha;
}

SearchSpec chess_spec(const std::string& position, int depth, const char* options) {
  SearchSpec s;
  s.game = "chess";
  s.position = position == "startpos" ? "" : position;
  s.depth = depth;
  s.set_algorithm("pvs");
  std::string opts = options;
  for (std::size_t at = 0; at < opts.size();) {
    std::size_t end = opts.find(',', at);
    if (end == std::string::npos) end = opts.size();
    const std::string kv = opts.substr(at, end - at);
    const std::size_t eq = kv.find('=');
    s.set(kv.substr(0, eq), kv.substr(eq + 1));
    at = end + 1;
  }
  return s;
}

// The events without the steps the engine recorders leave to the reader.
trace::EventLog without_steps(const trace::EventLog& in) {
  trace::EventLog out;
  for (std::size_t t = 0; t < in.size(); ++t) {
    const trace::EventType ty = in[t].type;
    if (ty != trace::EventType::child_return && ty != trace::EventType::best_set &&
        ty != trace::EventType::alpha_set)
      out.push(in[t]);
  }
  return out;
}

// Every finished iteration's root: its value is the iteration's, and the successor the model
// derives as best is the move the search chose.
void check_roots(const SearchResult& r, const trace::Model& m) {
  REQUIRE(m.roots().size() == r.iterations.size());
  for (std::size_t i = 0; i < r.iterations.size(); ++i) {
    const IterationResult& it = r.iterations[i];
    const std::uint32_t root = m.roots()[i];
    const trace::NodeState st = m.state_at(root, m.node(root).leave_t);
    CAPTURE(i);
    CHECK(st.ret == it.value);
    if (it.bound != Bound::exact || it.pv.empty()) continue;
    REQUIRE(st.has_best);
    CHECK(st.best == it.value);
    // The best: the first counted successor whose value is best[] (a superseded attempt is
    // never the one model.successor gives for its k).
    std::uint32_t best = trace::k_no_node;
    for (std::int32_t k = 0; best == trace::k_no_node; ++k) {
      const std::uint32_t c = m.successor(root, k);
      REQUIRE(c != trace::k_no_node);
      if (-m.node(c).ret == st.best) best = c;
    }
    CHECK(m.node(best).move_index == it.pv[0]);
  }
}

}  // namespace

TEST_CASE("quiescence: the root value is an independent stand-pat alpha-beta's") {
  for (const char* position : k_positions) {
    for (int depth = 1; depth <= 3; ++depth) {
      CAPTURE(position);
      CAPTURE(depth);
      SearchSpec s = chess_spec(position, depth, "quiescence=on");
      s.tt_entries = 0;
      ChessGame g = ChessGame::from_text(s.position);
      const SearchResult r = run_search(s, false);
      CHECK(r.value == reference_value(g, depth, -k_score_inf, k_score_inf));
      CHECK(r.counter("quiescence_nodes") > 0);
    }
  }
}

TEST_CASE("aspiration windows: each depth's value is the full window's, attempts recorded") {
  int failed = 0;
  for (int seed = 1; seed <= 60; ++seed) {
    CAPTURE(seed);
    SearchSpec full;
    full.random = RandomTreeParams::parse("b=4,d=6,lo=-60,hi=60,seed=" + std::to_string(seed));
    full.set_algorithm("pvs");
    if (seed % 2) full.criterion = Criterion::ge;
    full.iterative = true;
    full.tt_entries = 0;
    SearchSpec narrow = full;
    narrow.set("aspiration", std::to_string(1 + seed % 4));
    const SearchResult a = run_search(full, false);
    const test::Recorded b = test::record(narrow, false);
    CHECK(a.value == b.result.value);
    std::vector<Score> exact;
    for (const IterationResult& it : b.result.iterations) {
      if (it.bound == Bound::exact) exact.push_back(it.value);
      failed += it.bound != Bound::exact;
    }
    REQUIRE(exact.size() == a.iterations.size());
    for (std::size_t i = 0; i < exact.size(); ++i) CHECK(exact[i] == a.iterations[i].value);
    check_roots(b.result, *b.model);
  }
  CHECK(failed > 20);  // narrow windows fail often: the attempts are there
}

TEST_CASE("every technique: the engine's marks, steps as a foreign engine's, roots derived right") {
  long long null_cuts = 0, reductions = 0, researches = 0, stand_pat = 0;
  for (const char* position : k_positions) {
    CAPTURE(position);
    SearchSpec s = chess_spec(position, 5, "quiescence=on,null_move=on,lmr=on,aspiration=20");
    s.iterative = true;
    const test::Recorded r = test::record(s, false);
    const trace::Model& m = *r.model;
    check_roots(r.result, m);
    // The explicit steps are the ones the reader derives for an engine's recording.
    const trace::EventLog derived = trace::derive_returns(without_steps(r.result.trace.events));
    REQUIRE(derived.size() == r.result.trace.events.size());
    for (std::size_t t = 0; t < derived.size(); ++t) {
      const trace::Event dt = derived[t], rt = r.result.trace.events[t];
      if (std::memcmp(&dt, &rt, sizeof(trace::Event)) != 0) {
        const trace::Event& x = derived[t];
        const trace::Event& y = r.result.trace.events[t];
        FAIL("event " << t << " differs from the derived one: derived type " << int(x.type)
                      << " node " << x.node << " a " << x.a << " b " << x.b << " flags "
                      << int(x.flags) << "; recorded type " << int(y.type) << " node " << y.node
                      << " a " << y.a << " b " << y.b << " flags " << int(y.flags));
      }
    }
    long long probes = 0, nulls = 0, quiescence = 0;
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      const std::uint32_t marks = m.node(id).marks;
      probes += (marks & trace::k_eng_probe) != 0;
      nulls += (marks & trace::k_eng_null_move) != 0;
      quiescence += (marks & trace::k_eng_quiescence) != 0;
    }
    CHECK(nulls == r.result.counter("null_moves"));
    CHECK(quiescence == r.result.counter("quiescence_nodes"));
    CHECK(probes == r.result.counter("probes"));
    null_cuts += r.result.counter("null_move_cuts");
    reductions += r.result.counter("reductions");
    researches += r.result.counter("researches");
    stand_pat += r.result.counter("stand_pat_cuts");
    // A file of it opens to the same tree.
    const trace::Trace copy = trace::read_kbz(trace::write_kbz(r.result.trace));
    const trace::Model again(copy);
    CHECK(again.node_count() == m.node_count());
  }
  CHECK(null_cuts > 0);
  CHECK(reductions > 0);
  CHECK(researches > 0);
  CHECK(stand_pat > 0);
}

TEST_CASE("late-move reductions and aspiration on other games; quiescence and null move refused") {
  SearchSpec c4;
  c4.game = "connect4";
  c4.depth = 6;
  c4.iterative = true;
  c4.set_algorithm("pvs");
  c4.set("lmr", "on");
  c4.set("aspiration", "10");
  const test::Recorded r = test::record(c4, false);
  check_roots(r.result, *r.model);
  CHECK(r.result.counter("reductions") > 0);

  SearchSpec tree;
  tree.tree = "((3 5) (2 9))";
  tree.set_algorithm("pvs");
  tree.set("quiescence", "on");
  CHECK_THROWS_WITH_AS(run_search(tree, false), doctest::Contains("quiescence needs chess"),
                       InputError);
  SearchSpec ttt;
  ttt.game = "tictactoe";
  ttt.set_algorithm("pvs");
  ttt.set("null_move", "on");
  CHECK_THROWS_WITH_AS(run_search(ttt, false), doctest::Contains("the null move needs chess"),
                       InputError);
}

TEST_CASE("the options off: the seed's PVS, its node count unchanged") {
  SearchSpec plain = chess_spec(k_positions[0], 3, "");
  SearchSpec off = chess_spec(k_positions[0], 3, "quiescence=off,lmr=off,aspiration=0");
  const SearchResult a = run_search(plain, false), b = run_search(off, false);
  CHECK(a.stats.nodes == b.stats.nodes);
  CHECK(a.value == b.value);
  CHECK(b.counter("quiescence_nodes") == 0);
}

TEST_CASE("what the narration and the kinds say of re-searches and null moves") {
  int researches = 0, after_null = 0;
  SearchSpec s;
  for (const char* position :
       {"r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1"}) {
    s = chess_spec(position, 5, "quiescence=on,null_move=on,lmr=on,aspiration=20");
    s.iterative = true;
    s.criterion = Criterion::ge;
    const test::Recorded r = test::record(s, false);
    const trace::Model& m = *r.model;
    for (std::uint32_t id = 1; id < m.node_count(); ++id) {
      const trace::ModelNode& n = m.node(id);
      if (n.parent == trace::k_no_node) continue;  // an iteration's root
      const std::string entered = narrate(m, n.enter_t);
      CAPTURE(entered);
      // The attempt a re-search repeats is the one entered just before it with its k, and the
      // narration gives that attempt's value; a full-window re-search is expected Pv.
      if (n.marks & trace::k_eng_research) {
        std::uint32_t earlier = trace::k_no_node;
        for (std::uint32_t i = 0; i < m.child_count(n.parent); ++i) {
          const std::uint32_t c = m.child(n.parent, i);
          if (c == id) break;
          if (m.node(c).k == n.k && !(m.node(c).marks & trace::k_eng_null_move)) earlier = c;
        }
        REQUIRE(earlier != trace::k_no_node);
        const std::string said = narrate(m, n.enter_t - 1);  // the attempt record before the enter
        CHECK(said.find("came out at " + format_score_pretty(-m.node(earlier).ret)) !=
              std::string::npos);
        if (said.find("with the full window") != std::string::npos)
          CHECK(n.expected == NodeKind::pv);
        ++researches;
      }
      // A move searched after a null move that did not cut is no "search 2" of it.
      if (!(n.marks & (trace::k_eng_null_move | trace::k_eng_research | trace::k_superseded)) &&
          n.k == 0 && m.child(n.parent, 0) != id &&
          (m.node(m.child(n.parent, 0)).marks & trace::k_eng_null_move)) {
        CHECK(entered.find("(search") == std::string::npos);
        ++after_null;
      }
    }
  }
  CHECK(researches > 0);
  CHECK(after_null > 0);
  SearchSpec once = s;
  once.iterative = false;
  CHECK_THROWS_WITH_AS(run_search(once, false),
                       doctest::Contains("aspiration needs iterative deepening"), InputError);
}
