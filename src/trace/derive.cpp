// The derivation of search!'s steps (derive.hpp). One Deriver serves both directions: it reads
// a trace's events, skipping the derived ones when checking, and puts the full stream to an
// output that either appends it (expansion) or compares it with the explicit trace (check).
#include "trace/derive.hpp"

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/node_kind.hpp"
#include "trace/derive_returns.hpp"
#include "trace/derive_rule.hpp"
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

namespace {

class Append final : public EventOut {
 public:
  explicit Append(EventLog& log, std::size_t max_events = static_cast<std::size_t>(-1))
      : m_log(log), m_max(max_events) {}
  void put(const Event& e) override {
    if (m_log.size() >= m_max) {
      throw InputError("the trace expands to more than " + std::to_string(m_max) +
                       " events, more than the memory available holds (about " +
                       std::to_string(k_model_bytes_per_event) +
                       " bytes an event): it cannot be shown whole; record a smaller search");
    }
    m_log.push(e);
  }

 private:
  EventLog& m_log;
  std::size_t m_max;
};

std::string describe(const Event& e) {
  std::string s = event_type_name(e.type);
  auto field = [&s](const char* name, long long v) {
    s += std::string(" ") + name + "=" + std::to_string(v);
  };
  auto word = [&s](const char* name, const char* v) { s += std::string(" ") + name + "=" + v; };
  auto bound = [&](std::uint8_t flags) { word("bound", bound_name(unpack_bound(flags))); };
  switch (e.type) {
    case EventType::enter:
      field("node", e.node), field("alpha0", e.a), field("beta", e.b);
      break;
    case EventType::child_return:
      field("k", e.a), field("ret", e.b), bound(e.flags);
      break;
    case EventType::best_set:
      field("k", e.a), field("best", e.b), bound(e.flags);
      break;
    case EventType::alpha_set:
      field("index", e.a), field("alpha", e.b), field("raised", e.flags & 1);
      break;
    case EventType::cutoff:
      field("k", e.a), field("best", e.b);
      break;
    case EventType::leave:
      field("node", e.node), field("ret", e.a), bound(e.flags);
      word("kind", kind_name(unpack_kind(e.flags)));
      break;
    default:
      field("node", e.node), field("flags", e.flags), field("aux", e.aux), field("a", e.a),
          field("b", e.b);
      break;
  }
  return s;
}

bool same(const Event& x, const Event& y) {
  return x.type == y.type && x.flags == y.flags && x.aux == y.aux && x.node == y.node &&
         x.a == y.a && x.b == y.b;
}

// Compares the derived stream with the explicit trace, event by event.
class Compare final : public EventOut {
 public:
  // cut_short: the trace ends early (a recording killed): the rule's steps past its end are
  // what the search did not get to record, not a difference.
  Compare(const EventLog& events, StepRule rule, bool cut_short)
      : m_events(events), m_rule(rule), m_cut_short(cut_short) {}
  void put(const Event& e) override {
    if (!m_events.has(m_next)) {
      if (m_cut_short) return;
      fail(m_next, "the trace ends where the rules of " + std::string(step_rule_name(m_rule)) +
                       " give " + describe(e));
    }
    const Event& have = m_events[m_next];
    if (!same(have, e)) {
      fail(m_next, "the rules of " + std::string(step_rule_name(m_rule)) + " give " + describe(e) +
                       ", the trace has " + describe(have));
    }
    ++m_next;
  }
  void finish() const {
    if (m_events.has(m_next)) {
      fail(m_next, "the rules of " + std::string(step_rule_name(m_rule)) +
                       " give no such step here, the trace has " + describe(m_events[m_next]));
    }
  }
  [[noreturn]] void fail(std::size_t t, const std::string& what) const {
    const std::string type = m_events.has(t) ? event_type_name(m_events[t].type) : "end";
    throw InputError("trace, event " + std::to_string(t) + " (" + type + "): " + what);
  }

 private:
  const EventLog& m_events;
  StepRule m_rule;
  bool m_cut_short;
  std::size_t m_next = 0;
};

Event make(EventType type, std::uint8_t flags, std::uint16_t aux, std::uint32_t node, Score a,
           Score b) {
  return Event{type, flags, aux, node, a, b};
}

// A node being searched: what the rule sees of it, and the steps it has taken.
struct Open : DeriveNode {
  int count = -1;  // count(node.succ) once expanded
  bool leaf = false, settled = false, cut = false, aborted = false;
  Score value = 0;  // the evaluation, or the table's value when it settled the node
  Bound settled_bound = Bound::exact;
  bool has_open_step = false;  // an expand or evaluate not yet put
  Event open_step{};

  bool complete() const { return leaf || settled || (count >= 0 && (cut || k >= count)); }
  bool wants_successor() const { return count > 0 && !cut && !aborted && k < count; }
};

// What a Deriver carries from one event to the next (a keyframe's state).
struct DeriverState {
  std::vector<Open> open;
  std::uint32_t next_id = 0;
};

class Deriver final : public DeriveSteps, public StreamDerivation {
 public:
  Deriver(const EventLog& events, const Steps& steps, EventOut& out)
      : m_ev(events),
        m_rule(steps.rule),
        m_def(step_rule_def(steps.rule)),
        m_c(steps.criterion),
        m_out(out) {
    m_open.reserve(256);
  }

  std::shared_ptr<const void> save() const override {
    return std::make_shared<DeriverState>(DeriverState{m_open, m_next_id});
  }
  void restore(const std::shared_ptr<const void>& state) override {
    const auto& s = *static_cast<const DeriverState*>(state.get());
    m_open = s.open;
    m_next_id = s.next_id;
  }

  // DeriveSteps, for the rule's hooks.
  void put(const Event& e) override { m_out.put(e); }
  Criterion criterion() const override { return m_c; }

  void take(std::size_t t, const Event& e) override {
    m_t = t;
    check_scores(e);
    switch (e.type) {
      case EventType::node:
        lean_node(e);
        break;
      case EventType::enter:
        explicit_enter(e);
        break;
      case EventType::label:
      case EventType::position:
        about(e.node).has_open_step ? fail("a label or position after the node's expand") : put(e);
        break;
      case EventType::expand:
        about(e.node).count = e.a;
        put(e);
        break;
      case EventType::evaluate: {
        Open& o = about(e.node);
        o.leaf = true;
        o.value = e.a;
        put(e);
        break;
      }
      case EventType::leave:
        unfinished_leave(e);
        break;
      case EventType::iteration_begin:
      case EventType::iteration_end:
        settle_all();
        put(e);
        break;
      case EventType::payload:
        put(e);
        break;
      case EventType::child_return:
      case EventType::best_set:
      case EventType::alpha_set:
      case EventType::cutoff:
        fail("a step the rules of " + std::string(step_rule_name(m_rule)) +
             " derive, in a trace that leaves them out");
      default:
        record(e);
        break;
    }
  }

  // The end of the trace: every node that has finished leaves; the rest stay open.
  void finish() override { settle_all(); }

 private:
  // The scores a lean trace gives (windows, values, returns) lie within the window's
  // infinities, so that deriving the steps (negating, comparing) cannot overflow.
  void check_scores(const Event& e) const {
    auto check = [&](Score v, const char* what) {
      if (v < -k_score_inf || v > k_score_inf) {
        fail(std::string(what) + " " + std::to_string(v) + " is outside the score range (" +
             std::to_string(-k_score_inf) + ".." + std::to_string(k_score_inf) + ")");
      }
    };
    if (e.type == EventType::enter) {
      check(e.a, "alpha0");
      check(e.b, "beta");
    } else if (e.type == EventType::evaluate ||
               (e.type == EventType::node && e.flags == k_node_leaf)) {
      check(e.a, "the evaluation");
    } else if (e.type == EventType::leave) {
      check(e.a, "the returned value");
    }
  }

  [[noreturn]] void fail(const std::string& what) const {
    const std::string type = m_ev.has(m_t) ? event_type_name(m_ev[m_t].type) : "end";
    throw InputError("trace, event " + std::to_string(m_t) + " (" + type + "): " + what);
  }

  // The open node an event names, after the nodes above it that have finished leave.
  Open& about(std::uint32_t id) {
    while (!m_open.empty() && m_open.back().id != id) finish_top();
    if (m_open.empty()) fail("names node " + std::to_string(id) + ", which is not open");
    return m_open.back();
  }

  void put_open_step(Open& o) {
    if (!o.has_open_step) return;
    o.has_open_step = false;
    if (o.open_step.type == EventType::evaluate) {
      o.leaf = true;
      o.value = o.open_step.a;
    } else {
      o.count = o.open_step.a;
    }
    put(o.open_step);
  }

  // The top node has been searched: it leaves (it must have finished).
  void finish_top() {
    Open& o = m_open.back();
    put_open_step(o);
    if (!o.complete()) {
      fail("node " + std::to_string(o.id) + " has not finished: " +
           (o.count < 0 ? std::string("it was neither expanded nor evaluated")
                        : std::to_string(o.count - o.k) + " successors remain"));
    }
    leave(o);
  }

  // Nodes that have finished leave, up to the first that has not (or all).
  void settle_all() {
    while (!m_open.empty()) {
      put_open_step(m_open.back());
      if (!m_open.back().complete()) return;
      leave(m_open.back());
    }
  }

  void record(const Event& e) {
    if (e.type == m_def.derived && e.type != EventType::none)
      fail(std::string("a ") + event_type_name(e.type) + " record, which the rules of " +
           step_rule_name(m_rule) + " derive, in a lean trace");
    const TraceExtension* x = find_extension(e.type);
    if (x && x->scope == RecordScope::any_entered) {  // about any node: the open ones stay open
      put(e);
      return;
    }
    if (e.node != k_no_node) {
      Open& o = about(e.node);
      if (RecordCodec<TableProbeRecord>::matches(e)) {
        const TableProbeRecord r = RecordCodec<TableProbeRecord>::decode(m_ev, m_t);
        if (r.result == TtProbe::cutoff) {
          if (o.has_open_step || o.count >= 0 || o.leaf)
            fail("a table entry settles a node already expanded or evaluated");
          o.settled = true;
          o.value = r.value;
          o.settled_bound = r.bound;
        }
      }
    }
    put(e);
  }

  // The window successor k of p is searched with (and the rule's record before it).
  void child_window(Open& p, Score& a, Score& b) {
    if (!m_def.window) {
      a = -k_score_inf, b = k_score_inf;
      return;
    }
    a = -p.beta, b = -p.alpha;
    if (m_def.child_window) m_def.child_window(*this, p, a, b);
  }

  // The open node that takes the next successor, after those that have finished leave;
  // nullptr when none is open (the next node is a root).
  Open* parent_for_successor() {
    settle_all();
    if (m_open.empty()) return nullptr;
    Open& p = m_open.back();
    if (!p.wants_successor()) {
      fail("node " + std::to_string(p.id) + " takes no further successor" +
           (p.aborted ? " (a successor did not finish)" : ""));
    }
    return &p;
  }

  void push(std::uint32_t id, Score a, Score b) {
    Open o;
    o.id = id, o.alpha0 = o.alpha = a, o.beta = b;
    m_open.push_back(o);
  }

  void lean_node(const Event& e) {
    Open* p = parent_for_successor();
    if (!p) fail("a node event with no node open: a root is recorded with an enter event");
    Score a, b;
    child_window(*p, a, b);
    const std::uint32_t id = m_next_id++;
    put(make(EventType::enter, 0, e.aux, id, a, b));
    if (e.node != 0) put(make(EventType::label, 0, 0, id, static_cast<Score>(e.node), 0));
    if (e.b != 0) put(make(EventType::position, 0, 0, id, e.b, 0));
    push(id, a, b);
    Open& o = m_open.back();
    if (e.flags == k_node_leaf || e.flags == k_node_interior) {
      if (e.flags == k_node_interior && e.a <= 0) fail("an interior node without successors");
      o.has_open_step = true;
      o.open_step =
          make(e.flags == k_node_leaf ? EventType::evaluate : EventType::expand, 0, 0, id, e.a, 0);
    } else if (e.flags != k_node_open) {
      fail("node event flags " + std::to_string(e.flags) + " are none of open, leaf, interior");
    }
  }

  // An enter with its window: a root (no node open), or in an explicit trace any node, whose
  // window must be the rule's.
  void explicit_enter(const Event& e) {
    if (Open* p = parent_for_successor()) {
      Score a, b;
      child_window(*p, a, b);
      if (a != e.a || b != e.b) {
        fail("enters with the window (" + format_score(e.a) + ", " + format_score(e.b) +
             "), the rules of " + step_rule_name(m_rule) + " give (" + format_score(a) + ", " +
             format_score(b) + ")");
      }
    }
    if (e.node != m_next_id) {
      fail("enters node " + std::to_string(e.node) + ", the next id is " +
           std::to_string(m_next_id));
    }
    ++m_next_id;
    put(e);
    push(e.node, e.a, e.b);
  }

  void unfinished_leave(const Event& e) {
    Open& o = about(e.node);
    put_open_step(o);
    if (unpack_kind(e.flags) != NodeKind::unknown) {
      fail("a leave the rules of " + std::string(step_rule_name(m_rule)) +
           " derive, in a trace that leaves them out");
    }
    if (o.complete()) fail("an unfinished leave of a node that has finished");
    put(e);
    m_open.pop_back();
    if (!m_open.empty()) m_open.back().aborted = true;  // its search stops too
  }

  // The leave the rule gives for a node that has finished, then the parent's steps.
  void leave(Open& o) {
    Score ret = o.best;
    Bound bound = Bound::exact;
    NodeKind kind = NodeKind::pv;
    if (o.leaf) {
      ret = o.value, kind = NodeKind::leaf;
    } else if (o.settled) {
      ret = o.value;
      kind = classify_node(ret, o.alpha0, o.beta, m_c);
      bound = m_def.bounds || o.settled_bound == Bound::exact ? o.settled_bound : kind_bound(kind);
    } else if (m_def.window) {
      kind = classify_node(ret, o.alpha0, o.beta, m_c);
      bound = kind_bound(kind);
      if (m_def.bounds) bound = o.cut && o.k + 1 < o.count ? Bound::lower : o.bound;
    }
    put(make(EventType::leave, pack_leave(bound, kind), 0, o.id, ret, 0));
    m_open.pop_back();
    if (!m_open.empty()) returned(m_open.back(), ret, bound);
  }

  // Successor k of p returned ret (its own view) with its bound.
  void returned(Open& p, Score x, Bound child_bound) {
    if (m_def.returned && m_def.returned(*this, p, x)) return;
    const Score v = -x;
    const Bound d = m_def.bounds ? invert(child_bound) : Bound::exact;
    put(make(EventType::child_return, pack_bound(d), 0, p.id, p.k, x));
    if (p.k == 0 || v > p.best) {
      p.best = v;
      p.bound = d;
    } else if (v == p.best) {
      p.bound = join(p.bound, d);
    }
    put(make(EventType::best_set, pack_bound(m_def.bounds ? p.bound : Bound::exact), 0, p.id, p.k,
             p.best));
    if (m_def.window) {
      if (causes_cutoff(p.best, p.beta, m_c)) {
        put(make(EventType::cutoff, 0, 0, p.id, p.k, p.best));
        p.cut = true;
        return;
      }
      const Score raised = v > p.alpha ? v : p.alpha;
      put(make(EventType::alpha_set, raised != p.alpha ? 1 : 0, 0, p.id, p.k + 1, raised));
      p.alpha = raised;
    }
    ++p.k;
  }

  const EventLog& m_ev;
  StepRule m_rule;
  const StepRuleDef& m_def;
  Criterion m_c;
  EventOut& m_out;
  std::vector<Open> m_open;
  std::uint32_t m_next_id = 0;
  std::size_t m_t = 0;
};

}  // namespace

bool is_derived_step(const Event& e, StepRule rule) {
  if (rule == StepRule::none) return false;
  switch (e.type) {
    case EventType::child_return:
    case EventType::best_set:
    case EventType::alpha_set:
    case EventType::cutoff:
      return true;
    case EventType::leave:
      return unpack_kind(e.flags) != NodeKind::unknown;
    default:
      return e.type == step_rule_def(rule).derived && e.type != EventType::none;
  }
}

void expand_steps(const Trace& lean, EventLog& out, std::size_t max_events) {
  Append append(out, max_events);
  Deriver d(lean.events, lean.steps, append);
  const EventLog& ev = lean.events;
  for (std::size_t t = 0; ev.has(t); ++t) d.take(t, ev[t]);
  d.finish();
}

MakeDerivation lean_derivation(const Steps& steps) {
  return [steps](const EventLog& input, EventOut& out) -> std::unique_ptr<StreamDerivation> {
    return std::make_unique<Deriver>(input, steps, out);
  };
}

struct StepExpander::Impl {
  Impl(const Trace& lean, EventLog& out) : append(out), deriver(lean.events, lean.steps, append) {}
  Append append;
  Deriver deriver;
};

StepExpander::StepExpander(const Trace& lean, EventLog& out)
    : m(std::make_unique<Impl>(lean, out)) {}
StepExpander::~StepExpander() = default;
void StepExpander::take(std::size_t t, const Event& e) {
  m->deriver.take(t, e);
}
void StepExpander::finish() {
  m->deriver.finish();
}

struct StepChecker::Impl {
  Impl(const EventLog& events, const Steps& steps, bool cut_short)
      : compare(events, steps.rule, cut_short), deriver(events, steps, compare), rule(steps.rule) {}
  Compare compare;
  Deriver deriver;
  StepRule rule;
};

StepChecker::StepChecker(const EventLog& events, const Steps& steps, bool cut_short)
    : m(std::make_unique<Impl>(events, steps, cut_short)) {}
StepChecker::~StepChecker() = default;
void StepChecker::take(std::size_t t, const Event& e) {
  if (!is_derived_step(e, m->rule)) m->deriver.take(t, e);
}
void StepChecker::finish() {
  m->deriver.finish();
  m->compare.finish();
}

void check_steps(const EventLog& ev, const Steps& steps, bool cut_short) {
  StepChecker check(ev, steps, cut_short);
  for (std::size_t t = 0; ev.has(t); ++t) check.take(t, ev[t]);
  check.finish();
}

void check_steps(const Trace& trace) {
  const WholeEvents whole(trace);
  check_steps(whole.events(), trace.steps, !trace.notice.empty());
}

}  // namespace kibitz::trace
