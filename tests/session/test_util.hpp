// Helpers shared by the engine tests: generated trees and searches recorded into a model.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "games/explicit_tree.hpp"
#include "session/run.hpp"
#include "trace/model.hpp"

namespace kibitz::test {

// A random bracket tree: each interior node has 1..max_b successors (or exactly max_b when
// uniform), leaves at depth d or, with probability early_leaf_pct, earlier; leaf values in
// [lo, hi] (a small range forces ties).
inline void gen_tree(Rng& rng, int depth, int max_b, bool uniform, int lo, int hi,
                     int early_leaf_pct, bool root, std::string& out) {
  const bool leaf = depth == 0 || (!root && static_cast<int>(rng.uniform(0, 99)) < early_leaf_pct);
  if (leaf) {
    out += std::to_string(rng.uniform(lo, hi));
    return;
  }
  const int n = uniform ? max_b : static_cast<int>(rng.uniform(1, max_b));
  out += '(';
  for (int i = 0; i < n; ++i) {
    if (i) out += ' ';
    gen_tree(rng, depth - 1, max_b, uniform, lo, hi, early_leaf_pct, false, out);
  }
  out += ')';
}

inline std::string random_tree_text(Rng& rng, int depth, int max_b, bool uniform, int lo, int hi,
                                    int early_leaf_pct = 0) {
  std::string s;
  gen_tree(rng, depth, max_b, uniform, lo, hi, early_leaf_pct, true, s);
  return s;
}

// A search run with recording, kept together with its model and per-node scores.
struct Recorded {
  SearchResult result;
  std::unique_ptr<trace::Model> model;
  std::vector<Score> scores;
};

inline Recorded record(const SearchSpec& spec, bool with_scores = true) {
  Recorded r;
  r.result = run_search(spec, true);
  r.model = std::make_unique<trace::Model>(r.result.trace);
  if (with_scores) {
    auto s = compute_scores(spec, *r.model, 0);
    if (s) r.scores = std::move(*s);
  }
  return r;
}

inline SearchSpec tree_spec(const std::string& text, const char* algo, Criterion c) {
  SearchSpec s;
  s.tree = text;
  s.algo = algo;
  s.criterion = c;
  return s;
}

}  // namespace kibitz::test
