// What the random-tree experiments of 002_... share (fe_table1.cpp, fe_trees.cpp): the trees,
// the set-up (successor order, how nodes are counted, the root's test), the searches, and
// the trials of every search depth.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/stats.hpp"
#include "search/forward_estimation.hpp"
#include "session/experiments/fe_experiments.hpp"

namespace kibitz::fe_trees {

constexpr std::int64_t k_lo = -32767, k_hi = 32768;  // {-2^15 + 1, ..., 2^15}

// A tree experiment's set-up: the successor order (and how nodes are counted with it), and
// whether forward estimation tests the root's successors.
struct TreeSetup {
  FeOrder order = FeOrder::interior;
  bool test_root = false;
};

inline TreeSetup setup_of(const ExperimentParams& p) {
  TreeSetup s;
  s.order = p.order == "generation" ? FeOrder::generation
            : p.order == "static"   ? FeOrder::static_all
                                    : FeOrder::interior;
  s.test_root = p.fe_root == 1;
  return s;
}

inline const char* order_name(FeOrder o) {
  return o == FeOrder::generation ? "generation" : o == FeOrder::static_all ? "static" : "interior";
}

// Nodes generated with pruned successors counted (generated) and without (kept).
struct Searched {
  long long generated = 0, kept = 0;
  int best = -1;
};

inline Searched search(const RandomTreeParams& p, int depth, FeConfig config,
                       const TreeSetup& setup) {
  RandomTreeGame g(p);
  NullSink sink;
  config.order = setup.order;
  config.test_root = setup.test_root;
  ForwardEstimation<RandomTreeGame> s(g, sink, Criterion::ge, config);
  s.run(depth);
  return {s.generated_count(), s.kept_count(), s.best_move()};
}

inline FeConfig alphabeta_config() {
  FeConfig c;
  c.enabled = false;
  return c;
}
inline FeConfig exact_config(const RandomTreeParams& p, int delta_milli = 1000) {
  FeConfig c;
  c.bounds = EdgeBounds::exact(p.lo, p.hi);
  c.delta_milli = delta_milli;
  return c;
}
inline FeConfig online_config(int delta_milli = 1000) {
  FeConfig c;
  c.source = EdgeSource::online;
  c.delta_milli = delta_milli;
  return c;
}

// Table 1's trees: depth 10, branching uniform in 1..9 (mean 5), root branching 5.
inline RandomTreeParams table1_tree(std::uint64_t seed) {
  RandomTreeParams p;
  p.B = 9;
  p.root = 5;
  p.d = 10;
  p.lo = k_lo;
  p.hi = k_hi;
  p.seed = seed;
  return p;
}

inline std::string tree_text() {
  return "depth-10 random trees, branching uniform in 1..9 (mean 5, root 5), edge costs uniform in "
         "{-32767, ..., 32768}";
}

inline std::string order_text(const TreeSetup& setup) {
  std::string t;
  switch (setup.order) {
    case FeOrder::interior:
      t = "\nThe report's set-up (--order interior): with two or more plies to go, successors are "
          "generated,\ncounted and searched best first by static value; at the last ply the "
          "leaves are generated,\ncounted and searched one at a time; the root is not counted.";
      break;
    case FeOrder::generation:
      t = "\nKibitz's first set-up (--order generation): generation order, a successor counted "
          "once entered\nor tested.";
      break;
    case FeOrder::static_all:
      t = "\nSuccessors searched best first by static value at every node, counted once "
          "entered or tested\n(--order static).";
      break;
  }
  t += setup.test_root ? " Forward estimation tests the root's successors (--fe-root on).\n"
                       : " The root's successors are not tested (--fe-root off).\n";
  return t;
}

// Table 1 and Figure 2: every trial searches one tree with each of A algorithms to every
// depth 1..10, and notes the nodes generated and whether the first move was that of a
// full-depth alpha-beta (the decision quality).
template <int A>
class DepthTrials : public ExperimentJob {
 public:
  DepthTrials(const char* name, const ExperimentParams& p)
      : ExperimentJob(name),
        m_seed(p.seed),
        m_setup(setup_of(p)),
        m_results(static_cast<std::size_t>(p.trials  ? p.trials
                                           : p.small ? 20
                                                     : 1000)) {}

 protected:
  static constexpr int k_depths = 10, k_algos = A;
  struct Trial {
    std::array<std::array<long long, k_depths>, k_algos> nodes{}, kept{};
    std::array<std::array<bool, k_depths>, k_algos> agree{};
  };
  // Per algorithm and depth, over the n trials (none before the experiment finished): the
  // mean nodes generated (pruned successors counted, and not: kept), their 95% half-widths
  // (Student's t times the standard error), and the decision quality in %.
  struct Means {
    std::size_t n = 0;
    double nodes[k_algos][k_depths] = {}, kept[k_algos][k_depths] = {};
    double nodes_ci[k_algos][k_depths] = {}, kept_ci[k_algos][k_depths] = {};
    double dq[k_algos][k_depths] = {};
  };
  Means means() const {
    Means m;
    m.n = finished() ? m_results.size() : 0;
    const double n = static_cast<double>(m.n);
    for (int a = 0; a < k_algos; ++a) {
      for (int d = 0; d < k_depths; ++d) {
        double s = 0, s2 = 0, k = 0, k2 = 0, q = 0;
        for (std::size_t i = 0; i < m.n; ++i) {
          const auto v = static_cast<double>(m_results[i].nodes[a][d]);
          const auto w = static_cast<double>(m_results[i].kept[a][d]);
          s += v, s2 += v * v, k += w, k2 += w * w;
          q += m_results[i].agree[a][d] ? 1.0 : 0.0;
        }
        if (!m.n) continue;
        m.nodes[a][d] = s / n;
        m.kept[a][d] = k / n;
        m.dq[a][d] = 100.0 * q / n;
        const double var = m.n > 1 ? (s2 - s * s / n) / (n - 1) : 0.0;
        const double var_k = m.n > 1 ? (k2 - k * k / n) / (n - 1) : 0.0;
        const double t = t95(static_cast<int>(m.n) - 1);
        m.nodes_ci[a][d] = t * std::sqrt(std::max(0.0, var) / n);
        m.kept_ci[a][d] = t * std::sqrt(std::max(0.0, var_k) / n);
      }
    }
    return m;
  }
  // The JSON output up to its rows.
  std::string json_head(std::size_t n) const {
    return "{\"experiment\":\"" + name() + "\",\"trials\":" + std::to_string(n) +
           ",\"seed\":" + std::to_string(m_seed) + ",\"order\":\"" + order_name(m_setup.order) +
           "\",\"fe_root\":" + (m_setup.test_root ? "true" : "false") + ",\"rows\":[";
  }
  std::size_t stage_size() const override { return m_results.size(); }
  bool end_stage() override { return false; }

 public:
  // One stage of independent trials: it splits (Shard). A trial's values: nodes, kept and
  // agree, algorithm by algorithm, depth by depth.
  bool splits() const override { return true; }
  std::vector<long long> trial_values(std::size_t i) const override {
    std::vector<long long> v;
    const Trial& t = m_results.at(i);
    for (int a = 0; a < k_algos; ++a) {
      for (int d = 0; d < k_depths; ++d) {
        v.push_back(t.nodes[a][d]);
        v.push_back(t.kept[a][d]);
        v.push_back(t.agree[a][d] ? 1 : 0);
      }
    }
    return v;
  }
  void set_trial_values(std::size_t i, const std::vector<long long>& v) override {
    if (v.size() != static_cast<std::size_t>(3 * k_algos * k_depths))
      throw InputError(name() + ": a trial has " + std::to_string(3 * k_algos * k_depths) +
                       " values, not " + std::to_string(v.size()));
    Trial& t = m_results.at(i);
    std::size_t k = 0;
    for (int a = 0; a < k_algos; ++a) {
      for (int d = 0; d < k_depths; ++d) {
        t.nodes[a][d] = v[k++];
        t.kept[a][d] = v[k++];
        t.agree[a][d] = v[k++] != 0;
      }
    }
  }

 protected:
  std::uint64_t m_seed;
  TreeSetup m_setup;
  std::vector<Trial> m_results;
};

// fe-table1 (fe_table1.cpp).
std::unique_ptr<ExperimentJob> make_table1(const ExperimentParams& p);

}  // namespace kibitz::fe_trees
