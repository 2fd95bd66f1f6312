// Converting an explicit trace to a lean one (steps.hpp): what a lean recording of the same
// search would have written, for `kibitz export` of a format-1 file to format 2.
#pragma once

#include "trace/trace.hpp"

namespace kibitz::trace {

// The lean form of an explicit trace whose steps follow its rule (checked first: throws
// InputError naming the first event that does not). A trace without a rule, or already lean,
// cannot be made lean: InputError.
Trace lean_copy(const Trace& explicit_trace);

}  // namespace kibitz::trace
