#include "trace/records/codec.hpp"

#include <algorithm>

#include "trace/records/records.hpp"

namespace kibitz::trace {

int payload_count(const Event& head) {
  return AllRecords::payloads(head);
}

std::int64_t string_ref(const Event& e, const Event& head, int slot) {
  switch (e.type) {
    case EventType::label:
    case EventType::position:
    case EventType::note:
    case EventType::prune:
    case EventType::table_move:
      return e.a;
    case EventType::node:
      return std::max<std::int64_t>(e.node, e.b);
    case EventType::payload:
      return slot > 0 && AllRecords::string_payload(head, slot) ? e.a : -1;
    default:
      return -1;
  }
}

bool is_known_record(const Event& head) {
  return AllRecords::known(head);
}

std::size_t record_head(const EventLog& events, std::size_t t) {
  while (t < events.size() && events[t].type == EventType::payload) {
    if (t == 0) return k_no_event;
    --t;
  }
  return t < events.size() ? t : k_no_event;
}

gb::Contribution unpack_contribution(std::uint32_t bits, std::int32_t points) {
  gb::Contribution c;
  const auto h = static_cast<std::uint8_t>(bits & 0xFF);
  c.heuristic = h < static_cast<std::uint8_t>(gb::Heuristic::count) ? static_cast<gb::Heuristic>(h)
                                                                    : gb::Heuristic::none;
  const auto piece = static_cast<std::uint8_t>((bits >> 8) & 0xFF);
  c.piece = piece <= gb::k_no_piece ? piece : gb::k_no_piece;
  c.square = static_cast<std::uint8_t>((bits >> 16) & 0xFF);
  c.other = static_cast<std::uint8_t>((bits >> 24) & 0xFF);
  c.points = static_cast<std::int16_t>(points);
  return c;
}

}  // namespace kibitz::trace
