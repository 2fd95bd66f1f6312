// The report's summary of a search read as it records (summary.hpp).
#include "trace/summary.hpp"

#include <utility>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

namespace {

struct PvStep {
  std::uint32_t label;
  std::int32_t k;
};

// A returned successor of an open node, kept until that node leaves.
struct Kid {
  std::uint32_t id;
  ModelNode n;
  std::vector<PvStep> pv;  // its own principal variation
};

// An open node with its returned successors.
struct Frame {
  std::uint32_t id = k_no_node;
  ModelNode n;
  std::uint32_t entered = 0, repeats = 0;
  std::vector<Kid> kids;
};

}  // namespace

struct SummaryStream::Reader final : ModelBuildContext {
  Reader(const Trace& trace, std::size_t listed) : m_trace(trace), m_listed(listed) {
    if (trace.steps.lean) m_expander = std::make_unique<StepExpander>(trace, m_log);
  }

  // The recorder's events [from, to): expanded when lean, then read up to where every record
  // is whole (its payloads may follow in the next chunk).
  void take(const Trace& trace, std::size_t from, std::size_t to) {
    for (std::size_t t = from; t < to; ++t) {
      if (m_expander)
        m_expander->take(t, trace.events[t]);
      else
        m_log.push(trace.events[t]);
    }
    std::size_t whole = m_log.size();
    while (whole > m_read && m_log[whole - 1].type == EventType::payload) --whole;
    read(whole > m_read ? whole - 1 : m_read);
  }

  TreeSummary finish() {
    if (m_expander) m_expander->finish();
    read(m_log.size());
    m_out.events = static_cast<long long>(m_log.size());
    return std::move(m_out);
  }

  // ModelBuildContext, for the extensions' records (about the open node or its last successor).
  const EventLog& events() const override { return m_log; }
  ModelNode& node(std::uint32_t id) override {
    for (std::size_t d = m_depth; d-- > 0;) {
      Frame& f = m_frames[d];
      if (f.id == id) return f.n;
      if (!f.kids.empty() && f.kids.back().id == id) return f.kids.back().n;
    }
    fail(m_t, "a record about node " + std::to_string(id) + ", which is not being searched");
  }
  std::uint32_t successors_entered(std::uint32_t id) const override { return open(id).entered; }
  std::int32_t next_successor_k(std::uint32_t id) const override {
    const Frame& f = open(id);
    return static_cast<std::int32_t>(f.entered - f.repeats - after_null_move(f));
  }
  std::uint32_t returned_successor(std::size_t t, std::uint32_t id, std::int32_t k) const override {
    const Frame& f = open(id);
    if (f.kids.empty() || f.kids.back().n.k != k)
      fail(t, "refers to successor " + std::to_string(k) + ", which has not returned");
    return f.kids.back().id;
  }
  void next_child(std::uint32_t id, std::uint32_t marks, bool repeat, NodeKind) override {
    m_next_parent = id;
    m_next_marks = marks;
    m_next_repeat = repeat;
  }
  [[noreturn]] void fail(std::size_t t, const std::string& what) const override {
    throw InputError("trace, event " + std::to_string(t) + ": " + what);
  }

 private:
  const Frame& open(std::uint32_t id) const {
    for (std::size_t d = m_depth; d-- > 0;) {
      if (m_frames[d].id == id) return m_frames[d];
    }
    fail(m_t, "node " + std::to_string(id) + " is not open");
  }
  static bool after_null_move(const Frame& f) {
    return !f.kids.empty() && (f.kids.back().n.marks & k_eng_null_move) &&
           !(f.kids.back().n.marks & k_superseded);
  }
  Frame& top() {
    if (m_depth == 0) fail(m_t, "an event about no open node");
    return m_frames[m_depth - 1];
  }

  void read(std::size_t to) {
    for (; m_read < to; ++m_read) {
      m_t = m_read;
      step(m_log[m_read]);
    }
    // The events read are not needed again (a record reads only its own payloads, after it).
    const std::size_t whole_chunks = m_read / EventLog::k_chunk_events;
    for (; m_released < whole_chunks; ++m_released) m_log.release_chunk(m_released);
  }

  void step(const Event& e) {
    switch (e.type) {
      case EventType::enter:
        enter(e);
        break;
      case EventType::leave:
        leave(e);
        break;
      case EventType::label:
        top().n.label = static_cast<std::uint32_t>(e.a);
        break;
      case EventType::evaluate:
        evaluated();
        break;
      case EventType::cutoff:
        top().n.cutoff_child = e.a;
        break;
      case EventType::iteration_begin:
      case EventType::iteration_end:
      case EventType::payload:
        break;
      default:
        if (!is_core_event(e.type)) {
          if (const TraceExtension* x = find_extension(e.type); x && x->on_record)
            x->on_record(*this, m_t, e);
        }
        break;
    }
  }

  void enter(const Event& e) {
    if (m_depth == m_frames.size()) m_frames.emplace_back();
    Frame& f = m_frames[m_depth];
    f.id = e.node;
    f.n = ModelNode{};
    f.n.enter_t = static_cast<std::uint32_t>(m_t);
    f.n.alpha0 = e.a;
    f.n.beta = e.b;
    f.n.move_index = e.aux;
    f.n.depth = static_cast<std::int32_t>(m_depth);
    f.entered = f.repeats = 0;
    f.kids.clear();
    if (m_depth == 0) {
      ++m_out.roots;
    } else {
      Frame& p = m_frames[m_depth - 1];
      f.n.parent = p.id;
      if (m_next_parent == p.id && m_next_repeat && !p.kids.empty()) {
        // The last successor searched again: same k, the earlier return superseded.
        p.kids.back().n.marks |= k_superseded;
        f.n.k = p.kids.back().n.k;
        ++p.repeats;
      } else if (after_null_move(p)) {
        // A null move that did not cut counts towards nothing: the successor takes its k.
        p.kids.back().n.marks |= k_superseded;
        f.n.k = p.kids.back().n.k;
        ++p.repeats;
      } else {
        f.n.k = static_cast<std::int32_t>(p.entered - p.repeats);
      }
      if (m_next_parent == p.id) f.n.marks |= m_next_marks;
      m_next_parent = k_no_node;
      ++p.entered;
    }
    ++m_depth;
  }

  void evaluated() {
    Frame& leaf = top();
    leaf.n.leaf = true;
    if (static_cast<std::size_t>(m_out.leaves++) >= m_listed) return;
    SummaryLeaf l;
    for (std::size_t d = 1; d < m_depth; ++d) {
      l.path.push_back(m_frames[d].n.k);
      l.line.push_back(m_trace.strings.get(m_frames[d].n.label));
    }
    l.label = m_trace.strings.get(leaf.n.label);
    m_out.listed.push_back(std::move(l));
  }

  // Model::principal_variation's choice at a node that has left: the successor that made its
  // cutoff, else the first returned one (not superseded) whose value to it is its ret.
  const Kid* pv_successor(const Frame& f) const {
    if (f.n.cutoff_child >= 0) {
      for (std::size_t i = f.kids.size(); i-- > 0;) {
        if (f.kids[i].n.k == f.n.cutoff_child) return &f.kids[i];
      }
      return nullptr;
    }
    for (const Kid& c : f.kids) {
      if (!(c.n.marks & k_superseded) && -c.n.ret - c.n.adjustment == f.n.ret) return &c;
    }
    return nullptr;
  }

  void leave(const Event& e) {
    Frame& f = top();
    f.n.leave_t = static_cast<std::uint32_t>(m_t);
    f.n.ret = e.a;
    f.n.kind = unpack_kind(e.flags);
    std::vector<PvStep> pv;
    if (const Kid* next = pv_successor(f)) {
      pv.reserve(next->pv.size() + 1);
      pv.push_back({next->n.label, next->n.k});
      pv.insert(pv.end(), next->pv.begin(), next->pv.end());
    }
    --m_depth;
    if (m_depth == 0) {
      if (f.n.kind != NodeKind::unknown) m_pv = std::move(pv);
      resolve_pv();
      return;
    }
    m_frames[m_depth - 1].kids.push_back(Kid{f.id, f.n, std::move(pv)});
  }

  void resolve_pv() {
    m_out.pv.clear();
    for (const PvStep& s : m_pv) m_out.pv.push_back({m_trace.strings.get(s.label), s.k});
  }

  const Trace& m_trace;
  std::size_t m_listed;
  EventLog m_log;  // the full event stream; chunks read are given back
  std::unique_ptr<StepExpander> m_expander;
  std::size_t m_read = 0, m_released = 0, m_t = 0;
  std::vector<Frame> m_frames;  // [0, m_depth) open, root first
  std::size_t m_depth = 0;
  std::uint32_t m_next_parent = k_no_node;  // a record announced the next successor of it
  std::uint32_t m_next_marks = 0;
  bool m_next_repeat = false;
  std::vector<PvStep> m_pv;  // of the last root that finished
  TreeSummary m_out;
};

SummaryStream::SummaryStream(const Trace& trace, std::size_t listed)
    : m_reader(std::make_unique<Reader>(trace, listed)) {}
SummaryStream::~SummaryStream() = default;

void SummaryStream::write_chunk(const Trace& trace, std::size_t i) {
  const std::size_t from = i * EventLog::k_chunk_events;
  m_reader->take(trace, from, std::min(trace.events.size(), from + EventLog::k_chunk_events));
  ++m_chunks;
}

TreeSummary SummaryStream::finish(const Trace& trace) {
  m_reader->take(trace, m_chunks * EventLog::k_chunk_events, trace.events.size());
  return m_reader->finish();
}

TreeSummary summarize(const Trace& trace, std::size_t listed) {
  SummaryStream s(trace, listed);
  return s.finish(trace);
}

}  // namespace kibitz::trace
