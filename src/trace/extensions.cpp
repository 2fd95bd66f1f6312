// Every extension of the trace, one line each (extension.hpp). An extension defines
// `const TraceExtension k_<name>_extension` in its own file.
#include "trace/extension.hpp"

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
  for (const TraceExtension* x : all_extensions()) {
    for (EventType t : x->types) {
      if (t == EventType::none) break;
      if (t == type) return x;
    }
  }
  return nullptr;
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
