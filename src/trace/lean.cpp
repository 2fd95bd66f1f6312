// An explicit trace replayed into a LeanRecorder: each recorded step is reported to it as the
// search reported it, so the result is what a lean recording writes.
#include "trace/lean.hpp"

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/recorder.hpp"

namespace kibitz::trace {

Trace lean_copy(const Trace& from) {
  if (from.steps.lean) throw InputError("the trace is already lean");
  if (from.steps.rule == StepRule::none)
    throw InputError("no rule derives this trace's steps: it can only be written explicit");
  const WholeEvents whole(from);
  check_steps(whole.events(), from.steps, !from.notice.empty());
  Steps steps = from.steps;
  steps.returns_derived = false;
  return lean_copy(TraceView{from.meta, from.strings, whole.events()}, steps);
}

Trace lean_copy(const TraceView& from, const Steps& steps) {
  Trace to;
  to.meta = from.meta;
  LeanRecorder rec(to, steps.rule, steps.criterion);
  const EventLog& ev = from.events;
  for (std::size_t t = 0; ev.has(t); ++t) {
    const Event& e = ev[t];
    const int move = e.aux == k_no_move_index ? -1 : e.aux;
    switch (e.type) {
      case EventType::enter:
        rec.enter(move, e.a, e.b);
        break;
      case EventType::label:
        rec.label(from.strings.get(static_cast<std::uint32_t>(e.a)));
        break;
      case EventType::position:
        rec.position(from.strings.get(static_cast<std::uint32_t>(e.a)));
        break;
      case EventType::expand:
        rec.expand(e.a);
        break;
      case EventType::evaluate:
        rec.evaluate(e.a);
        break;
      case EventType::leave:
        rec.leave(e.a, unpack_bound(e.flags), unpack_kind(e.flags));
        break;
      case EventType::iteration_begin:
        rec.iteration_begin(static_cast<int>(e.node), e.a);
        break;
      case EventType::iteration_end:
        rec.iteration_end(static_cast<int>(e.node), e.a);
        break;
      case EventType::note:
      case EventType::prune:
      case EventType::table_move:
        rec.raw(Event{e.type, e.flags, e.aux, e.node,
                      rec.string_id(from.strings.get(static_cast<std::uint32_t>(e.a))), e.b});
        break;
      default:
        if (!is_derived_step(e, steps.rule)) rec.raw(e);
        break;
    }
  }
  return to;
}

}  // namespace kibitz::trace
