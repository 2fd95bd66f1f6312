// Forward estimation (Zhang 1995; search/forward_estimation.hpp) in the registry: its options
// (the edge-cost bounds, delta, the learned likely bounds), the bounds it uses written into the
// trace's facts (fe_l, fe_u, ...), and its report sections (forward_estimation_report.hpp).
#include "search/forward_estimation.hpp"
#include "core/error.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/forward_estimation_report.hpp"

namespace kibitz {

namespace {

// Off-line samples of games are drawn with this seed, so a search is reproducible.
constexpr std::uint64_t k_fe_sample_seed = 0x4B1B17ull;

const OptionList k_options = {
    Option::choice("bounds", {"exact", "online", "offline"}, "exact")
        .label("edge-cost bounds")
        .help("exact (random trees), online (learned while searching) or offline (sampled first)")
        .meta(MetaRule::always, "fe_bounds")
        .hidden(),
    Option::fraction("delta", "1")
        .label("delta")
        .help("how much of the bounds' width is trusted, 0 to 1")
        .meta(MetaRule::always, "fe_delta"),
    Option::boolean("likely", false)
        .cli_switch()
        .label("learned likely increment and decrement")
        .help("variant (2): bounds from the likely increments, learned off-line")
        .meta(MetaRule::if_not_default, "fe_likely")
        .meta_texts("1", "0")
        .applies_when("bounds", "offline",
                      "the likely increment and decrement are learned off-line (bounds offline)"),
    Option::integer("samples", 1, 100'000, "10")
        .label("samples")
        .help("off-line learning: K sample trees or playouts")
        .meta(MetaRule::always, "fe_samples")
        .applies_when("bounds", "offline", "samples are for off-line bounds (bounds offline)"),
};

// The bounds given, else exact for random trees and on-line ones for games.
EdgeSource source_of(const SearchSpec& spec) {
  EdgeSource s = spec.random ? EdgeSource::exact : EdgeSource::online;
  if (const std::string* given = spec.options.find("bounds")) parse_edge_source(*given, s);
  return s;
}

inline EdgeBounds exact_bounds(const RandomTreeGame& g) {
  return EdgeBounds::exact(g.params().lo, g.params().hi);
}
template <class G>
EdgeBounds exact_bounds(const G&) {
  throw InputError("exact edge-cost bounds are known only for random trees");
}

// Random trees: K other trees of the same shape. Games: K random playouts from the position.
inline EdgeBounds offline_bounds(const RandomTreeGame& g, int samples) {
  return learn_random_tree_edges(g.params(), samples, g.params().seed);
}
template <class G>
EdgeBounds offline_bounds(const G& g, int samples) {
  G copy = g;
  Rng rng(k_fe_sample_seed);
  EdgeSampler sampler;
  sample_playouts(copy, samples, rng, sampler);
  return sampler.bounds();
}

template <class Game>
FeConfig config_for(const SearchSpec& spec, const Game& game) {
  FeConfig c;
  c.source = source_of(spec);
  c.delta_milli = parse_fraction_milli(spec.option("delta"), "delta");
  c.likely = spec.option_on("likely");
  const int samples = static_cast<int>(spec.option_int("samples"));
  if (c.source == EdgeSource::exact) c.bounds = exact_bounds(game);
  if (c.source == EdgeSource::offline) c.bounds = offline_bounds(game, samples);
  return c;
}

// Searches to `depth` and writes the bounds used into the trace's facts.
struct FeOnce {
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult& out) {
    ForwardEstimation<Game, Sink> s(game, sink, spec.criterion, config_for(spec, game));
    s.stop_on(options.stop);
    Outcome o;
    o.value = s.run(depth);
    o.stats = s.stats();
    o.finished = !s.aborted();
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
    return o;
  }
};

void validate(const SearchSpec& spec) {
  if (!spec.tree.empty())
    throw InputError("forward estimation needs node costs: search a random tree or a game");
  if (source_of(spec) == EdgeSource::exact && !spec.random) {
    throw InputError(
        "exact edge-cost bounds are known only for random trees (use bounds online or offline)");
  }
  if (spec.node_budget > 0 || spec.tt_entries > 0)
    throw InputError("forward estimation uses neither a node budget nor a transposition table");
}

// The bounds in the spec (and so in the trace's metadata and links) even when not given.
void complete(SearchSpec& spec) {
  if (!spec.options.has("bounds")) spec.set("bounds", edge_source_name(source_of(spec)));
}

void report_json(JsonWriter& j, const SearchResult& r, const trace::Model&) {
  write_fe_summary(j, r);
}

void report_text(std::ostream& o, const SearchResult& r) {
  o << fe_summary_text(r);
}

std::vector<SearchSpec> bench() {
  SearchSpec s;
  s.random = RandomTreeParams::parse("B=9,root=5,d=9,lo=-32767,hi=32768,seed=1");
  s.set_algorithm("forward-estimation");
  s.criterion = Criterion::ge;
  return {s};
}

}  // namespace

extern const AlgorithmEntry k_forward_estimation_algorithm = [] {
  AlgorithmEntry a;
  a.name = "forward-estimation";
  a.label = "forward estimation (Zhang)";
  a.noun = "forward estimation";
  a.summary = "alpha-beta that prunes a successor whose estimated value cannot matter";
  a.options = &k_options;
  a.table = TableUse::refuses;
  a.node_budget = false;
  a.validate = validate;
  a.complete = complete;
  a.run = run_depth_first<FeOnce>;
  a.report_json = report_json;
  a.report_node_json = write_fe_field;  // the test that let a node be entered
  a.report_nodes = write_fe_pruned_entries;
  a.report_text = report_text;
  a.bench = bench;
  return a;
}();

}  // namespace kibitz
