// Tidy tree layout (Walker's algorithm as made linear by Buchheim, Jünger and Leipert): a
// parent centred over its children, subtrees packed as close as their contours allow, the
// order of successors kept. Iterative, so a tree 100,000 levels deep lays out like any other.
//
// The input is the part of the trace visible at the cursor (the tree "grows" as nodes are
// entered) or the whole trace (its final shape), plus one stub per node whose cutoff has
// happened and left successors unsearched, and one per successor pruned by forward estimation
// (placed among its siblings where the search tested it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "trace/model.hpp"
#include "viewer/game_services.hpp"

namespace kibitz::viewer {

enum class LayoutMode { growing, final_shape };

struct LayoutMetrics {
  float node_width = 120.0f;  // world units (pixels at zoom 1)
  float leaf_width = 120.0f;  // a leaf's (narrower in projector mode: its value only)
  float node_height = 76.0f;
  float stub_width = 44.0f;
  float gap = 14.0f;            // between neighbouring subtrees
  float level_height = 128.0f;  // from one depth to the next
};

// A pruned leaf drawn as a ghost under its Cut node (where the whole tree is known): its box's
// width; the leaves of one stub are a row of these, ghost_gap apart.
inline float ghost_leaf_width(const LayoutMetrics& m) {
  return std::min(m.leaf_width, m.node_width * 0.4f);
}
// Whether leaves are drawn in their compact form (the value, large), narrower than other nodes.
inline bool compact_leaves(const LayoutMetrics& m) {
  return m.leaf_width < m.node_width * 0.6f;
}
inline float ghost_gap(const LayoutMetrics& m) {
  return m.gap * 0.5f;
}
// The width of a stub's pruned branches: their leaves in a row.
inline float ghost_row_width(const std::vector<PrunedNode>& nodes, const LayoutMetrics& m) {
  float n = 0;
  for (const PrunedNode& g : nodes) n += g.leaf ? 1.0f : 0.0f;
  return n * ghost_leaf_width(m) + std::max(0.0f, n - 1.0f) * ghost_gap(m);
}

// The x of each ghost of a stub's pruned branches (world units): the leaves left to right from
// `left`, an inner node midway between its first and last successor.
std::vector<float> ghost_xs(const std::vector<PrunedNode>& g, float left, const LayoutMetrics& m);

struct LayoutStub {
  std::uint32_t parent;  // the Cut node (or, for forward estimation, the tested node's parent)
  std::int32_t count;    // successors never searched
  float x, y;
  std::int32_t fe_test = -1;  // forward estimation: index in Model::fe() of the test that pruned it
  std::uint32_t t = 0;        // the event at which it appears (the cutoff, the test)
  float width = 0;            // world units: a stub's, a node's, or its ghost leaves' (set_ghosts)
  std::int32_t ghost_levels = 0;  // depths its ghosts reach below it (kept clear of neighbours)
};

// The room a Cut node's pruned branches take when drawn as ghosts: their leaves' row width and
// how many levels they reach below the stub.
struct GhostExtent {
  float width = 0;
  std::int32_t levels = 0;
};

class TreeLayout {
 public:
  // Lays out nodes first..end-1 of the model and stubs for the Cut nodes among them whose
  // cutoff happened at or before event t. Ids are in entry order, so first..end-1 is a root
  // (an iteration) with everything entered under it up to some time, when first is a root
  // and end is at most the next root.
  // The descendants of the `collapsed` nodes are left out (hidden): the collapsed node stands
  // for its subtree.
  void build(const trace::Model& model, std::uint32_t first, std::uint32_t end, std::size_t t,
             const LayoutMetrics& metrics,
             const std::unordered_set<std::uint32_t>* collapsed = nullptr);
  // The room of the pruned branches' ghosts, by the Cut node (a model id), for the next builds
  // (nullptr: none): their stub is made that wide, at its depth and the levels below it.
  void set_ghosts(const std::unordered_map<std::uint32_t, GhostExtent>* ghosts) {
    m_ghosts = ghosts;
  }
  void build(const trace::Model& model, std::uint32_t node_count, std::size_t t,
             const LayoutMetrics& metrics) {
    build(model, 0, node_count, t, metrics);
  }
  void clear();

  std::uint32_t first() const { return m_first; }
  std::uint32_t end() const { return m_first + m_nodes; }
  bool contains(std::uint32_t id) const { return id >= m_first && id < m_first + m_nodes; }
  // Laid out and not inside a collapsed subtree.
  bool shown(std::uint32_t id) const {
    return contains(id) && (m_hidden.empty() || !m_hidden[id - m_first]);
  }
  // The nodes a collapsed node hides (0 when it is not collapsed).
  std::uint32_t hidden_below(std::uint32_t id) const;
  std::uint32_t node_count() const { return m_nodes; }
  float x(std::uint32_t id) const { return m_x[id - m_first]; }
  // Half a node's box width (a leaf's may be narrower), world units.
  float half_width(std::uint32_t id) const {
    return (m_model->is_leaf(id) ? m_metrics.leaf_width : m_metrics.node_width) * 0.5f;
  }
  // y is the depth's: derived from the model, not stored.
  float y(std::uint32_t id) const {
    return static_cast<float>(m_model->depth(id)) * m_metrics.level_height;
  }
  // Sorted by level (y), then x.
  const std::vector<LayoutStub>& stubs() const { return m_stubs; }
  // The nodes by depth level, each level in x order, which is also id (entry) order: a tidy
  // layout keeps successors in order and never overlaps subtrees. So the nodes of a level on
  // screen are a range found by binary search, and those entered by an event are its prefix.
  std::uint32_t level_count() const {
    return m_level_start.empty() ? 0 : static_cast<std::uint32_t>(m_level_start.size() - 1);
  }
  const std::uint32_t* level_begin(std::uint32_t d) const {
    return m_level_ids.data() + m_level_start[d];
  }
  const std::uint32_t* level_end(std::uint32_t d) const {
    return m_level_ids.data() + m_level_start[d + 1];
  }
  float level_y(std::uint32_t d) const { return static_cast<float>(d) * m_metrics.level_height; }
  // The x of each id of level d, in the level's order (a search over a level reads one array).
  const float* level_x(std::uint32_t d) const { return m_level_x.data() + m_level_start[d]; }
  float min_x() const { return m_min_x; }
  float max_x() const { return m_max_x; }
  // The boxes' vertical extent: from the root's box top (-node_height / 2) to max_y() - that.
  float max_y() const { return m_max_y; }
  const LayoutMetrics& metrics() const { return m_metrics; }
  double build_ms() const { return m_build_ms; }
  // Different for every build of every layout: what the GPU's copy was made from.
  std::uint64_t generation() const { return m_generation; }

  // The key the layout was built for: a rebuild is needed when it changes.
  std::uint32_t built_nodes() const { return m_nodes; }
  std::uint32_t built_first() const { return m_first; }
  std::uint32_t built_stubs() const { return static_cast<std::uint32_t>(m_stubs.size()); }
  const trace::Model* built_model() const { return m_model; }

 private:
  std::vector<float> m_x;
  std::vector<LayoutStub> m_stubs;
  std::vector<std::uint32_t> m_level_start, m_level_ids;
  std::vector<float> m_level_x;
  std::vector<std::uint8_t> m_hidden;  // per local id, empty when nothing is collapsed
  std::vector<std::pair<std::uint32_t, std::uint32_t>> m_collapsed;  // (id, nodes hidden), by id
  std::uint32_t m_first = 0;
  std::uint32_t m_nodes = 0;
  float m_min_x = 0, m_max_x = 0, m_max_y = 0;
  LayoutMetrics m_metrics;
  double m_build_ms = 0;
  std::uint64_t m_generation = 0;
  const trace::Model* m_model = nullptr;

  // Scratch of the algorithm, kept between builds of small layouts to avoid reallocation
  // (given back after a big one: 44 bytes a node, and 4 for its place in a child list).
  struct Item {
    std::int32_t parent, first_child, child_count, number;  // number: index among siblings
    std::int32_t thread, ancestor;
    float prelim, mod, change, shift, mid;
  };
  std::vector<Item> m_items;
  std::vector<std::int32_t> m_children;
  float width(std::int32_t item) const;
  const std::unordered_map<std::uint32_t, GhostExtent>* m_ghosts = nullptr;
  // Items below a ghosted stub, one per level its ghosts reach, as wide as the stub: the
  // contours then keep the neighbours' subtrees clear of the ghosts. Their widths, in order.
  std::vector<float> m_filler_width;

  // The phases of build (layout.cpp).
  bool collect_stubs(const trace::Model& model, std::size_t t);
  void hide(const trace::Model& model, const std::unordered_set<std::uint32_t>& collapsed);
  bool hidden(std::uint32_t local) const { return !m_hidden.empty() && m_hidden[local]; }
  void link_items(const trace::Model& model, std::int32_t virtual_root);
  void link_fillers(std::int32_t offset);
  void order_fe_stubs(const trace::Model& model);
  void first_walk(std::int32_t virtual_root);
  void second_walk(const trace::Model& model, std::int32_t virtual_root);
  void index_levels(const trace::Model& model);
  // The first walk's steps on the items.
  Item& item(std::int32_t i);
  std::int32_t child(std::int32_t v, std::int32_t k);
  std::int32_t leftmost(std::int32_t v);
  std::int32_t rightmost(std::int32_t v);
  std::int32_t next_left(std::int32_t v);
  std::int32_t next_right(std::int32_t v);
  float distance(std::int32_t a, std::int32_t b);
  void move_subtree(std::int32_t wl, std::int32_t wr, float shift);
  std::int32_t apportion(std::int32_t v, std::int32_t default_ancestor);
};

}  // namespace kibitz::viewer
