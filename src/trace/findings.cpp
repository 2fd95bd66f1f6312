#include "trace/findings.hpp"

#include <algorithm>
#include <cstdio>

#include "trace/node_marks.hpp"

namespace kibitz::trace {

const char* finding_name(FindingKind k) {
  switch (k) {
    case FindingKind::explosion:
      return "explosion";
    case FindingKind::false_fail_high:
      return "false_fail_high";
    case FindingKind::research_storm:
      return "research_storm";
    case FindingKind::aspiration_storm:
      return "aspiration_storm";
    case FindingKind::best_changed:
      return "best_changed";
  }
  return "?";
}

std::vector<std::uint32_t> subtree_sizes(const Model& m) {
  std::vector<std::uint32_t> size(m.node_count(), 1);
  for (std::uint32_t id = m.node_count(); id-- > 0;) {
    const std::uint32_t p = m.parent(id);
    if (p != k_no_node) size[p] += size[id];
  }
  return size;
}

namespace {

constexpr std::uint32_t k_research = k_pvs_research_node | k_eng_research;

// How a node is named in a finding: its line from the root (labels, else successor indices).
std::string where(const Model& m, std::uint32_t id) {
  std::string line;
  for (std::uint32_t a = id; a != k_no_node && m.parent(a) != k_no_node; a = m.parent(a)) {
    const std::string& l = m.label(a);
    line = (l.empty() ? std::to_string(m.k(a)) : l) + (line.empty() ? "" : " " + line);
  }
  return "#" + std::to_string(id) + (line.empty() ? " (a root)" : " (" + line + ")");
}

std::string number(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

void explosions(const Model& m, const std::vector<std::uint32_t>& size, const FindingOptions& o,
                std::vector<Finding>& out) {
  std::vector<Finding> found;
  std::vector<std::uint32_t> sorted;
  for (std::uint32_t p = 0; p < m.node_count(); ++p) {
    const std::uint32_t n = m.child_count(p);
    if (n < 2) continue;
    const std::uint32_t* c = m.children_begin(p);
    sorted.assign(n, 0);
    for (std::uint32_t i = 0; i < n; ++i) sorted[i] = size[c[i]];
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t s = size[c[i]];
      if (s < o.explosion_min_nodes) continue;
      // The lower median of the others: the sorted sizes without (the last) one equal to s.
      const auto pos = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), s) -
                                                sorted.begin() - 1);
      const std::size_t mid = (n - 2) / 2;
      const double median = std::max<double>(1.0, sorted[mid < pos ? mid : mid + 1]);
      const double ratio = s / median;
      if (ratio < o.explosion_ratio) continue;
      Finding f;
      f.kind = FindingKind::explosion;
      f.node = c[i];
      f.value = ratio;
      f.nodes = s;
      f.text = where(m, c[i]) + ": " + std::to_string(s) + " nodes, " + number(ratio) + " times " +
               (n == 2 ? std::string("its sibling")
                       : "its " + std::to_string(n - 1) + " siblings' median") +
               " (" + std::to_string(static_cast<std::uint64_t>(median)) + ")";
      found.push_back(std::move(f));
    }
  }
  std::sort(found.begin(), found.end(),
            [](const Finding& a, const Finding& b) { return a.nodes > b.nodes; });
  if (found.size() > o.max_findings) found.resize(o.max_findings);
  out.insert(out.end(), found.begin(), found.end());
}

void researches(const Model& m, const std::vector<std::uint32_t>& size, const FindingOptions& o,
                std::vector<Finding>& out) {
  std::vector<Finding> false_highs, storms;
  for (std::uint32_t p = 0; p < m.node_count(); ++p) {
    const std::uint32_t n = m.child_count(p);
    int again = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t c = m.child(p, i);
      if (!(m.marks(c) & k_research)) continue;
      ++again;
      if (m.leave_t(c) == k_never) continue;
      const ModelNode r = m.node(c);
      if (is_infinite(r.beta) || r.ret < r.beta) continue;
      Finding f;
      f.kind = FindingKind::false_fail_high;
      f.node = c;
      f.nodes = size[c];
      f.text = where(m, c) + ": its probe failed high, the re-search returned " +
               std::to_string(r.ret) + " >= beta " + std::to_string(r.beta) +
               " (the move is no better than alpha after all)";
      false_highs.push_back(std::move(f));
    }
    if (again >= o.storm_min) {
      Finding f;
      f.kind = FindingKind::research_storm;
      f.node = p;
      f.value = again;
      f.nodes = size[p];
      f.text = where(m, p) + ": " + std::to_string(again) + " of its " + std::to_string(n) +
               " successors searched again";
      storms.push_back(std::move(f));
    }
  }
  const auto by_nodes = [](const Finding& a, const Finding& b) { return a.nodes > b.nodes; };
  std::sort(false_highs.begin(), false_highs.end(), by_nodes);
  std::sort(storms.begin(), storms.end(), [](const Finding& a, const Finding& b) {
    return a.value != b.value ? a.value > b.value : a.nodes > b.nodes;
  });
  if (false_highs.size() > o.max_findings) false_highs.resize(o.max_findings);
  out.insert(out.end(), false_highs.begin(), false_highs.end());
  if (storms.size() > o.max_findings) storms.resize(o.max_findings);
  out.insert(out.end(), storms.begin(), storms.end());
}

// A depth searched in storm_min attempts or more, in depth order.
void aspiration_storms(const Model& m, const std::vector<std::uint32_t>& size,
                       const FindingOptions& o, std::vector<Finding>& out) {
  const std::vector<std::uint32_t>& roots = m.roots();
  std::size_t found = 0;
  for (std::size_t r = 0; r < roots.size();) {
    std::size_t e = r + 1;
    while (e < roots.size() && m.iteration(roots[e]) == m.iteration(roots[r])) ++e;
    const auto attempts = static_cast<int>(e - r);
    if (m.iteration(roots[r]) > 0 && attempts >= o.storm_min && found < o.max_findings) {
      Finding f;
      f.kind = FindingKind::aspiration_storm;
      f.node = roots[r];
      f.value = attempts;
      f.nodes = size[roots[r]];
      f.text = "depth " + std::to_string(m.iteration(roots[r])) + ": searched in " +
               std::to_string(attempts) + " aspiration attempts";
      out.push_back(std::move(f));
      ++found;
    }
    r = e;
  }
}

// The move a root chose: its principal variation's first successor, by label or index.
std::string chosen(const Model& m, std::uint32_t root, std::uint32_t& first) {
  const std::vector<std::uint32_t> pv = m.principal_variation(root);
  if (pv.empty()) return "";
  first = pv.front();
  const std::string& l = m.label(first);
  return l.empty() ? "successor " + std::to_string(m.k(first)) : l;
}

void best_changes(const Model& m, const std::vector<std::uint32_t>& size,
                  std::vector<Finding>& out) {
  const std::vector<std::uint32_t>& roots = m.roots();
  std::string before;
  std::vector<Finding> found;
  for (std::size_t r = 0; r < roots.size(); ++r) {
    // The depth's last attempt decides it.
    if (r + 1 < roots.size() && m.iteration(roots[r + 1]) == m.iteration(roots[r])) continue;
    if (m.leave_t(roots[r]) == k_never) continue;
    std::uint32_t first = k_no_node;
    const std::string move = chosen(m, roots[r], first);
    if (move.empty()) continue;
    if (!before.empty() && move != before) {
      Finding f;
      f.kind = FindingKind::best_changed;
      f.node = first;
      f.nodes = size[first];
      f.text = "depth " + std::to_string(m.iteration(roots[r])) + ": the best move changed from " +
               before + " to " + move;
      found.push_back(std::move(f));
    }
    before = move;
  }
  if (!found.empty() && m.iteration(m.parent(found.back().node)) == m.iteration(roots.back()))
    found.back().text += " (late: in the last iteration)";
  out.insert(out.end(), found.begin(), found.end());
}

}  // namespace

std::vector<Finding> find_findings(const Model& m, const FindingOptions& options) {
  std::vector<Finding> out;
  if (m.node_count() == 0) return out;
  const std::vector<std::uint32_t> size = subtree_sizes(m);
  explosions(m, size, options, out);
  researches(m, size, options, out);
  aspiration_storms(m, size, options, out);
  best_changes(m, size, out);
  return out;
}

}  // namespace kibitz::trace
