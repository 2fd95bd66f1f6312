// Building the model from the flat events (model.hpp): pass 1 nests the events, creates the
// nodes and checks every event against the open stack; pass 2 lays out children and own
// events as contiguous ranges and stores the counters' keyframes; then the extensions'
// indexes are built. Extension events are read through their typed records.
#include <algorithm>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

class ModelBuilder final : public ModelBuildContext {
 public:
  ModelBuilder(Model& m, const Trace& trace) : m(m), m_trace(trace), ev(m.events()) {}

  // ModelBuildContext, for the extensions' records.
  const EventLog& events() const override { return ev; }
  ModelNode& node(std::uint32_t id) override { return m.m_nodes[id]; }
  std::uint32_t successors_entered(std::uint32_t id) const override { return m_entered[id]; }
  std::int32_t next_successor_k(std::uint32_t id) const override {
    return static_cast<std::int32_t>(m_entered[id] - m_repeats[id] - after_null_move(id));
  }
  std::uint32_t returned_successor(std::size_t t, std::uint32_t id, std::int32_t k) const override {
    return returned_child(t, id, k);
  }
  void next_child(std::uint32_t id, std::uint32_t marks, bool repeat, NodeKind expected) override {
    m_next.parent = id;
    m_next.marks = marks;
    m_next.repeat = repeat;
    m_next.expected = expected;
  }
  [[noreturn]] void fail(std::size_t t, const std::string& what) const override { m.fail(t, what); }

  void build() {
    const std::size_t n = ev.size();
    if (n >= k_never) throw InputError("trace: more than 2^32 - 1 events");
    // Minimax has no window; a format-1 trace says so only by its algorithm's name.
    m.m_has_window = m_trace.steps.rule != StepRule::minimax &&
                     steps_from_meta(m_trace.meta).rule != StepRule::minimax;
    // A recorder's triggered capture (record.h, "trigger"): its roots are nodes inside a search,
    // whose expected kind is not known (a root is a Pv node only when it is the search's root,
    // as in a capture of a whole iteration).
    const std::string& trigger = m_trace.meta.get("trigger");
    m_captured_roots = !trigger.empty() && trigger.rfind("iteration", 0) != 0;
    // Every per-node array at its final size at once: a growing vector of millions of nodes
    // would hold its old and new copies together (the page's heap keeps that high-water mark).
    std::size_t nodes = 0;
    for (std::size_t t = 0; t < n; ++t) nodes += ev[t].type == EventType::enter;
    m.m_nodes.reserve(nodes);
    m_belief.reserve(nodes);
    m_entered.reserve(nodes);
    m_repeats.reserve(nodes);
    m_last_child.reserve(nodes);
    m_event_count.reserve(nodes);
    for (std::size_t t = 0; t < n; ++t) step(t);
    if (m_payloads_due > 0) missing_payload(n);
    index();
    build_extension_indexes();
  }

 private:
  void step(std::size_t t) {
    const Event& e = ev[t];
    std::uint32_t about = e.node;
    if (m_payloads_due > 0 && e.type != EventType::payload) missing_payload(t);
    switch (e.type) {
      case EventType::enter:
        on_enter(t, e);
        break;
      case EventType::iteration_begin:
      case EventType::iteration_end:
        if (!m_open.empty()) m.fail(t, "an iteration boundary inside an open node");
        if (e.type == EventType::iteration_begin) m_iteration = static_cast<std::uint16_t>(e.node);
        about = k_no_node;
        break;
      case EventType::payload:
        about = m_prev_node;  // extra values of the event before it
        if (m_payloads_due > 0) --m_payloads_due;
        break;
      case EventType::leave:
        on_leave(t, e);
        break;
      default:
        if (is_core_event(e.type))
          on_core(t, e);
        else
          on_extension(t, e);
        break;
    }
    if (about != k_no_node) ++m_event_count[about];
    m_prev_node = about;
  }

  // A record declares payload events (records/codec.hpp) that the trace does not have.
  [[noreturn]] void missing_payload(std::size_t t) const {
    static const char* const k_count[] = {"no", "one", "two", "three", "four"};
    const int n = payload_count(ev[m_record_head]);
    m.fail(m_record_head,
           std::string("this record is followed by ") + (n >= 0 && n <= 4 ? k_count[n] : "more") +
               " payload events, but " +
               (t < ev.size() ? "event " + std::to_string(t) + " is " + event_type_name(ev[t].type)
                              : std::string("the trace ends")));
  }

  std::uint32_t top() const { return m_open.empty() ? k_no_node : m_open.back(); }
  // Whether the last successor of id was a null move: one that did not cut (a successor
  // follows) counts towards nothing, and the next successor takes its k.
  bool after_null_move(std::uint32_t id) const {
    return m_entered[id] > 0 && (m.m_nodes[m_last_child[id]].marks & k_eng_null_move) &&
           !(m.m_nodes[m_last_child[id]].marks & k_superseded);
  }

  // A score from the file: within the window's infinities, so that negating it, or adding a
  // penalty, cannot overflow.
  void check_score(std::size_t t, std::int32_t v, const char* what) const {
    if (v < -k_score_inf || v > k_score_inf) {
      m.fail(t, std::string(what) + " " + std::to_string(v) + " is outside the score range (" +
                    std::to_string(-k_score_inf) + ".." + std::to_string(k_score_inf) + ")");
    }
  }

  void expect_top(std::size_t t, const Event& e) const {
    if (m_open.empty()) m.fail(t, "no node is open");
    if (e.node != m_open.back()) {
      m.fail(t, "names node " + std::to_string(e.node) + " but node " +
                    std::to_string(m_open.back()) + " is the one being searched");
    }
  }

  // The last successor entered at node id, which must be successor k and have returned.
  std::uint32_t returned_child(std::size_t t, std::uint32_t id, std::int32_t k) const {
    if (m_entered[id] == 0) m.fail(t, "node " + std::to_string(id) + " has no successor yet");
    const ModelNode& c = m.m_nodes[m_last_child[id]];
    if (c.k != k) {
      m.fail(t, "refers to successor " + std::to_string(k) + " but the last one searched is " +
                    std::to_string(c.k));
    }
    if (c.leave_t == k_never) m.fail(t, "successor " + std::to_string(k) + " has not returned yet");
    return m_last_child[id];
  }

  void on_enter(std::size_t t, const Event& e) {
    const auto id = static_cast<std::uint32_t>(m.m_nodes.size());
    if (e.node != id) {
      m.fail(t, "enters node " + std::to_string(e.node) + " but the next node id is " +
                    std::to_string(id));
    }
    check_score(t, e.a, "alpha0");
    check_score(t, e.b, "beta");
    if (e.a > e.b)
      m.fail(t,
             "window alpha0 = " + std::to_string(e.a) + " is above beta = " + std::to_string(e.b));
    ModelNode node;
    node.parent = top();
    node.enter_t = static_cast<std::uint32_t>(t);
    node.alpha0 = e.a;
    node.beta = e.b;
    node.move_index = e.aux;
    node.iteration = m_iteration;
    node.depth = static_cast<std::int32_t>(m_open.size());
    if (node.parent == k_no_node) {
      m.m_roots.push_back(id);
      m.m_root_deepest.push_back(id);
      node.expected = m_captured_roots ? NodeKind::unknown : NodeKind::pv;
    } else {
      attach_child(t, node, id);
    }
    if (!m.m_has_window) node.expected = NodeKind::unknown;
    m.m_depth_max = std::max(m.m_depth_max, static_cast<std::uint32_t>(node.depth));
    if (node.parent != k_no_node && node.depth > m.m_nodes[m.m_root_deepest.back()].depth)
      m.m_root_deepest.back() = id;
    m.m_nodes.push_back(node);
    m_belief.push_back(node.expected);
    m_entered.push_back(0);
    m_repeats.push_back(0);
    m_last_child.push_back(k_no_node);
    m_event_count.push_back(0);
    m_open.push_back(id);
  }

  // A successor of the open node: its index k, the marks it inherits, its expected kind.
  void attach_child(std::size_t t, ModelNode& node, std::uint32_t id) {
    const std::uint32_t p = node.parent;
    const ModelNode& parent = m.m_nodes[p];
    node.marks |= parent.marks & k_gb_secondary;
    if (parent.marks & k_gb_capture_search) node.marks |= k_gb_by_capture;
    if (m_entered[p] > 0 && m.m_nodes[m_last_child[p]].leave_t == k_never)
      m.fail(t, "a successor is entered before the previous one returned");
    if (m_next.parent == p) {
      node.marks |= m_next.marks;
      if (m_next.repeat) {
        // The last successor searched again: the same k; the earlier search's return is
        // superseded.
        ModelNode& earlier = m.m_nodes[m_last_child[p]];
        earlier.marks |= k_superseded;
        node.k = earlier.k;
        ++m_repeats[p];
      } else {
        node.k = next_successor_k(p);
        pass_null_move(p);
      }
      node.expected = m_next.expected != NodeKind::unknown
                          ? m_next.expected
                          : predict_child_kind(m_belief[p], node.k);
      m_next = NextChild{};
    } else {
      node.k = next_successor_k(p);
      pass_null_move(p);
      node.expected = predict_child_kind(m_belief[p], node.k);
    }
    ++m_entered[p];
    m_last_child[p] = id;
  }

  // A successor after a null move: the null move is superseded, its k taken by the successor.
  void pass_null_move(std::uint32_t p) {
    if (!after_null_move(p)) return;
    m.m_nodes[m_last_child[p]].marks |= k_superseded;
    ++m_repeats[p];
  }
  void on_core(std::size_t t, const Event& e) {
    expect_top(t, e);
    ModelNode& node = m.m_nodes[e.node];
    switch (e.type) {
      case EventType::label:
      case EventType::position:
        if (e.a < 0 || static_cast<std::uint32_t>(e.a) >= m_trace.strings.size())
          m.fail(t, "string " + std::to_string(e.a) + " is not in the string table");
        (e.type == EventType::label ? node.label : node.position) = static_cast<std::uint32_t>(e.a);
        break;
      case EventType::expand:
        if (e.a < 0) m.fail(t, "negative successor count");
        node.succ_count = e.a;
        break;
      case EventType::evaluate:
        check_score(t, e.a, "the evaluation");
        if (m_entered[e.node] > 0)
          m.fail(t, "a node with searched successors is evaluated as a leaf");
        node.leaf = true;
        node.succ_count = 0;
        break;
      case EventType::child_return: {
        const ModelNode& c = m.m_nodes[returned_child(t, e.node, e.a)];
        if (c.ret != e.b) {
          m.fail(t, "successor " + std::to_string(e.a) + " returned " + std::to_string(c.ret) +
                        ", not " + std::to_string(e.b));
        }
        break;
      }
      case EventType::best_set:
        check_score(t, e.b, "best");
        returned_child(t, e.node, e.a);
        break;
      case EventType::alpha_set:
        check_score(t, e.b, "alpha");
        if (e.a < 1) m.fail(t, "alpha[" + std::to_string(e.a) + "]: the index must be 1 or more");
        returned_child(t, e.node, e.a - 1);
        if (e.b > node.beta && m.m_has_window)
          m.fail(t, "alpha rises to " + std::to_string(e.b) + ", above beta");
        m_belief[e.node] = revise_belief_after_child(m_belief[e.node]);
        break;
      case EventType::cutoff:
        returned_child(t, e.node, e.a);
        if (node.cutoff_child >= 0) m.fail(t, "a second cutoff at the same node");
        node.cutoff_child = e.a;
        node.cutoff_t = static_cast<std::uint32_t>(t);
        break;
      default:
        m.fail(t, "unknown event type " + std::to_string(static_cast<int>(e.type)));
    }
  }

  void on_leave(std::size_t t, const Event& e) {
    expect_top(t, e);
    ModelNode& node = m.m_nodes[e.node];
    const NodeKind kind = unpack_kind(e.flags);
    if ((e.flags & 3u) == 3u || static_cast<unsigned>(kind) > 4u)
      m.fail(t, "bad bound or kind bits");
    // Only the table (a stored result), a spent node budget (kind unknown) or forward
    // estimation (every successor pruned) may end an interior node before any successor.
    if (!node.leaf && m_entered[e.node] == 0 && !(node.marks & k_tt_settled) &&
        kind != NodeKind::unknown && node.pruned == 0) {
      m.fail(t, "an interior node left without successors");
    }
    if (m_next.parent == e.node) m.fail(t, "a successor is announced but never entered");
    check_score(t, e.a, "the returned value");
    node.leave_t = static_cast<std::uint32_t>(t);
    node.ret = e.a;
    node.bound = unpack_bound(e.flags);
    node.kind = kind;
    m_open.pop_back();
  }

  void on_extension(std::size_t t, const Event& e) {
    if (static_cast<int>(e.type) < 32)
      m.fail(t, "unknown event type " + std::to_string(static_cast<int>(e.type)));
    // An extension's record is about the open node; an event this reader does not know may
    // also be about no node.
    const TraceExtension* x = find_extension(e.type);
    if (x && x->scope == RecordScope::any_entered) {
      if (!record_may_name(x->scope, e.node, top(), static_cast<std::uint32_t>(m.m_nodes.size())))
        m.fail(t, "names node " + std::to_string(e.node) + ", which has not been entered");
    } else if (e.node != k_no_node || x) {
      expect_top(t, e);
    }
    if (x && !is_known_record(e)) {
      m.fail(t, std::string("a ") + x->name + " event (flags " + std::to_string(e.flags) +
                    ", aux " + std::to_string(e.aux) + ") that is none of its records");
    }
    if (e.type == EventType::note && e.node != k_no_node)
      m.m_nodes[e.node].marks |= k_eng_noted;  // shown on the node's card
    m_payloads_due = std::max(0, payload_count(e));
    m_record_head = t;
    if (x && x->on_record) x->on_record(*this, t, e);
  }

  // Pass 2: children and own events as contiguous ranges (counting sort, time order kept), and
  // the counters' keyframes.
  void index() {
    auto& nodes = m.m_nodes;
    std::vector<std::uint32_t>& fill = m_last_child;  // no longer needed: a cursor per node
    std::uint32_t offset = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      nodes[i].children_begin = fill[i] = offset;
      offset += m_entered[i];
    }
    m.m_children.resize(offset);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const std::uint32_t p = nodes[i].parent;
      if (p != k_no_node) m.m_children[fill[p]++] = static_cast<std::uint32_t>(i);
    }
    offset = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      nodes[i].events_begin = offset;
      offset += m_event_count[i];
    }
    m.m_node_event_total = offset;
    m.m_keyframes.reserve(ev.size() / Model::k_keyframe_interval + 1);
    Counters c;
    for (std::size_t t = 0; t < ev.size(); ++t) {
      if (t % Model::k_keyframe_interval == 0) m.m_keyframes.push_back(c);
      m.add_counts(c, t);
    }
  }

  // Each extension's index (forward estimation's tests, interest search's ratings...), once
  // the nodes are known.
  void build_extension_indexes() {
    const auto& all = all_extensions();
    m.m_indexes.resize(all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i]->build_index) m.m_indexes[i] = all[i]->build_index(m);
  }

  Model& m;
  const Trace& m_trace;
  const EventLog& ev;
  std::vector<std::uint32_t> m_open;
  std::vector<NodeKind> m_belief;            // per node: what we believe it is, for predictions
  bool m_captured_roots = false;             // the roots are a triggered capture's subtrees
  std::vector<std::uint32_t> m_entered;      // per node: successors entered so far
  std::vector<std::uint32_t> m_repeats;      // per node: repeated successors among them
  std::vector<std::uint32_t> m_last_child;   // per node: the successor entered last
  std::vector<std::uint32_t> m_event_count;  // per node: own events
  std::uint16_t m_iteration = 0;
  std::uint32_t m_prev_node = k_no_node;
  int m_payloads_due = 0;         // payload events the last record still needs
  std::size_t m_record_head = 0;  // the last record's head event
  struct NextChild {              // what a record announced about the next successor of a node
    std::uint32_t parent = k_no_node;
    std::uint32_t marks = 0;
    bool repeat = false;
    NodeKind expected = NodeKind::unknown;
  } m_next;
};

// The events each node is about (the ranges index() planned), filled in time order.
void Model::index_node_events() const {
  std::vector<std::uint32_t> fill(m_nodes.size());
  for (std::size_t i = 0; i < m_nodes.size(); ++i) fill[i] = m_nodes[i].events_begin;
  m_node_events.assign(m_node_event_total, 0);
  std::uint32_t prev = k_no_node;
  const EventLog& ev = *m_events;
  for (std::size_t t = 0; t < ev.size(); ++t) {
    const Event& e = ev[t];
    std::uint32_t about = e.node;
    if (e.type == EventType::iteration_begin || e.type == EventType::iteration_end)
      about = k_no_node;
    if (e.type == EventType::payload) about = prev;
    if (about != k_no_node) m_node_events[fill[about]++] = static_cast<std::uint32_t>(t);
    prev = about;
  }
}

namespace {
std::size_t g_model_event_limit = std::size_t{1} << 26;  // 4 GiB's worth until the app says
}  // namespace

void set_model_event_limit(std::size_t events) {
  g_model_event_limit = std::max<std::size_t>(events, 1);
}
std::size_t model_event_limit() {
  return g_model_event_limit;
}

Model::Model(const Trace& trace) : m_trace(&trace), m_events(&trace.events) {
  if (trace.events.size() > g_model_event_limit) {
    throw InputError("the trace has " + std::to_string(trace.events.size()) +
                     " events, more than the memory available holds (" +
                     std::to_string(g_model_event_limit) + " events at about " +
                     std::to_string(k_model_bytes_per_event) +
                     " bytes each): it cannot be shown whole; record a smaller search");
  }
  if (trace.steps.lean) {
    m_expanded = std::make_unique<EventLog>();
    expand_steps(trace, *m_expanded, g_model_event_limit);
    m_events = m_expanded.get();
  } else if (trace.steps.rule != StepRule::none) {
    check_steps(trace);
  }
  ModelBuilder(*this, trace).build();
}

}  // namespace kibitz::trace
