// An engine recorder's events made whole (include/kibitz/record.h and its JavaScript and Python
// twins). The recorders write no child_return, best_set or alpha_set: those follow from the
// windows, the returns, the cutoffs and the attempt records, so the reader puts them back, as
// the recorders computed them until they stopped writing them: after a successor returns, its
// steps come with the parent's next call, unless a re-search supersedes it (no steps) or it was
// a null move that did not cut (none either).
#pragma once

#include "trace/derived_pages.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

// Every event of `in` in order, with the derived steps in place.
EventLog derive_returns(const EventLog& in);
// The same as a resumable derivation (derived_pages.hpp): the model reads an engine recorder's
// file through it, a page at a time.
MakeDerivation returns_derivation();

// A trace's events as readers that want every step read them: an engine recorder's with its
// left-out steps put back (Steps::returns_derived, made a page at a time), any other's its own.
class WholeEvents {
 public:
  explicit WholeEvents(const Trace& t);
  const EventLog& events() const { return *m_events; }

 private:
  std::unique_ptr<EventLog> m_derived;
  const EventLog* m_events;
};

}  // namespace kibitz::trace
