// The registries agree: every algorithm (session/algorithms/registry.cpp) has its view
// (viewer/views/registry.cpp); every view, trace extension (trace/extensions.cpp) and step rule
// (trace/derive_rules.cpp) is named after an algorithm (or, for the table, a feature every
// depth-first search shares); every algorithm that plays is a UCI engine and a match player.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "app/play/uci/uci_engine.hpp"
#include "core/error.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/play.hpp"
#include "trace/derive_rule.hpp"
#include "trace/extension.hpp"
#include "viewer/views/view.hpp"

using namespace kibitz;

TEST_CASE("every algorithm has its view, and every view, extension and rule an algorithm") {
  std::set<std::string> names;
  for (const AlgorithmEntry* a : algorithms()) {
    CAPTURE(a->name);
    names.insert(a->name);
    const viewer::AlgorithmView* v = viewer::view_of_algorithm(a->name);
    REQUIRE(v != nullptr);
    CHECK(std::string(v->algorithm()) == a->name);
  }
  const std::set<std::string> features = {"table", "engine"};  // shared: any search records them
  for (const viewer::AlgorithmView* v : viewer::all_views()) {
    if (v->algorithm()) CHECK(names.count(v->algorithm()) == 1);
  }
  for (const trace::TraceExtension* x : trace::all_extensions()) {
    CAPTURE(x->key);
    CHECK((names.count(x->key) == 1 || features.count(x->key) == 1));
  }
  for (int r = 1; r < trace::k_step_rule_count; ++r) {
    const auto rule = static_cast<trace::StepRule>(r);
    CAPTURE(trace::step_rule_name(rule));
    CHECK(names.count(trace::step_rule_name(rule)) == 1);
    CHECK(trace::step_rule_def(rule).rule == rule);
  }
}

TEST_CASE("every algorithm that plays is a UCI engine and a match player") {
  int playing = 0;
  for (const AlgorithmEntry* a : algorithms()) {
    CAPTURE(a->name);
    if (!a->choose) {
      CHECK_THROWS_AS(uci::Engine(a->name), InputError);
      CHECK_THROWS_AS(parse_player(a->name), InputError);
      continue;
    }
    ++playing;
    const uci::Engine engine(a->name);
    CHECK(std::string(engine.name()) == a->name);
    CHECK(engine.option_lines().front().rfind("option name Hash", 0) == 0);
    Player p(parse_player(a->name));
    Budget depth_one;
    depth_one.depth = 1;
    const MoveChoice c = p.choose("chess", "startpos", depth_one);
    CHECK(c.move_index >= 0);
  }
  CHECK(playing == 4);  // alpha-beta, PVS, Greenblatt, interest
}
