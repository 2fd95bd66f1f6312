// The steps a trace leaves out, derived a page at a time (model.hpp): a derivation reads one event
// stream (a lean trace's nodes, an engine recorder's calls) and puts another (every step of
// search!). Its first pass runs forward once, page by page, saving the derivation's state every
// half page of events it has put; a page read again later is made again from the keyframe
// before it. So the full stream is never held, and a page read again costs at most one and a
// half pages of derivation: pages are small (k_derived_page_shift) so that a seek, which reads
// a few events in many places, stays cheap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "trace/trace.hpp"

namespace kibitz::trace {

// A derived log's page: 8,192 events (128 KiB).
constexpr unsigned k_derived_page_shift = 13;

// Where a derivation puts its events.
class EventOut {
 public:
  virtual ~EventOut() = default;
  virtual void put(const Event& e) = 0;
};

// A derivation that can save its state and go on from a saved one.
class StreamDerivation {
 public:
  virtual ~StreamDerivation() = default;
  // Input event t (in order from where the derivation started or was restored).
  virtual void take(std::size_t t, const Event& e) = 0;
  // The input has ended: what is still due is put.
  virtual void finish() = 0;
  virtual std::shared_ptr<const void> save() const = 0;
  virtual void restore(const std::shared_ptr<const void>& state) = 0;
};

// Makes a derivation over `input` that puts to `out` (both outlive it).
using MakeDerivation =
    std::function<std::unique_ptr<StreamDerivation>(const EventLog& input, EventOut& out)>;

// A read-only event log of the derived stream, made by pages as it is read (EventLog's paged
// mode): `input` must outlive it. The first pass advances as far as the log is read (has(),
// advance_all()); errors of the derivation (InputError) come from there. More than
// `max_events` derived events throw InputError.
std::unique_ptr<EventLog> derived_log(const EventLog& input, MakeDerivation make,
                                      std::size_t budget_pages,
                                      std::size_t max_events = static_cast<std::size_t>(-1),
                                      unsigned page_shift = k_derived_page_shift);

}  // namespace kibitz::trace
