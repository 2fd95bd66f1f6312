// Principal variation search's records as events (trace/event.hpp), about the parent:
//   pvs  flags = k_pvs_probe: successor aux = k is entered next with a zero window; a, b = that
//        window as the parent sees it (alpha[k], alpha[k] + 1 with >=; alpha[k], alpha[k] with >)
//   pvs  flags = k_pvs_research: the probe of successor aux = k came out inside the window, a =
//        its value to the parent (-ret): successor k is entered again with the full window
#pragma once

#include "search/sink/pvs_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

// pvs events' flags: which record the event holds.
constexpr std::uint8_t k_pvs_probe = 0, k_pvs_research = 1;

template <>
struct RecordCodec<PvsProbeRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) { return e.type == EventType::pvs && e.flags == k_pvs_probe; }
  template <class Out>
  static void encode(const PvsProbeRecord& r, Out& out) {
    out.head(EventType::pvs, k_pvs_probe, move_aux(r.k), r.alpha, r.beta);
  }
  static PvsProbeRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a, e.b};
  }
};

template <>
struct RecordCodec<PvsResearchRecord> {
  static constexpr int payloads = 0;
  static bool matches(const Event& e) {
    return e.type == EventType::pvs && e.flags == k_pvs_research;
  }
  template <class Out>
  static void encode(const PvsResearchRecord& r, Out& out) {
    out.head(EventType::pvs, k_pvs_research, move_aux(r.k), r.value, 0);
  }
  static PvsResearchRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    return {e.aux, e.a};
  }
};

// The rule of principal variation search derives both (trace/derive.hpp).
template <>
inline constexpr bool k_derived_record<PvsProbeRecord> = true;
template <>
inline constexpr bool k_derived_record<PvsResearchRecord> = true;

}  // namespace kibitz::trace
