// The narration of every event of recorded traces: each extension's records, payloads included,
// are told by their own narrator (the interest payloads were once told as "payload at the root").
#include <doctest/doctest.h>

#include "test_util.hpp"
#include "trace/narration.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// Narrates every event; checks that none falls back to the generic "<type> at <node>" line.
void narrate_all(const trace::Model& m, int& payloads) {
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    const std::string s = narrate(m, t);
    const trace::Event& e = m.event(t);
    INFO("event " << t << " (" << std::string(trace::event_type_name(e.type)) << "): " << s);
    CHECK_FALSE(s.empty());
    CHECK(s.find(std::string(trace::event_type_name(e.type)) + " at ") != 0);
    if (e.type == trace::EventType::payload) ++payloads;
  }
}

}  // namespace

TEST_CASE("every event of an interest trace is narrated by the interest narrator, payloads too") {
  SearchSpec s;
  s.tree = "((3 (5 1) 8) ((2 9) 4 6) (14 (5 7 (1 2)) 2))";
  s.algo = "interest";
  s.set("limits", "1,3,inf");
  s.set("similarity", "on");
  const Recorded r = record(s, false);
  int payloads = 0;
  narrate_all(*r.model, payloads);
  REQUIRE(payloads > 0);
  // The two payloads of each interest_move: the tallies, then the limit.
  for (std::size_t t = 0; t + 2 < r.model->event_count(); ++t) {
    if (r.model->event(t).type != trace::EventType::interest_move) continue;
    CHECK(narrate(*r.model, t + 1).rfind("(its tallies: the mover's ", 0) == 0);
    CHECK(narrate(*r.model, t + 2).rfind("(the limit: ", 0) == 0);
  }
  // The tree has no names: an interest total's label payload says so, not "label: ".
  int totals = 0;
  for (std::size_t t = 0; t + 1 < r.model->event_count(); ++t) {
    const trace::Event& e = r.model->event(t);
    if (e.type != trace::EventType::interest_terms || e.flags != trace::k_interest_total) continue;
    ++totals;
    if (r.model->event(t + 1).type == trace::EventType::payload)
      CHECK(narrate(*r.model, t + 1) == "(the move has no label)");
  }
  CHECK(totals > 0);
}

TEST_CASE("every event of a forward-estimation, table and Greenblatt trace is narrated") {
  SearchSpec fe;
  fe.random = RandomTreeParams::parse("b=3,d=5,lo=-9,hi=9,seed=5");
  fe.algo = "forward-estimation";
  SearchSpec table;
  table.game = "othello";
  table.depth = 3;
  SearchSpec gb;
  gb.game = "chess";
  gb.depth = 2;
  gb.set_algorithm("greenblatt");
  for (const SearchSpec& s : {fe, table, gb}) {
    const Recorded r = record(s, false);
    int payloads = 0;
    narrate_all(*r.model, payloads);
  }
}

TEST_CASE("name_list: names as a sentence lists them") {
  CHECK(name_list({"C"}) == "C");
  CHECK(name_list({"C", "D"}) == "C and D");
  CHECK(name_list({"C", "D", "E"}) == "C, D and E");
  CHECK(name_list({"a", "b", "c", "d"}) == "a, b, c and d");
  CHECK(name_list({"a", "b", "c", "d", "e", "f"}) == "a, b, c and 3 more");
}
