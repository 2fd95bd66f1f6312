// Every extension of the trace, one line each (extension.hpp). An extension defines
// `const TraceExtension k_<name>_extension` in its own file.
#include "trace/extension.hpp"

namespace kibitz::trace {

#define KIBITZ_TRACE_EXTENSIONS(X) \
  X(table)                         \
  X(interest)                      \
  X(pvs)                           \
  X(fe)                            \
  X(greenblatt)

#define KIBITZ_DECLARE_EXTENSION(name) extern const TraceExtension k_##name##_extension;
KIBITZ_TRACE_EXTENSIONS(KIBITZ_DECLARE_EXTENSION)
#undef KIBITZ_DECLARE_EXTENSION

namespace {
#define KIBITZ_LIST_EXTENSION(name) &k_##name##_extension,
const TraceExtension* const k_extensions[] = {KIBITZ_TRACE_EXTENSIONS(KIBITZ_LIST_EXTENSION)};
#undef KIBITZ_LIST_EXTENSION
}  // namespace

const TraceExtension* find_extension(EventType type) {
  for (const TraceExtension* x : k_extensions) {
    for (EventType t : x->types) {
      if (t == EventType::none) break;
      if (t == type) return x;
    }
  }
  return nullptr;
}

}  // namespace kibitz::trace
