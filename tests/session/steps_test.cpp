// Lean traces (trace/steps.hpp, derive.hpp): the alpha-beta family records one event per node
// and the reader derives the rest. The derived stream must be, event for event, what the same
// search reports when every step is recorded (--verbose-trace), on generated trees, random
// trees, games, with tables, budgets, iterative deepening and both criteria; and a trace whose
// steps are not the rule's is refused, naming the event.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "session/run.hpp"
#include "test_util.hpp"
#include "trace/derive.hpp"
#include "trace/model.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

std::string describe(const trace::Event& e) {
  return std::string(trace::event_type_name(e.type)) + " flags=" + std::to_string(e.flags) +
         " aux=" + std::to_string(e.aux) + " node=" + std::to_string(e.node) +
         " a=" + std::to_string(e.a) + " b=" + std::to_string(e.b);
}

// Records the spec lean and verbose; the lean one expanded must equal the verbose one.
// Returns the lean trace's event count.
std::size_t compare_lean_and_verbose(const SearchSpec& spec) {
  const SearchResult lean = run_search(spec, Recording::on);
  const SearchResult full = run_search(spec, Recording::verbose);
  REQUIRE(lean.trace.steps.lean);
  REQUIRE_FALSE(full.trace.steps.lean);
  REQUIRE(lean.trace.steps.rule == full.trace.steps.rule);
  trace::EventLog expanded;
  trace::expand_steps(lean.trace, expanded);
  REQUIRE(expanded.size() == full.trace.events.size());
  for (std::size_t t = 0; t < expanded.size(); ++t) {
    const trace::Event &x = expanded[t], &y = full.trace.events[t];
    const bool same = x.type == y.type && x.flags == y.flags && x.aux == y.aux &&
                      x.node == y.node && x.a == y.a && x.b == y.b;
    if (!same) {
      INFO("event " << t << ": derived " << describe(x) << ", recorded " << describe(y));
      REQUIRE(same);
    }
  }
  // Both open as models, the verbose one checked against the rule.
  const trace::Model a(lean.trace), b(full.trace);
  CHECK(a.node_count() == b.node_count());
  CHECK(a.event_count() == b.event_count());
  CHECK(lean.stats.nodes == full.stats.nodes);
  return lean.trace.events.size();
}

SearchSpec spec_of(const std::string& json) {
  return SearchSpec::from_json(json);
}

// What building the model of trace t says is wrong with it ("" when nothing).
std::string model_error(const trace::Trace& t) {
  try {
    trace::Model m(t);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("lean traces expand to exactly the verbose recording: 1,600 generated trees") {
  Rng rng(20261123);
  const char* algos[] = {"minimax", "alphabeta", "alphabeta-bounds", "pvs"};
  int n = 0;
  for (int i = 0; i < 400; ++i) {
    // Small value ranges force ties; early leaves give uneven trees.
    const std::string text =
        random_tree_text(rng, 1 + static_cast<int>(rng.uniform(0, 4)),
                         1 + static_cast<int>(rng.uniform(0, 3)), false, -5, 5, 25);
    for (const char* algo : algos) {
      CAPTURE(text);
      CAPTURE(algo);
      compare_lean_and_verbose(tree_spec(text, algo, i % 2 ? Criterion::ge : Criterion::gt));
      ++n;
    }
  }
  CHECK(n == 1600);
}

TEST_CASE("lean traces expand to exactly the verbose recording: random trees, games, options") {
  const char* specs[] = {
      R"J({"random":"b=3,d=6,lo=-9,hi=9,seed=1","algo":"alphabeta"})J",
      R"J({"random":"b=3,d=6,lo=-9,hi=9,seed=1","algo":"alphabeta","criterion":"ge"})J",
      R"J({"random":"B=6,root=4,d=5,lo=-99,hi=99,seed=2","algo":"alphabeta-bounds","criterion":"ge"})J",
      R"J({"random":"b=3,d=5,lo=-9,hi=9,seed=3","algo":"minimax"})J",
      R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=4","algo":"alphabeta","iterative":true,"nodes":900})J",
      R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=4","algo":"alphabeta","nodes":300})J",
      R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=4","algo":"minimax","nodes":300})J",
      R"J({"random":"b=4,d=6,lo=-99,hi=99,seed=4","algo":"pvs","nodes":250,"criterion":"ge"})J",
      R"J({"random":"b=3,d=7,lo=-9,hi=9,seed=5","algo":"alphabeta","tt":4096})J",
      R"J({"random":"b=3,d=7,lo=-9,hi=9,seed=5","algo":"alphabeta-bounds","tt":4096,"iterative":true})J",
      R"J({"random":"b=3,d=6,lo=-9,hi=9,seed=1","algo":"pvs","criterion":"ge","iterative":true})J",
      R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta","criterion":"ge","iterative":true})J",
      R"J({"game":"tictactoe","position":"....x....","depth":8,"algo":"alphabeta"})J",
      R"J({"game":"tictactoe","depth":9,"algo":"alphabeta-bounds","criterion":"ge"})J",
      R"J({"game":"connect4","position":"4453","depth":4,"algo":"pvs","iterative":true})J",
      R"J({"game":"othello","depth":4,"algo":"alphabeta"})J",
      R"J({"game":"othello","depth":3,"algo":"pvs","criterion":"ge"})J",
      R"J({"game":"chess","depth":3,"algo":"alphabeta"})J",
      R"J({"game":"chess","depth":3,"algo":"alphabeta-bounds","iterative":true,"nodes":4000})J",
      R"J({"game":"chess","depth":2,"algo":"minimax"})J",
  };
  long long lean_events = 0, nodes = 0;
  for (const char* json : specs) {
    CAPTURE(std::string(json));
    const SearchSpec spec = spec_of(json);
    lean_events += static_cast<long long>(compare_lean_and_verbose(spec));
    nodes += run_search(spec, false).stats.nodes;
  }
  // About one event per node: the node events, roots' enters, iterations, table records.
  CHECK(static_cast<double>(lean_events) / static_cast<double>(nodes) < 1.6);
}

TEST_CASE("an explicit trace whose steps are not the rule's is refused, naming the event") {
  const SearchSpec spec = spec_of(R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  auto damaged = [&](trace::EventType type, int which, void (*damage)(trace::Event&)) {
    SearchResult r = run_search(spec, Recording::verbose);
    int seen = 0;
    for (std::size_t t = 0; t < r.trace.events.size(); ++t) {
      if (r.trace.events[t].type == type && seen++ == which) {
        damage(r.trace.events.at_mut(t));
        break;
      }
    }
    return model_error(r.trace);
  };
  CHECK(damaged(trace::EventType::leave, 99, [](trace::Event&) {}).empty());
  // A best[0] recorded as 5 instead of the negated return.
  const std::string best = damaged(trace::EventType::best_set, 4, [](trace::Event& e) { e.b = 5; });
  CHECK(best.find("(best_set): the rules of alphabeta give best_set") != std::string::npos);
  CAPTURE(best);
  CHECK(best.find("the trace has best_set k=0 best=5") != std::string::npos);
  // A window that is not the parent's.
  const std::string window = damaged(trace::EventType::enter, 5, [](trace::Event& e) { e.a += 1; });
  CHECK(window.find("(enter): enters with the window") != std::string::npos);
  // A cutoff left out.
  const std::string cut = damaged(trace::EventType::cutoff, 0,
                                  [](trace::Event& e) { e.type = trace::EventType::note; });
  CHECK(cut.find("the rules of alphabeta give cutoff") != std::string::npos);
}

TEST_CASE("a lean trace that cannot be derived is refused, naming the event") {
  const SearchSpec spec = spec_of(R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J");
  auto message_for = [&](void (*damage)(trace::Trace&)) {
    SearchResult r = run_search(spec, Recording::on);
    damage(r.trace);
    return model_error(r.trace);
  };
  CHECK(message_for([](trace::Trace&) {}).empty());
  // A derived step in a lean trace.
  CHECK(message_for([](trace::Trace& t) {
          t.events.push(trace::Event{trace::EventType::cutoff, 0, 0, 0, 0, 0});
        }).find("a step the rules of alphabeta derive") != std::string::npos);
  // An interior node event without successors.
  CHECK(message_for([](trace::Trace& t) {
          for (std::size_t i = 0; i < t.events.size(); ++i) {
            if (t.events[i].type == trace::EventType::node) {
              t.events.at_mut(i).flags = trace::k_node_interior;
              t.events.at_mut(i).a = 0;
              break;
            }
          }
        }).find("(node): an interior node without successors") != std::string::npos);
  // A node event with no node open.
  CHECK(message_for([](trace::Trace& t) {
          t.events.push(trace::Event{trace::EventType::node, trace::k_node_leaf, 0, 0, 1, 0});
        }).find("a node event with no node open") != std::string::npos);
}

TEST_CASE("a model holds at most model_event_limit() events: beyond it, a message, not a crash") {
  const SearchSpec spec =
      SearchSpec::from_json(R"J({"random":"b=3,d=6,lo=-9,hi=9,seed=1","algo":"alphabeta"})J");
  const SearchResult lean = run_search(spec, Recording::on);
  const SearchResult verbose = run_search(spec, Recording::verbose);
  REQUIRE(lean.trace.steps.lean);
  const std::size_t full = trace::Model(lean.trace).event_count();
  REQUIRE(full > lean.trace.events.size());
  const std::size_t before = trace::model_event_limit();
  // Room for the lean events, not for what they expand to.
  trace::set_model_event_limit(lean.trace.events.size() + 1);
  CHECK_THROWS_WITH_AS(trace::Model(lean.trace),
                       doctest::Contains("the trace expands to more than"), InputError);
  // An explicit trace is refused before anything is built.
  trace::set_model_event_limit(verbose.trace.events.size() - 1);
  CHECK_THROWS_WITH_AS(trace::Model(verbose.trace),
                       doctest::Contains("events, more than the memory available holds"),
                       InputError);
  trace::set_model_event_limit(full);
  CHECK(trace::Model(lean.trace).event_count() == full);
  trace::set_model_event_limit(before);
}
