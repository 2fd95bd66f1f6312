// Converting an explicit trace to a lean one (steps.hpp): what a lean recording of the same
// search would have written, for `kibitz export` of a format-1 file to format 2.
#pragma once

#include "trace/trace.hpp"

namespace kibitz::trace {

// The lean form of an explicit trace whose steps follow its rule (checked first: throws
// InputError naming the first event that does not). A trace without a rule, or already lean,
// cannot be made lean: InputError.
Trace lean_copy(const Trace& explicit_trace);
// The same of an event stream that is one by construction (a lean trace's expansion, which the
// viewer keeps instead of the lean events of a big trace): not checked again.
Trace lean_copy(const TraceView& from, const Steps& steps);

}  // namespace kibitz::trace
