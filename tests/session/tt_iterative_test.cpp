// The transposition table, iterative deepening and the node budget on the games.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "session/run.hpp"
#include "test_util.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

SearchSpec game_spec(const std::string& game, const std::string& position, int depth, const char* a,
                     Criterion c, long long tt) {
  SearchSpec s;
  s.game = game;
  s.position = position;
  s.depth = depth;
  s.algo = a;
  s.criterion = c;
  s.tt_entries = tt;
  return s;
}

struct Case {
  const char* game;
  const char* position;
  int depth;
};

// Positions without repetitions within the depth: the table's results are exact there.
const Case k_cases[] = {
    {"tictactoe", "", 9},
    {"tictactoe", "x...o.... x", 7},
    {"connect4", "4453", 7},
    {"connect4", "", 6},
    {"othello", "", 5},
    {"othello", "moves f5 d6 c3 d3 c4", 5},
    {"chess", "", 3},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3},
};

}  // namespace

TEST_CASE(
    "with a transposition table alpha-beta keeps minimax's value; without, the same nodes as "
    "before") {
  for (const Case& c : k_cases) {
    const Score truth =
        run_search(game_spec(c.game, c.position, c.depth, "minimax", Criterion::gt, 0), false)
            .value;
    for (const char* a : {"alphabeta", "alphabeta-bounds"}) {
      for (Criterion cr : {Criterion::gt, Criterion::ge}) {
        INFO(c.game << " '" << c.position << "' depth " << c.depth << " " << a << " "
                    << criterion_name(cr));
        const SearchResult plain =
            run_search(game_spec(c.game, c.position, c.depth, a, cr, 0), false);
        const SearchResult with_tt =
            run_search(game_spec(c.game, c.position, c.depth, a, cr, 1 << 14), false);
        CHECK(plain.value == truth);
        CHECK(with_tt.value == truth);
        CHECK(with_tt.tt_probes > 0);
        CHECK(plain.tt_probes == 0);
      }
    }
  }
}

TEST_CASE("table probes are counted as probes and nothing else") {
  // Regression: a missing break once counted every probe as a forward-estimation test too.
  const Recorded r =
      record(game_spec("connect4", "4453", 6, "alphabeta", Criterion::gt, 1 << 12), false);
  const trace::Counters c = r.model->counters_at(r.model->event_count() - 1);
  std::uint32_t probes = 0;
  for (std::size_t t = 0; t < r.model->event_count(); ++t)
    if (r.model->event(t).type == trace::EventType::tt_probe) ++probes;
  CHECK(probes > 0);
  CHECK(c[trace::Counter::tt_probes] == probes);
  CHECK(c[trace::Counter::tt_hits] <= c[trace::Counter::tt_probes]);
  CHECK(c[trace::Counter::fe_tests] == 0);
  CHECK(c[trace::Counter::fe_prunes] == 0);
}

TEST_CASE("settled and ordered nodes still satisfy their kinds against the unpruned scores") {
  for (const Case& c : k_cases) {
    if (std::string(c.game) == "chess") continue;  // repetition draws depend on the path
    for (Criterion cr : {Criterion::gt, Criterion::ge}) {
      SearchSpec s =
          game_spec(c.game, c.position, std::min(c.depth, 6), "alphabeta-bounds", cr, 1 << 12);
      s.iterative = true;
      const Recorded r = record(s);
      REQUIRE(r.scores.size() == r.model->node_count());
      int settled = 0;
      for (std::uint32_t id = 0; id < r.model->node_count(); ++id) {
        const auto& n = r.model->node(id);
        INFO(c.game << " node " << id << " kind " << kind_name(n.kind) << " ret " << n.ret
                    << " score " << r.scores[id]);
        CHECK(bound_holds(n.bound, n.ret, r.scores[id]));
        if (n.marks & trace::k_tt_settled) {
          ++settled;
          CHECK(r.model->child_count(id) == 0);
        }
      }
      if (std::string(c.game) == "tictactoe" && c.depth == 9) CHECK(settled > 0);
    }
  }
}

TEST_CASE(
    "iterative deepening: one root per depth, the last equal to a single search of that depth") {
  for (const Case& c : k_cases) {
    const int depth = std::min(c.depth, 4);
    SearchSpec s = game_spec(c.game, c.position, depth, "alphabeta", Criterion::gt, -1);
    const SearchResult single = run_search(s, false);
    s.iterative = true;
    const Recorded r = record(s, false);
    INFO(c.game << " '" << c.position << "'");
    CHECK(r.result.value == single.value);
    REQUIRE(r.result.iterations.size() == static_cast<std::size_t>(depth));
    CHECK(r.model->roots().size() == static_cast<std::size_t>(depth));
    for (int d = 1; d <= depth; ++d) {
      CHECK(r.result.iterations[static_cast<std::size_t>(d - 1)].depth == d);
      CHECK(r.result.iterations[static_cast<std::size_t>(d - 1)].completed);
      CHECK(r.model->node(r.model->roots()[static_cast<std::size_t>(d - 1)]).iteration == d);
    }
    long long nodes = 0;
    for (const auto& it : r.result.iterations) nodes += it.nodes;
    CHECK(nodes == r.result.stats.nodes);
  }
}

TEST_CASE("a node budget stops the search within it, and the trace stays well formed") {
  for (long long budget : {1LL, 7LL, 150LL, 2000LL}) {
    for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
      SearchSpec s =
          game_spec("othello", "", 8, a, Criterion::ge, std::string(a) == "minimax" ? 0 : -1);
      s.node_budget = budget;
      const Recorded r = record(s, false);
      INFO("budget " << budget << " " << std::string(a));
      CHECK(r.result.stats.nodes <= budget);
      CHECK(r.result.aborted);
      CHECK(r.model->node_count() == static_cast<std::uint32_t>(r.result.stats.nodes));
      // Every node is left; the unfinished ones with kind unknown, the root among them.
      for (std::uint32_t id = 0; id < r.model->node_count(); ++id)
        CHECK(r.model->node(id).leave_t != trace::k_never);
      CHECK(r.model->node(0).kind == NodeKind::unknown);
      // A JSON round trip of the trace (with its table events) keeps it.
      const trace::Trace back = trace::read_trace_json(trace::write_trace_json(r.result.trace));
      CHECK(back.events.size() == r.result.trace.events.size());
      trace::Model again(back);
      CHECK(again.node_count() == r.model->node_count());
    }
  }
  // With iterative deepening the budget covers all iterations; the value is the last finished
  // one's.
  SearchSpec s = game_spec("othello", "", 8, "alphabeta", Criterion::gt, -1);
  s.iterative = true;
  s.node_budget = 2500;
  const SearchResult r = run_search(s, false);
  CHECK(r.aborted);
  CHECK(r.stats.nodes <= 2500);
  REQUIRE(r.iterations.size() >= 2);
  const IterationResult& last_done = r.iterations[r.iterations.size() - 2];
  CHECK(last_done.completed);
  CHECK_FALSE(r.iterations.back().completed);
  CHECK(r.value == last_done.value);
}

TEST_CASE("the table is on by default for chess and Othello, off for trees and minimax") {
  CHECK(game_spec("chess", "", 2, "alphabeta", Criterion::gt, -1).table_entries() > 0);
  CHECK(game_spec("othello", "", 2, "alphabeta-bounds", Criterion::gt, -1).table_entries() > 0);
  CHECK(game_spec("connect4", "", 2, "alphabeta", Criterion::gt, -1).table_entries() == 0);
  CHECK(game_spec("othello", "", 2, "minimax", Criterion::gt, -1).table_entries() == 0);
  SearchSpec t;
  t.tree = "(1 2)";
  CHECK(t.table_entries() == 0);
  SearchSpec bad = game_spec("othello", "", 2, "minimax", Criterion::gt, 100);
  CHECK_THROWS_AS(bad.validate(), InputError);
}
