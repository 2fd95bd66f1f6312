#include "viewer/layout.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "trace/fe_index.hpp"
#include "trace/interest_index.hpp"

namespace kibitz::viewer {

namespace {

constexpr std::uint32_t k_keep_scratch = 1u << 16;  // nodes

// Node ids are local below: local = id - first; a parent outside the range is a root's.
std::uint32_t local_parent(const trace::Model& model, std::uint32_t first, std::uint32_t local) {
  const std::uint32_t p = model.parent(first + local);
  return p == trace::k_no_node || p < first ? trace::k_no_node : p - first;
}

std::uint64_t next_generation() {
  static std::uint64_t builds = 0;
  return ++builds;
}

}  // namespace

void TreeLayout::clear() {
  m_x.clear();
  m_stubs.clear();
  m_level_start.clear();
  m_level_ids.clear();
  m_level_x.clear();
  m_nodes = 0;
  m_min_x = m_max_x = m_max_y = 0;
  m_model = nullptr;
  m_generation = next_generation();
}

void TreeLayout::build(const trace::Model& model, std::uint32_t first, std::uint32_t end,
                       std::size_t t, const LayoutMetrics& metrics,
                       const std::unordered_set<std::uint32_t>* collapsed) {
  const auto start = std::chrono::steady_clock::now();
  m_generation = next_generation();
  m_model = &model;
  m_metrics = metrics;
  m_first = first;
  const std::uint32_t node_count = end > first ? end - first : 0;
  m_nodes = node_count;
  m_stubs.clear();
  m_x.assign(node_count, 0.0f);
  m_level_start.clear();
  m_level_ids.clear();
  m_level_x.clear();
  m_hidden.clear();
  m_collapsed.clear();
  if (node_count == 0) return;
  if (collapsed && !collapsed->empty()) hide(model, *collapsed);
  const bool fe_stubs = collect_stubs(model, t);
  // One more item: a virtual root above the real roots (one per iteration), so that several
  // roots are packed side by side like any siblings.
  m_filler_width.clear();
  for (const LayoutStub& st : m_stubs)
    m_filler_width.insert(m_filler_width.end(), static_cast<std::size_t>(st.ghost_levels),
                          st.width);
  const auto virtual_root =
      static_cast<std::int32_t>(node_count + m_stubs.size() + m_filler_width.size());
  link_items(model, virtual_root);
  if (fe_stubs) order_fe_stubs(model);
  first_walk(virtual_root);
  second_walk(model, virtual_root);
  if (node_count > k_keep_scratch) {  // given back before the levels' arrays are made
    std::vector<Item>().swap(m_items);
    std::vector<std::int32_t>().swap(m_children);
  }
  index_levels(model);
  m_build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Items: the visible nodes (index = node id), then the stubs. Collects the stubs of nodes
// 0..m_nodes-1 (local ids) as of event t, their parents as local ids for now; true if forward
// estimation pruned any.
bool TreeLayout::collect_stubs(const trace::Model& model, std::size_t t) {
  const std::uint32_t first = m_first, node_count = m_nodes;
  for (std::uint32_t id = 0; id < node_count; ++id) {
    if (hidden(id) || hidden_below(first + id) > 0) continue;  // its stubs are hidden too
    // (Successors pruned by forward estimation were generated and tested, not left over.)
    const std::uint32_t cut_t = model.cutoff_t(first + id);
    if (cut_t <= t && model.unsearched(first + id) > 0) {
      m_stubs.push_back(
          {id, model.unsearched(first + id), 0.0f, 0.0f, -1, cut_t});  // parent: local id for now
    } else if (const std::uint32_t cut = trace::interest_index(model).cut(first + id);
               cut != trace::k_no_node && cut <= t) {
      m_stubs.push_back({id, trace::interest_index(model).skipped(first + id), 0.0f, 0.0f, -1,
                         cut});  // an interest cutoff's moves
    }
  }
  // Forward estimation: a stub per pruned successor, tested at or before t.
  const trace::FeIndex& fe = trace::fe_index(model);
  bool fe_stubs = false;
  for (std::size_t i = 0; i < fe.size(); ++i) {
    const trace::FeTest& f = fe.test(i);
    if (f.pruned && f.t <= t && f.parent >= first && f.parent < first + node_count &&
        !hidden(f.parent - first) && hidden_below(f.parent) == 0) {
      m_stubs.push_back({f.parent - first, 1, 0.0f, 0.0f, static_cast<std::int32_t>(i),
                         static_cast<std::uint32_t>(f.t)});
      fe_stubs = true;
    }
  }
  for (LayoutStub& st : m_stubs) {  // parents are local ids here
    st.width = st.fe_test >= 0 ? m_metrics.node_width : m_metrics.stub_width;
    if (st.fe_test >= 0 || !m_ghosts) continue;
    const auto g = m_ghosts->find(first + st.parent);
    if (g == m_ghosts->end()) continue;
    st.width = std::max(st.width, g->second.width);
    st.ghost_levels = g->second.levels;
  }
  return fe_stubs;
}

// The items (the nodes, the stubs, the virtual root last) with their parents, widths and
// children in CSR form: visible successors (a prefix of each node's successor list, since
// successors are entered in order and ids grow), then the node's stub if it has one.
void TreeLayout::link_items(const trace::Model& model, std::int32_t virtual_root) {
  const std::uint32_t first = m_first, node_count = m_nodes;
  const std::size_t items = static_cast<std::size_t>(virtual_root) + 1;
  m_items.assign(items, Item{});
  // Children counted in child_count first (no array of counts on top of the items).
  for (std::uint32_t id = 0; id < node_count; ++id) {
    if (hidden(id)) continue;
    const std::uint32_t p = local_parent(model, first, id);
    ++m_items[p == trace::k_no_node ? static_cast<std::size_t>(virtual_root) : p].child_count;
  }
  for (const LayoutStub& s : m_stubs) ++m_items[s.parent].child_count;
  m_children.assign(items, 0);
  std::int32_t offset = 0;
  for (std::uint32_t id = 0; id < node_count; ++id) {
    Item& it = m_items[id];
    const std::int32_t count = it.child_count;
    it.parent = local_parent(model, first, id) == trace::k_no_node
                    ? virtual_root
                    : static_cast<std::int32_t>(local_parent(model, first, id));
    it.first_child = offset;
    it.child_count = 0;
    offset += count;
  }
  {
    Item& vr = m_items[static_cast<std::size_t>(virtual_root)];
    vr.parent = -1;
    vr.first_child = offset;
    offset += vr.child_count;
    vr.child_count = 0;
  }
  for (std::uint32_t id = 0; id < node_count; ++id) {
    if (hidden(id)) continue;  // in no child list: never placed, never drawn
    const std::int32_t p = m_items[id].parent;
    Item& pi = m_items[static_cast<std::size_t>(p)];
    m_items[id].number = pi.child_count;
    m_children[static_cast<std::size_t>(pi.first_child + pi.child_count++)] =
        static_cast<std::int32_t>(id);
  }
  for (std::size_t s = 0; s < m_stubs.size(); ++s) {
    const auto idx = static_cast<std::int32_t>(node_count + s);
    Item& it = m_items[static_cast<std::size_t>(idx)];
    it.parent = static_cast<std::int32_t>(m_stubs[s].parent);
    it.first_child = 0;
    it.child_count = 0;
    Item& pi = m_items[m_stubs[s].parent];
    it.number = pi.child_count;
    m_children[static_cast<std::size_t>(pi.first_child + pi.child_count++)] = idx;
  }
  link_fillers(offset);
}

// Under each ghosted stub, a chain of fillers, one per level (after the stubs' items).
void TreeLayout::link_fillers(std::int32_t offset) {
  auto next = static_cast<std::int32_t>(m_nodes + m_stubs.size());
  for (std::size_t s = 0; s < m_stubs.size(); ++s) {
    auto above = static_cast<std::int32_t>(m_nodes + s);
    for (std::int32_t l = 0; l < m_stubs[s].ghost_levels; ++l, above = next++) {
      Item& a = item(above);
      a.first_child = offset;
      a.child_count = 1;
      m_children[static_cast<std::size_t>(offset++)] = next;
      Item& it = item(next);
      it.parent = above;
      it.first_child = 0;
      it.child_count = 0;
      it.number = 0;
    }
  }
}

// A pruned successor goes where it was tested: after the successors entered before it (ties
// in test order); a cutoff's stub stays last.
void TreeLayout::order_fe_stubs(const trace::Model& model) {
  const std::uint32_t first = m_first, node_count = m_nodes;
  const trace::FeIndex& fe = trace::fe_index(model);
  auto key = [&](std::int32_t item) -> std::pair<std::int64_t, std::int64_t> {
    if (static_cast<std::uint32_t>(item) < node_count) {
      return {2 * std::int64_t{model.k(first + static_cast<std::uint32_t>(item))} + 1, 0};
    }
    const LayoutStub& st = m_stubs[static_cast<std::size_t>(item) - node_count];
    if (st.fe_test < 0) return {INT64_MAX, 0};
    const trace::FeTest& f = fe.test(static_cast<std::size_t>(st.fe_test));
    return {2 * std::int64_t{f.entered_before}, f.t};
  };
  std::vector<std::uint8_t> sorted(m_items.size(), 0);
  for (const LayoutStub& st : m_stubs) {
    if (st.fe_test < 0 || sorted[st.parent]) continue;
    sorted[st.parent] = 1;
    Item& pi = m_items[st.parent];
    auto first_child = m_children.begin() + pi.first_child;
    std::stable_sort(first_child, first_child + pi.child_count,
                     [&](std::int32_t a, std::int32_t b) { return key(a) < key(b); });
    for (std::int32_t k = 0; k < pi.child_count; ++k)
      m_items[static_cast<std::size_t>(first_child[k])].number = k;
  }
}

TreeLayout::Item& TreeLayout::item(std::int32_t i) {
  return m_items[static_cast<std::size_t>(i)];
}

std::int32_t TreeLayout::child(std::int32_t v, std::int32_t k) {
  return m_children[static_cast<std::size_t>(item(v).first_child + k)];
}

std::int32_t TreeLayout::leftmost(std::int32_t v) {
  return item(v).child_count ? child(v, 0) : -1;
}

std::int32_t TreeLayout::rightmost(std::int32_t v) {
  return item(v).child_count ? child(v, item(v).child_count - 1) : -1;
}

// The next item down the left contour of v's subtree: its first child, or its thread.
std::int32_t TreeLayout::next_left(std::int32_t v) {
  return item(v).child_count ? leftmost(v) : item(v).thread;
}

// The next item down the right contour of v's subtree: its last child, or its thread.
std::int32_t TreeLayout::next_right(std::int32_t v) {
  return item(v).child_count ? rightmost(v) : item(v).thread;
}

// An item's width: a node's, a stub's (a pruned successor forward estimation tested is drawn
// as a node), a filler's, none for the virtual root.
float TreeLayout::width(std::int32_t i) const {
  const auto u = static_cast<std::size_t>(i);
  if (u < m_nodes) return half_width(m_first + static_cast<std::uint32_t>(u)) * 2.0f;
  if (u < m_nodes + m_stubs.size()) return m_stubs[u - m_nodes].width;
  const std::size_t f = u - m_nodes - m_stubs.size();
  return f < m_filler_width.size() ? m_filler_width[f] : 0.0f;
}

// The distance between the centres of neighbours a and b.
float TreeLayout::distance(std::int32_t a, std::int32_t b) {
  return (width(a) + width(b)) * 0.5f + m_metrics.gap;
}

// Shifts subtree wr right by shift, and records the shift for the subtrees between wl and wr
// (spread over them after the node's children are placed).
void TreeLayout::move_subtree(std::int32_t wl, std::int32_t wr, float shift) {
  const float subtrees = static_cast<float>(item(wr).number - item(wl).number);
  item(wr).change -= shift / subtrees;
  item(wr).shift += shift;
  item(wl).change += shift / subtrees;
  item(wr).prelim += shift;
  item(wr).mod += shift;
}

// Walker's apportion: pushes v's subtree right of its left siblings' subtrees, walking the
// facing contours (threads continue a contour past a shallow subtree).
std::int32_t TreeLayout::apportion(std::int32_t v, std::int32_t default_ancestor) {
  if (item(v).number == 0) return default_ancestor;
  const std::int32_t p = item(v).parent;
  std::int32_t vip = v, vop = v;
  std::int32_t vim = child(p, item(v).number - 1);
  std::int32_t vom = child(p, 0);
  float sip = item(vip).mod, sop = item(vop).mod, sim = item(vim).mod, som = item(vom).mod;
  while (next_right(vim) >= 0 && next_left(vip) >= 0) {
    vim = next_right(vim);
    vip = next_left(vip);
    vom = next_left(vom);
    vop = next_right(vop);
    item(vop).ancestor = v;
    const float shift = (item(vim).prelim + sim) - (item(vip).prelim + sip) + distance(vim, vip);
    if (shift > 0) {
      const std::int32_t a =
          item(item(vim).ancestor).parent == p ? item(vim).ancestor : default_ancestor;
      move_subtree(a, v, shift);
      sip += shift;
      sop += shift;
    }
    sim += item(vim).mod;
    sip += item(vip).mod;
    som += item(vom).mod;
    sop += item(vop).mod;
  }
  if (next_right(vim) >= 0 && next_right(vop) < 0) {
    item(vop).thread = next_right(vim);
    item(vop).mod += sim - sop;
  }
  if (next_left(vip) >= 0 && next_left(vom) < 0) {
    item(vom).thread = next_left(vip);
    item(vom).mod += sip - som;
    default_ancestor = v;
  }
  return default_ancestor;
}

// First walk, children before parents: node ids are in pre-order, then come the stubs and the
// fillers below them (each after its parent), so descending ids visit every item after all
// its descendants; the virtual root comes last. Each node places its
// children left to right (a child's position relative to its left sibling is only known
// once that sibling is placed).
void TreeLayout::first_walk(std::int32_t virtual_root) {
  for (std::size_t i = 0; i < m_items.size(); ++i) {
    Item& it = m_items[i];
    it.thread = -1;
    it.ancestor = static_cast<std::int32_t>(i);
    it.prelim = it.mod = it.change = it.shift = it.mid = 0.0f;
  }
  for (std::int32_t step = virtual_root - 1; step >= -1; --step) {
    const std::int32_t v = step < 0 ? virtual_root : step;
    Item& iv = item(v);
    if (iv.child_count == 0) continue;
    std::int32_t default_ancestor = child(v, 0);
    for (std::int32_t k = 0; k < iv.child_count; ++k) {
      const std::int32_t w = child(v, k);
      Item& iw = item(w);
      if (k == 0) {
        iw.prelim = iw.child_count ? iw.mid : 0.0f;
      } else {
        iw.prelim = item(child(v, k - 1)).prelim + distance(child(v, k - 1), w);
        if (iw.child_count) iw.mod = iw.prelim - iw.mid;
      }
      default_ancestor = apportion(w, default_ancestor);
    }
    // Spread the shifts recorded by move_subtree over the children in between.
    float shift = 0.0f, change = 0.0f;
    for (std::int32_t k = iv.child_count - 1; k >= 0; --k) {
      Item& iw = item(child(v, k));
      iw.prelim += shift;
      iw.mod += shift;
      change += iw.change;
      shift += iw.shift + change;
    }
    iv.mid = (item(leftmost(v)).prelim + item(rightmost(v)).prelim) * 0.5f;
  }
}

// Second walk, parents before children (ascending ids): x = prelim + the mods of ancestors.
// Also the extent of the drawing, and the stubs' positions (their parents back to model ids).
void TreeLayout::second_walk(const trace::Model& model, std::int32_t virtual_root) {
  const std::uint32_t node_count = m_nodes;
  // The sum of an item's ancestors' mods goes in its `change`, which the first walk is done with.
  auto modsum = [this](std::size_t i) -> float& { return m_items[i].change; };
  const float root_mod = item(virtual_root).mod;
  m_min_x = 1e30f;
  m_max_x = -1e30f;
  m_max_y = 0.0f;
  for (std::uint32_t id = 0; id < node_count; ++id) {
    const Item& it = m_items[id];
    modsum(id) = it.parent == virtual_root ? root_mod
                                           : modsum(static_cast<std::size_t>(it.parent)) +
                                                 m_items[static_cast<std::size_t>(it.parent)].mod;
    const float x = it.prelim + modsum(id);
    m_x[id] = x;
    const float y = static_cast<float>(model.depth(m_first + id)) * m_metrics.level_height;
    if (hidden(id)) continue;
    m_min_x = std::min(m_min_x, x - half_width(m_first + id));
    m_max_x = std::max(m_max_x, x + half_width(m_first + id));
    m_max_y = std::max(m_max_y, y);
  }
  for (std::size_t s = 0; s < m_stubs.size(); ++s) {
    const std::size_t idx = node_count + s;
    const Item& it = m_items[idx];
    const float ms = modsum(static_cast<std::size_t>(it.parent)) +
                     m_items[static_cast<std::size_t>(it.parent)].mod;
    m_stubs[s].x = it.prelim + ms;
    m_stubs[s].y = y(m_first + m_stubs[s].parent) + m_metrics.level_height;
    m_stubs[s].parent += m_first;  // back to a model id
    m_max_x = std::max(m_max_x, m_stubs[s].x + width(static_cast<std::int32_t>(idx)) * 0.5f);
    m_max_y = std::max(m_max_y, m_stubs[s].y + static_cast<float>(m_stubs[s].ghost_levels) *
                                                   m_metrics.level_height);
    m_min_x = std::min(m_min_x, m_stubs[s].x - width(static_cast<std::int32_t>(idx)) * 0.5f);
  }
  m_max_y += m_metrics.node_height;
}

// Marks the descendants of the collapsed nodes (ids are in pre-order: a parent comes first).
void TreeLayout::hide(const trace::Model& model,
                      const std::unordered_set<std::uint32_t>& collapsed) {
  m_hidden.assign(m_nodes, 0);
  std::vector<std::uint32_t> below(m_nodes, 0), hider(m_nodes, 0);  // hider: its collapsed ancestor
  for (std::uint32_t id = 0; id < m_nodes; ++id) {
    const std::uint32_t p = local_parent(model, m_first, id);
    if (p == trace::k_no_node || !(m_hidden[p] || collapsed.count(m_first + p))) continue;
    m_hidden[id] = 1;
    hider[id] = m_hidden[p] ? hider[p] : p;
    ++below[hider[id]];
  }
  for (std::uint32_t id = 0; id < m_nodes; ++id) {
    if (below[id] > 0) m_collapsed.emplace_back(m_first + id, below[id]);
  }
}

std::uint32_t TreeLayout::hidden_below(std::uint32_t id) const {
  const auto it = std::lower_bound(m_collapsed.begin(), m_collapsed.end(),
                                   std::make_pair(id, std::uint32_t{0}));
  return it != m_collapsed.end() && it->first == id ? it->second : 0;
}

// The levels (ids by depth; second_walk's ids are in x order within a level) and the stubs
// sorted by level, then x.
void TreeLayout::index_levels(const trace::Model& model) {
  std::uint32_t levels = 0, shown = 0;
  for (std::uint32_t id = 0; id < m_nodes; ++id) {
    if (hidden(id)) continue;
    levels = std::max(levels, static_cast<std::uint32_t>(model.depth(m_first + id)) + 1);
    ++shown;
  }
  m_level_start.assign(levels + 1, 0);
  for (std::uint32_t id = 0; id < m_nodes; ++id) {
    if (!hidden(id)) ++m_level_start[model.depth(m_first + id) + 1];
  }
  for (std::uint32_t d = 0; d < levels; ++d) m_level_start[d + 1] += m_level_start[d];
  m_level_ids.resize(shown);
  std::vector<std::uint32_t> fill(m_level_start.begin(), m_level_start.end() - 1);
  for (std::uint32_t id = 0; id < m_nodes; ++id) {
    if (!hidden(id)) m_level_ids[fill[model.depth(m_first + id)]++] = m_first + id;
  }
  m_level_x.resize(shown);
  for (std::uint32_t i = 0; i < shown; ++i) m_level_x[i] = m_x[m_level_ids[i] - m_first];
  std::stable_sort(m_stubs.begin(), m_stubs.end(), [](const LayoutStub& a, const LayoutStub& b) {
    return a.y < b.y || (a.y == b.y && a.x < b.x);
  });
}

// The x of each ghost (world units): the leaves left to right from `left`, an inner node
// midway between its first and last successor.
std::vector<float> ghost_xs(const std::vector<PrunedNode>& g, float left, const LayoutMetrics& m) {
  const float w = ghost_leaf_width(m), gap = ghost_gap(m);
  std::vector<float> x(g.size(), 0.0f), lo(g.size(), 1e30f), hi(g.size(), -1e30f);
  float at = left + w * 0.5f;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (!g[i].leaf) continue;
    x[i] = at;
    at += w + gap;
  }
  for (std::size_t i = g.size(); i-- > 0;) {  // successors come after their node
    if (!g[i].leaf) x[i] = hi[i] >= lo[i] ? (lo[i] + hi[i]) * 0.5f : left;
    if (g[i].parent < 0) continue;
    const auto p = static_cast<std::size_t>(g[i].parent);
    lo[p] = std::min(lo[p], x[i]);
    hi[p] = std::max(hi[p], x[i]);
  }
  return x;
}

}  // namespace kibitz::viewer
