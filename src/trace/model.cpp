#include "trace/model.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"
#include "trace/extension.hpp"
#include "trace/positions.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

void Model::fail(std::size_t t, const std::string& what) const {
  throw InputError("trace, event " + std::to_string(t) + " (" +
                   event_type_name(m_events && m_events->has(t) ? event(t).type : EventType::none) +
                   "): " + what);
}

bool Model::owns(std::uint32_t id, std::size_t t, const Event& e) const {
  if (e.type == EventType::iteration_begin || e.type == EventType::iteration_end) return false;
  if (e.type == EventType::payload) return node_of_event(t) == id;
  return e.node == id;
}

std::uint32_t Model::cutoff_t(std::uint32_t id) const {
  const NodeHot& h = m_hot[id];
  if (h.cutoff_gap == 0) return k_never;
  if (h.cutoff_gap < 255) return h.leave_t - h.cutoff_gap;
  return static_cast<std::uint32_t>(rare(m_far_cutoff, id, static_cast<std::int32_t>(k_never)));
}

std::int32_t Model::rare(const Rare& r, std::uint32_t id, std::int32_t none) {
  if (r.empty()) return none;
  auto it = std::lower_bound(r.begin(), r.end(),
                             std::make_pair(id, std::numeric_limits<std::int32_t>::min()));
  return it != r.end() && it->first == id ? it->second : none;
}

std::uint16_t Model::iteration(std::uint32_t id) const {
  // Each root's subtree is the ids from it to the next root.
  auto it = std::upper_bound(m_roots.begin(), m_roots.end(), id);
  if (it == m_roots.begin()) return 0;
  return m_root_iteration[static_cast<std::size_t>(it - m_roots.begin()) - 1];
}

ModelNode Model::node(std::uint32_t id) const {
  const NodeHot& h = m_hot[id];
  ModelNode n;
  n.parent = h.parent;
  n.enter_t = h.enter_t;
  n.leave_t = h.leave_t;
  n.cutoff_t = cutoff_t(id);
  n.children_begin = h.children_begin;
  n.depth = static_cast<std::int32_t>(h.depth);
  n.k = h.k;
  n.iteration = iteration(id);
  n.kind = kind(id);
  n.bound = bound(id);
  n.expected = expected(id);
  n.leaf = is_leaf(id);
  n.marks = h.marks;
  // The rest from its events: the entry (window, move), the steps before its first successor
  // (label, position, expansion), the exit (its return) and the cutoff.
  const Event enter = (*m_events)[h.enter_t];
  n.alpha0 = enter.a;
  n.beta = enter.b;
  n.move_index = enter.aux;
  const std::size_t prologue_end = child_count(id) > 0    ? m_hot[child(id, 0)].enter_t
                                   : h.leave_t != k_never ? h.leave_t
                                                          : event_count() - 1;
  own_events(id, prologue_end, [&](std::size_t, const Event& e) {
    switch (e.type) {
      case EventType::label:
        n.label = static_cast<std::uint32_t>(e.a);
        break;
      case EventType::position:
        n.position = static_cast<std::uint32_t>(e.a);
        break;
      case EventType::expand:
        n.succ_count = e.a;
        break;
      case EventType::evaluate:
        n.succ_count = 0;
        break;
      default:
        break;
    }
    return true;
  });
  if (h.leave_t != k_never) n.ret = (*m_events)[h.leave_t].a;
  if (n.cutoff_t != k_never) n.cutoff_child = (*m_events)[n.cutoff_t].a;
  n.pruned = rare(m_pruned, id, 0);
  n.adjustment = rare(m_adjustment, id, 0);
  return n;
}

std::int32_t Model::unsearched(std::uint32_t id) const {
  const NodeHot& h = m_hot[id];
  if (h.unsearched < 255) return h.unsearched;
  const ModelNode n = node(id);
  return std::max(0, n.succ_count - n.cutoff_child - 1 - n.pruned);
}

const std::string& Model::label(std::uint32_t id) const {
  return m_trace->strings.get(node(id).label);
}

const std::string& Model::position(std::uint32_t id) const {
  static const std::string k_none;
  if (!m_trace) return k_none;
  const std::uint32_t recorded = node(id).position;
  if (recorded != 0) return m_trace->strings.get(recorded);
  if (auto it = m_positions.find(id); it != m_positions.end()) return it->second;
  if (m_positions.size() >= 1u << 16) m_positions.clear();  // only what is being looked at
  std::vector<std::uint16_t> moves;
  for (std::uint32_t n = id; parent(n) != k_no_node; n = parent(n))
    moves.push_back((*m_events)[enter_t(n)].aux);
  std::reverse(moves.begin(), moves.end());
  return m_positions.emplace(id, derive_position(m_trace->meta, moves)).first->second;
}

// marks: count the nodes entered by their marks (NodeCount), which only the finished model
// knows (its build adds them to the keyframes afterwards).
void Model::add_counts(Counters& c, std::size_t t, const Event& e, bool marks) const {
  switch (e.type) {
    case EventType::enter:
      ++c.nodes;
      if (marks) count_entered(m_hot[e.node].marks, c);
      c.max_depth = std::max(c.max_depth, m_hot[e.node].depth);
      break;
    case EventType::evaluate:
      ++c.leaves;
      break;
    case EventType::cutoff:
      ++c.cutoffs;
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
      if (const TraceExtension* x = find_extension(e.type); x && x->count)
        x->count(*m_events, t, c);
      break;
  }
}

Counters Model::counters_at(std::size_t t) const {
  if (m_keyframes.empty()) return {};
  if (t >= event_count()) t = event_count() - 1;
  const std::size_t kf = t / k_keyframe_interval;
  Counters c = m_keyframes[kf];
  for (std::size_t i = kf * k_keyframe_interval; i <= t; ++i) add_counts(c, i, event(i), true);
  return c;
}

std::uint32_t Model::nodes_visible_at(std::size_t t) const {
  // The first node entered after t (ids are in entry order).
  std::size_t lo = 0, hi = m_hot.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (t < m_hot[mid].enter_t)
      hi = mid;
    else
      lo = mid + 1;
  }
  return static_cast<std::uint32_t>(lo);
}

std::uint32_t Model::successor(std::uint32_t id, std::int32_t k) const {
  // Children's k never decreases in entry order: the last child with this k.
  const std::uint32_t first = m_hot[id].children_begin;
  std::uint32_t lo = 0, hi = child_count(id);
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (k < m_hot[m_children[first + mid]].k)
      hi = mid;
    else
      lo = mid + 1;
  }
  if (lo == 0 || m_hot[m_children[first + lo - 1]].k != k) return k_no_node;
  return m_children[first + lo - 1];
}

std::uint32_t Model::node_of_event(std::size_t t) const {
  for (;;) {
    const Event e = (*m_events)[t];
    if (e.type == EventType::iteration_begin || e.type == EventType::iteration_end)
      return k_no_node;
    if (e.type != EventType::payload) return e.node;
    if (t == 0) return k_no_node;
    --t;
  }
}

NodeState Model::state_at(std::uint32_t id, std::size_t t) const {
  NodeState s;
  const NodeHot& h = m_hot[id];
  if (t < h.enter_t) return s;
  s.visible = true;
  s.done = h.leave_t != k_never && h.leave_t <= t;
  s.open = !s.done;
  s.alpha = (*m_events)[h.enter_t].a;
  bool have_alpha = false, first = true;
  own_events_back(id, t, [&](std::size_t u, const Event& e) {
    if (first) s.last_event = static_cast<std::uint32_t>(u);
    first = false;
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
      case EventType::enter:
        if (!have_alpha) s.alpha = e.a;
        break;
      default:
        break;
    }
    // Once alpha and best are known only an earlier cutoff or evaluation could add anything:
    // neither comes before them.
    return !(have_alpha && s.has_best);
  });
  if (s.done) {
    s.has_ret = true;
    s.ret = (*m_events)[h.leave_t].a;
    s.bound = bound(id);
    s.kind = kind(id);
  }
  const std::uint32_t cb = h.children_begin;
  std::uint32_t lo = 0, hi = child_count(id);
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (t < m_hot[m_children[cb + mid]].enter_t)
      hi = mid;
    else
      lo = mid + 1;
  }
  s.children_entered = static_cast<int>(lo);
  return s;
}

std::vector<int> Model::path(std::uint32_t id) const {
  std::vector<int> p;
  while (m_hot[id].parent != k_no_node) {
    p.push_back(m_hot[id].k);
    id = m_hot[id].parent;
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
  if (auto it = m_pvs.find(root); it != m_pvs.end()) return it->second;
  if (m_pvs.size() >= 64) m_pvs.clear();
  std::vector<std::uint32_t> pv;
  std::uint32_t id = root;
  while (child_count(id) > 0 && m_hot[id].leave_t != k_never) {
    const ModelNode n = node(id);
    std::uint32_t next = k_no_node;
    if (n.cutoff_child >= 0) {
      next = successor(id, n.cutoff_child);
    } else {
      for (std::uint32_t k = 0; k < child_count(id); ++k) {
        const std::uint32_t c = child(id, k);
        // (A successor searched again returned a bound, not its value, the first time.)
        if (m_hot[c].leave_t == k_never || (m_hot[c].marks & k_superseded)) continue;
        const ModelNode cn = node(c);
        if (-cn.ret - cn.adjustment == n.ret) {
          next = c;
          break;
        }
      }
    }
    if (next == k_no_node) break;
    pv.push_back(next);
    id = next;
  }
  m_pvs.emplace(root, pv);
  return pv;
}

const ExtensionIndex* Model::extension_index(const TraceExtension& x) const {
  const auto& all = all_extensions();
  for (std::size_t i = 0; i < all.size() && i < m_indexes.size(); ++i)
    if (all[i] == &x) return m_indexes[i].get();
  return nullptr;
}

std::size_t Model::bytes() const {
  return m_hot.bytes() + m_children.bytes() + m_keyframes.capacity() * sizeof(Counters) +
         m_roots.capacity() * 8;
}

}  // namespace kibitz::trace
