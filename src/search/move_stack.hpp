// Per-ply move buffers reused across the whole search, so generating moves never allocates
// once the deepest ply has been reached.
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

#include "search/inline.hpp"

namespace kibitz {

template <class Move>
class MoveStack {
 public:
  // Inlined into every search's node, whatever else its translation unit instantiates (GCC
  // otherwise may call it: 10-14% slower searches, measured); growing is out of line.
  KIBITZ_STEP std::vector<Move>& at(int ply) {
    const auto i = static_cast<std::size_t>(ply);
    if (i >= m_lists.size()) grow(i);
    return m_lists[i];
  }

 private:
  void grow(std::size_t i) {
    while (i >= m_lists.size()) m_lists.emplace_back();
  }

  // A deque: growing it for a deeper ply keeps the shallower plies' lists where they are,
  // so a caller may hold a reference to its list across the recursion.
  std::deque<std::vector<Move>> m_lists;
};

}  // namespace kibitz
