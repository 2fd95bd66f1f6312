#include "trace/model.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "trace/extension.hpp"
#include "trace/positions.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

void Model::fail(std::size_t t, const std::string& what) const {
  throw InputError("trace, event " + std::to_string(t) + " (" +
                   event_type_name(t < event_count() ? event(t).type : EventType::none) +
                   "): " + what);
}

const std::string& Model::position(std::uint32_t id) const {
  static const std::string k_none;
  if (!m_trace) return k_none;
  const std::uint32_t recorded = m_nodes[id].position;
  if (recorded != 0) return m_trace->strings.get(recorded);
  if (auto it = m_positions.find(id); it != m_positions.end()) return it->second;
  if (m_positions.size() >= 1u << 16) m_positions.clear();  // only what is being looked at
  std::vector<std::uint16_t> moves;
  for (std::uint32_t n = id; m_nodes[n].parent != k_no_node; n = m_nodes[n].parent)
    moves.push_back(m_nodes[n].move_index);
  std::reverse(moves.begin(), moves.end());
  return m_positions.emplace(id, derive_position(m_trace->meta, moves)).first->second;
}

void Model::add_counts(Counters& c, std::size_t t) const {
  const EventLog& ev = (*m_events);
  const Event& e = ev[t];
  switch (e.type) {
    case EventType::enter:
      ++c.nodes;
      count_entered(m_nodes[e.node], c);
      c.max_depth = std::max(c.max_depth, static_cast<std::uint32_t>(m_nodes[e.node].depth));
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
      if (const TraceExtension* x = find_extension(e.type); x && x->count) x->count(ev, t, c);
      break;
  }
}

Counters Model::counters_at(std::size_t t) const {
  if (m_keyframes.empty()) return {};
  if (t >= event_count()) t = event_count() - 1;
  const std::size_t kf = t / k_keyframe_interval;
  Counters c = m_keyframes[kf];
  for (std::size_t i = kf * k_keyframe_interval; i <= t; ++i) add_counts(c, i);
  return c;
}

std::uint32_t Model::nodes_visible_at(std::size_t t) const {
  auto it =
      std::upper_bound(m_nodes.begin(), m_nodes.end(), t,
                       [](std::size_t tt, const ModelNode& node) { return tt < node.enter_t; });
  return static_cast<std::uint32_t>(it - m_nodes.begin());
}

std::uint32_t Model::successor(std::uint32_t id, std::int32_t k) const {
  // Children's k never decreases in entry order: the last child with this k.
  const std::uint32_t* first = children_begin(id);
  const std::uint32_t* last = first + child_count(id);
  const std::uint32_t* p = std::upper_bound(
      first, last, k, [this](std::int32_t kk, std::uint32_t c) { return kk < m_nodes[c].k; });
  if (p == first || m_nodes[*(p - 1)].k != k) return k_no_node;
  return *(p - 1);
}

std::uint32_t Model::node_of_event(std::size_t t) const {
  for (;;) {
    const Event& e = (*m_events)[t];
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
    const Event& e = (*m_events)[*q];
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
      next = successor(id, n.cutoff_child);
    } else {
      for (std::uint32_t k = 0; k < child_count(id); ++k) {
        const std::uint32_t c = child(id, k);
        // (A successor searched again returned a bound, not its value, the first time.)
        if (m_nodes[c].leave_t != k_never && !(m_nodes[c].marks & k_superseded) &&
            -m_nodes[c].ret - m_nodes[c].adjustment == n.ret) {
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

const ExtensionIndex* Model::extension_index(const TraceExtension& x) const {
  const auto& all = all_extensions();
  for (std::size_t i = 0; i < all.size() && i < m_indexes.size(); ++i)
    if (all[i] == &x) return m_indexes[i].get();
  return nullptr;
}

}  // namespace kibitz::trace
