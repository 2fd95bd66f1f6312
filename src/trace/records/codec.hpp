// Typed records: how each extension's record (the structs of search/sink/) becomes events and
// back. A record is one head event, about the node being searched, and a declared number of
// payload events right after it (trace/event.hpp documents every layout). The recorder
// encodes records; the model, the JSON files, the narration and the indexes decode them: no
// reader unpacks an extension's fields by itself.
//
// Each record type R has a RecordCodec<R> specialisation (the headers in this folder) with
//   static void encode(const R& r, Out& out)       out.head(type, flags, aux, a, b),
//                                                   out.payload(node, a, b), out.string_id(text)
//   static R decode(const EventLog& events, std::size_t t)     t: the head event
// and, for checking, `matches(const Event&)` and `payloads` (k_trailing_payloads: every payload
// event that follows, as many as there are).
#pragma once

#include <cstddef>
#include <cstdint>

#include "trace/event.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

template <class Record>
struct RecordCodec;  // specialised per record type

// Whether the steps' rule derives a record (steps.hpp): a lean recording leaves it out and the
// reader puts it back (PVS's probe and re-search). Specialised to true by such records' codecs.
template <class Record>
inline constexpr bool k_derived_record = false;

constexpr int k_trailing_payloads = -1;

// The payload events the record headed by e declares (0 for core events and for extension
// events this reader does not know; k_trailing_payloads for a variable number).
int payload_count(const Event& head);
// Whether a record this reader knows is headed by `head` (an extension event's flags or aux
// may name a record of a later version, or be damaged).
bool is_known_record(const Event& head);

// The largest string id event e refers to (-1: none); `head` and `slot` place a payload in its
// record (slot 0: e is not a payload). Labels, positions and notes, a node event's label and
// position, and records' string payloads (an interest total's label).
std::int64_t string_ref(const Event& e, const Event& head, int slot);

// The record event t belongs to: t itself unless it is a payload, else the nearest event
// before it that is not (k_no_event when there is none).
constexpr std::size_t k_no_event = static_cast<std::size_t>(-1);
std::size_t record_head(const EventLog& events, std::size_t t);

// Encodes records into an event log directly (tests, and tools that build traces by hand).
class RecordWriter {
 public:
  RecordWriter(Trace& trace, std::uint32_t node) : m_trace(trace), m_node(node) {}
  void head(EventType type, std::uint8_t flags, std::uint16_t aux, std::int32_t a, std::int32_t b) {
    m_trace.events.push(Event{type, flags, aux, m_node, a, b});
  }
  void payload(std::uint32_t node, std::int32_t a, std::int32_t b) {
    m_trace.events.push(Event{EventType::payload, 0, 0, node, a, b});
  }
  std::int32_t string_id(std::string_view text) {
    return static_cast<std::int32_t>(m_trace.strings.intern(text));
  }
  template <class Record>
  void record(const Record& r) {
    RecordCodec<Record>::encode(r, *this);
  }

 private:
  Trace& m_trace;
  std::uint32_t m_node;
};

// Payload i (1, 2, ...) of the record headed at t; an empty event when the trace has none there
// (decoding never reads past the trace: the model reports a missing payload).
inline Event payload_of(const EventLog& events, std::size_t t, std::size_t i) {
  if (events.has(t + i) && events[t + i].type == EventType::payload) return events[t + i];
  return Event{EventType::payload, 0, 0, 0, 0, 0};
}

// A move index (generation order) in the 16-bit aux field: k_no_move_index when it does not fit.
constexpr std::uint16_t move_aux(int move_index) {
  return static_cast<std::uint16_t>(
      move_index >= 0 && move_index < k_no_move_index ? move_index : k_no_move_index);
}

}  // namespace kibitz::trace
