#include "trace/model.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace kibitz::trace {

void Model::fail(std::size_t t, const std::string& what) const {
  throw InputError("trace, event " + std::to_string(t) + " (" +
                   event_type_name(m_trace->events[t].type) + "): " + what);
}

Model::Model(const Trace& trace) : m_trace(&trace) {
  const std::size_t n = trace.events.size();
  if (n >= k_never) throw InputError("trace: more than 2^32 - 1 events");
  m_has_window = trace.meta.get("algo") != "minimax";

  // Pass 1: nest the events, create the nodes, check every event against the open stack.
  std::vector<std::uint32_t> open;
  std::vector<NodeKind> belief;               // per node: what we believe it is, for predictions
  std::vector<std::uint32_t> entered;         // per node: successors entered so far
  std::vector<std::uint32_t> last_child;      // per node: the successor entered last
  std::vector<std::uint32_t> event_count_of;  // per node: own events
  std::uint16_t iteration = 0;
  std::uint32_t prev_node = k_no_node;
  auto top = [&]() { return open.empty() ? k_no_node : open.back(); };
  auto expect_top = [&](std::size_t t, const Event& e) {
    if (open.empty()) fail(t, "no node is open");
    if (e.node != open.back()) {
      fail(t, "names node " + std::to_string(e.node) + " but node " + std::to_string(open.back()) +
                  " is the one being searched");
    }
  };
  auto returned_child = [&](std::size_t t, const Event& e, std::int32_t k) -> const ModelNode& {
    const std::uint32_t id = e.node;
    if (entered[id] == 0) fail(t, "node " + std::to_string(id) + " has no successor yet");
    const ModelNode& c = m_nodes[last_child[id]];
    if (c.k != k) {
      fail(t, "refers to successor " + std::to_string(k) + " but the last one searched is " +
                  std::to_string(c.k));
    }
    if (c.leave_t == k_never) fail(t, "successor " + std::to_string(k) + " has not returned yet");
    return c;
  };

  // The successor a Greenblatt record names by its index k (aux): the last one entered.
  auto last_child_of = [&](std::size_t t, const Event& e) -> std::uint32_t {
    if (entered[e.node] == 0 || m_nodes[last_child[e.node]].k != static_cast<std::int32_t>(e.aux)) {
      fail(t,
           "refers to successor " + std::to_string(e.aux) + ", which is not the last one searched");
    }
    if (m_nodes[last_child[e.node]].leave_t == k_never) {
      fail(t, "successor " + std::to_string(e.aux) + " has not returned yet");
    }
    return last_child[e.node];
  };
  for (std::size_t t = 0; t < n; ++t) {
    const Event& e = trace.events[t];
    std::uint32_t about = e.node;
    switch (e.type) {
      case EventType::enter: {
        const auto id = static_cast<std::uint32_t>(m_nodes.size());
        if (e.node != id) {
          fail(t, "enters node " + std::to_string(e.node) + " but the next node id is " +
                      std::to_string(id));
        }
        if (e.a > e.b)
          fail(t, "window alpha0 = " + std::to_string(e.a) +
                      " is above beta = " + std::to_string(e.b));
        ModelNode node;
        node.parent = top();
        node.enter_t = static_cast<std::uint32_t>(t);
        node.alpha0 = e.a;
        node.beta = e.b;
        node.move_index = e.aux;
        node.iteration = iteration;
        node.depth = static_cast<std::int32_t>(open.size());
        if (node.parent == k_no_node) {
          m_roots.push_back(id);
          node.expected = NodeKind::pv;
        } else {
          const std::uint32_t p = node.parent;
          if (m_nodes[p].gb & k_gb_capture_search) node.gb |= k_gb_by_capture;
          if (m_nodes[p].gb & k_gb_secondary) node.gb |= k_gb_secondary;
          if (entered[p] > 0 && m_nodes[last_child[p]].leave_t == k_never) {
            fail(t, "a successor is entered before the previous one returned");
          }
          node.k = static_cast<std::int32_t>(entered[p]);
          node.expected = predict_child_kind(belief[p], node.k);
          ++entered[p];
          last_child[p] = id;
        }
        if (!m_has_window) node.expected = NodeKind::unknown;
        m_depth_max = std::max(m_depth_max, static_cast<std::uint32_t>(node.depth));
        m_nodes.push_back(node);
        belief.push_back(node.expected);
        entered.push_back(0);
        last_child.push_back(k_no_node);
        event_count_of.push_back(0);
        open.push_back(id);
        break;
      }
      case EventType::label:
      case EventType::position:
        expect_top(t, e);
        if (e.a < 0 || static_cast<std::uint32_t>(e.a) >= trace.strings.size()) {
          fail(t, "string " + std::to_string(e.a) + " is not in the string table");
        }
        (e.type == EventType::label ? m_nodes[e.node].label : m_nodes[e.node].position) =
            static_cast<std::uint32_t>(e.a);
        break;
      case EventType::expand:
        expect_top(t, e);
        if (e.a < 0) fail(t, "negative successor count");
        m_nodes[e.node].succ_count = e.a;
        break;
      case EventType::evaluate:
        expect_top(t, e);
        if (entered[e.node] > 0) fail(t, "a node with searched successors is evaluated as a leaf");
        m_nodes[e.node].leaf = true;
        m_nodes[e.node].succ_count = 0;
        break;
      case EventType::child_return: {
        expect_top(t, e);
        const ModelNode& c = returned_child(t, e, e.a);
        if (c.ret != e.b) {
          fail(t, "successor " + std::to_string(e.a) + " returned " + std::to_string(c.ret) +
                      ", not " + std::to_string(e.b));
        }
        break;
      }
      case EventType::best_set:
        expect_top(t, e);
        returned_child(t, e, e.a);
        break;
      case EventType::alpha_set:
        expect_top(t, e);
        returned_child(t, e, e.a - 1);
        if (e.b > m_nodes[e.node].beta && m_has_window) {
          fail(t, "alpha rises to " + std::to_string(e.b) + ", above beta");
        }
        belief[e.node] = revise_belief_after_child(belief[e.node]);
        break;
      case EventType::cutoff:
        expect_top(t, e);
        returned_child(t, e, e.a);
        if (m_nodes[e.node].cutoff_child >= 0) fail(t, "a second cutoff at the same node");
        m_nodes[e.node].cutoff_child = e.a;
        m_nodes[e.node].cutoff_t = static_cast<std::uint32_t>(t);
        break;
      case EventType::leave: {
        expect_top(t, e);
        ModelNode& node = m_nodes[e.node];
        const NodeKind kind = unpack_kind(e.flags);
        if ((e.flags & 3u) == 3u || static_cast<unsigned>(kind) > 4u)
          fail(t, "bad bound or kind bits");
        // Only the table (a stored result), a spent node budget (kind unknown) or forward
        // estimation (every successor pruned) may end an interior node before any successor.
        if (!node.leaf && entered[e.node] == 0 && !(node.tt & k_tt_settled) &&
            kind != NodeKind::unknown && node.fe_pruned == 0) {
          fail(t, "an interior node left without successors");
        }
        node.leave_t = static_cast<std::uint32_t>(t);
        node.ret = e.a;
        node.bound = unpack_bound(e.flags);
        node.kind = kind;
        open.pop_back();
        break;
      }
      case EventType::iteration_begin:
      case EventType::iteration_end:
        if (!open.empty()) fail(t, "an iteration boundary inside an open node");
        if (e.type == EventType::iteration_begin) iteration = static_cast<std::uint16_t>(e.node);
        about = k_no_node;
        break;
      case EventType::tt_probe: {
        expect_top(t, e);
        ModelNode& node = m_nodes[e.node];
        if (entered[e.node] > 0 || node.leaf)
          fail(t, "a table probe after the node's search began");
        const unsigned result = e.flags & 3u;
        if (result > 2) fail(t, "bad table probe result");
        node.tt |= k_tt_probed;
        if (result >= 1) node.tt |= k_tt_found;
        if (result == 2) node.tt |= k_tt_settled;
        break;
      }
      case EventType::tt_store:
        expect_top(t, e);
        m_nodes[e.node].tt |= k_tt_stored;
        break;
      case EventType::plausibility: {
        expect_top(t, e);
        ModelNode& node = m_nodes[e.node];
        const auto record = static_cast<PlausibilityRecord>(e.flags);
        switch (record) {
          case PlausibilityRecord::move:
          case PlausibilityRecord::width:
            if (entered[e.node] > 0)
              fail(t, "a plausibility record after the node's successors were searched");
            if (record == PlausibilityRecord::width &&
                ((e.b >> 24) & 0xFF) != static_cast<int>(GreenblattMode::capture)) {
              node.gb |= k_gb_generated;
            }
            break;
          case PlausibilityRecord::modification:
            m_nodes[last_child_of(t, e)].penalty = e.a;
            break;
          case PlausibilityRecord::mate_skip:
            m_nodes[last_child_of(t, e)].gb |= k_gb_mate_skip;
            break;
          case PlausibilityRecord::secondary:
            node.gb |= k_gb_secondary;
            break;
          case PlausibilityRecord::secondary_result:
            last_child_of(t, e);
            break;
          default:
            break;  // a record this reader does not know: shown as a step
        }
        break;
      }
      case EventType::feedover:
      case EventType::capture_search:
        expect_top(t, e);
        if (entered[e.node] > 0) fail(t, "reported after the node's successors were searched");
        m_nodes[e.node].gb |= e.type == EventType::feedover ? k_gb_feedover : k_gb_capture_search;
        break;
      case EventType::payload:
        about = prev_node;  // extra values of the event before it
        break;
      case EventType::fe_test:  // forward estimation tested a successor of the open node
        expect_top(t, e);
        if (e.flags & k_fe_pruned) ++m_nodes[e.node].fe_pruned;
        break;
      default:
        if (is_core_event(e.type) || static_cast<int>(e.type) < 32) {
          fail(t, "unknown event type " + std::to_string(static_cast<int>(e.type)));
        }
        // An extension event: about the open node, or about no node.
        if (e.node != k_no_node) expect_top(t, e);
        break;
    }
    if (about != k_no_node) ++event_count_of[about];
    prev_node = about;
  }

  // Pass 2: children and own events as contiguous ranges (counting sort, time order kept).
  const std::size_t nodes = m_nodes.size();
  std::uint32_t offset = 0;
  for (std::size_t i = 0; i < nodes; ++i) {
    m_nodes[i].children_begin = m_nodes[i].children_end = offset;
    offset += entered[i];
  }
  m_children.resize(offset);
  for (std::size_t i = 0; i < nodes; ++i) {
    const std::uint32_t p = m_nodes[i].parent;
    if (p != k_no_node) m_children[m_nodes[p].children_end++] = static_cast<std::uint32_t>(i);
  }
  offset = 0;
  for (std::size_t i = 0; i < nodes; ++i) {
    m_nodes[i].events_begin = m_nodes[i].events_end = offset;
    offset += event_count_of[i];
  }
  m_node_events.resize(offset);
  prev_node = k_no_node;
  m_keyframes.reserve(n / k_keyframe_interval + 1);
  Counters c;
  for (std::size_t t = 0; t < n; ++t) {
    if (t % k_keyframe_interval == 0) m_keyframes.push_back(c);
    const Event& e = trace.events[t];
    std::uint32_t about = e.node;
    if (e.type == EventType::iteration_begin || e.type == EventType::iteration_end)
      about = k_no_node;
    if (e.type == EventType::payload) about = prev_node;
    if (about != k_no_node)
      m_node_events[m_nodes[about].events_end++] = static_cast<std::uint32_t>(t);
    prev_node = about;
    add_counts(c, e);
  }

  // Forward estimation's tests, per node.
  std::vector<std::uint32_t> enter_t(nodes), parent(nodes);
  for (std::size_t i = 0; i < nodes; ++i) {
    enter_t[i] = m_nodes[i].enter_t;
    parent[i] = m_nodes[i].parent;
  }
  m_fe.build(trace, enter_t, parent);
  // Interest search's ratings, costs and cutoffs, per node.
  m_interest.build(trace, m_nodes.data(), m_nodes.size());
}

void Model::add_counts(Counters& c, const Event& e) const {
  switch (e.type) {
    case EventType::enter:
      ++c.nodes;
      if (m_nodes[e.node].gb & k_gb_by_capture) ++c.gb_capture_nodes;
      c.max_depth = std::max(c.max_depth, static_cast<std::uint32_t>(m_nodes[e.node].depth));
      break;
    case EventType::evaluate:
      ++c.leaves;
      break;
    case EventType::cutoff:
      ++c.cutoffs;
      break;
    case EventType::plausibility:
      if (e.flags == static_cast<std::uint8_t>(PlausibilityRecord::width) &&
          ((e.b >> 24) & 0xFF) != static_cast<int>(GreenblattMode::capture)) {
        ++c.gb_generations;
      }
      if (e.flags == static_cast<std::uint8_t>(PlausibilityRecord::secondary)) ++c.gb_secondary;
      break;
    case EventType::feedover:
      ++c.gb_feedovers;
      break;
    case EventType::capture_search:
      ++c.gb_statics;
      break;
    case EventType::tt_probe:
      ++c.tt_probes;
      if ((e.flags & 3u) >= 1) ++c.tt_hits;
      if ((e.flags & 3u) == 2) ++c.tt_cutoffs;
      break;
    case EventType::fe_test:
      ++c.fe_tests;
      if (e.flags & k_fe_pruned) ++c.fe_prunes;
      break;
    case EventType::leave:
      switch (unpack_kind(e.flags)) {
        case NodeKind::pv:
          ++c.pv;
          break;
        case NodeKind::cut:
          ++c.cut;
          break;
        case NodeKind::all:
          ++c.all;
          break;
        default:
          break;
      }
      break;
    default:
      break;
  }
}

Counters Model::counters_at(std::size_t t) const {
  if (m_keyframes.empty()) return {};
  if (t >= event_count()) t = event_count() - 1;
  const std::size_t kf = t / k_keyframe_interval;
  Counters c = m_keyframes[kf];
  for (std::size_t i = kf * k_keyframe_interval; i <= t; ++i) add_counts(c, m_trace->events[i]);
  return c;
}

std::uint32_t Model::nodes_visible_at(std::size_t t) const {
  auto it =
      std::upper_bound(m_nodes.begin(), m_nodes.end(), t,
                       [](std::size_t tt, const ModelNode& node) { return tt < node.enter_t; });
  return static_cast<std::uint32_t>(it - m_nodes.begin());
}

std::uint32_t Model::node_of_event(std::size_t t) const {
  for (;;) {
    const Event& e = m_trace->events[t];
    if (e.type == EventType::iteration_begin || e.type == EventType::iteration_end)
      return k_no_node;
    if (e.type != EventType::payload) return e.node;
    if (t == 0) return k_no_node;
    --t;
  }
}

NodeState Model::state_at(std::uint32_t id, std::size_t t) const {
  NodeState s;
  const ModelNode& n = m_nodes[id];
  if (t < n.enter_t) return s;
  s.visible = true;
  s.done = n.leave_t != k_never && n.leave_t <= t;
  s.open = !s.done;
  s.alpha = n.alpha0;
  const std::uint32_t* first = node_events_begin(id);
  const std::uint32_t* last = first + node_event_count(id);
  const std::uint32_t* p = std::upper_bound(first, last, static_cast<std::uint32_t>(t));
  if (p != first) s.last_event = *(p - 1);
  bool have_alpha = false;
  for (const std::uint32_t* q = p; q != first && !(have_alpha && s.has_best);) {
    --q;
    const Event& e = m_trace->events[*q];
    switch (e.type) {
      case EventType::alpha_set:
        if (!have_alpha) {
          have_alpha = true;
          s.alpha_index = e.a;
          s.alpha = e.b;
        }
        break;
      case EventType::best_set:
        if (!s.has_best) {
          s.has_best = true;
          s.best_index = e.a;
          s.best = e.b;
          s.best_bound = unpack_bound(e.flags);
        }
        break;
      case EventType::cutoff:
        s.cutoff_child = e.a;
        s.kind = NodeKind::cut;
        break;
      case EventType::evaluate:
        s.evaluated = true;
        s.eval = e.a;
        break;
      default:
        break;
    }
  }
  if (s.done) {
    s.has_ret = true;
    s.ret = n.ret;
    s.bound = n.bound;
    s.kind = n.kind;
  }
  const std::uint32_t* cb = children_begin(id);
  const std::uint32_t* ce = cb + child_count(id);
  s.children_entered = static_cast<int>(
      std::upper_bound(
          cb, ce, t, [this](std::size_t tt, std::uint32_t c) { return tt < m_nodes[c].enter_t; }) -
      cb);
  return s;
}

std::vector<int> Model::path(std::uint32_t id) const {
  std::vector<int> p;
  while (m_nodes[id].parent != k_no_node) {
    p.push_back(m_nodes[id].k);
    id = m_nodes[id].parent;
  }
  std::reverse(p.begin(), p.end());
  return p;
}

std::string Model::path_text(std::uint32_t id) const {
  std::string s;
  for (int k : path(id)) {
    if (!s.empty()) s += '.';
    s += std::to_string(k);
  }
  return s;
}

std::vector<std::uint32_t> Model::principal_variation(std::uint32_t root) const {
  std::vector<std::uint32_t> pv;
  std::uint32_t id = root;
  while (child_count(id) > 0 && m_nodes[id].leave_t != k_never) {
    const ModelNode& n = m_nodes[id];
    std::uint32_t next = k_no_node;
    if (n.cutoff_child >= 0) {
      next = child(id, static_cast<std::uint32_t>(n.cutoff_child));
    } else {
      for (std::uint32_t k = 0; k < child_count(id); ++k) {
        const std::uint32_t c = child(id, k);
        if (m_nodes[c].leave_t != k_never && -m_nodes[c].ret - m_nodes[c].penalty == n.ret) {
          next = c;
          break;
        }
      }
    }
    if (next == k_no_node) break;
    pv.push_back(next);
    id = next;
  }
  return pv;
}

}  // namespace kibitz::trace
