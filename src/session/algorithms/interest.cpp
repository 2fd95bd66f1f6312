// Interest search (Rollason, 001_...; search/interest.hpp) in the registry: its options (the
// limit schedule, split or joint tallies, the similarity penalty, value costs for random trees,
// the extension), iterations by limit, one root per iteration, and the trace's interest facts.
#include "search/interest.hpp"
#include "core/error.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/interest_play.hpp"
#include "session/algorithms/interest_report.hpp"

namespace kibitz {

namespace {

void check_limits(const std::string& text) {
  parse_limit(text);  // throws naming the fault
}
void check_one_limit(const std::string& text) {
  if (text.find_first_of(",=") != std::string::npos)
    throw InputError("limit is one number or inf (use limits for a list)");
}
void check_growth(const std::string& text) {
  if (text.find('=') == std::string::npos)
    throw InputError("limit growth is start=S,factor=F,iterations=N, not '" + text + "'");
}

const OptionList k_options = {
    Option::text("limits", check_limits)
        .label("interest limits")
        .help("the limit schedule: 1500, inf, 1000,2000,4000 or start=S,factor=F,iterations=N "
              "(default 2c, 4c, 8c, 16c, c the root's cheapest move)")
        .hint("L1,L2,...|inf")
        .also_key("limit", check_one_limit, "L|inf")
        .also_key("limit_growth", check_growth, "start=S,factor=F,iterations=N")
        .meta(MetaRule::if_set)
        .hidden(),
    Option::choice("tallies", {"split", "joint"}, "split")
        .label("tallies")
        .help("one path tally per side (split, the seed's fix) or one for both (joint)")
        .meta(MetaRule::always),
    Option::boolean("similarity", false)
        .label("similar-move penalty")
        .help("moves like ones already searched cost more")
        .meta(MetaRule::always),
    Option::choice("interest_costs", {"rank", "value"}, "rank")
        .label("interest costs (random trees)")
        .help("random trees: interest by the move's rank or by its value")
        .meta(MetaRule::if_not_default)
        .hidden(),
    Option::integer("extension", 0, 64, "0")
        .label("extension (plies)")
        .help("plies beyond the depth that interesting lines may reach")
        .meta(MetaRule::if_not_default),
    Option::choice("depth_cap", {"auto", "depth", "none"}, "auto")
        .label("depth cap")
        .help("none: the interest limit alone ends lines (moves beyond the depth cost more), "
              "within a safety horizon of 64 plies; depth: lines end at the depth (+ extension); "
              "auto: none for a game whose limits are all finite, else depth")
        .meta(MetaRule::if_not_default),
};

// Whether lines end only where the limit ends them (search/interest_cost.hpp, [depth cap]).
// The default schedule (no limits given) is finite.
bool uncapped(const SearchSpec& spec) {
  const std::string limits = spec.option("limits");
  return resolve_uncapped(parse_depth_cap(spec.option("depth_cap"), "depth_cap"),
                          limits.empty() ? std::vector<std::int64_t>{} : parse_limit(limits),
                          static_cast<int>(spec.option_int("extension")), !spec.game.empty(),
                          "depth_cap none");
}

// The deepest ply an interest search of the spec reaches: its depth plus the extension. Without
// a depth cap there is none (-1: no unpruned scores to compare with).
int horizon(const SearchSpec& spec) {
  if (uncapped(spec)) return -1;
  return static_cast<int>(std::min<long long>(SearchSpec::k_full_depth,
                                              spec.search_depth() + spec.option_int("extension")));
}

template <class Game, class Sink>
void run_interest(const SearchSpec& spec, Game& game, Sink& sink, SearchResult& out,
                  const std::atomic<bool>* stop) {
  const std::unique_ptr<TranspositionTable> table = make_table(spec, out);
  InterestParams p;
  p.depth = iterative_depth(spec);  // the nominal depth: the spec's, or a tree's height
  p.extension = static_cast<int>(spec.option_int("extension"));
  if (uncapped(spec)) p.safety_horizon = k_safety_horizon;
  p.tallies = spec.option("tallies") == "joint" ? Tallies::joint : Tallies::split;
  p.similarity = spec.option_on("similarity");
  p.criterion = spec.criterion;
  p.node_budget = spec.node_budget;
  p.stop = stop;
  p.tt = table.get();
  p.model.value_costs = spec.option("interest_costs") == "value";
  const std::string limits = spec.option("limits");
  if (!limits.empty()) {
    p.limits = parse_limit(limits);
  } else {
    // The default schedule is measured in the root's cheapest move.
    NullSink none;
    InterestSearch<Game, NullSink> probe(game, none, p);
    const std::int64_t c = std::max<std::int64_t>(probe.root_min_cost(), 1);
    p.limits = {2 * c, 4 * c, 8 * c, 16 * c};
  }
  // The schedule searched, a fact known before the search (a streamed file writes it first).
  out.trace.meta.set("limits", limits_to_text(p.limits));
  out.trace.meta.set("depth_cap", uncapped(spec) ? "none" : "depth");  // auto resolved
  out.trace.meta.set("interest_terms", term_names(interest_model_t<Game>::terms()));
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
    r.deepest = it.deepest;
    out.iterations.push_back(r);
  }
  note_table(table.get(), out);
}

void run(const SearchSpec& spec, const RecordOptions& record, SearchResult& out) {
  with_domain(spec, record, out,
              [&](auto& game, auto& sink) { run_interest(spec, game, sink, out, record.stop); });
}

void validate(const SearchSpec& spec) {
  if (spec.iterative)
    throw InputError("interest search iterates by its limits, not by depth: leave out iterative");
  if (spec.option("interest_costs") == "value" && !spec.random)
    throw InputError("value costs (interest_costs value) are for random trees");
  uncapped(spec);  // refuses depth_cap none with an extension or an unlimited iteration
}

std::vector<SearchSpec> bench() {
  SearchSpec s;
  s.random = RandomTreeParams::parse("b=5,d=9,lo=-16383,hi=16384,seed=2");
  s.set_algorithm("interest");
  s.set("limits", "4000,8000,16000,inf");
  return {s};
}

}  // namespace

extern const AlgorithmEntry k_interest_algorithm = [] {
  AlgorithmEntry a;
  a.name = "interest";
  a.label = "interest search (Rollason)";
  a.noun = "the interest search";
  a.summary = "alpha-beta iterated by an interest limit instead of a depth";
  a.options = &k_options;
  a.table = TableUse::optional;
  a.iterative = false;
  a.validate = validate;
  a.run = run;
  a.score_depth = horizon;
  a.bench = bench;
  a.report_outcome_json = [](JsonWriter& j, const SearchResult& r) {
    j.key("interest_cutoffs");
    j.number(r.interest_cutoffs);
  };
  a.report_outcome_text = [](std::ostream& o, const SearchResult& r) {
    o << "interest cutoffs: " << r.interest_cutoffs << "\n";
  };
  a.report_iteration_json = write_interest_iteration;
  a.report_iteration_text = interest_iteration_text;
  a.report_node_json = write_interest_entry;
  a.choose = choose_interest;
  a.validate_play = validate_interest_player;
  a.play_options = &interest_play_options();
  a.play_aliases = {{"ext", "extension"}, {"cap", "depth_cap"}};
  a.play_defaults = "depth=4,tt=65536";
  a.uci_hash_mb = 2;
  return a;
}();

}  // namespace kibitz
