#include "viewer/subtree_sizes.hpp"

#include <algorithm>
#include <utility>

namespace kibitz::viewer {

SubtreeSizes::SubtreeSizes(const trace::Model& m)
    : m_size(m.node_count(), 1), m_height(m.node_count(), 0) {
  for (std::uint32_t id = m.node_count(); id-- > 0;) {
    const std::uint32_t parent = m.parent(id);
    if (parent == trace::k_no_node) continue;
    m_size[parent] += m_size[id];
    m_height[parent] = std::max(m_height[parent], m_height[id] + 1);
  }
}

namespace {

// Larger first; of equal sizes, the one entered first.
struct BySize {
  const SubtreeSizes& sizes;
  bool operator()(std::uint32_t a, std::uint32_t b) const {
    return sizes.size(a) != sizes.size(b) ? sizes.size(a) > sizes.size(b) : a < b;
  }
};

}  // namespace

std::vector<std::uint32_t> successors_by_size(const trace::Model& m, const SubtreeSizes& sizes,
                                              std::uint32_t id) {
  // child() each: the successors' ids are stored in blocks, not one array.
  std::vector<std::uint32_t> out(m.child_count(id));
  for (std::uint32_t k = 0; k < out.size(); ++k) out[k] = m.child(id, k);
  std::stable_sort(out.begin(), out.end(), BySize{sizes});
  return out;
}

std::vector<std::uint32_t> largest_at_ply(const trace::Model& m, const SubtreeSizes& sizes,
                                          std::uint32_t top, int ply, std::size_t most) {
  std::vector<std::uint32_t> best;  // a heap whose front is the smallest kept
  if (ply < 0 || most == 0 || top >= m.node_count()) return best;
  const BySize larger{sizes};
  std::vector<std::pair<std::uint32_t, int>> stack{{top, 0}};  // node, plies under top
  while (!stack.empty()) {
    const auto [id, d] = stack.back();
    stack.pop_back();
    if (d == ply) {
      if (best.size() < most) {
        best.push_back(id);
        std::push_heap(best.begin(), best.end(), larger);
      } else if (larger(id, best.front())) {
        std::pop_heap(best.begin(), best.end(), larger);
        best.back() = id;
        std::push_heap(best.begin(), best.end(), larger);
      }
      continue;
    }
    // A subtree too shallow to reach the ply holds nothing at it.
    if (sizes.height(id) < static_cast<std::uint32_t>(ply - d)) continue;
    for (std::uint32_t k = 0, n = m.child_count(id); k < n; ++k)
      stack.push_back({m.child(id, k), d + 1});
  }
  std::sort(best.begin(), best.end(), larger);
  return best;
}

}  // namespace kibitz::viewer
