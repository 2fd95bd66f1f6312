// The derivation of the steps of search! (steps.hpp): from a lean trace, the full event
// stream, exactly as an explicit recording of the same search holds it; for an explicit trace
// with a rule, a check that every step is the one the rule gives.
//
// The rule replays the search's own arithmetic at each node: a successor's window is the
// parent's (-beta, -alpha[k]) (PVS: the zero window of a probe, the full one of a re-search;
// minimax: none); a return gives child_return, best[k], then the cutoff or alpha[k+1]; a node
// leaves once it is evaluated, settled by the table, cut off or out of successors, with the ret,
// bound and kind its search gives. Records the rule cannot know (table probes and stores,
// unfinished leaves when a budget ran out, iterations) are in the trace and taken as they are.
#pragma once

#include <memory>

#include "trace/derived_pages.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

// The events of `lean` (steps.lean) with every derived step in place, appended to `out`.
// A lean trace cut short (a killed recording) expands up to where it ends, its last nodes open.
// Throws InputError("trace, event N (type): ...") naming the lean event where the derivation
// fails.
// Throws InputError when `out` would pass max_events events (a lean trace can expand to several
// times its own size).
void expand_steps(const Trace& lean, EventLog& out,
                  std::size_t max_events = static_cast<std::size_t>(-1));

// The same expansion a chunk at a time, for a reader that follows a recording as it goes: take()
// the lean events in order (each chunk whole: a record's payloads may be in the next one);
// the expanded events are appended to `out` as they follow; finish() settles the nodes that
// have finished. `lean` must stay alive (its released chunks are never read again).
class StepExpander {
 public:
  StepExpander(const Trace& lean, EventLog& out);
  ~StepExpander();
  StepExpander(const StepExpander&) = delete;
  StepExpander& operator=(const StepExpander&) = delete;
  void take(std::size_t t, const Event& e);
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// The lean derivation as a resumable one (derived_pages.hpp): the model reads a lean trace's full
// stream through it, a page at a time.
MakeDerivation lean_derivation(const Steps& steps);

// The check of an explicit trace that names a rule, event by event as a reader goes (the model
// checks while it builds): throws as check_steps.
class StepChecker {
 public:
  StepChecker(const EventLog& events, const Steps& steps, bool cut_short);
  ~StepChecker();
  StepChecker(const StepChecker&) = delete;
  StepChecker& operator=(const StepChecker&) = delete;
  void take(std::size_t t, const Event& e);  // every event, in order
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// Checks an explicit trace that names a rule (steps.rule != none, not lean). Throws
// InputError naming the first event that is not the rule's, e.g. "trace, event 14 (best_set):
// the rules of alphabeta give best_set k=1 best=+3, the trace has best_set k=1 best=+5".
void check_steps(const Trace& explicit_trace);
void check_steps(const EventLog& events, const Steps& steps, bool cut_short);

// Whether the rule derives event e (so a lean trace leaves it out): child_return, best_set,
// alpha_set, cutoff, a leave that is not unfinished, and PVS's records.
bool is_derived_step(const Event& e, StepRule rule);

}  // namespace kibitz::trace
