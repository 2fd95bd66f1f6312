// Runs a SearchSpec with algo "interest" (search/interest.hpp) for the runner: the limit
// schedule, one root per iteration, the iteration figures and the trace's interest facts.
#pragma once

#include <algorithm>

#include "app/runner.hpp"
#include "search/interest.hpp"

namespace kibitz {

// The deepest ply an interest search of the spec reaches: its depth plus the extension.
inline int interest_horizon(const SearchSpec& spec) {
  return std::min(SearchSpec::k_full_depth, spec.search_depth() + spec.interest.extension);
}

// depth: the nominal depth (the spec's, or a tree's height when it gives none).
template <class Game, class Sink>
void run_interest(const SearchSpec& spec, int depth, Game& game, Sink& sink,
                  TranspositionTable* table, SearchResult& out) {
  InterestParams p;
  p.depth = depth;
  p.extension = spec.interest.extension;
  p.tallies = spec.interest.tallies;
  p.similarity = spec.interest.similarity;
  p.criterion = spec.criterion;
  p.node_budget = spec.node_budget;
  p.tt = table;
  p.model.value_costs = spec.interest.value_costs;
  {
    // The default schedule is measured in the root's cheapest move.
    NullSink none;
    InterestSearch<Game, NullSink> probe(game, none, p);
    p.limits = spec.interest.schedule(spec.interest.limits.empty() ? probe.root_min_cost() : 0);
  }
  InterestSearch<Game, Sink> s(game, sink, p);
  out.value = s.run();
  out.bound = Bound::exact;
  out.stats = s.stats();
  out.aborted = s.aborted();
  out.interest_cutoffs = s.interest_cutoffs();
  for (const InterestIteration& it : s.iterations()) {
    IterationResult r;
    r.depth = it.depth;
    r.value = it.value;
    r.nodes = it.nodes;
    r.completed = it.completed;
    r.limit = it.limit;
    r.interest_cutoffs = it.interest_cutoffs;
    out.iterations.push_back(r);
  }
  out.trace.meta.set("limits", limits_to_text(p.limits));
  out.trace.meta.set("interest_terms", term_names(interest_model_t<Game>::terms()));
}

}  // namespace kibitz
