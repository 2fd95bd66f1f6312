// Principal variation search: alpha-beta's value on generated trees with ties, the seed's kinds
// and bounds at every node, Knuth and Moore's minimal tree when ordering is perfect and more
// than alpha-beta when it is worst, and its trace (probes, re-searches, kinds, narration, files).
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "search/alphabeta.hpp"
#include "search/minimax.hpp"
#include "search/pvs.hpp"
#include "session/bench.hpp"
#include "session/report.hpp"
#include "test_util.hpp"
#include "trace/kbz_file.hpp"
#include "trace/narration.hpp"
#include "trace/node_marks.hpp"
#include "trace/records/records.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// A tree of MAX-view leaf values with every node's successors in a chosen order.
struct Tree {
  Score value = 0;  // leaf value, or the minimax value (MAX's view)
  std::vector<Tree> kids;
};

// A uniform tree with distinct leaf values (b successors per node, depth d).
Tree uniform_tree(Rng& rng, int b, int d, std::set<Score>& used) {
  Tree t;
  if (d == 0) {
    do {
      t.value = static_cast<Score>(rng.uniform(-1'000'000, 1'000'000));
    } while (!used.insert(t.value).second);
    return t;
  }
  for (int i = 0; i < b; ++i) t.kids.push_back(uniform_tree(rng, b, d - 1, used));
  return t;
}

// Minimax values, and every node's successors sorted best-first for the side to move (or
// worst-first).
void order(Tree& t, bool max_to_move, bool best_first) {
  if (t.kids.empty()) return;
  for (Tree& k : t.kids) order(k, !max_to_move, best_first);
  std::stable_sort(t.kids.begin(), t.kids.end(), [&](const Tree& x, const Tree& y) {
    const bool better = max_to_move ? x.value > y.value : x.value < y.value;
    const bool worse = max_to_move ? x.value < y.value : x.value > y.value;
    return best_first ? better : worse;
  });
  t.value = max_to_move
                ? std::max_element(t.kids.begin(), t.kids.end(),
                                   [](const Tree& x, const Tree& y) { return x.value < y.value; })
                      ->value
                : std::min_element(t.kids.begin(), t.kids.end(), [](const Tree& x, const Tree& y) {
                    return x.value < y.value;
                  })->value;
}

std::string text_of(const Tree& t) {
  if (t.kids.empty()) return std::to_string(t.value);
  std::string s = "(";
  for (std::size_t i = 0; i < t.kids.size(); ++i) s += (i ? " " : "") + text_of(t.kids[i]);
  return s + ")";
}

// The leaves a recorded search evaluated, as paths of successor indices.
std::multiset<std::vector<int>> leaves_of(const trace::Model& m) {
  std::multiset<std::vector<int>> out;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    if (m.node(id).leaf) out.insert(m.path(id));
  }
  return out;
}

// Every node's return against its unpruned score, as the seed states for its kind; probes
// searched again are bounds like any other and are checked too.
void check_kinds(const Recorded& r, Criterion c) {
  const trace::Model& m = *r.model;
  REQUIRE(r.scores.size() == m.node_count());
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const trace::ModelNode& n = m.node(id);
    const Score score = r.scores[id];
    INFO("node " << id << " path " << m.path_text(id) << " window [" << n.alpha0 << ", " << n.beta
                 << "] ret " << n.ret << " score " << score << " kind " << kind_name(n.kind));
    REQUIRE(n.leave_t != trace::k_never);
    if (n.leaf) {
      CHECK(n.ret == score);
      continue;
    }
    CHECK(n.kind == classify_node(n.ret, n.alpha0, n.beta, c));
    CHECK(bound_holds(n.bound, n.ret, score));
  }
}

}  // namespace

TEST_CASE("PVS finds alpha-beta's value on 10,000 generated trees with ties, both criteria") {
  Rng rng(20261123);
  long long probes = 0, researches = 0, checked = 0;
  for (int i = 0; i < 10000; ++i) {
    const int depth = static_cast<int>(rng.uniform(1, 6));
    const int max_b = static_cast<int>(rng.uniform(1, depth <= 3 ? 5 : 3));
    static const int k_spreads[] = {1, 2, 3, 10, 1000};
    const int spread = k_spreads[rng.uniform(0, 4)];
    const std::string text = random_tree_text(rng, depth, max_b, rng.uniform(0, 1) == 0, -spread,
                                              spread, i % 3 == 0 ? 20 : 0);
    const ExplicitTree tree = ExplicitTree::parse(text);
    ExplicitTreeGame game(tree);
    NullSink none;
    const Score truth = Minimax<ExplicitTreeGame>(game, none).run(1 << 20);
    for (Criterion c : {Criterion::gt, Criterion::ge}) {
      INFO("tree " << text << " criterion " << criterion_name(c));
      AlphaBeta<ExplicitTreeGame> ab(game, none, c);
      Pvs<ExplicitTreeGame> pvs(game, none, c);
      CHECK(ab.run(1 << 20) == truth);
      CHECK(pvs.run(1 << 20) == truth);
      probes += pvs.probes();
      researches += pvs.researches();
      if (i % 25 == 0) {  // recorded: the trace, kinds and bounds at every node
        const Recorded r = record(tree_spec(text, "pvs", c));
        CHECK(r.result.value == truth);
        CHECK(r.result.counter("probes") == pvs.probes());
        CHECK(r.result.counter("researches") == pvs.researches());
        check_kinds(r, c);
        ++checked;
      }
    }
  }
  CHECK(checked == 800);
  CHECK(researches > 1000);  // the trees exercise re-searches
  CHECK(probes > researches);
}

TEST_CASE("perfectly ordered trees: PVS evaluates exactly alpha-beta's minimal tree") {
  Rng rng(11);
  for (int b = 2; b <= 4; ++b) {
    for (int d = 1; d <= 6; ++d) {
      std::set<Score> used;
      Tree t = uniform_tree(rng, b, d, used);
      order(t, true, true);
      const std::string text = text_of(t);
      long long minimal = 1, second = 1;
      for (int i = 0; i < (d + 1) / 2; ++i) minimal *= b;
      for (int i = 0; i < d / 2; ++i) second *= b;
      minimal += second - 1;  // Knuth and Moore: b^ceil(d/2) + b^floor(d/2) - 1
      for (Criterion c : {Criterion::gt, Criterion::ge}) {
        INFO("b=" << b << " d=" << d << " criterion " << criterion_name(c));
        const Recorded ab = record(tree_spec(text, "alphabeta", c), false);
        const Recorded pvs = record(tree_spec(text, "pvs", c), false);
        CHECK(pvs.result.value == t.value);
        CHECK(pvs.result.counter("researches") == 0);
        CHECK(pvs.result.stats.leaves == minimal);
        CHECK(leaves_of(*pvs.model) == leaves_of(*ab.model));
        CHECK(pvs.result.stats.nodes == ab.result.stats.nodes);
      }
    }
  }
}

TEST_CASE("worst-ordered trees: PVS searches more than alpha-beta, for its re-searches") {
  Rng rng(12);
  for (int b = 2; b <= 4; ++b) {
    for (int d = 2; d <= 6; ++d) {
      std::set<Score> used;
      Tree t = uniform_tree(rng, b, d, used);
      order(t, true, false);
      const std::string text = text_of(t);
      for (Criterion c : {Criterion::gt, Criterion::ge}) {
        INFO("b=" << b << " d=" << d << " criterion " << criterion_name(c));
        const SearchResult ab = run_search(tree_spec(text, "alphabeta", c), false);
        const SearchResult pvs = run_search(tree_spec(text, "pvs", c), false);
        CHECK(pvs.value == t.value);
        CHECK(ab.value == t.value);
        CHECK(pvs.counter("researches") > 0);
        CHECK(pvs.stats.leaves > ab.stats.leaves);
        CHECK(pvs.stats.nodes > ab.stats.nodes);
      }
    }
  }
}

TEST_CASE("a PVS trace: the probe, the re-search of the same successor, kinds and narration") {
  // MAX's second move (14) beats the first (3): its probe fails high and it is searched again.
  const Recorded r = record(tree_spec("((3 4) (14 15) (1 2))", "pvs", Criterion::ge));
  const trace::Model& m = *r.model;
  CHECK(r.result.value == 14);
  CHECK(r.result.counter("researches") == 1);
  CHECK(r.result.counter("probes") == 4);
  REQUIRE(m.child_count(0) == 4);  // 3, the probe of (14 15), its re-search, the probe of (1 2)
  const std::uint32_t probe = m.child(0, 1), research = m.child(0, 2), last = m.child(0, 3);
  CHECK(m.node(probe).k == 1);
  CHECK(m.node(research).k == 1);  // the same successor
  CHECK(m.node(last).k == 2);
  CHECK((m.node(probe).marks & trace::k_pvs_probe_node) != 0);
  CHECK((m.node(probe).marks & trace::k_superseded) != 0);
  CHECK((m.node(research).marks & trace::k_pvs_research_node) != 0);
  CHECK(m.node(research).expected == NodeKind::pv);
  CHECK(m.node(probe).expected == NodeKind::cut);
  CHECK(m.successor(0, 1) == research);
  // The probe's window is the zero window above alpha[1] = 3: (-4, -3) as the successor sees it.
  CHECK(m.node(probe).alpha0 == -4);
  CHECK(m.node(probe).beta == -3);
  CHECK(m.node(research).alpha0 == -k_score_inf);
  CHECK(m.node(research).beta == -3);
  CHECK((m.node(last).marks & trace::k_pvs_probe_node) != 0);
  CHECK((m.node(last).marks & trace::k_superseded) == 0);
  // The principal variation goes through the re-search, not the probe.
  const std::vector<std::uint32_t> pv = m.principal_variation(0);
  REQUIRE_FALSE(pv.empty());
  CHECK(pv.front() == research);
  // Each pvs event says what it does.
  int told = 0;
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    if (m.event(t).type != trace::EventType::pvs) continue;
    const std::string s = narrate(m, t);
    const bool says =
        s.find("zero window") != std::string::npos || s.find("re-search") != std::string::npos;
    CHECK(says);
    ++told;
  }
  // Probes: 4 after 3 under the first move, 14 and 1 at the root, 15 under the re-search; and
  // one re-search.
  CHECK(told == 5);
  // The JSON trace reads back to the same bytes.
  const std::vector<std::uint8_t> kbz = trace::write_kbz(r.result.trace);
  CHECK(trace::write_kbz(trace::read_trace_json(trace::write_trace_json(r.result.trace))) == kbz);
  // The report counts them.
  const std::string json = search_report_json(r.result, m, nullptr);
  CHECK(json.find("\"pvs\":{\"probes\":4,\"researches\":1}") != std::string::npos);
}

TEST_CASE("principal variation search records round trip; a malformed re-search is refused") {
  trace::Trace t;
  trace::RecordWriter w(t, 3);
  w.record(PvsProbeRecord{2, -17, -16});
  w.record(PvsResearchRecord{2, 12});
  const PvsProbeRecord p = trace::RecordCodec<PvsProbeRecord>::decode(t.events, 0);
  CHECK(p.k == 2);
  CHECK(p.alpha == -17);
  CHECK(p.beta == -16);
  CHECK(trace::payload_count(t.events[0]) == 0);
  const PvsResearchRecord r = trace::RecordCodec<PvsResearchRecord>::decode(t.events, 1);
  CHECK(r.k == 2);
  CHECK(r.value == 12);
  // A trace that re-searches a successor it never probed fails with the event named: by the
  // model's own check when no rule derives its steps (another engine's), by the rule otherwise.
  for (bool rule : {false, true}) {
    SearchResult good =
        run_search(tree_spec("((3 4) (14 15))", "pvs", Criterion::ge), Recording::verbose);
    trace::Trace& bad = good.trace;
    if (!rule) bad.steps = trace::Steps{};
    for (std::size_t i = 0; i < bad.events.size(); ++i) {
      if (bad.events[i].type == trace::EventType::pvs && bad.events[i].flags == trace::k_pvs_probe)
        bad.events.at_mut(i).type = trace::EventType::note;  // the probe is gone
    }
    CHECK_THROWS_WITH_AS(
        trace::Model{bad},
        doctest::Contains(rule ? "the rules of pvs give pvs" : "which was not probed"), InputError);
  }
}

TEST_CASE("PVS through the registry: JSON options, link, report and its bench part") {
  const SearchSpec s =
      SearchSpec::from_json(R"({"random":"b=3,d=5,seed=4","algo":"pvs","criterion":"ge"})");
  CHECK(s.algo == "pvs");
  CHECK(s.link_params().find("&algo=pvs&criterion=ge") != std::string::npos);
  const SearchResult r = run_search(s, true);
  SearchSpec ab = s;
  ab.set_algorithm("alphabeta");
  CHECK(run_search(ab, false).value == r.value);
  const BenchSignature sig = bench_signature_parts();
  long long nodes = -1;
  for (const auto& [algo, n] : sig.by_algorithm) {
    if (algo == "pvs") nodes = n;
  }
  CHECK(nodes == 485525);
}

TEST_CASE("damaged PVS records are refused, naming what is wrong") {
  const SearchSpec spec = tree_spec("((3 4) (14 15))", "pvs", Criterion::ge);
  // A fresh trace recorded with every step, its rule removed (as another engine's trace would
  // have none), with the first pvs event of the given flags damaged: the model's own checks.
  auto damaged = [&](std::uint8_t flags, void (*damage)(trace::Event&)) {
    Recorded r;
    r.result = run_search(spec, Recording::verbose);
    trace::Trace& t = r.result.trace;
    t.steps = trace::Steps{};
    for (std::size_t i = 0; i < t.events.size(); ++i) {
      if (t.events[i].type == trace::EventType::pvs && t.events[i].flags == flags) {
        damage(t.events.at_mut(i));
        break;
      }
    }
    return r;
  };
  const Recorded good = damaged(255, [](trace::Event&) {});
  CHECK_NOTHROW(trace::Model{good.result.trace});
  CHECK_THROWS_WITH_AS(
      trace::Model{damaged(trace::k_pvs_probe, [](trace::Event& e) { e.flags = 7; }).result.trace},
      doctest::Contains("a principal variation search event (flags 7, aux 1) that is none of its "
                        "records"),
      InputError);
  CHECK_THROWS_WITH_AS(
      trace::Model{
          damaged(trace::k_pvs_probe, [](trace::Event& e) { e.b = e.a + 5; }).result.trace},
      doctest::Contains("that is not a zero window"), InputError);
  CHECK_THROWS_WITH_AS(
      trace::Model{
          damaged(trace::k_pvs_research, [](trace::Event& e) { e.a += 1000; }).result.trace},
      doctest::Contains("is not the probe's return negated"), InputError);
}
