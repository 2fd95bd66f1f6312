// Every extension of the trace, one line each (extension.hpp). An extension defines
// `const TraceExtension k_<name>_extension` in its own file.
#include "trace/extension.hpp"

#include <array>

namespace kibitz::trace {

#define KIBITZ_TRACE_EXTENSIONS(X) \
  X(table)                         \
  X(engine)                        \
  X(interest)                      \
  X(pvs)                           \
  X(forward_estimation)            \
  X(greenblatt)

#define KIBITZ_DECLARE_EXTENSION(name) extern const TraceExtension k_##name##_extension;
KIBITZ_TRACE_EXTENSIONS(KIBITZ_DECLARE_EXTENSION)
#undef KIBITZ_DECLARE_EXTENSION

const std::vector<const TraceExtension*>& all_extensions() {
#define KIBITZ_LIST_EXTENSION(name) &k_##name##_extension,
  static const std::vector<const TraceExtension*> all = {
      KIBITZ_TRACE_EXTENSIONS(KIBITZ_LIST_EXTENSION)};
#undef KIBITZ_LIST_EXTENSION
  return all;
}

const TraceExtension* find_extension(EventType type) {
  // A table by type, made once: every event of a trace asks.
  static const std::array<const TraceExtension*, k_event_type_count> by_type = [] {
    std::array<const TraceExtension*, k_event_type_count> table{};
    for (const TraceExtension* x : all_extensions()) {
      for (EventType t : x->types) {
        if (t == EventType::none) break;
        if (!table[static_cast<std::size_t>(t)]) table[static_cast<std::size_t>(t)] = x;
      }
    }
    return table;
  }();
  return by_type[static_cast<std::size_t>(type)];
}

}  // namespace kibitz::trace

namespace kibitz::trace {

void count_entered(std::uint32_t marks, Counters& c) {
  static const std::vector<NodeCount> hooks = [] {
    std::vector<NodeCount> h;
    for (const TraceExtension* x : all_extensions())
      if (x->count_node) h.push_back(x->count_node);
    return h;
  }();
  for (NodeCount f : hooks) f(marks, c);
}

}  // namespace kibitz::trace
