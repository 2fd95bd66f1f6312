// Traces opened by indexing, not by expanding (model.hpp, derived_pages.hpp, kbz_file.hpp): a
// file read where it lies gives the events a whole read gives, a page of derived steps made again
// from its keyframe is the page the first pass made, and a model holding two pages answers as
// one holding them all, on lean, explicit and engine-recorder traces.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/byte_source.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "session/run.hpp"
#include "test_util.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"

using namespace kibitz;
using trace::Event;
using trace::EventLog;

namespace {

bool same(const Event& x, const Event& y) {
  return std::memcmp(&x, &y, sizeof(Event)) == 0;
}

SearchResult random_search(const char* algo, const char* random, Recording how = Recording::on) {
  SearchSpec s;
  s.set_algorithm(algo);
  s.random = RandomTreeParams::parse(random);
  return run_search(s, how);
}

// Field by field, so that a difference names its field (and padding never counts).
void check_same_node(const trace::ModelNode& a, const trace::ModelNode& b) {
  CHECK(a.parent == b.parent);
  CHECK(a.enter_t == b.enter_t);
  CHECK(a.leave_t == b.leave_t);
  CHECK(a.cutoff_t == b.cutoff_t);
  CHECK(a.children_begin == b.children_begin);
  CHECK(a.label == b.label);
  CHECK(a.position == b.position);
  CHECK(a.alpha0 == b.alpha0);
  CHECK(a.beta == b.beta);
  CHECK(a.ret == b.ret);
  CHECK(a.succ_count == b.succ_count);
  CHECK(a.cutoff_child == b.cutoff_child);
  CHECK(a.depth == b.depth);
  CHECK(a.k == b.k);
  CHECK(a.move_index == b.move_index);
  CHECK(a.iteration == b.iteration);
  CHECK(a.kind == b.kind);
  CHECK(a.bound == b.bound);
  CHECK(a.expected == b.expected);
  CHECK(a.leaf == b.leaf);
  CHECK(a.marks == b.marks);
  CHECK(a.pruned == b.pruned);
  CHECK(a.adjustment == b.adjustment);
}

void check_same_state(const trace::NodeState& a, const trace::NodeState& b) {
  CHECK(a.visible == b.visible);
  CHECK(a.open == b.open);
  CHECK(a.done == b.done);
  CHECK(a.alpha_index == b.alpha_index);
  CHECK(a.alpha == b.alpha);
  CHECK(a.has_best == b.has_best);
  CHECK(a.best_index == b.best_index);
  CHECK(a.best == b.best);
  CHECK(a.best_bound == b.best_bound);
  CHECK(a.evaluated == b.evaluated);
  CHECK(a.eval == b.eval);
  CHECK(a.has_ret == b.has_ret);
  CHECK(a.ret == b.ret);
  CHECK(a.bound == b.bound);
  CHECK(a.kind == b.kind);
  CHECK(a.cutoff_child == b.cutoff_child);
  CHECK(a.children_entered == b.children_entered);
  CHECK(a.last_event == b.last_event);
}

// Two models of the same trace agree on everything a reader asks: nodes whole, states and
// counters at events read in a scrambled order (so that pages are made again and again).
void check_same_models(const trace::Model& small, const trace::Model& big, Rng& rng) {
  REQUIRE(small.node_count() == big.node_count());
  REQUIRE(small.event_count() == big.event_count());
  for (std::uint32_t id = 0; id < big.node_count();
       id += 1 + static_cast<std::uint32_t>(rng.uniform(0, 40))) {
    CAPTURE(id);
    check_same_node(small.node(id), big.node(id));
  }
  const std::size_t n = big.event_count();
  for (int i = 0; i < 2000; ++i) {
    const auto t = static_cast<std::size_t>(rng.uniform(0, static_cast<long long>(n) - 1));
    CHECK(same(small.event(t), big.event(t)));
    const std::uint32_t id = big.node_of_event(t);
    CHECK(small.node_of_event(t) == id);
    if (id != trace::k_no_node) {
      CAPTURE(t);
      check_same_state(small.state_at(id, t), big.state_at(id, t));
    }
    const trace::Counters ca = small.counters_at(t), cb = big.counters_at(t);
    CHECK(std::memcmp(&ca, &cb, sizeof ca) == 0);
  }
}

}  // namespace

TEST_CASE("a .kbz file read where it lies gives every event a whole read gives") {
  for (const char* random : {"b=3,d=9,lo=-50,hi=50,seed=4", "b=7,d=6,lo=-9,hi=9,seed=2"}) {
    for (const char* algo : {"alphabeta", "minimax", "pvs"}) {
      CAPTURE(random);
      CAPTURE(algo);
      for (Recording how : {Recording::on, Recording::verbose}) {
        const SearchResult r = random_search(algo, random, how);
        const std::vector<std::uint8_t> bytes = trace::write_kbz(r.trace);
        const trace::Trace whole = trace::read_kbz(bytes.data(), bytes.size());
        const trace::Trace indexed = trace::read_kbz(bytes_borrowed(bytes.data(), bytes.size()));
        REQUIRE(indexed.events.paged());
        REQUIRE(indexed.events.size() == whole.events.size());
        CHECK(indexed.steps == whole.steps);
        CHECK(indexed.strings.size() == whole.strings.size());
        // Backwards, then forwards: pages dropped and decoded again.
        bool equal = true;
        for (std::size_t t = whole.events.size(); t-- > 0;)
          equal = equal && same(indexed.events[t], whole.events[t]);
        for (std::size_t t = 0; t < whole.events.size(); ++t)
          equal = equal && same(indexed.events[t], whole.events[t]);
        CHECK(equal);
        CHECK(indexed.events.pages_held() <= 64);
      }
    }
  }
}

TEST_CASE("damage in an event chunk read where it lies is named as a whole read names it") {
  const SearchResult r = random_search("alphabeta", "b=3,d=9,lo=-50,hi=50,seed=4");
  std::vector<std::uint8_t> bytes = trace::write_kbz(r.trace);
  // A string reference beyond the table in the last event chunk: the events before it are fine.
  // (The checksum is made again so that the damage is the reference, not the file.)
  std::size_t at = bytes.size() - 24;  // the END chunk
  // The last event of the last EVTS chunk: a node event, whose label is a string id.
  std::size_t last_event = 0;
  for (std::size_t i = 16; i + 16 <= at;) {
    std::uint64_t len = 0;
    for (int k = 7; k >= 0; --k) len = len << 8 | bytes[i + 8 + static_cast<std::size_t>(k)];
    if (std::memcmp(&bytes[i], "EVTS", 4) == 0) last_event = i + 16 + len - 16;
    i += 16 + len;
  }
  REQUIRE(last_event > 0);
  REQUIRE(bytes[last_event] == static_cast<std::uint8_t>(trace::EventType::node));
  bytes[last_event + 4] = 0xFF, bytes[last_event + 5] = 0xFF;  // the label: string 65535
  const std::uint64_t sum = trace::fnv1a64(bytes.data(), at);
  for (int k = 0; k < 8; ++k)
    bytes[at + 16 + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(sum >> (8 * k));
  std::string whole_error, indexed_error;
  try {
    trace::read_kbz(bytes.data(), bytes.size());
  } catch (const InputError& e) {
    whole_error = e.what();
  }
  try {
    const trace::Trace t = trace::read_kbz(bytes_borrowed(bytes.data(), bytes.size()));
    const trace::Model m(t);  // reads every event
  } catch (const InputError& e) {
    indexed_error = e.what();
  }
  CHECK(whole_error.find("is not in the string table") != std::string::npos);
  CHECK(indexed_error == whole_error);
}

TEST_CASE("a page of derived steps made again from its keyframe is the page the first pass made") {
  // A lean trace of more than eight pages of steps: the first pass against expand_steps, then
  // pages made again in a scrambled order with two held at a time.
  const SearchResult r = random_search("alphabeta", "b=7,d=9,lo=-40,hi=40,seed=11");
  EventLog expanded;
  trace::expand_steps(r.trace, expanded);
  REQUIRE(expanded.size() > 8 * EventLog::k_chunk_events);
  std::unique_ptr<EventLog> derived =
      trace::derived_log(r.trace.events, trace::lean_derivation(r.trace.steps), 2);
  bool equal = true;
  for (std::size_t t = 0; derived->has(t); ++t) equal = equal && same((*derived)[t], expanded[t]);
  CHECK(equal);
  REQUIRE(derived->size() == expanded.size());
  Rng rng(5);
  for (int i = 0; i < 400; ++i) {  // nearly every one a page made again
    const auto t =
        static_cast<std::size_t>(rng.uniform(0, static_cast<long long>(expanded.size()) - 1));
    if (!same((*derived)[t], expanded[t])) {
      FAIL("derived event " << t << " differs when its page is made again");
      break;
    }
  }
  CHECK(derived->pages_held() <= 2);
}

TEST_CASE("a model holding two pages answers as one holding them all") {
  Rng rng(17);
  SUBCASE("lean alpha-beta") {
    const SearchResult r = random_search("alphabeta", "b=4,d=10,lo=-30,hi=30,seed=3");
    check_same_models(trace::Model(r.trace, 2), trace::Model(r.trace, 1000), rng);
  }
  SUBCASE("lean PVS, read where it lies") {
    const SearchResult r = random_search("pvs", "b=4,d=10,lo=-30,hi=30,seed=5");
    const std::vector<std::uint8_t> bytes = trace::write_kbz(r.trace);
    const trace::Trace t = trace::read_kbz(bytes_borrowed(bytes.data(), bytes.size()));
    check_same_models(trace::Model(t, 2), trace::Model(r.trace, 1000), rng);
  }
  SUBCASE("an engine recorder's trace: its returns derived a page at a time") {
    // Kibitz's own modern PVS records as an engine does; without the steps an engine's
    // recorder leaves out, the model puts them back.
    SearchSpec s;
    s.set_algorithm("pvs");
    s.game = "chess";
    s.depth = 5;
    s.iterative = true;
    s.set("quiescence", "on");
    s.set("null_move", "on");
    s.set("lmr", "on");
    const SearchResult r = run_search(s, Recording::verbose);
    trace::Trace engine;
    engine.meta = r.trace.meta;
    engine.steps.returns_derived = true;
    for (std::size_t t = 0; t < r.trace.events.size(); ++t) {
      const trace::EventType ty = r.trace.events[t].type;
      if (ty != trace::EventType::child_return && ty != trace::EventType::best_set &&
          ty != trace::EventType::alpha_set)
        engine.events.push(r.trace.events[t]);
    }
    for (std::uint32_t i = 1; i < r.trace.strings.size(); ++i)
      engine.strings.append(r.trace.strings.get(i));
    trace::Trace full;
    full.meta = r.trace.meta;
    for (std::size_t t = 0; t < r.trace.events.size(); ++t) full.events.push(r.trace.events[t]);
    for (std::uint32_t i = 1; i < r.trace.strings.size(); ++i)
      full.strings.append(r.trace.strings.get(i));
    REQUIRE(r.trace.events.size() > 2 * EventLog::k_chunk_events);
    check_same_models(trace::Model(engine, 2), trace::Model(full, 1000), rng);
  }
}
