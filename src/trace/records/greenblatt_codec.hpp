// The Greenblatt program's records as events (trace/event.hpp), about the node searched:
//   plausibility  flags = the PlausibilityRecord kind:
//     move (0)              aux = generation index, a = plausibility, b = move bits | reason << 16
//                           | poor << 24 | check << 25 | safe << 26 | capture << 27; then one
//                           payload per heuristic contribution: node = heuristic | piece << 8 |
//                           square << 16 | other square << 24, a = points, b = 0
//     width (1)             aux = level, a = basic width, b = distinct minimum | pieces with safe
//                           moves << 8 | moves selected << 16 | mode << 24
//     modification (2)      aux = k, a = points subtracted from successor k's value, b = reasons
//     secondary (3)         aux = plies followed, a = the value first found (the parent's view)
//     mate_skip (4)         aux = k, a = the value
//     secondary_result (5)  aux = k (the secondary search), a = first value, b = secondary value
//   feedover        flags = FeedoverCondition, aux = feedover plies above, a = square of the side
//                   to move's en prise piece, b = the other square (64: none)
//   capture_search  flags bit 0 = the static value reached beta, a = static value, b = captures
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search/sink/greenblatt_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

namespace gb = greenblatt;

// A contribution's payload: heuristic | piece << 8 | square << 16 | other << 24, and its points.
constexpr std::uint32_t pack_contribution(const gb::Contribution& c) {
  return static_cast<std::uint32_t>(c.heuristic) | static_cast<std::uint32_t>(c.piece) << 8 |
         static_cast<std::uint32_t>(c.square) << 16 | static_cast<std::uint32_t>(c.other) << 24;
}
gb::Contribution unpack_contribution(std::uint32_t bits, std::int32_t points);

template <class Out>
void head_plausibility(Out& out, PlausibilityRecord kind, int aux, std::int32_t a, std::int32_t b) {
  out.head(EventType::plausibility, static_cast<std::uint8_t>(kind),
           static_cast<std::uint16_t>(aux), a, b);
}

inline bool is_plausibility(const Event& e, PlausibilityRecord kind) {
  return e.type == EventType::plausibility && e.flags == static_cast<std::uint8_t>(kind);
}

template <>
struct RecordCodec<gb::PlausibleMoveRecord> {
  static constexpr int payloads = k_trailing_payloads;
  static bool matches(const Event& e) { return is_plausibility(e, PlausibilityRecord::move); }
  template <class Out>
  static void encode(const gb::PlausibleMoveRecord& r, Out& out) {
    const std::int32_t bits = r.move | static_cast<std::int32_t>(r.reason) << 16 |
                              (r.poor ? 1 : 0) << 24 | (r.check ? 1 : 0) << 25 |
                              (r.safe ? 1 : 0) << 26 | (r.capture ? 1 : 0) << 27;
    head_plausibility(out, PlausibilityRecord::move, r.gen_index, r.plausibility, bits);
    for (int i = 0; i < r.contribution_count; ++i) {
      const gb::Contribution& c = r.contributions[i];
      out.payload(pack_contribution(c), c.points, 0);
    }
  }
  // The move without its contributions (contributions() reads them).
  static gb::PlausibleMoveRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    gb::PlausibleMoveRecord r;
    r.gen_index = e.aux;
    r.plausibility = e.a;
    r.move = static_cast<std::uint16_t>(e.b & 0xFFFF);
    const int reason = (e.b >> 16) & 0xFF;
    r.reason = reason <= static_cast<int>(gb::Reason::principal) ? static_cast<gb::Reason>(reason)
                                                                 : gb::Reason::none;
    r.poor = (e.b >> 24) & 1;
    r.check = (e.b >> 25) & 1;
    r.safe = (e.b >> 26) & 1;
    r.capture = (e.b >> 27) & 1;
    return r;
  }
  // The contributions that follow the move at t.
  static std::vector<gb::Contribution> contributions(const EventLog& ev, std::size_t t) {
    std::vector<gb::Contribution> out;
    for (std::size_t i = t + 1; i < ev.size() && ev[i].type == EventType::payload; ++i)
      out.push_back(unpack_contribution(ev[i].node, ev[i].a));
    return out;
  }
};

template <>
struct RecordCodec<gb::WidthRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return is_plausibility(e, PlausibilityRecord::width); }
  template <class Out>
  static void encode(const gb::WidthRecord& r, Out& out) {
    const std::int32_t counts = std::min(r.distinct_min, 255) | std::min(r.safe_pieces, 255) << 8 |
                                std::min(r.selected, 255) << 16 |
                                static_cast<std::int32_t>(r.mode) << 24;
    head_plausibility(out, PlausibilityRecord::width, r.level, r.width, counts);
  }
  static gb::WidthRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    gb::WidthRecord r;
    r.level = e.aux;
    r.width = e.a;
    r.distinct_min = e.b & 0xFF;
    r.safe_pieces = (e.b >> 8) & 0xFF;
    r.selected = (e.b >> 16) & 0xFF;
    const int mode = (e.b >> 24) & 0xFF;
    r.mode = mode <= static_cast<int>(gb::GreenblattMode::capture)
                 ? static_cast<gb::GreenblattMode>(mode)
                 : gb::GreenblattMode::basic;
    return r;
  }
};

template <>
struct RecordCodec<gb::ModificationRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return is_plausibility(e, PlausibilityRecord::modification);
  }
  template <class Out>
  static void encode(const gb::ModificationRecord& r, Out& out) {
    head_plausibility(out, PlausibilityRecord::modification, r.k, r.points, r.reasons);
  }
  static gb::ModificationRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a, e.b};
  }
};

template <>
struct RecordCodec<gb::SecondaryRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return is_plausibility(e, PlausibilityRecord::secondary); }
  template <class Out>
  static void encode(const gb::SecondaryRecord& r, Out& out) {
    head_plausibility(out, PlausibilityRecord::secondary, r.plies, r.value, 0);
  }
  static gb::SecondaryRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a};
  }
};

template <>
struct RecordCodec<gb::MateSkipRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return is_plausibility(e, PlausibilityRecord::mate_skip); }
  template <class Out>
  static void encode(const gb::MateSkipRecord& r, Out& out) {
    head_plausibility(out, PlausibilityRecord::mate_skip, r.k, r.value, 0);
  }
  static gb::MateSkipRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a};
  }
};

template <>
struct RecordCodec<gb::SecondaryResultRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return is_plausibility(e, PlausibilityRecord::secondary_result);
  }
  template <class Out>
  static void encode(const gb::SecondaryResultRecord& r, Out& out) {
    head_plausibility(out, PlausibilityRecord::secondary_result, r.k, r.first, r.second);
  }
  static gb::SecondaryResultRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a, e.b};
  }
};

template <>
struct RecordCodec<gb::FeedoverRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::feedover; }
  template <class Out>
  static void encode(const gb::FeedoverRecord& r, Out& out) {
    out.head(EventType::feedover, static_cast<std::uint8_t>(r.condition),
             static_cast<std::uint16_t>(r.plies_above), r.ours, r.theirs);
  }
  static gb::FeedoverRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    gb::FeedoverRecord r;
    r.condition = static_cast<gb::FeedoverCondition>(e.flags <= 4 ? e.flags : 0);
    r.plies_above = e.aux;
    r.ours = e.a;
    r.theirs = e.b;
    return r;
  }
};

template <>
struct RecordCodec<gb::CaptureSearchRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::capture_search; }
  template <class Out>
  static void encode(const gb::CaptureSearchRecord& r, Out& out) {
    out.head(EventType::capture_search, r.stand_pat_cut ? 1 : 0, 0, r.static_value, r.captures);
  }
  static gb::CaptureSearchRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {(e.flags & 1) != 0, e.a, e.b};
  }
};

}  // namespace kibitz::trace
