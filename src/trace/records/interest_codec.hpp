// Interest search's records as events (trace/event.hpp), about the node whose moves they are
// (costs are clamped to +-k_score_inf; 1,000,000,000 is no limit):
//   interest_terms  flags = term id, aux = the move's generation index, a = the term's points
//                   (one per contributing term, before the move's total)
//   interest_terms  flags = k_interest_total, aux, a = the move's interest, b = its cost
//     payload       node = 0, a = string id of the move's label (0: none)
//   interest_move   flags = k_interest_cut | k_interest_static_leaf | k_interest_joint,
//                   aux = generation index, a = move cost (penalty included), b = net cost
//     payload       node = this ply's tally, a = the mover's path tally, b = the other's
//     payload       node = the similarity penalty, a = the limit, b = 0
// A rating (InterestRatingRecord) is written as its terms and its total; a reader decodes them
// one by one.
#pragma once

#include <cstdint>

#include "search/sink/interest_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

// Costs as the trace stores them.
constexpr std::int32_t clamp_cost(std::int64_t c) {
  return static_cast<std::int32_t>(c < -k_score_inf  ? -k_score_inf
                                   : c > k_score_inf ? k_score_inf
                                                     : c);
}

// One term of a rated move (decoded).
struct InterestTermRecord {
  int move_index = 0;
  int term = 0;
  std::int32_t value = 0;
};

// A rated move's total (decoded): interest, cost and the label's string id.
struct InterestTotalRecord {
  int move_index = 0;
  std::int64_t interest = 0, cost = 0;
  std::uint32_t label = 0;  // string id, 0 = none
};

template <>
struct RecordCodec<InterestRatingRecord> {
  template <class Out>
  static void encode(const InterestRatingRecord& r, Out& out) {
    const auto aux = move_aux(r.move_index);
    for (int i = 0; i < r.hit_count; ++i) {
      out.head(EventType::interest_terms, static_cast<std::uint8_t>(r.hits[i].term), aux,
               r.hits[i].value, 0);
    }
    out.head(EventType::interest_terms, k_interest_total, aux, clamp_cost(r.interest),
             clamp_cost(r.cost));
    out.payload(0, r.label.empty() ? 0 : out.string_id(r.label), 0);
  }
};

template <>
struct RecordCodec<InterestTermRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return e.type == EventType::interest_terms && e.flags != k_interest_total;
  }
  static InterestTermRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.flags, e.a};
  }
};

template <>
struct RecordCodec<InterestTotalRecord> {
  static constexpr int payloads = 1;
  static constexpr int string_payload = 1;  // its payload's a is a string id (the label)
  static bool matches(const Event& e) {
    return e.type == EventType::interest_terms && e.flags == k_interest_total;
  }
  static InterestTotalRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    InterestTotalRecord r;
    r.move_index = e.aux;
    r.interest = e.a;
    r.cost = e.b;
    r.label = static_cast<std::uint32_t>(payload_of(ev, t, 1).a);
    return r;
  }
};

template <>
struct RecordCodec<InterestMoveRecord> {
  static constexpr int payloads = 2;
  static bool matches(const Event& e) { return e.type == EventType::interest_move; }
  // What the head alone says: the move was cut (and, at the first move, made a static leaf).
  static bool cut(const Event& e) { return (e.flags & k_interest_cut) != 0; }
  static bool static_leaf(const Event& e) { return (e.flags & k_interest_static_leaf) != 0; }
  template <class Out>
  static void encode(const InterestMoveRecord& r, Out& out) {
    const auto flags = static_cast<std::uint8_t>((r.cut ? k_interest_cut : 0) |
                                                 (r.static_leaf ? k_interest_static_leaf : 0) |
                                                 (r.joint ? k_interest_joint : 0));
    out.head(EventType::interest_move, flags, move_aux(r.move_index), clamp_cost(r.move_cost),
             clamp_cost(r.net));
    out.payload(static_cast<std::uint32_t>(clamp_cost(r.ply)), clamp_cost(r.mover),
                clamp_cost(r.other));
    out.payload(static_cast<std::uint32_t>(clamp_cost(r.penalty)), clamp_cost(r.limit), 0);
  }
  static InterestMoveRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    InterestMoveRecord r;
    r.move_index = e.aux;
    r.cut = cut(e);
    r.static_leaf = static_leaf(e);
    r.joint = e.flags & k_interest_joint;
    r.move_cost = e.a;
    r.net = e.b;
    const Event tallies = payload_of(ev, t, 1), limit = payload_of(ev, t, 2);
    r.ply = static_cast<std::int32_t>(tallies.node);
    r.mover = tallies.a;
    r.other = tallies.b;
    r.penalty = static_cast<std::int32_t>(limit.node);
    r.limit = limit.a;
    return r;
  }
};

}  // namespace kibitz::trace
