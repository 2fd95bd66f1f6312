// The transposition table's records as events (trace/event.hpp):
//   tt_probe  flags = TtProbe | bound << 2 (no bound on a miss), aux = the entry's depth
//             (0xFFFF on a miss), a = value, b = best move's generation index (-1 none)
//   tt_store  flags = bound << 2, aux = depth, a = value, b = best move
#pragma once

#include "search/sink/table_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

template <>
struct RecordCodec<TableProbeRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::tt_probe; }
  template <class Out>
  static void encode(const TableProbeRecord& r, Out& out) {
    const auto flags = static_cast<std::uint8_t>(
        static_cast<unsigned>(r.result) |
        (r.result == TtProbe::miss ? 0u : static_cast<unsigned>(pack_bound(r.bound)) << 2));
    out.head(EventType::tt_probe, flags,
             r.depth < 0 ? k_no_move_index : static_cast<std::uint16_t>(r.depth), r.value, r.best);
  }
  static TableProbeRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    TableProbeRecord r;
    const unsigned result = e.flags & 3u;
    r.result = result <= 2 ? static_cast<TtProbe>(result) : TtProbe::miss;
    r.depth = e.aux == k_no_move_index ? -1 : e.aux;
    r.value = e.a;
    r.best = e.b;
    r.bound = unpack_bound(static_cast<std::uint8_t>(e.flags >> 2));
    return r;
  }
  static bool valid(const Event& e) { return (e.flags & 3u) <= 2; }
};

template <>
struct RecordCodec<TableStoreRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::tt_store; }
  template <class Out>
  static void encode(const TableStoreRecord& r, Out& out) {
    out.head(EventType::tt_store, static_cast<std::uint8_t>(pack_bound(r.bound) << 2),
             static_cast<std::uint16_t>(r.depth), r.value, r.best);
  }
  static TableStoreRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    TableStoreRecord r;
    r.depth = e.aux;
    r.value = e.a;
    r.best = e.b;
    r.bound = unpack_bound(static_cast<std::uint8_t>(e.flags >> 2));
    return r;
  }
};

}  // namespace kibitz::trace
