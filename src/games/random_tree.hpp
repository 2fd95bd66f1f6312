// The incremental random tree of 002_... section 2: every edge has an integer cost drawn
// uniformly from [lo, hi]; a node's value is the sum of the edge costs from the root (root
// cost 0), from MAX's point of view. Branching is uniform b, or drawn uniformly from
// {1..B} per node; the root's branching may be fixed. Nothing is stored: a node's branching
// and its edge cost are pure functions of (seed, path), so a tree of 10^9 nodes needs no
// memory and a seed names the same tree on every platform.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "core/score.hpp"

namespace kibitz {

struct RandomTreeParams {
  int b = 0;     // uniform branching (exactly one of b and B is set)
  int B = 0;     // random branching, uniform in {1..B}
  int root = 0;  // the root's branching if > 0
  int d = 0;     // depth of the tree (leaves at depth d)
  std::int64_t lo = -16383;
  std::int64_t hi = 16384;
  std::uint64_t seed = 1;

  static constexpr int k_max_branching = 4096;
  static constexpr int k_max_depth = 1000;

  // Throws InputError naming the parameter when the combination is unusable.
  void validate() const;
  // "b=5,d=10,lo=-16383,hi=16384,seed=1" (B and root only when set), parsed back by parse().
  std::string to_text() const;
  static RandomTreeParams parse(const std::string& text);
};

class RandomTreeGame {
 public:
  using Move = std::uint32_t;  // child index

  explicit RandomTreeGame(const RandomTreeParams& p);

  void moves(std::vector<Move>& out) const {
    out.clear();
    const Frame& f = m_stack.back();
    if (f.depth >= m_params.d) return;
    const int n = branching(f);
    for (int k = 0; k < n; ++k) out.push_back(static_cast<Move>(k));
  }
  void make(Move k) {
    const Frame& f = m_stack.back();
    Frame c;
    c.key = child_key(f.key, k);
    c.cost = f.cost + edge_cost(c.key);
    c.depth = f.depth + 1;
    c.index = k;
    m_stack.push_back(c);
  }
  void unmake(Move) { m_stack.pop_back(); }
  // Node cost from the side to move: MAX moves at even depths.
  Score evaluate() const {
    const Frame& f = m_stack.back();
    return static_cast<Score>(f.depth % 2 == 0 ? f.cost : -f.cost);
  }
  std::string move_label(Move) const { return ""; }
  std::string position_text() const;
  std::uint64_t key() const { return m_stack.back().key; }
  int ply() const { return m_stack.back().depth; }

  // Helpers for forward estimation and experiments.
  std::int64_t cost() const { return m_stack.back().cost; }  // MAX point of view
  int depth() const { return m_stack.back().depth; }
  const RandomTreeParams& params() const { return m_params; }
  int branching_here() const {
    return m_stack.back().depth >= m_params.d ? 0 : branching(m_stack.back());
  }

  static std::uint64_t child_key(std::uint64_t parent, std::uint32_t k) {
    return mix64(parent ^ (0xD1B54A32D192ED03ull * (static_cast<std::uint64_t>(k) + 1)));
  }

 private:
  struct Frame {
    std::uint64_t key;
    std::int64_t cost;
    int depth;
    std::uint32_t index;
  };

  int branching(const Frame& f) const {
    if (f.depth == 0 && m_params.root > 0) return m_params.root;
    if (m_params.b > 0) return m_params.b;
    return 1 + static_cast<int>(bounded(mix64(f.key ^ 0x6A09E667F3BCC909ull),
                                        static_cast<std::uint64_t>(m_params.B)));
  }
  std::int64_t edge_cost(std::uint64_t key) const {
    return m_params.lo + bounded(mix64(key ^ 0xBB67AE8584CAA73Bull), m_range);
  }

  RandomTreeParams m_params;
  std::uint64_t m_range;
  std::vector<Frame> m_stack;
};

}  // namespace kibitz
