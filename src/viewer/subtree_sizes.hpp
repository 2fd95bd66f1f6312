// The shape of a big tree as numbers (the Shape tab's icicle, shape_panel.cpp): how many nodes
// each subtree holds and how deep it goes, and its largest subtrees a few plies down. Pure: no
// ImGui, so the tests check it against a brute-force count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::viewer {

class SubtreeSizes {
 public:
  SubtreeSizes() = default;
  // One pass over the ids from last to first: a child's id is always larger than its parent's
  // (ids are in entry order), so each size is complete before it is added to its parent's.
  explicit SubtreeSizes(const trace::Model& m);

  std::size_t node_count() const { return m_size.size(); }
  // Nodes in the subtree of id, id itself included (a leaf: 1).
  std::uint32_t size(std::uint32_t id) const { return m_size[id]; }
  // Plies from id to its deepest descendant (a leaf: 0).
  std::uint32_t height(std::uint32_t id) const { return m_height[id]; }

 private:
  std::vector<std::uint32_t> m_size;
  std::vector<std::uint32_t> m_height;
};

// The children of id, largest subtree first (ties: entry order).
std::vector<std::uint32_t> successors_by_size(const trace::Model& m, const SubtreeSizes& sizes,
                                              std::uint32_t id);

// The `most` largest subtrees `ply` plies under top (ply 0: top itself), largest first (ties:
// entry order). Visits only the nodes less than `ply` plies down, and those at it.
std::vector<std::uint32_t> largest_at_ply(const trace::Model& m, const SubtreeSizes& sizes,
                                          std::uint32_t top, int ply, std::size_t most);

}  // namespace kibitz::viewer
