#include "trace/fe_index.hpp"

#include "core/error.hpp"
#include "trace/event.hpp"
#include "trace/records/fe_codec.hpp"

namespace kibitz::trace {

namespace {

[[noreturn]] void fail(std::size_t t, const std::string& what) {
  throw InputError("trace, event " + std::to_string(t) + " (fe_test): " + what);
}

std::string inequality(const FeTest& f, bool pretty) {
  auto num = [&](Score v) { return pretty ? format_score_pretty(v) : format_score(v); };
  const bool holds = f.pruned;
  std::string op;
  if (f.max_root) {
    if (f.strict)
      op = holds ? ">" : (pretty ? "\u2264" : "<=");
    else
      op = holds ? (pretty ? "\u2265" : ">=") : "<";
  } else {
    if (f.strict)
      op = holds ? "<" : (pretty ? "\u2265" : ">=");
    else
      op = holds ? (pretty ? "\u2264" : "<=") : ">";
  }
  const char* dot = pretty ? "\u00b7" : "*";
  const std::string lhs = std::string("c+") + (f.max_root ? "l" : "u") + dot + "d";
  const std::string rhs = f.max_root ? (pretty ? "\u03b2" : "beta") : (pretty ? "\u03b1" : "alpha");
  return lhs + " = " + num(f.estimate) + " " + op + " " + rhs + " = " + num(f.window);
}

}  // namespace

std::string fe_inequality(const FeTest& f) {
  return inequality(f, true);
}
std::string fe_inequality_ascii(const FeTest& f) {
  return inequality(f, false);
}

std::string fe_narration(const FeTest& f, const std::string& parent_name) {
  auto sc = [](std::int64_t v) { return format_score_pretty(static_cast<Score>(v)); };
  std::string s = "Forward estimation at " + parent_name + ": successor ";
  s += f.move_index == k_no_move_index ? std::string("?") : std::to_string(f.move_index);
  s += std::string(" is a ") + (f.max_root ? "MAX" : "MIN") + " root with c = " + sc(f.c) +
       ", d = " + std::to_string(f.d) + ", so its value lies in [" + sc(f.low()) + ", " +
       sc(f.high()) + "]; " + fe_inequality(f);
  if (f.pruned) {
    s += f.max_root ? ": it cannot fall below \u03b2, so it is pruned and never entered."
                    : ": it cannot rise above \u03b1, so it is pruned and never entered.";
  } else {
    s += ": it might matter, so it is searched.";
  }
  return s;
}

void FeIndex::build(const TraceView& trace, const std::vector<std::uint32_t>& enter_t,
                    const std::vector<std::uint32_t>& parent) {
  const std::size_t nodes = enter_t.size();
  m_tests.clear();
  m_begin.assign(nodes, 0);
  m_end.assign(nodes, 0);
  m_of_child.assign(nodes, 0);
  std::vector<FeTest> by_time;
  std::vector<std::uint32_t> entered(nodes, 0);
  std::vector<std::uint32_t> pending(nodes, 0);  // index + 1 of a test waiting for its entry
  std::uint32_t next_node = 0;
  const std::size_t n = trace.events.size();
  for (std::size_t t = 0; t < n; ++t) {
    const Event& e = trace.events[t];
    if (e.type == EventType::enter) {
      const std::uint32_t id = next_node++;
      const std::uint32_t p = id < nodes ? parent[id] : k_no_node;
      if (p == k_no_node) continue;
      if (pending[p]) {
        FeTest& f = by_time[pending[p] - 1];
        if (e.aux != k_no_move_index && f.move_index != k_no_move_index && e.aux != f.move_index) {
          fail(f.t, "successor " + std::to_string(f.move_index) + " passed the test but move " +
                        std::to_string(e.aux) + " was entered");
        }
        f.child = id;
        m_of_child[id] = pending[p];
        pending[p] = 0;
      }
      ++entered[p];
      continue;
    }
    if (e.type != EventType::fe_test) continue;
    if (e.node >= nodes) fail(t, "no node " + std::to_string(e.node) + " is open");
    if (t + 2 >= n || trace.events[t + 1].type != EventType::payload ||
        trace.events[t + 2].type != EventType::payload) {
      fail(t, "a test is followed by two payload events (l, u and estimate, window)");
    }
    if (pending[e.node]) fail(t, "the successor tested before was not entered");
    if (!RecordCodec<FeTestRecord>::valid(e)) fail(t, "unknown flag bits");
    const FeTestRecord r = RecordCodec<FeTestRecord>::decode(trace.events, t);
    if (r.d < 0) fail(t, "negative subtree depth " + std::to_string(r.d));
    FeTest f;
    f.t = static_cast<std::uint32_t>(t);
    f.parent = e.node;
    f.entered_before = entered[e.node];
    f.move_index = move_aux(r.move_index);
    f.pruned = r.pruned;
    f.max_root = r.max_root;
    f.strict = r.strict;
    f.c = r.c;
    f.d = r.d;
    f.l = r.l;
    f.u = r.u;
    f.estimate = r.estimate;
    f.window = r.window;
    by_time.push_back(f);
    if (!f.pruned) pending[e.node] = static_cast<std::uint32_t>(by_time.size());
  }
  // Group by parent (counting sort keeps time order); remap the child links.
  std::uint32_t offset = 0;
  for (const FeTest& f : by_time) ++m_end[f.parent];
  for (std::size_t i = 0; i < nodes; ++i) {
    const std::uint32_t c = m_end[i];
    m_begin[i] = m_end[i] = offset;
    offset += c;
  }
  m_tests.resize(by_time.size());
  std::vector<std::uint32_t> where(by_time.size());
  for (std::size_t i = 0; i < by_time.size(); ++i) {
    where[i] = m_end[by_time[i].parent]++;
    m_tests[where[i]] = by_time[i];
  }
  for (std::uint32_t& c : m_of_child) {
    if (c) c = where[c - 1] + 1;
  }
}

const FeTest* FeIndex::begin(std::uint32_t id) const {
  return id < m_begin.size() ? m_tests.data() + m_begin[id] : nullptr;
}

std::uint32_t FeIndex::count(std::uint32_t id) const {
  return id < m_begin.size() ? m_end[id] - m_begin[id] : 0;
}

const FeTest* FeIndex::test_of_child(std::uint32_t id) const {
  if (id >= m_of_child.size() || m_of_child[id] == 0) return nullptr;
  return &m_tests[m_of_child[id] - 1];
}

}  // namespace kibitz::trace

namespace kibitz::trace {

const FeTest* FeIndex::test_at(std::uint32_t parent, std::size_t t) const {
  const FeTest* f = begin(parent);
  for (std::uint32_t i = 0; f && i < count(parent); ++i) {
    if (t >= f[i].t && t <= f[i].t + 2) return &f[i];
  }
  return nullptr;
}

}  // namespace kibitz::trace
