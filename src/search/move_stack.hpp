// Per-ply move buffers reused across the whole search, so generating moves never allocates
// once the deepest ply has been reached.
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

namespace kibitz {

template <class Move>
class MoveStack {
 public:
  std::vector<Move>& at(int ply) {
    const auto i = static_cast<std::size_t>(ply);
    while (i >= m_lists.size()) m_lists.emplace_back();
    return m_lists[i];
  }

 private:
  // A deque: growing it for a deeper ply keeps the shallower plies' lists where they are,
  // so a caller may hold a reference to its list across the recursion.
  std::deque<std::vector<Move>> m_lists;
};

}  // namespace kibitz
