// Interest search through the runner: the recorded events against the net-cost rules, the
// report's nodes_table, the spec's options, metadata and file round trips.
#include <doctest/doctest.h>

#include <cstring>

#include "core/error.hpp"
#include "search/interest_cost.hpp"
#include "session/report.hpp"
#include "test_util.hpp"
#include "trace/interest_index.hpp"
#include "trace/kbz_file.hpp"
#include "trace/narration.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// A search capped at its depth (these tests compare with unpruned scores to the depth; the
// uncapped default has its own tests in interest_test.cpp).
SearchSpec interest_spec(const std::string& game, const std::string& position, int depth,
                         const std::string& limits, const std::string& cap = "depth") {
  SearchSpec s;
  s.game = game;
  s.position = position;
  s.depth = depth;
  s.algo = "interest";
  if (!limits.empty()) s.set("limits", limits);
  s.set("depth_cap", cap);
  return s;
}

// Every rule a recorded interest search must satisfy, node by node.
void check_interest_events(const trace::Model& m, Tallies tallies) {
  const trace::InterestIndex& ix = trace::interest_index(m);
  REQUIRE_FALSE(ix.empty());
  std::uint32_t cuts = 0;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    INFO("node " << id << " path " << m.path_text(id));
    const trace::ModelNode& n = m.node(id);
    std::int64_t ply = 0;
    int passed = 0;
    for (std::uint32_t i = 0; i < ix.move_count(id); ++i) {
      const trace::InterestMoveInfo mv = ix.move_info(ix.move_event(id, i));
      CHECK(mv.joint == (tallies == Tallies::joint));
      CHECK(mv.ply == ply);  // the moves already searched at this node
      CHECK(mv.net == mv.mover + (mv.joint ? mv.other : 0) + mv.ply + mv.move_cost);
      CHECK(mv.cut == (mv.net > mv.limit));
      CHECK(mv.static_leaf == (mv.cut && i == 0));
      const trace::InterestRatingInfo* r = ix.rating_of(id, mv.move_index);
      REQUIRE(r != nullptr);
      CHECK(mv.move_cost == r->cost + mv.penalty);
      if (mv.cut) {
        ++cuts;
        CHECK(i + 1 == ix.move_count(id));  // nothing after the cutoff
        CHECK(ix.cut(id) == mv.t);
        if (mv.static_leaf) CHECK(n.leaf);
      } else {
        const std::uint32_t child = m.child(id, static_cast<std::uint32_t>(passed));
        CHECK(ix.into(child) == mv.t);
        CHECK(m.node(child).move_index == mv.move_index);
        // The successor's tallies: the mover's grew by this ply's tally and the move's cost.
        if (ix.move_count(child) > 0) {
          const trace::InterestMoveInfo first = ix.move_info(ix.move_event(child, 0));
          CHECK(first.mover == mv.other);
          CHECK(first.other == mv.mover + mv.ply + mv.move_cost);
        }
        ++passed;
        ply += mv.move_cost;
      }
    }
    CHECK(static_cast<std::uint32_t>(passed) == m.child_count(id));
    if (ix.cut(id) != trace::k_no_node) CHECK(ix.skipped(id) == ix.rated(id) - passed);
    if (ix.rated(id) > 0) CHECK(ix.rated(id) == (n.leaf ? ix.skipped(id) : n.succ_count));
  }
  CHECK(cuts == ix.cutoffs());
}

}  // namespace

TEST_CASE("recorded interest searches keep the net-cost rules in every domain") {
  std::vector<SearchSpec> specs = {
      interest_spec("tictactoe", "", 9, "800,1600,3200"),
      interest_spec("connect4", "4453", 6, "start=1000,factor=2,iterations=3"),
      interest_spec("othello", "", 6, ""),
      interest_spec("chess", "", 4, "4000,8000,16000"),
  };
  SearchSpec random;
  random.random = RandomTreeParams::parse("b=4,d=6,lo=-20,hi=20,seed=7");
  random.algo = "interest";
  random.set("limits", "500,1000,2000");
  specs.push_back(random);
  random.set("interest_costs", "value");
  specs.push_back(random);
  SearchSpec tree;
  tree.tree = "((3 12 8) (2 4 6) (14 5 2))";
  tree.algo = "interest";
  tree.set("limits", "250,600");
  specs.push_back(tree);
  for (SearchSpec spec : specs) {
    for (Tallies t : {Tallies::split, Tallies::joint}) {
      for (bool similarity : {false, true}) {
        spec.set("tallies", tallies_name(t));
        spec.set("similarity", similarity ? "on" : "off");
        INFO(spec.source_kind() << " " << spec.position << " tallies " << tallies_name(t)
                                << " similarity " << similarity);
        const Recorded r = record(spec, false);
        check_interest_events(*r.model, t);
        CHECK(r.result.interest_cutoffs ==
              static_cast<long long>(trace::interest_index(*r.model).cutoffs()));
        CHECK(r.model->roots().size() == r.result.iterations.size());
        if (!spec.game.empty())
          CHECK(r.result.trace.meta.get("interest_terms").find("initial") != std::string::npos);
      }
    }
  }
}

TEST_CASE("interest traces round-trip through JSON and .kbz and are narrated") {
  const SearchSpec spec = interest_spec("chess", "", 3, "3000,6000");
  const Recorded r = record(spec, false);
  const std::string json = trace::write_trace_json(r.result.trace);
  const trace::Trace back = trace::read_trace_json(json);
  REQUIRE(back.events.size() == r.result.trace.events.size());
  for (std::size_t i = 0; i < back.events.size(); ++i) {
    const trace::Event x = back.events[i], y = r.result.trace.events[i];
    CHECK(std::memcmp(&x, &y, sizeof(trace::Event)) == 0);
  }
  const auto kbz = trace::write_kbz(r.result.trace);
  const trace::Trace from_kbz = trace::read_kbz(kbz.data(), kbz.size());
  CHECK(trace::write_kbz(from_kbz) == kbz);
  const trace::Model m(back);
  const trace::InterestIndex& ix = trace::interest_index(m);
  REQUIRE(ix.cutoffs() > 0);
  bool saw_cut = false, saw_static = false, saw_term = false;
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    const trace::Event& e = m.event(t);
    if (e.type == trace::EventType::interest_move && (e.flags & trace::k_interest_cut)) {
      const std::string s = narrate(m, t);
      saw_cut = true;
      CHECK(s.find("> limit") != std::string::npos);
      CHECK(s.find("interest cutoff") != std::string::npos);
      if (e.flags & trace::k_interest_static_leaf) {
        saw_static = true;
        CHECK(s.find("evaluated statically") != std::string::npos);
      }
    }
    if (e.type == trace::EventType::interest_terms && e.flags == 0) {
      saw_term = true;
      CHECK(narrate(m, t).find("initial +") != std::string::npos);
    }
  }
  CHECK(saw_cut);
  CHECK(saw_static);
  CHECK(saw_term);
}

TEST_CASE("a trace that breaks the interest rules is refused") {
  const SearchSpec spec = interest_spec("tictactoe", "", 3, "900");
  Recorded r = record(spec, false);
  trace::Trace& t = r.result.trace;
  // Find a move that passed and say it was another one: the successor no longer matches.
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    trace::Event& e = t.events.at_mut(i);
    if (e.type == trace::EventType::interest_move && !(e.flags & trace::k_interest_cut)) {
      e.aux = static_cast<std::uint16_t>(e.aux + 1);
      break;
    }
  }
  CHECK_THROWS_WITH_AS(trace::Model{t}, doctest::Contains("but move"), InputError);
}

TEST_CASE("the report: every node's interest entry, cutoffs and iterations by limit") {
  const SearchSpec spec = interest_spec("tictactoe", "x...o.... x", 7, "1000,3000");
  const Recorded r = record(spec, true);
  const std::string json = search_report_json(r.result, *r.model, &r.scores);
  CHECK(json.find("\"interest_cutoffs\":" + std::to_string(r.result.interest_cutoffs)) !=
        std::string::npos);
  CHECK(json.find("\"limit\":1000,\"interest_cutoffs\":") != std::string::npos);
  CHECK(json.find("\"interest\":null") != std::string::npos);  // the roots
  CHECK(json.find("\"interest\":{\"move_cost\":") != std::string::npos);
  CHECK(json.find("\"static_leaf\":true") != std::string::npos);
  const std::string text = search_report_text(r.result, *r.model, &r.scores);
  CHECK(text.find("iteration 2 (limit 3000, depth 7)") != std::string::npos);
  CHECK(r.scores.size() == r.model->node_count());  // scores of an interest trace can be computed
}

TEST_CASE("interest options: JSON, metadata, links and their faults") {
  const SearchSpec s = SearchSpec::from_json(
      R"J({"game":"chess","depth":2,"algo":"interest","limits":[1000,"inf"],"tallies":"joint","similarity":true,"extension":2})J");
  CHECK(s.option("limits") == "1000,inf");
  CHECK(s.option("tallies") == "joint");
  CHECK(s.option_on("similarity"));
  CHECK(s.option_int("extension") == 2);
  trace::Meta meta;
  s.write_meta(meta);
  const auto again = SearchSpec::from_meta(meta);
  REQUIRE(again);
  CHECK(again->option("limits") == "1000,inf");
  CHECK(again->option("tallies") == "joint");
  CHECK(again->option_on("similarity"));
  CHECK(again->option_int("extension") == 2);
  CHECK(s.link_params() ==
        "game=chess&position=&algo=interest&criterion=gt&depth=2&limits=1000,inf&tallies=joint"
        "&similarity=on&extension=2");
  CHECK(
      SearchSpec::from_json(
          R"J({"tree":"(1 2)","algo":"interest","limit_growth":"start=100,factor=2,iterations=3"})J")
          .option("limits") == "start=100,factor=2,iterations=3");
  auto fails = [](const char* json, const char* message) {
    INFO(json);
    CHECK_THROWS_WITH_AS(SearchSpec::from_json(json), doctest::Contains(message), InputError);
  };
  fails(R"J({"tree":"(1 2)","algo":"interest","tallies":"both"})J",
        "tallies must be split or joint");
  fails(R"J({"tree":"(1 2)","algo":"interest","similarity":"maybe"})J",
        "similarity must be on or off");
  fails(R"J({"tree":"(1 2)","algo":"interest","limit":-3})J", "is negative");
  fails(R"J({"tree":"(1 2)","algo":"interest","limits":"100,50"})J", "must grow");
  fails(R"J({"tree":"(1 2)","algo":"alphabeta","limit":100})J", "options of the interest search");
  fails(R"J({"tree":"(1 2)","algo":"interest","interest_costs":"value"})J", "for random trees");
  fails(R"J({"game":"chess","depth":2,"algo":"interest","iterative":true})J",
        "iterates by its limits");
}
