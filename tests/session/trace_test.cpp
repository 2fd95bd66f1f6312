// The trace: file round trips, the model against a replay from zero, malformed input.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "core/error.hpp"
#include "test_util.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_file.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;
using namespace kibitz::test;
using trace::Event;
using trace::EventType;

namespace {

bool same_events(const trace::Trace& a, const trace::Trace& b) {
  if (a.events.size() != b.events.size()) return false;
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    const Event &x = a.events[i], &y = b.events[i];
    if (x.type != y.type || x.flags != y.flags || x.aux != y.aux || x.node != y.node ||
        x.a != y.a || x.b != y.b) {
      return false;
    }
    const bool text = x.type == EventType::label || x.type == EventType::position;
    if (text && a.strings.get(static_cast<std::uint32_t>(x.a)) !=
                    b.strings.get(static_cast<std::uint32_t>(y.a))) {
      return false;
    }
    if (x.type == EventType::node && a.strings.get(x.node) != b.strings.get(y.node)) return false;
  }
  return true;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The state of every node after events 0..t, recomputed from nothing: an independent reading
// of event.hpp to hold the model to.
struct Naive {
  struct S {
    bool visible = false, done = false, has_best = false, evaluated = false;
    int alpha_index = 0, best_index = 0, cutoff = -1, children = 0;
    Score alpha = 0, best = 0, ret = 0, eval = 0;
    NodeKind kind = NodeKind::unknown;
    Bound bound = Bound::exact;
  };
  std::vector<S> nodes;
  trace::Counters c;
  std::vector<std::uint32_t> parent;
};

// events: an explicit trace's (every step recorded, as --verbose-trace records them).
Naive replay(const trace::EventLog& events, std::size_t upto) {
  Naive n;
  std::vector<std::uint32_t> open;
  for (std::size_t i = 0; i <= upto; ++i) {
    const Event& e = events[i];
    switch (e.type) {
      case EventType::enter: {
        Naive::S s;
        s.visible = true;
        s.alpha = e.a;
        n.nodes.push_back(s);
        n.parent.push_back(open.empty() ? trace::k_no_node : open.back());
        if (!open.empty()) ++n.nodes[open.back()].children;
        open.push_back(e.node);
        ++n.c.nodes;
        n.c.max_depth =
            std::max<std::uint32_t>(n.c.max_depth, static_cast<std::uint32_t>(open.size() - 1));
        break;
      }
      case EventType::evaluate:
        n.nodes[e.node].evaluated = true;
        n.nodes[e.node].eval = e.a;
        ++n.c.leaves;
        break;
      case EventType::best_set:
        n.nodes[e.node].has_best = true;
        n.nodes[e.node].best_index = e.a;
        n.nodes[e.node].best = e.b;
        break;
      case EventType::alpha_set:
        n.nodes[e.node].alpha_index = e.a;
        n.nodes[e.node].alpha = e.b;
        break;
      case EventType::cutoff:
        n.nodes[e.node].cutoff = e.a;
        n.nodes[e.node].kind = NodeKind::cut;
        ++n.c.cutoffs;
        break;
      case EventType::leave: {
        auto& s = n.nodes[e.node];
        s.done = true;
        s.ret = e.a;
        s.kind = trace::unpack_kind(e.flags);
        s.bound = trace::unpack_bound(e.flags);
        if (s.kind == NodeKind::pv) ++n.c.pv;
        if (s.kind == NodeKind::cut) ++n.c.cut;
        if (s.kind == NodeKind::all) ++n.c.all;
        open.pop_back();
        break;
      }
      default:
        break;
    }
  }
  return n;
}

// The model of the lean recording and of the verbose one (checked against the rule) against a
// replay of the verbose recording's events, at every event.
void check_model_against_replay(const SearchSpec& spec) {
  const SearchResult lean = run_search(spec, Recording::on);
  const SearchResult full = run_search(spec, Recording::verbose);
  REQUIRE(lean.trace.steps.lean);
  const trace::Model ml(lean.trace), mf(full.trace);
  const trace::EventLog& events = full.trace.events;
  REQUIRE(ml.event_count() == events.size());
  REQUIRE(mf.event_count() == events.size());
  for (std::size_t at = 0; at < events.size(); ++at) {
    const Naive n = replay(events, at);
    for (const trace::Model* mp : {&ml, &mf}) {
      const trace::Model& m = *mp;
      REQUIRE(m.nodes_visible_at(at) == n.nodes.size());
      const trace::Counters c = m.counters_at(at);
      CHECK(c.nodes == n.c.nodes);
      CHECK(c.leaves == n.c.leaves);
      CHECK(c.cutoffs == n.c.cutoffs);
      CHECK(c.pv == n.c.pv);
      CHECK(c.cut == n.c.cut);
      CHECK(c.all == n.c.all);
      CHECK(c.max_depth == n.c.max_depth);
      for (std::uint32_t id = 0; id < m.node_count(); ++id) {
        const trace::NodeState s = m.state_at(id, at);
        if (id >= n.nodes.size()) {
          CHECK_FALSE(s.visible);
          continue;
        }
        const Naive::S& x = n.nodes[id];
        INFO("event " << at << " node " << id << (mp == &ml ? " (lean)" : " (verbose)"));
        CHECK(s.visible);
        CHECK(s.done == x.done);
        CHECK(s.alpha_index == x.alpha_index);
        CHECK(s.alpha == x.alpha);
        CHECK(s.has_best == x.has_best);
        if (x.has_best) {
          CHECK(s.best_index == x.best_index);
          CHECK(s.best == x.best);
        }
        CHECK(s.evaluated == x.evaluated);
        if (x.evaluated) CHECK(s.eval == x.eval);
        CHECK(s.cutoff_child == x.cutoff);
        CHECK(s.kind == x.kind);
        CHECK(s.children_entered == x.children);
        if (x.done) {
          CHECK(s.ret == x.ret);
          CHECK(s.bound == x.bound);
        }
        CHECK(m.node(id).parent == n.parent[id]);
      }
    }
  }
}

trace::Trace sample_trace(const char* a = "alphabeta", Criterion c = Criterion::ge) {
  return run_search(tree_spec("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", a, c), true).trace;
}

}  // namespace

TEST_CASE("a .kbz file round trip keeps every event, string and meta entry") {
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    const std::string text = random_tree_text(rng, 5, 4, false, -9, 9, 10);
    for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds"}) {
      const trace::Trace t = run_search(tree_spec(text, a, Criterion::ge), true).trace;
      const auto bytes = trace::write_kbz(t);
      const trace::Trace back = trace::read_kbz(bytes);
      CHECK(same_events(t, back));
      CHECK(back.meta.items() == t.meta.items());
      CHECK(trace::write_kbz(back) == bytes);
    }
  }
}

TEST_CASE("a trace spanning several event chunks round trips, lean and verbose") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=4,d=9,lo=-9,hi=9,seed=2");
  s.algo = "minimax";
  for (Recording r : {Recording::on, Recording::verbose}) {
    const trace::Trace t = run_search(s, r).trace;
    CHECK(t.events.size() > 2 * trace::EventLog::k_chunk_events);
    const auto bytes = trace::write_kbz(t);
    const trace::Trace back = trace::read_kbz(bytes);
    CHECK(same_events(t, back));
    CHECK(back.steps == t.steps);
    CHECK(trace::write_kbz(back) == bytes);
    CHECK(static_cast<double>(bytes.size()) / static_cast<double>(t.events.size()) < 16.1);
  }
}

TEST_CASE("the JSON export round trips, labels and infinities included, in both versions") {
  for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds", "pvs"}) {
    const trace::Trace t = sample_trace(a);
    const std::string json = trace::write_trace_json(t);
    CHECK(json.find("\"alpha0\":\"-inf\"") != std::string::npos);
    CHECK(json.find("\"label\":\"B\"") != std::string::npos);  // a lean node event's
    const trace::Trace back = trace::read_trace_json(json);
    CHECK(same_events(t, back));
    CHECK(back.steps == t.steps);
    CHECK(trace::write_trace_json(back) == json);
    const auto bytes = trace::write_kbz(t);
    CHECK(trace::write_kbz(trace::read_trace_any(bytes.data(), bytes.size())) == bytes);
    CHECK(same_events(
        trace::read_trace_any(reinterpret_cast<const std::uint8_t*>(json.data()), json.size()), t));
    // Version 1: every step, the labels as label events; read back, it is the verbose recording.
    const std::string v1 = trace::write_trace_json(t, 1);
    CHECK(v1.find("\"version\":1") != std::string::npos);
    CHECK(v1.find("\"text\":\"B\"") != std::string::npos);
    const trace::Trace old = trace::read_trace_json(v1);
    CHECK_FALSE(old.steps.lean);
    CHECK(old.steps.rule == t.steps.rule);
    CHECK(same_events(old,
                      run_search(tree_spec("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", a, Criterion::ge),
                                 Recording::verbose)
                          .trace));
    const trace::Trace old_kbz = trace::read_kbz(trace::write_kbz(t, 1));
    CHECK(same_events(old_kbz, old));
    CHECK(trace::Model(old_kbz).event_count() == trace::Model(t).event_count());
  }
}

TEST_CASE("the model's state at every event equals a replay from zero, lean and verbose") {
  Rng rng(17);
  for (int i = 0; i < 30; ++i) {
    const std::string text = random_tree_text(rng, 4, 3, false, -4, 4, 15);
    for (const char* a : {"minimax", "alphabeta", "alphabeta-bounds", "pvs"}) {
      for (Criterion c : {Criterion::gt, Criterion::ge}) {
        check_model_against_replay(tree_spec(text, a, c));
      }
    }
  }
}

TEST_CASE("seeking a big trace reads keyframes, and agrees with a replay at sampled events") {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=6,d=8,lo=-100,hi=100,seed=9");
  const trace::Trace t = run_search(s, Recording::on).trace;
  const trace::Trace full = run_search(s, Recording::verbose).trace;
  const trace::Model m(t);
  REQUIRE(m.event_count() == full.events.size());
  REQUIRE(full.events.size() > 10 * trace::Model::k_keyframe_interval);
  Rng rng(1);
  for (int i = 0; i < 6; ++i) {
    const auto at =
        static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(full.events.size()) - 1));
    const Naive n = replay(full.events, at);
    const trace::Counters c = m.counters_at(at);
    CHECK(c.nodes == n.c.nodes);
    CHECK(c.leaves == n.c.leaves);
    CHECK(c.cutoffs == n.c.cutoffs);
    for (std::uint32_t id = 0; id < n.nodes.size(); id += 7) {
      const trace::NodeState st = m.state_at(id, at);
      CHECK(st.alpha == n.nodes[id].alpha);
      CHECK(st.done == n.nodes[id].done);
      CHECK(st.best == (n.nodes[id].has_best ? n.nodes[id].best : st.best));
    }
  }
}

TEST_CASE("malformed .kbz files are refused with a message naming the fault") {
  const auto good = trace::write_kbz(sample_trace());
  auto with = [&](const std::function<void(std::vector<std::uint8_t>&)>& edit) {
    std::vector<std::uint8_t> b = good;
    edit(b);
    return error_of([&] { trace::read_kbz(b); });
  };
  CHECK(with([](auto&) {}).empty());
  CHECK(
      with([](auto& b) { b[0] = 'X'; }) ==
      "trace file, byte 0: not a Kibitz trace (the file does not start with the .kbz magic bytes)");
  CHECK(with([](auto& b) { b[8] = 9; }) ==
        "trace file, byte 12: trace format version 9 is not supported (this Kibitz reads up to 2)");
  CHECK(with([](auto& b) { b[12] = 7; }) ==
        "trace file, byte 16: header flags 775 name no known steps");
  // A version-1 file cut short is refused; a version-2 one (a recording killed) opens up to its
  // last complete chunk, saying where it ends.
  const auto v1 = trace::write_kbz(sample_trace(), 1);
  auto v1_error = [&](std::size_t keep) {
    std::vector<std::uint8_t> b(v1.begin(), v1.begin() + static_cast<std::ptrdiff_t>(keep));
    return error_of([&] { trace::read_kbz(b); });
  };
  CHECK(v1_error(v1.size() - 20).find("truncated") != std::string::npos);
  CHECK(v1_error(40).find("runs past the end of the file") != std::string::npos);
  for (std::size_t keep : {good.size() - 20, good.size() - 24, std::size_t{40}, std::size_t{16}}) {
    std::vector<std::uint8_t> b(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(keep));
    const trace::Trace t = trace::read_kbz(b);
    CHECK(t.notice.find("the file ends at byte " + std::to_string(keep)) == 0);
    CHECK(t.notice.find("the recording was cut short") != std::string::npos);
  }
  CHECK(with([](auto& b) { b[b.size() - 30] ^= 0x40; }).find("checksum mismatch") !=
        std::string::npos);
  // Damage in the facts (the META chunk after the 16-byte header and 16-byte chunk header) is
  // damage too, checked before the facts are parsed.
  CHECK(with([](auto& b) { b[40] ^= 0x40; }).find("checksum mismatch: the file is damaged") !=
        std::string::npos);
  CHECK(with([](auto& b) { b.resize(7); }).find("not a Kibitz trace") != std::string::npos);
  CHECK(error_of([] { trace::read_kbz(std::vector<std::uint8_t>{}); }).find("not a Kibitz trace") !=
        std::string::npos);
}

TEST_CASE("events that do not nest are refused by the model") {
  // Every step recorded and no rule named (as another engine's trace): the model's own checks.
  auto model_error = [](const std::function<void(trace::Trace&)>& edit) {
    trace::Trace t =
        run_search(tree_spec("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", "alphabeta", Criterion::gt),
                   Recording::verbose)
            .trace;
    t.steps = trace::Steps{};
    edit(t);
    return error_of([&] { trace::Model m(t); });
  };
  auto find = [](trace::Trace& t, EventType type, int nth = 0) -> Event& {
    for (std::size_t i = 0; i < t.events.size(); ++i) {
      if (t.events[i].type == type && nth-- == 0) return t.events.at_mut(i);
    }
    throw std::runtime_error("no such event");
  };
  CHECK(model_error([](trace::Trace&) {}).empty());
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::child_return).b += 1; }) ==
        "trace, event 9 (child_return): successor 0 returned 3, not 4");
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::enter, 2).node = 7; }) ==
        "trace, event 6 (enter): enters node 7 but the next node id is 2");
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::evaluate).node = 0; }) ==
        "trace, event 7 (evaluate): names node 0 but node 2 is the one being searched");
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::cutoff).a = 3;
        }).find("refers to successor 3") != std::string::npos);
  CHECK(model_error([&](trace::Trace& t) {
          auto& e = find(t, EventType::enter, 1);
          e.a = 100;
          e.b = 50;
        }).find("is above beta") != std::string::npos);
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::leave).flags = 0xFF; }) ==
        "trace, event 8 (leave): bad bound or kind bits");
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::expand).type = static_cast<EventType>(20);
        }) == "trace, event 2 (type_20): unknown event type 20");
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::label).a = 999; }) ==
        "trace, event 1 (label): string 999 is not in the string table");
  // Scores outside the score range are refused before any arithmetic on them (issue 18's F4:
  // an alpha index of INT_MIN, a return of INT_MIN overflowed when negated).
  constexpr std::int32_t k_min = std::numeric_limits<std::int32_t>::min();
  CHECK(model_error([&](trace::Trace& t) { find(t, EventType::alpha_set).a = k_min; }) ==
        "trace, event 11 (alpha_set): alpha[-2147483648]: the index must be 1 or more");
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::alpha_set).b = k_min;
        }).find("alpha -2147483648 is outside the score range") != std::string::npos);
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::leave).a = k_min;
          find(t, EventType::child_return).b = k_min;
        }).find("the returned value -2147483648 is outside the score range") != std::string::npos);
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::evaluate).a = k_min;
        }).find("the evaluation -2147483648 is outside") != std::string::npos);
  CHECK(model_error([&](trace::Trace& t) {
          find(t, EventType::enter).a = k_min;
        }).find("alpha0 -2147483648 is outside") != std::string::npos);
}

TEST_CASE("malformed JSON traces are refused with the event and field") {
  auto err = [](const std::string& json) {
    return error_of([&] { trace::read_trace_json(json); });
  };
  CHECK(err("{").find("not valid JSON") != std::string::npos);
  CHECK(err("[]") == "trace JSON must be an object");
  CHECK(err(R"({"format":"other","version":1,"events":[]})") ==
        "trace JSON: \"format\" must be \"kibitz-trace\"");
  CHECK(err(R"({"format":"kibitz-trace","version":3,"events":[]})") ==
        "trace JSON: \"version\" must be 1 or 2");
  CHECK(err(R"({"format":"kibitz-trace","version":2,"steps":{"rule":"fast"},"events":[]})")
            .find("\"steps\" must name a rule") != std::string::npos);
  CHECK(
      err(R"({"format":"kibitz-trace","version":1,"events":[{"type":"enter","node":0,"alpha0":"-inf"}]})") ==
      "trace JSON, event 0: missing field 'beta'");
  CHECK(err(R"({"format":"kibitz-trace","version":1,"events":[{"type":"jump","node":0}]})") ==
        "trace JSON, event 0: unknown type \"jump\"");
  CHECK(
      err(R"({"format":"kibitz-trace","version":1,"events":[{"type":"leave","node":0,"ret":1,"kind":"big"}]})") ==
      "trace JSON, event 0: 'kind' must be \"pv\", \"cut\", \"all\", \"leaf\" or \"unknown\"");
  CHECK(
      err(R"({"format":"kibitz-trace","version":1,"events":[{"type":"evaluate","node":0,"value":"x"}]})") ==
      "trace JSON, event 0: 'value' must be an integer, \"-inf\" or \"+inf\"");
  // A hand-written trace from another engine: a root with two leaves.
  const std::string foreign =
      R"({"format":"kibitz-trace","version":1,"meta":{"algo":"alphabeta"},"events":[
    {"type":"enter","node":0,"alpha0":"-inf","beta":"+inf"},
    {"type":"expand","node":0,"count":2},
    {"type":"enter","node":1,"alpha0":"-inf","beta":"+inf"},{"type":"label","node":1,"text":"e4"},
    {"type":"evaluate","node":1,"value":-3},{"type":"leave","node":1,"ret":-3,"bound":"exact","kind":"leaf"},
    {"type":"child_return","node":0,"k":0,"ret":-3},{"type":"best_set","node":0,"k":0,"best":3},
    {"type":"alpha_set","node":0,"index":1,"alpha":3,"raised":true},
    {"type":"enter","node":2,"alpha0":"-inf","beta":-3},
    {"type":"evaluate","node":2,"value":1},{"type":"leave","node":2,"ret":1,"bound":"exact","kind":"leaf"},
    {"type":"child_return","node":0,"k":1,"ret":1},{"type":"best_set","node":0,"k":1,"best":3},
    {"type":"alpha_set","node":0,"index":2,"alpha":3,"raised":false},
    {"type":"leave","node":0,"ret":3,"bound":"exact","kind":"pv"}]})";
  const trace::Trace t = trace::read_trace_json(foreign);
  const trace::Model m(t);
  CHECK(m.node_count() == 3);
  CHECK(m.label(1) == "e4");
  CHECK(m.node(0).ret == 3);
  CHECK(m.principal_variation(0) == std::vector<std::uint32_t>{1});
}

TEST_CASE("the JSON writer writes null for a number that is not finite") {
  JsonWriter j;
  j.begin_array();
  j.number(1.5);
  j.number(std::numeric_limits<double>::infinity());
  j.number(std::nan(""));
  j.end_array();
  CHECK(j.str() == "[1.5,null,null]");
}

TEST_CASE(
    "a number too large for a double is a clear error in a JSON trace and in a trace's facts") {
  // nlohmann's out_of_range (406), not only its parse_error, becomes an InputError: the viewer
  // shows it as a message instead of terminating.
  const std::string doc = R"({"format":"kibitz-trace","version":1,"meta":{"a":4e909},"events":[]})";
  CHECK_THROWS_WITH_AS(trace::read_trace_json(doc),
                       doctest::Contains("not valid JSON: the number 4e909 is too large"),
                       InputError);
  CHECK_THROWS_WITH_AS(trace::meta_from_json(R"({"a":1e400})"),
                       doctest::Contains("not valid JSON: the number 1e400 is too large"),
                       InputError);
  // Without the library's tag: a syntax error says where.
  try {
    trace::meta_from_json("{\"a\":}");
    FAIL("accepted");
  } catch (const InputError& e) {
    const std::string m = e.what();
    CHECK(m.find("[json.exception") == std::string::npos);
    CHECK(m.find("line 1, column 6") != std::string::npos);
  }
}

TEST_CASE("JSON nested deeper than 64 levels is refused before it is parsed (F3)") {
  // It overflowed the stack: the reader re-serialized "meta" recursively.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string doc =
      R"({"format":"kibitz-trace","version":1,"meta":{"a":)" + deep + R"(},"events":[]})";
  CHECK_THROWS_WITH_AS(trace::read_trace_json(doc),
                       "trace JSON: arrays and objects nested deeper than 64 levels (at byte 111)",
                       InputError);
  CHECK_THROWS_WITH_AS(trace::meta_from_json("{\"a\":" + deep + "}"),
                       doctest::Contains("deeper than 64 levels"), InputError);
  CHECK_THROWS_WITH_AS(SearchSpec::from_json("{\"tree\":" + deep + "}"),
                       doctest::Contains("search options: arrays and objects nested deeper"),
                       InputError);
  // Brackets inside strings do not count; 64 levels are fine.
  CHECK_NOTHROW(check_json_depth(
      R"({"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["})", 64,
      "x"));
  CHECK_NOTHROW(check_json_depth(std::string(64, '[') + std::string(64, ']'), 64, "x"));
  CHECK_THROWS(check_json_depth(std::string(65, '[') + std::string(65, ']'), 64, "x"));
}

TEST_CASE("a lean trace's scores outside the score range are refused before steps are derived") {
  // Found by fuzz_kbz: a leaf's value of INT_MIN was negated while deriving its parent's steps.
  trace::Trace t = run_search(tree_spec("((3 12 8) (2 4 6) (14 5 2))", "alphabeta", Criterion::gt),
                              Recording::on)
                       .trace;
  REQUIRE(t.steps.lean);
  bool edited = false;
  for (std::size_t i = 0; i < t.events.size() && !edited; ++i) {
    Event& e = t.events.at_mut(i);
    if (e.type == EventType::node && e.flags == trace::k_node_leaf) {
      e.a = std::numeric_limits<std::int32_t>::min();
      edited = true;
    }
  }
  REQUIRE(edited);
  CHECK(error_of([&] {
          trace::Model m(t);
        }).find("the evaluation -2147483648 is outside the score range") != std::string::npos);
}
