// Forward estimation's record as events (trace/event.hpp): values from MAX's point of view.
//   fe_test   flags = k_fe_pruned | k_fe_max_root | k_fe_strict; aux = the successor's move
//             index; a = c, its cost; b = d, the depth of its subtree
//   payload   node = 0; a = l', b = u': the edge-cost bounds used (delta applied)
//   payload   node = 0; a = the estimate, b = the window bound tested (alpha or beta)
#pragma once

#include "search/sink/fe_records.hpp"
#include "trace/records/codec.hpp"

namespace kibitz::trace {

template <>
struct RecordCodec<FeTestRecord> {
  static constexpr int payloads = 2;
  static bool matches(const Event& e) { return e.type == EventType::fe_test; }
  static std::uint8_t flags(bool pruned, bool max_root, bool strict) {
    return static_cast<std::uint8_t>((pruned ? k_fe_pruned : 0) | (max_root ? k_fe_max_root : 0) |
                                     (strict ? k_fe_strict : 0));
  }
  static bool valid(const Event& e) {
    return (e.flags & ~(k_fe_pruned | k_fe_max_root | k_fe_strict)) == 0;
  }
  template <class Out>
  static void encode(const FeTestRecord& r, Out& out) {
    out.head(EventType::fe_test, flags(r.pruned, r.max_root, r.strict), move_aux(r.move_index), r.c,
             r.d);
    out.payload(0, r.l, r.u);
    out.payload(0, r.estimate, r.window);
  }
  static FeTestRecord decode(const EventLog& ev, std::size_t t) {
    const Event& e = ev[t];
    FeTestRecord r;
    r.move_index = e.aux == k_no_move_index ? -1 : e.aux;
    r.pruned = e.flags & k_fe_pruned;
    r.max_root = e.flags & k_fe_max_root;
    r.strict = e.flags & k_fe_strict;
    r.c = e.a;
    r.d = e.b;
    const Event bounds = payload_of(ev, t, 1), test = payload_of(ev, t, 2);
    r.l = bounds.a;
    r.u = bounds.b;
    r.estimate = test.a;
    r.window = test.b;
    return r;
  }
};

}  // namespace kibitz::trace
