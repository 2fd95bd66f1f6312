// Typed records (trace/records/): each extension's records encoded into events and decoded back
// field for field, with the number of payload events their codec declares.
#include <doctest/doctest.h>

#include "trace/records/records.hpp"

using namespace kibitz;
using namespace kibitz::trace;

namespace {

// Encodes r as the only record of a fresh trace; checks the head and the payload count.
template <class R>
Trace encoded(const R& r, std::size_t expected_events, bool one_record = true) {
  Trace t;
  RecordWriter w(t, 7);
  w.record(r);
  REQUIRE(t.events.size() == expected_events);
  CHECK(t.events[0].node == 7);
  CHECK(t.events[0].type != EventType::payload);
  for (std::size_t i = 1; one_record && i < t.events.size(); ++i)
    CHECK(t.events[i].type == EventType::payload);
  return t;
}

template <class R>
R round_trip(const R& r, std::size_t expected_events) {
  const Trace t = encoded(r, expected_events);
  CHECK(RecordCodec<R>::matches(t.events[0]));
  const int declared = RecordCodec<R>::payloads;
  CHECK(payload_count(t.events[0]) == declared);
  if (declared >= 0) CHECK(t.events.size() == 1 + static_cast<std::size_t>(declared));
  return RecordCodec<R>::decode(t.events, 0);
}

}  // namespace

TEST_CASE("table records round trip") {
  for (TtProbe result : {TtProbe::miss, TtProbe::move, TtProbe::cutoff}) {
    TableProbeRecord p;
    p.result = result;
    p.depth = result == TtProbe::miss ? -1 : 5;
    p.value = -321;
    p.best = 3;
    p.bound = result == TtProbe::miss ? Bound::exact : Bound::lower;
    const TableProbeRecord q = round_trip(p, 1);
    CHECK(q.result == p.result);
    CHECK(q.depth == p.depth);
    CHECK(q.value == p.value);
    CHECK(q.best == p.best);
    if (result != TtProbe::miss) CHECK(q.bound == p.bound);
  }
  const TableStoreRecord s{9, k_score_inf, -1, Bound::upper};
  const TableStoreRecord q = round_trip(s, 1);
  CHECK(q.depth == 9);
  CHECK(q.value == k_score_inf);
  CHECK(q.best == -1);
  CHECK(q.bound == Bound::upper);
}

TEST_CASE("forward-estimation records round trip") {
  FeTestRecord r;
  r.move_index = 4;
  r.pruned = true;
  r.max_root = true;
  r.strict = true;
  r.c = -1200;
  r.l = -30;
  r.u = 45;
  r.estimate = -1320;
  r.window = -900;
  r.d = 6;
  const FeTestRecord q = round_trip(r, 3);
  CHECK(q.move_index == 4);
  CHECK(q.pruned);
  CHECK(q.max_root);
  CHECK(q.strict);
  CHECK(q.c == r.c);
  CHECK(q.l == r.l);
  CHECK(q.u == r.u);
  CHECK(q.estimate == r.estimate);
  CHECK(q.window == r.window);
  CHECK(q.d == r.d);
}

TEST_CASE("interest records round trip") {
  const TermHit hits[] = {{2, 40}, {5, -7}};
  InterestRatingRecord rating;
  rating.move_index = 3;
  rating.interest = 33;
  rating.cost = 3030;
  rating.label = "Nf3";
  rating.hits = hits;
  rating.hit_count = 2;
  const Trace t = encoded(rating, 4, false);  // two terms, the total and its payload
  REQUIRE(RecordCodec<InterestTermRecord>::matches(t.events[0]));
  CHECK(payload_count(t.events[0]) == 0);
  const InterestTermRecord term = RecordCodec<InterestTermRecord>::decode(t.events, 1);
  CHECK(term.move_index == 3);
  CHECK(term.term == 5);
  CHECK(term.value == -7);
  REQUIRE(RecordCodec<InterestTotalRecord>::matches(t.events[2]));
  CHECK(payload_count(t.events[2]) == 1);
  const InterestTotalRecord total = RecordCodec<InterestTotalRecord>::decode(t.events, 2);
  CHECK(total.move_index == 3);
  CHECK(total.interest == 33);
  CHECK(total.cost == 3030);
  CHECK(t.strings.get(total.label) == "Nf3");

  InterestMoveRecord m;
  m.move_index = 2;
  m.move_cost = 1500;
  m.mover = 700;
  m.other = 300;
  m.ply = 900;
  m.net = 3100;
  m.limit = 4000'000'000;  // clamped to the trace's infinity: no limit
  m.penalty = 250;
  m.cut = false;
  m.static_leaf = false;
  m.joint = true;
  const InterestMoveRecord q = round_trip(m, 3);
  CHECK(q.move_index == 2);
  CHECK(q.move_cost == 1500);
  CHECK(q.mover == 700);
  CHECK(q.other == 300);
  CHECK(q.ply == 900);
  CHECK(q.net == 3100);
  CHECK(q.limit == k_score_inf);
  CHECK(q.penalty == 250);
  CHECK_FALSE(q.cut);
  CHECK_FALSE(q.static_leaf);
  CHECK(q.joint);
}

TEST_CASE("Greenblatt records round trip") {
  namespace gb = greenblatt;
  const gb::Contribution c[] = {{gb::Heuristic::unblock_own, 10, 2, 2, 49},
                                {gb::Heuristic::knight_rim, -8, 1, 6, gb::k_no_square}};
  gb::PlausibleMoveRecord m;
  m.gen_index = 12;
  m.plausibility = -44;
  m.move = static_cast<std::uint16_t>(12 | 28 << 6 | 4 << 12);
  m.reason = gb::Reason::distinct;
  m.poor = true;
  m.check = false;
  m.safe = true;
  m.capture = true;
  m.contributions = c;
  m.contribution_count = 2;
  const gb::PlausibleMoveRecord q = round_trip(m, 3);
  CHECK(q.gen_index == 12);
  CHECK(q.plausibility == -44);
  CHECK(q.move == m.move);
  CHECK(q.reason == gb::Reason::distinct);
  CHECK(q.poor);
  CHECK_FALSE(q.check);
  CHECK(q.safe);
  CHECK(q.capture);
  const Trace t = encoded(m, 3);
  const auto back = RecordCodec<gb::PlausibleMoveRecord>::contributions(t.events, 0);
  REQUIRE(back.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(back[i].heuristic == c[i].heuristic);
    CHECK(back[i].points == c[i].points);
    CHECK(back[i].piece == c[i].piece);
    CHECK(back[i].square == c[i].square);
    CHECK(back[i].other == c[i].other);
  }

  const gb::WidthRecord w =
      round_trip(gb::WidthRecord{2, 15, 4, 6, 300, gb::GreenblattMode::feedover}, 1);
  CHECK(w.level == 2);
  CHECK(w.width == 15);
  CHECK(w.distinct_min == 4);
  CHECK(w.safe_pieces == 6);
  CHECK(w.selected == 255);  // the field holds at most 255
  CHECK(w.mode == gb::GreenblattMode::feedover);
  const gb::ModificationRecord mod =
      round_trip(gb::ModificationRecord{3, 12, gb::k_penalty_back}, 1);
  CHECK(mod.k == 3);
  CHECK(mod.points == 12);
  CHECK(mod.reasons == gb::k_penalty_back);
  const gb::SecondaryRecord sec = round_trip(gb::SecondaryRecord{4, -250}, 1);
  CHECK(sec.plies == 4);
  CHECK(sec.value == -250);
  const gb::MateSkipRecord skip = round_trip(gb::MateSkipRecord{1, -k_score_win + 3}, 1);
  CHECK(skip.k == 1);
  CHECK(skip.value == -k_score_win + 3);
  const gb::SecondaryResultRecord res = round_trip(gb::SecondaryResultRecord{5, 30, 10}, 1);
  CHECK(res.k == 5);
  CHECK(res.first == 30);
  CHECK(res.second == 10);
  const gb::FeedoverRecord fo =
      round_trip(gb::FeedoverRecord{gb::FeedoverCondition::exchange, 1, 20, 44}, 1);
  CHECK(fo.condition == gb::FeedoverCondition::exchange);
  CHECK(fo.plies_above == 1);
  CHECK(fo.ours == 20);
  CHECK(fo.theirs == 44);
  const gb::CaptureSearchRecord cs = round_trip(gb::CaptureSearchRecord{true, 77, 3}, 1);
  CHECK(cs.stand_pat_cut);
  CHECK(cs.static_value == 77);
  CHECK(cs.captures == 3);
}

TEST_CASE("a payload is read as part of the record before it") {
  Trace t;
  RecordWriter w(t, 0);
  FeTestRecord r;
  r.d = 2;
  w.record(r);
  w.record(TableStoreRecord{1, 0, -1, Bound::exact});
  CHECK(record_head(t.events, 0) == 0);
  CHECK(record_head(t.events, 1) == 0);
  CHECK(record_head(t.events, 2) == 0);
  CHECK(record_head(t.events, 3) == 3);
  // A record whose payloads are missing decodes without reading past the trace.
  Trace cut;
  cut.events.push(t.events[0]);
  const FeTestRecord q = RecordCodec<FeTestRecord>::decode(cut.events, 0);
  CHECK(q.d == 2);
  CHECK(q.l == 0);
}
