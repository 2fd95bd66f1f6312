// Forward estimation for a SearchSpec (runner.cpp's dispatch): the edge-cost bounds the spec
// asks for, the search, and what it used written into the trace's facts (fe_l, fe_u, ...).
#pragma once

#include "app/runner.hpp"
#include "app/search_spec.hpp"
#include "core/error.hpp"
#include "games/random_tree.hpp"
#include "search/forward_estimation.hpp"

namespace kibitz {

// Off-line samples of games are drawn with this seed, so a search is reproducible.
constexpr std::uint64_t k_fe_sample_seed = 0x4B1B17ull;

inline EdgeBounds fe_exact_bounds(const RandomTreeGame& g) {
  return EdgeBounds::exact(g.params().lo, g.params().hi);
}
template <class G>
EdgeBounds fe_exact_bounds(const G&) {
  throw InputError("exact edge-cost bounds are known only for random trees");
}

// Random trees: K other trees of the same shape. Games: K random playouts from the position.
inline EdgeBounds fe_offline_bounds(const RandomTreeGame& g, int samples) {
  return learn_random_tree_edges(g.params(), samples, g.params().seed);
}
template <class G>
EdgeBounds fe_offline_bounds(const G& g, int samples) {
  G copy = g;
  Rng rng(k_fe_sample_seed);
  EdgeSampler sampler;
  sample_playouts(copy, samples, rng, sampler);
  return sampler.bounds();
}

template <class Game>
FeConfig fe_config_for(const SearchSpec& spec, const Game& game) {
  FeConfig c;
  c.source = spec.fe_source();
  c.delta_milli = spec.fe_delta_milli;
  c.likely = spec.fe_likely;
  if (c.source == EdgeSource::exact) c.bounds = fe_exact_bounds(game);
  if (c.source == EdgeSource::offline) c.bounds = fe_offline_bounds(game, spec.fe_samples);
  return c;
}

// Searches to `depth`; returns the root's value and the counters, and writes the bounds used
// into out's trace facts.
template <class Game, class Sink>
Score search_forward_estimation(const SearchSpec& spec, Game& game, Sink& sink, SearchResult& out,
                                int depth, SearchStats& stats) {
  const FeConfig config = fe_config_for(spec, game);
  ForwardEstimation<Game, Sink> s(game, sink, spec.criterion, config);
  const Score value = s.run(depth);
  stats = s.stats();
  const EdgeBounds& b = s.bounds();
  trace::Meta& meta = out.trace.meta;
  if (b.known) {
    meta.set("fe_l", std::to_string(b.lo));
    meta.set("fe_u", std::to_string(b.hi));
  }
  if (b.has_likely) {
    meta.set("fe_likely_l", std::to_string(b.likely_lo));
    meta.set("fe_likely_u", std::to_string(b.likely_hi));
  }
  return value;
}

}  // namespace kibitz
