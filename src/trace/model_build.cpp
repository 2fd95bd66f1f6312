// Building the model from the flat events (model.hpp), in one pass that reads the events as
// they come (a lean trace's steps derived a page at a time): it nests the events, creates the
// nodes and checks every event against the open stack, keeping each open node whole and its
// last successor until no record can change them any more, then only what the model keeps of
// them (NodeHot); the counters' keyframes are taken on the way. Then successors are laid out as
// contiguous ranges and the extensions' indexes are built. Extension events are read through
// their typed records.
#include <algorithm>
#include <stdexcept>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

namespace {

// The kept part of a node whose fields are final (or final so far, for a node still open).
NodeHot hot_of(const ModelNode& n) {
  NodeHot h;
  h.parent = n.parent;
  h.enter_t = n.enter_t;
  h.leave_t = n.leave_t;
  h.marks = n.marks;
  h.depth = static_cast<std::uint32_t>(n.depth);
  h.k = n.k;
  h.bits = static_cast<std::uint8_t>(static_cast<unsigned>(n.kind) |
                                     static_cast<unsigned>(pack_bound(n.bound)) << 3 |
                                     (n.leaf ? 32u : 0u));
  h.expected = static_cast<std::uint8_t>(n.expected);
  if (n.cutoff_child >= 0) {
    const std::int32_t left = std::max(0, n.succ_count - n.cutoff_child - 1 - n.pruned);
    h.unsearched = static_cast<std::uint8_t>(std::min(left, 255));
  }
  if (n.cutoff_t != k_never && n.leave_t != k_never && n.leave_t - n.cutoff_t < 255)
    h.cutoff_gap = static_cast<std::uint8_t>(n.leave_t - n.cutoff_t);
  else if (n.cutoff_t != k_never)
    h.cutoff_gap = 255;
  return h;
}

}  // namespace

class ModelBuilder final : public ModelBuildContext {
 public:
  ModelBuilder(Model& m, const Trace& trace, const EventLog& ev) : m(m), m_trace(trace), ev(ev) {
    m_open.reserve(256);
  }

  // ModelBuildContext, for the extensions' records.
  const EventLog& events() const override { return ev; }
  ModelNode& node(std::uint32_t id) override { return live(id); }
  std::uint32_t successors_entered(std::uint32_t id) const override { return frame(id).entered; }
  std::int32_t next_successor_k(std::uint32_t id) const override { return next_k(frame(id)); }
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
    // Minimax has no window; a format-1 trace says so only by its algorithm's name.
    m.m_has_window = m_trace.steps.rule != StepRule::minimax &&
                     steps_from_meta(m_trace.meta).rule != StepRule::minimax;
    // A recorder's triggered capture (record.h, "trigger"): its roots are nodes inside a search,
    // whose expected kind is not known (a root is a Pv node only when it is the search's root,
    // as in a capture of a whole iteration).
    const std::string& trigger = m_trace.meta.get("trigger");
    m_captured_roots = !trigger.empty() && trigger.rfind("iteration", 0) != 0;
    // An explicit trace that names a rule is checked against the rule's steps as it is read.
    std::unique_ptr<StepChecker> check;
    if (!m_trace.steps.lean && m_trace.steps.rule != StepRule::none)
      check = std::make_unique<StepChecker>(ev, m_trace.steps, !m_trace.notice.empty());
    std::size_t t = 0;
    Counters c;
    for (; ev.has(t); ++t) {
      if (t >= k_never) throw InputError("trace: more than 2^32 - 1 events");
      const Event e = ev[t];
      if (check) check->take(t, e);
      if (t % Model::k_keyframe_interval == 0) m.m_keyframes.push_back(c);
      step(t, e);
      m.add_counts(c, t, e, false);
    }
    if (check) check->finish();
    if (m_payloads_due > 0) missing_payload(t);
    while (!m_open.empty()) settle_top();  // a trace cut short: its open nodes as they are
    for (Model::Rare* r : {&m.m_far_cutoff, &m.m_pruned, &m.m_adjustment}) {
      std::sort(r->begin(), r->end());
      r->shrink_to_fit();
    }
    index();
    count_marked_nodes();
    build_extension_indexes();
  }

 private:
  // An open node: whole while it is open, with what the model needs of its successors so far.
  struct Frame {
    std::uint32_t id = 0;
    ModelNode node;
    NodeKind belief = NodeKind::unknown;  // what we believe it is, for predictions
    std::uint32_t entered = 0;            // successors entered so far
    std::uint32_t repeats = 0;            // repeated successors among them
    // Its last successor once it has left: records may still change it (a re-search
    // supersedes it, a modification adjusts it), so it is kept whole until the next one leaves.
    bool has_last = false;
    std::uint32_t last_id = 0;
    ModelNode last;
  };

  void step(std::size_t t, const Event& e) {
    m_seen[static_cast<std::size_t>(e.type)] = true;
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
        if (m_foreign_head) m.m_foreign[about].push_back(static_cast<std::uint32_t>(t));
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
    if (e.type != EventType::payload) m_foreign_head = false;
    m_prev_node = about;
    if (e.type != EventType::payload && about != k_no_node && about != top() &&
        e.type != EventType::leave && e.type != EventType::enter) {
      m_foreign_head = true;  // a record about a node not being searched (RecordScope::any_entered)
      m.m_foreign[about].push_back(static_cast<std::uint32_t>(t));
    }
  }

  // A record declares payload events (records/codec.hpp) that the trace does not have.
  [[noreturn]] void missing_payload(std::size_t t) const {
    static const char* const k_count[] = {"no", "one", "two", "three", "four"};
    const int n = payload_count(ev[m_record_head]);
    m.fail(m_record_head,
           std::string("this record is followed by ") + (n >= 0 && n <= 4 ? k_count[n] : "more") +
               " payload events, but " +
               (ev.has(t) ? "event " + std::to_string(t) + " is " + event_type_name(ev[t].type)
                          : std::string("the trace ends")));
  }

  std::uint32_t top() const { return m_open.empty() ? k_no_node : m_open.back().id; }

  const Frame& frame(std::uint32_t id) const {
    for (auto it = m_open.rbegin(); it != m_open.rend(); ++it)
      if (it->id == id) return *it;
    throw std::logic_error("the model asked about node " + std::to_string(id) +
                           ", which is not being searched");
  }
  Frame& frame(std::uint32_t id) { return const_cast<Frame&>(std::as_const(*this).frame(id)); }

  // A node records may still change: an open one or the last successor of one.
  ModelNode& live(std::uint32_t id) {
    for (auto it = m_open.rbegin(); it != m_open.rend(); ++it) {
      if (it->id == id) return it->node;
      if (it->has_last && it->last_id == id) return it->last;
    }
    throw std::logic_error("a record changed node " + std::to_string(id) +
                           ", which is no longer being searched");
  }

  // Whether the last successor of f was a null move: one that did not cut (a successor follows)
  // counts towards nothing, and the next successor takes its k.
  static bool after_null_move(const Frame& f) {
    return f.entered > 0 && f.has_last && (f.last.marks & k_eng_null_move) &&
           !(f.last.marks & k_superseded);
  }
  static std::int32_t next_k(const Frame& f) {
    return static_cast<std::int32_t>(f.entered - f.repeats - (after_null_move(f) ? 1 : 0));
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
    if (e.node != m_open.back().id) {
      m.fail(t, "names node " + std::to_string(e.node) + " but node " +
                    std::to_string(m_open.back().id) + " is the one being searched");
    }
  }

  // The last successor entered at node id, which must be successor k and have returned.
  std::uint32_t returned_child(std::size_t t, std::uint32_t id, std::int32_t k) const {
    const Frame& f = frame(id);
    if (f.entered == 0) m.fail(t, "node " + std::to_string(id) + " has no successor yet");
    if (!f.has_last) m.fail(t, "successor " + std::to_string(k) + " has not returned yet");
    if (f.last.k != k) {
      m.fail(t, "refers to successor " + std::to_string(k) + " but the last one searched is " +
                    std::to_string(f.last.k));
    }
    return f.last_id;
  }

  void on_enter(std::size_t t, const Event& e) {
    const auto id = static_cast<std::uint32_t>(m.m_hot.size());
    if (e.node != id) {
      m.fail(t, "enters node " + std::to_string(e.node) + " but the next node id is " +
                    std::to_string(id));
    }
    check_score(t, e.a, "alpha0");
    check_score(t, e.b, "beta");
    if (e.a > e.b)
      m.fail(t,
             "window alpha0 = " + std::to_string(e.a) + " is above beta = " + std::to_string(e.b));
    // Made in place: a frame holds two whole nodes, and nodes are entered millions of times.
    const std::uint32_t parent = top();
    Frame& f = m_open.emplace_back();
    f.id = id;
    ModelNode& node = f.node;
    node.parent = parent;
    node.enter_t = static_cast<std::uint32_t>(t);
    node.alpha0 = e.a;
    node.beta = e.b;
    node.move_index = e.aux;
    node.iteration = m_iteration;
    node.depth = static_cast<std::int32_t>(m_open.size() - 1);
    if (node.parent == k_no_node) {
      m.m_roots.push_back(id);
      m.m_root_iteration.push_back(m_iteration);
      m.m_root_deepest.push_back(id);
      m_deepest = 0;
      node.expected = m_captured_roots ? NodeKind::unknown : NodeKind::pv;
    } else {
      attach_child(t, node);
    }
    if (!m.m_has_window) node.expected = NodeKind::unknown;
    m.m_depth_max = std::max(m.m_depth_max, static_cast<std::uint32_t>(node.depth));
    if (node.parent != k_no_node && node.depth > m_deepest) {
      m.m_root_deepest.back() = id;
      m_deepest = node.depth;
    }
    f.belief = node.expected;
    m.m_hot.push_back(hot_of(node));
  }

  // A successor of the open node (the frame under the new one's): its index k, the marks it
  // inherits, its expected kind.
  void attach_child(std::size_t t, ModelNode& node) {
    Frame& p = m_open[m_open.size() - 2];
    node.marks |= p.node.marks & k_gb_secondary;
    if (p.node.marks & k_gb_capture_search) node.marks |= k_gb_by_capture;
    if (p.entered > 0 && !p.has_last)
      m.fail(t, "a successor is entered before the previous one returned");
    if (m_next.parent == p.id) {
      node.marks |= m_next.marks;
      if (m_next.repeat) {
        // The last successor searched again: the same k; the earlier search's return is
        // superseded.
        p.last.marks |= k_superseded;
        node.k = p.last.k;
        ++p.repeats;
      } else {
        node.k = next_k(p);
        pass_null_move(p);
      }
      node.expected = m_next.expected != NodeKind::unknown ? m_next.expected
                                                           : predict_child_kind(p.belief, node.k);
      m_next = NextChild{};
    } else {
      node.k = next_k(p);
      pass_null_move(p);
      node.expected = predict_child_kind(p.belief, node.k);
    }
    ++p.entered;
    ++m.m_hot[p.id].children_begin;  // the count, until index()
  }

  // A successor after a null move: the null move is superseded, its k taken by the successor.
  static void pass_null_move(Frame& p) {
    if (!after_null_move(p)) return;
    p.last.marks |= k_superseded;
    ++p.repeats;
  }

  void on_core(std::size_t t, const Event& e) {
    expect_top(t, e);
    Frame& f = m_open.back();
    ModelNode& node = f.node;
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
        if (f.entered > 0) m.fail(t, "a node with searched successors is evaluated as a leaf");
        node.leaf = true;
        node.succ_count = 0;
        break;
      case EventType::child_return: {
        returned_child(t, e.node, e.a);
        if (f.last.ret != e.b) {
          m.fail(t, "successor " + std::to_string(e.a) + " returned " + std::to_string(f.last.ret) +
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
        f.belief = revise_belief_after_child(f.belief);
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
    Frame& f = m_open.back();
    ModelNode& node = f.node;
    const NodeKind kind = unpack_kind(e.flags);
    if ((e.flags & 3u) == 3u || static_cast<unsigned>(kind) > 4u)
      m.fail(t, "bad bound or kind bits");
    // Only the table (a stored result), a spent node budget (kind unknown) or forward
    // estimation (every successor pruned) may end an interior node before any successor.
    if (!node.leaf && f.entered == 0 && !(node.marks & k_tt_settled) && kind != NodeKind::unknown &&
        node.pruned == 0) {
      m.fail(t, "an interior node left without successors");
    }
    if (m_next.parent == f.id) m.fail(t, "a successor is announced but never entered");
    check_score(t, e.a, "the returned value");
    node.leave_t = static_cast<std::uint32_t>(t);
    node.ret = e.a;
    node.bound = unpack_bound(e.flags);
    node.kind = kind;
    settle_top();
  }

  // The top node is done with (left, or open at the end of a trace cut short): its last
  // successor is final, and it becomes its parent's last successor.
  void settle_top() {
    Frame& f = m_open.back();
    if (f.has_last) keep(f.last_id, f.last);
    if (m_open.size() == 1 || f.node.leave_t == k_never) {
      keep(f.id, f.node);
    } else {
      Frame& p = m_open[m_open.size() - 2];
      if (p.has_last) keep(p.last_id, p.last);
      p.has_last = true;
      p.last_id = f.id;
      p.last = f.node;
    }
    m_open.pop_back();
  }

  // What the model keeps of a node no record can change any more.
  void keep(std::uint32_t id, const ModelNode& n) {
    const std::uint32_t children = m.m_hot[id].children_begin;  // the count so far
    m.m_hot[id] = hot_of(n);
    m.m_hot[id].children_begin = children;
    if (n.cutoff_t != k_never && m.m_hot[id].cutoff_gap == 255)
      m.m_far_cutoff.emplace_back(id, static_cast<std::int32_t>(n.cutoff_t));
    if (n.pruned != 0) m.m_pruned.emplace_back(id, n.pruned);
    if (n.adjustment != 0) m.m_adjustment.emplace_back(id, n.adjustment);
  }

  void on_extension(std::size_t t, const Event& e) {
    if (static_cast<int>(e.type) < 32)
      m.fail(t, "unknown event type " + std::to_string(static_cast<int>(e.type)));
    // An extension's record is about the open node; an event this reader does not know may
    // also be about no node.
    const TraceExtension* x = find_extension(e.type);
    if (x && x->scope == RecordScope::any_entered) {
      if (!record_may_name(x->scope, e.node, top(), static_cast<std::uint32_t>(m.m_hot.size())))
        m.fail(t, "names node " + std::to_string(e.node) + ", which has not been entered");
    } else if (e.node != k_no_node || x) {
      expect_top(t, e);
    }
    if (x && !is_known_record(e)) {
      m.fail(t, std::string("a ") + x->name + " event (flags " + std::to_string(e.flags) +
                    ", aux " + std::to_string(e.aux) + ") that is none of its records");
    }
    if (e.type == EventType::note && e.node != k_no_node)
      live(e.node).marks |= k_eng_noted;  // shown on the node's card
    m_payloads_due = std::max(0, payload_count(e));
    m_record_head = t;
    if (x && x->on_record) x->on_record(*this, t, e);
  }

  // Successors as contiguous ranges in id order: each node's count (counted as they were
  // entered), then (from the last id to the first) each child placed at the end of its parent's
  // range, which leaves every range in entry order and each node's begin where its range starts.
  void index() {
    auto& hot = m.m_hot;
    const std::size_t n = hot.size();
    std::uint32_t offset = 0;  // children_begin holds each node's count (attach_child)
    for (std::size_t i = 0; i < n; ++i) {
      offset += hot[i].children_begin;
      hot[i].children_begin = offset;  // the range's end, for now
    }
    m.m_children.resize(offset);
    for (std::size_t i = n; i-- > 0;) {
      const std::uint32_t p = hot[i].parent;
      if (p != k_no_node) m.m_children[--hot[p].children_begin] = static_cast<std::uint32_t>(i);
    }
  }

  // The counts extensions make of nodes by their marks (NodeCount), which are final only now,
  // added to each keyframe: the nodes entered before it.
  void count_marked_nodes() {
    Counters acc;
    std::size_t id = 0;
    const std::size_t n = m.m_hot.size();
    for (std::size_t j = 0; j < m.m_keyframes.size(); ++j) {
      const std::size_t before = j * Model::k_keyframe_interval;
      for (; id < n && m.m_hot[id].enter_t < before; ++id) count_entered(m.m_hot[id].marks, acc);
      for (std::size_t i = 0; i < acc.extension.size(); ++i)
        m.m_keyframes[j].extension[i] += acc.extension[i];
    }
  }

  // Each extension's index (forward estimation's tests, interest search's ratings...), once
  // the nodes are known: only for an extension whose records the trace has (an index is built
  // by reading the events again).
  void build_extension_indexes() {
    const auto& all = all_extensions();
    m.m_indexes.resize(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
      bool has = false;
      for (EventType t : all[i]->types) {
        if (t == EventType::none) break;
        has = has || m_seen[static_cast<std::size_t>(t)];
      }
      if (all[i]->build_index && has) m.m_indexes[i] = all[i]->build_index(m);
    }
  }

  Model& m;
  const Trace& m_trace;
  const EventLog& ev;
  std::vector<Frame> m_open;
  bool m_captured_roots = false;         // the roots are a triggered capture's subtrees
  bool m_seen[k_event_type_count] = {};  // the event types the trace has
  std::int32_t m_deepest = 0;            // the depth of the current root's deepest node
  std::uint16_t m_iteration = 0;
  std::uint32_t m_prev_node = k_no_node;
  bool m_foreign_head = false;    // the last record was about a node not being searched
  int m_payloads_due = 0;         // payload events the last record still needs
  std::size_t m_record_head = 0;  // the last record's head event
  struct NextChild {              // what a record announced about the next successor of a node
    std::uint32_t parent = k_no_node;
    std::uint32_t marks = 0;
    bool repeat = false;
    NodeKind expected = NodeKind::unknown;
  } m_next;
};

namespace {
std::size_t g_model_event_limit = std::size_t{1} << 26;  // 4 GiB's worth until the app says
}  // namespace

void set_model_event_limit(std::size_t events) {
  g_model_event_limit = std::max<std::size_t>(events, 1);
}
std::size_t model_event_limit() {
  return g_model_event_limit;
}

Model::~Model() = default;

Model::Model(const Trace& trace, std::size_t stream_pages)
    : m_trace(&trace), m_events(&trace.events) {
  if (trace.events.size() > g_model_event_limit) {
    throw InputError("the trace has " + std::to_string(trace.events.size()) +
                     " events, more than the memory available holds (" +
                     std::to_string(g_model_event_limit) + " events at about " +
                     std::to_string(k_model_bytes_per_event) +
                     " bytes each): it cannot be shown whole; record a smaller search");
  }
  // A lean trace's steps, or an engine recorder's returns, derived as they are read.
  if (trace.steps.lean)
    m_derived =
        derived_log(trace.events, lean_derivation(trace.steps), stream_pages, g_model_event_limit);
  else if (trace.steps.returns_derived)
    m_derived = derived_log(trace.events, returns_derivation(), stream_pages, g_model_event_limit);
  if (m_derived) m_events = m_derived.get();
  ModelBuilder(*this, trace, *m_events).build();
}

}  // namespace kibitz::trace
