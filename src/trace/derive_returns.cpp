#include "trace/derive_returns.hpp"

#include <algorithm>
#include <vector>

#include "core/score.hpp"

namespace kibitz::trace {

namespace {

struct Frame {
  std::uint32_t id = 0;
  Score alpha = 0, beta = 0, best = -k_score_inf;
  std::int32_t k = 0;
  bool null_move = false;  // entered as a null move
  bool pending = false;    // a successor returned, its steps not yet out
  bool pending_null = false;
  Score pending_ret = 0;
};

struct DeriverState {
  std::vector<Frame> stack;
  bool next_null = false;
};

class Deriver final : public StreamDerivation {
 public:
  explicit Deriver(EventOut& out) : m_out(out) {}

  std::shared_ptr<const void> save() const override {
    return std::make_shared<DeriverState>(DeriverState{m_stack, m_next_null});
  }
  void restore(const std::shared_ptr<const void>& state) override {
    const auto& s = *static_cast<const DeriverState*>(state.get());
    m_stack = s.stack;
    m_next_null = s.next_null;
  }

  void take(std::size_t, const Event& e) override {
    switch (e.type) {
      case EventType::attempt:
        if (e.flags == 2) {  // a re-search: the attempt that returned counts towards nothing
          if (!m_stack.empty()) m_stack.back().pending = false;
        } else {
          settle();
          m_next_null = e.flags == 3;
        }
        break;
      case EventType::cutoff:
        if (!m_stack.empty() && m_stack.back().pending) {
          m_stack.back().pending = false;
          count(m_stack.back());  // a null move too: it caused the cutoff
        }
        break;
      case EventType::payload:  // the record before it, already settled
        break;
      default:  // any other call of the node (enter, leave, a note, a table store, ...)
        settle();
        break;
    }
    m_out.put(e);
    if (e.type == EventType::enter) {
      Frame f;
      f.id = e.node;
      f.alpha = e.a;
      f.beta = e.b;
      f.null_move = m_next_null;
      m_next_null = false;
      m_stack.push_back(f);
    } else if (e.type == EventType::leave && !m_stack.empty()) {
      const bool was_null = m_stack.back().null_move;
      m_stack.pop_back();
      if (!m_stack.empty()) {
        Frame& p = m_stack.back();
        p.pending = true;
        p.pending_ret = e.a;
        p.pending_null = was_null;
      }
    }
  }

  void finish() override { settle(); }

 private:
  void count(Frame& f) {
    const Score ret = f.pending_ret;
    f.best = std::max(f.best, static_cast<Score>(-ret));
    m_out.put(Event{EventType::child_return, pack_bound(Bound::exact), 0, f.id, f.k, ret});
    m_out.put(Event{EventType::best_set, pack_bound(Bound::exact), 0, f.id, f.k, f.best});
    ++f.k;
  }
  // The open node's steps for the successor that returned last.
  void settle() {
    if (m_stack.empty() || !m_stack.back().pending) return;
    Frame& f = m_stack.back();
    f.pending = false;
    if (f.pending_null) return;
    count(f);
    const Score alpha = std::max(f.best, f.alpha);
    if (alpha > f.beta) return;  // a fail high the search did not cut: alpha stays
    m_out.put(Event{EventType::alpha_set, static_cast<std::uint8_t>(alpha > f.alpha ? 1 : 0), 0,
                    f.id, f.k, alpha});
    f.alpha = alpha;
  }

  EventOut& m_out;
  std::vector<Frame> m_stack;
  bool m_next_null = false;
};

class Append final : public EventOut {
 public:
  explicit Append(EventLog& log) : m_log(log) {}
  void put(const Event& e) override { m_log.push(e); }

 private:
  EventLog& m_log;
};

}  // namespace

EventLog derive_returns(const EventLog& in) {
  EventLog out;
  Append append(out);
  Deriver d(append);
  for (std::size_t t = 0; in.has(t); ++t) d.take(t, in[t]);
  d.finish();
  return out;
}

WholeEvents::WholeEvents(const Trace& t) : m_events(&t.events) {
  if (!t.steps.returns_derived) return;
  m_derived = derived_log(t.events, returns_derivation(), 64);
  m_events = m_derived.get();
}

MakeDerivation returns_derivation() {
  return [](const EventLog&, EventOut& out) -> std::unique_ptr<StreamDerivation> {
    return std::make_unique<Deriver>(out);
  };
}

}  // namespace kibitz::trace
