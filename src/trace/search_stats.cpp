#include "trace/search_stats.hpp"

#include <algorithm>

#include "trace/node_marks.hpp"

namespace kibitz::trace {

void StatCounts::add(const StatCounts& o) {
  nodes += o.nodes;
  leaves += o.leaves;
  interior += o.interior;
  quiescence += o.quiescence;
  cutoffs += o.cutoffs;
  first_move_cutoffs += o.first_move_cutoffs;
  for (std::size_t i = 0; i < k_cutoff_positions; ++i) cutoff_positions[i] += o.cutoff_positions[i];
  probes += o.probes;
  researches += o.researches;
  null_moves += o.null_moves;
  tt_probes += o.tt_probes;
  tt_hits += o.tt_hits;
  tt_cuts += o.tt_cuts;
  for (std::size_t e = 0; e < kinds.size(); ++e)
    for (std::size_t a = 0; a < kinds[e].size(); ++a) kinds[e][a] += o.kinds[e][a];
}

double StatCounts::first_move_cutoff_rate() const {
  const std::uint64_t by_moves = cutoffs - null_moves;
  return by_moves ? static_cast<double>(first_move_cutoffs) / static_cast<double>(by_moves) : -1.0;
}

double StatCounts::kind_agreement() const {
  std::uint64_t both = 0, same = 0;
  for (std::size_t e = 1; e <= 3; ++e) {
    for (std::size_t a = 1; a <= 3; ++a) {
      both += kinds[e][a];
      if (e == a) same += kinds[e][a];
    }
  }
  return both ? static_cast<double>(same) / static_cast<double>(both) : -1.0;
}

namespace {

void count_kind(const Model& m, std::uint32_t id, StatCounts& c) {
  const auto e = static_cast<std::size_t>(m.expected(id));
  const auto a = static_cast<std::size_t>(m.kind(id));
  if (e < c.kinds.size() && a < c.kinds[e].size()) ++c.kinds[e][a];
}

// One node's part of the figures.
void count_node(const Model& m, std::uint32_t id, StatCounts& c) {
  ++c.nodes;
  const std::uint32_t marks = m.marks(id);
  if (m.is_leaf(id)) ++c.leaves;
  if (m.child_count(id) > 0) ++c.interior;
  if (marks & k_eng_quiescence) ++c.quiescence;
  if (marks & (k_eng_probe | k_pvs_probe_node)) ++c.probes;
  if (marks & (k_eng_research | k_pvs_research_node)) ++c.researches;
  if (marks & k_tt_probed) ++c.tt_probes;
  if (marks & k_tt_found) ++c.tt_hits;
  if (marks & k_tt_settled) ++c.tt_cuts;
  if (m.cutoff_t(id) != k_never) {
    ++c.cutoffs;
    const std::int32_t k = m.cutoff_child(id);
    const std::uint32_t by = m.successor(id, k);
    if (by != k_no_node && (m.marks(by) & k_eng_null_move)) {
      ++c.null_moves;  // a pass, not a move: apart from the move-ordering figures
      return count_kind(m, id, c);
    }
    if (k == 0) ++c.first_move_cutoffs;
    const std::size_t at =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), k_cutoff_positions - 1);
    ++c.cutoff_positions[at];
  }
  count_kind(m, id, c);
}

}  // namespace

std::vector<RootGroup> root_groups(const Model& m) {
  std::vector<RootGroup> groups;
  const std::vector<std::uint32_t>& roots = m.roots();
  for (std::size_t r = 0; r < roots.size(); ++r) {
    const std::uint32_t t = m.enter_t(roots[r]);
    const bool has = t > 0 && m.event(t - 1).type == EventType::iteration_begin;
    const int depth = has ? static_cast<int>(m.event(t - 1).a) : 0;
    // An aspiration attempt repeats the depth of the root before it.
    if (has && !groups.empty() && groups.back().has_depth && groups.back().depth == depth) {
      groups.back().end = r + 1;
      continue;
    }
    RootGroup g;
    g.depth = depth;
    g.has_depth = has;
    g.first = r;
    g.end = r + 1;
    groups.push_back(g);
  }
  return groups;
}

SearchStats search_stats(const Model& m) {
  SearchStats s;
  const std::vector<std::uint32_t>& roots = m.roots();
  std::vector<StatCounts> by_ply;
  for (const RootGroup& g : root_groups(m)) {
    IterationStats it;
    it.depth = g.depth;
    it.first_root = roots[g.first];
    it.attempts = static_cast<int>(g.end - g.first);
    it.finished = m.leave_t(roots[g.end - 1]) != k_never;
    for (std::size_t r = g.first; r < g.end; ++r) {
      const std::uint32_t root = roots[r];
      const std::uint32_t end = r + 1 < roots.size() ? roots[r + 1] : m.node_count();
      const std::int32_t root_depth = m.depth(root);
      for (std::uint32_t id = root; id < end; ++id) {
        StatCounts one;
        count_node(m, id, one);
        it.counts.add(one);
        const auto ply = static_cast<std::size_t>(std::max(0, m.depth(id) - root_depth));
        if (ply >= by_ply.size()) by_ply.resize(ply + 1);
        by_ply[ply].add(one);
      }
    }
    s.iterations.push_back(it);
  }
  for (std::size_t i = 0; i < s.iterations.size(); ++i) {
    s.total.add(s.iterations[i].counts);
    // Between depths only (roots without iteration events are depth 0).
    if (i > 0 && s.iterations[i - 1].counts.nodes > 0 && s.iterations[i].depth > 0 &&
        s.iterations[i - 1].depth > 0)
      s.iterations[i].ebf = static_cast<double>(s.iterations[i].counts.nodes) /
                            static_cast<double>(s.iterations[i - 1].counts.nodes);
  }
  for (std::size_t p = 0; p < by_ply.size(); ++p) {
    PlyStats ps;
    ps.ply = static_cast<int>(p);
    ps.counts = by_ply[p];
    if (p + 1 < by_ply.size() && by_ply[p].interior > 0)
      ps.branching =
          static_cast<double>(by_ply[p + 1].nodes) / static_cast<double>(by_ply[p].interior);
    s.plies.push_back(ps);
  }
  return s;
}

}  // namespace kibitz::trace
