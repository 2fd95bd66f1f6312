#include "trace/findings.hpp"

#include <algorithm>
#include <cstdio>

#include "trace/node_marks.hpp"
#include "trace/search_stats.hpp"

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

// What the finders share: the model, the subtree sizes, the depth of each root's iteration.
struct Context {
  const Model& m;
  const FindingOptions& o;
  std::vector<std::uint32_t> size;
  std::vector<RootGroup> groups;

  // "depth 7, #123 (e4 e5 Nf3)": the node's iteration and its line from the root (labels,
  // else the successors' indices).
  std::string where(std::uint32_t id) const {
    std::string line;
    for (std::uint32_t a = id; a != k_no_node && m.parent(a) != k_no_node; a = m.parent(a)) {
      const std::string& l = m.label(a);
      line = (l.empty() ? std::to_string(m.k(a)) : l) + (line.empty() ? "" : " " + line);
    }
    std::string depth;
    const auto r = static_cast<std::size_t>(
        std::upper_bound(m.roots().begin(), m.roots().end(), id) - m.roots().begin());
    for (const RootGroup& g : groups)
      if (g.has_depth && r > g.first && r <= g.end)
        depth = "depth " + std::to_string(g.depth) + ", ";
    return depth + "#" + std::to_string(id) + (line.empty() ? " (a root)" : " (" + line + ")");
  }
};

std::string number(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

// The largest first, at most `most` kept; `total` counts them all.
void keep(std::vector<Finding>& found, std::size_t most, std::vector<Finding>& out,
          std::uint64_t& total) {
  total += found.size();
  if (found.size() > most) found.resize(most);
  out.insert(out.end(), found.begin(), found.end());
}

const auto by_nodes = [](const Finding& a, const Finding& b) { return a.nodes > b.nodes; };

// A successor much bigger than its siblings. The first move searched is left out (it has the
// full window: its subtree is the biggest by design), and so is one inside an explosion already
// found (ancestors have smaller ids, so theirs are found first).
void explosions(const Context& x, Findings& out) {
  const Model& m = x.m;
  std::vector<Finding> found;
  std::vector<bool> exploded(m.node_count(), false);
  std::vector<std::uint32_t> sorted;
  for (std::uint32_t p = 0; p < m.node_count(); ++p) {
    const std::uint32_t n = m.child_count(p);
    if (n < 2) continue;
    sorted.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) sorted[i] = x.size[m.child(p, i)];
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t c = m.child(p, i);
      const std::uint32_t s = x.size[c];
      if (s < x.o.explosion_min_nodes || m.k(c) == 0) continue;
      // The lower median of the others: the sorted sizes without (the last) one equal to s.
      const auto pos = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), s) -
                                                sorted.begin() - 1);
      const std::size_t mid = (n - 2) / 2;
      const double median = std::max<double>(1.0, sorted[mid < pos ? mid : mid + 1]);
      const double ratio = s / median;
      if (ratio < x.o.explosion_ratio) continue;
      bool inside = false;
      for (std::uint32_t a = p; a != k_no_node && !inside; a = m.parent(a)) inside = exploded[a];
      exploded[c] = true;
      if (inside) continue;
      Finding f;
      f.kind = FindingKind::explosion;
      f.node = c;
      f.value = ratio;
      f.nodes = s;
      f.text = x.where(c) + ": " + std::to_string(s) + " nodes, " + number(ratio) + " times " +
               (n == 2 ? std::string("its sibling's")
                       : "the median of its " + std::to_string(n - 1) + " siblings'") +
               " (" + std::to_string(static_cast<std::uint64_t>(median)) + ")";
      found.push_back(std::move(f));
    }
  }
  std::sort(found.begin(), found.end(), by_nodes);
  keep(found, x.o.max_findings, out.shown,
       out.total[static_cast<std::size_t>(FindingKind::explosion)]);
}

void researches(const Context& x, Findings& out) {
  const Model& m = x.m;
  std::vector<Finding> false_highs, storms;
  for (std::uint32_t p = 0; p < m.node_count(); ++p) {
    const std::uint32_t n = m.child_count(p);
    int again = 0, moves = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t c = m.child(p, i);
      if (!(m.marks(c) & k_superseded)) ++moves;  // a probe searched again is one move
      if (!(m.marks(c) & k_research)) continue;
      ++again;
      if (m.leave_t(c) == k_never) continue;
      const ModelNode r = m.node(c);
      if (is_infinite(r.beta) || r.ret < r.beta) continue;
      // In the parent's terms: -ret at or below its alpha, -beta.
      Finding f;
      f.kind = FindingKind::false_fail_high;
      f.node = c;
      f.nodes = x.size[c];
      f.text = x.where(c) + ": its probe failed high, but the re-search gives the parent " +
               std::to_string(-r.ret) + ", not above alpha " + std::to_string(-r.beta);
      false_highs.push_back(std::move(f));
    }
    if (again >= x.o.storm_min) {
      Finding f;
      f.kind = FindingKind::research_storm;
      f.node = p;
      f.value = again;
      f.nodes = x.size[p];
      f.text = x.where(p) + ": " + std::to_string(again) + " of its " + std::to_string(moves) +
               " moves searched again";
      storms.push_back(std::move(f));
    }
  }
  std::sort(false_highs.begin(), false_highs.end(), by_nodes);
  std::sort(storms.begin(), storms.end(), [](const Finding& a, const Finding& b) {
    return a.value != b.value ? a.value > b.value : a.nodes > b.nodes;
  });
  keep(false_highs, x.o.max_findings, out.shown,
       out.total[static_cast<std::size_t>(FindingKind::false_fail_high)]);
  keep(storms, x.o.max_findings, out.shown,
       out.total[static_cast<std::size_t>(FindingKind::research_storm)]);
}

// A depth searched in storm_min attempts or more, in depth order.
void aspiration_storms(const Context& x, Findings& out) {
  std::vector<Finding> found;
  for (const RootGroup& g : x.groups) {
    const auto attempts = static_cast<int>(g.end - g.first);
    if (!g.has_depth || attempts < x.o.storm_min) continue;
    const std::uint32_t root = x.m.roots()[g.first];
    Finding f;
    f.kind = FindingKind::aspiration_storm;
    f.node = root;
    f.value = attempts;
    f.nodes = x.size[root];
    f.text = x.where(root) + ": depth " + std::to_string(g.depth) + " searched in " +
             std::to_string(attempts) + " aspiration attempts";
    found.push_back(std::move(f));
  }
  keep(found, x.o.max_findings, out.shown,
       out.total[static_cast<std::size_t>(FindingKind::aspiration_storm)]);
}

// The move a root chose (its principal variation's first successor): its place in the game's
// move generation when known, else its label, else its successor index.
std::string chosen(const Model& m, std::uint32_t root, std::uint32_t& first) {
  const std::vector<std::uint32_t> pv = m.principal_variation(root);
  if (pv.empty()) return "";
  first = pv.front();
  const ModelNode n = m.node(first);
  const std::string& l = m.label(first);
  if (!l.empty()) return l;
  if (n.move_index != 0xFFFF) return "move " + std::to_string(n.move_index);
  return "successor " + std::to_string(m.k(first));
}

void best_changes(const Context& x, Findings& out) {
  const Model& m = x.m;
  std::string before;
  std::vector<Finding> found;
  for (const RootGroup& g : x.groups) {
    const std::uint32_t root = m.roots()[g.end - 1];  // the depth's last attempt decides it
    if (!g.has_depth || m.leave_t(root) == k_never) continue;
    std::uint32_t first = k_no_node;
    const std::string move = chosen(m, root, first);
    if (move.empty()) continue;
    if (!before.empty() && move != before) {
      Finding f;
      f.kind = FindingKind::best_changed;
      f.node = first;
      f.nodes = x.size[first];
      f.text = x.where(first) + ": the best move changed from " + before + " to " + move;
      if (&g == &x.groups.back()) f.text += " (late: at the last depth)";
      found.push_back(std::move(f));
    }
    before = move;
  }
  keep(found, x.o.max_findings, out.shown,
       out.total[static_cast<std::size_t>(FindingKind::best_changed)]);
}

}  // namespace

Findings find_findings(const Model& m, const FindingOptions& options) {
  Findings out;
  if (m.node_count() == 0) return out;
  const Context x{m, options, subtree_sizes(m), root_groups(m)};
  explosions(x, out);
  researches(x, out);
  aspiration_storms(x, out);
  best_changes(x, out);
  return out;
}

}  // namespace kibitz::trace
