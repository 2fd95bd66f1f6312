// An engine's own search's records as events (trace/event.hpp, "An engine's own search"):
//   attempt      flags = EngineSearch, aux = EngineWhy, a = k      (about the parent)
//   node_facts   flags = quiescence | depth known << 1 | ply known << 2, a = depth, b = ply
//   static_eval  a = value;  hash_key  a, b = low, high 32 bits
//   prune        aux = PruneWhy, a = string id of the move (0: unnamed)
//   table_move   a = string id of the move
#pragma once

#include "search/sink/engine_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

constexpr std::uint8_t k_facts_quiescence = 1, k_facts_depth = 2, k_facts_ply = 4;

template <>
struct RecordCodec<AttemptRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return e.type == EventType::attempt && e.flags >= 1 && e.flags <= 3 &&
           e.aux < static_cast<unsigned>(EngineWhy::count);
  }
  template <class Out>
  static void encode(const AttemptRecord& r, Out& out) {
    out.head(EventType::attempt, static_cast<std::uint8_t>(r.search),
             static_cast<std::uint16_t>(r.why), r.k, 0);
  }
  static AttemptRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {static_cast<EngineSearch>(e.flags), static_cast<EngineWhy>(e.aux), e.a};
  }
};

template <>
struct RecordCodec<NodeFactsRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::node_facts && e.flags < 8; }
  template <class Out>
  static void encode(const NodeFactsRecord& r, Out& out) {
    out.head(EventType::node_facts,
             static_cast<std::uint8_t>((r.quiescence ? k_facts_quiescence : 0) |
                                       (r.has_depth ? k_facts_depth : 0) |
                                       (r.has_ply ? k_facts_ply : 0)),
             0, r.depth, r.ply);
  }
  static NodeFactsRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    NodeFactsRecord r;
    r.quiescence = e.flags & k_facts_quiescence;
    r.has_depth = e.flags & k_facts_depth;
    r.has_ply = e.flags & k_facts_ply;
    r.depth = e.a;
    r.ply = e.b;
    return r;
  }
};

template <>
struct RecordCodec<StaticEvalRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::static_eval; }
  template <class Out>
  static void encode(const StaticEvalRecord& r, Out& out) {
    out.head(EventType::static_eval, 0, 0, r.value, 0);
  }
  static StaticEvalRecord decode(const EventLog& ev, std::size_t t) { return {ev[t].a}; }
};

template <>
struct RecordCodec<HashKeyRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::hash_key; }
  template <class Out>
  static void encode(const HashKeyRecord& r, Out& out) {
    out.head(EventType::hash_key, 0, 0, static_cast<std::int32_t>(r.key & 0xFFFFFFFFu),
             static_cast<std::int32_t>(r.key >> 32));
  }
  static HashKeyRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.a)) |
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.b)) << 32};
  }
};

template <>
struct RecordCodec<PruneRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return e.type == EventType::prune && e.aux < static_cast<unsigned>(PruneWhy::count);
  }
  template <class Out>
  static void encode(const PruneRecord& r, Out& out) {
    out.head(EventType::prune, 0, static_cast<std::uint16_t>(r.why),
             r.move.empty() ? 0 : out.string_id(r.move), 0);
  }
  static PruneRecord decode(const EventLog& ev, std::size_t t) {
    PruneRecord r;
    r.why = static_cast<PruneWhy>(ev[t].aux);
    r.move_id = static_cast<std::uint32_t>(ev[t].a);
    return r;
  }
};

template <>
struct RecordCodec<TableMoveRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::table_move; }
  template <class Out>
  static void encode(const TableMoveRecord& r, Out& out) {
    out.head(EventType::table_move, 0, 0, out.string_id(r.move), 0);
  }
  static TableMoveRecord decode(const EventLog& ev, std::size_t t) {
    TableMoveRecord r;
    r.move_id = static_cast<std::uint32_t>(ev[t].a);
    return r;
  }
};

}  // namespace kibitz::trace
