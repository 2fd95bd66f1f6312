// An engine recorder's events made whole (include/kibitz/record.h and its JavaScript and Python
// twins). The recorders write no child_return, best_set or alpha_set: those follow from the
// windows, the returns, the cutoffs and the attempt records, so the reader puts them back, as
// the recorders computed them until they stopped writing them: after a successor returns, its
// steps come with the parent's next call, unless a re-search supersedes it (no steps) or it was
// a null move that did not cut (none either).
#pragma once

#include "trace/trace.hpp"

namespace kibitz::trace {

// Every event of `in` in order, with the derived steps in place.
EventLog derive_returns(const EventLog& in);

}  // namespace kibitz::trace
