// Principal variation search (search/pvs.hpp) in the registry: alpha-beta's options and table,
// its probes and re-searches counted in the report; with a modern program's techniques as
// options (search/modern_pvs.hpp: quiescence, null move, late-move reductions, aspiration),
// all off by default, which is the seed's search.
#include "search/pvs.hpp"
#include "core/error.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/pvs_once.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

const OptionList k_options = {
    Option::boolean("quiescence", false)
        .label("quiescence")
        .help("at the horizon: stand pat on the static value, then captures and promotions only "
              "(chess)")
        .meta(MetaRule::if_not_default),
    Option::boolean("null_move", false)
        .label("null move")
        .help("let the opponent move twice, 2 plies shallower: a cut when even that fails high "
              "(chess)")
        .meta(MetaRule::if_not_default),
    Option::boolean("lmr", false)
        .label("late-move reductions")
        .help("quiet moves from the fourth on, 3+ plies left: probed a ply shallower, searched "
              "again when the probe fails high")
        .meta(MetaRule::if_not_default),
    Option::integer("aspiration", 0, 10000, "0")
        .label("aspiration window")
        .help("with iterative deepening: each depth's root window is the depth before's value "
              "\u00b1 this, widened when the value falls outside (0: the full window)")
        .hint("W")
        .meta(MetaRule::if_not_default),
};

void validate(const SearchSpec& spec) {
  const PvsTechniques t = techniques_of(spec);
  const std::string on = spec.game.empty() ? "a " + spec.source_kind() : spec.game;
  if (t.quiescence && spec.game != "chess")
    throw InputError(
        "quiescence needs chess (captures to search after the horizon); this search "
        "is on " +
        on);
  if (t.null_move && spec.game != "chess")
    throw InputError(
        "the null move needs chess (a side to move that may pass); this search is on " + on);
}

// Aspiration centres each depth's window on the depth before's value: only with deepening (a
// player always deepens; a search with --iterative).
void validate_search(const SearchSpec& spec) {
  validate(spec);
  if (spec.option_int("aspiration") > 0 && !spec.iterative)
    throw InputError(
        "aspiration needs iterative deepening (--iterative, \"iterative\": true): "
        "each depth's window is centred on the value of the depth before");
}

void run(const SearchSpec& spec, const RecordOptions& record, SearchResult& out) {
  validate_search(spec);
  if (uses_modern_pvs(spec)) return run_modern_pvs(spec, record, out);
  run_depth_first<PvsOnce>(spec, record, out);
}

void report_json(JsonWriter& j, const SearchResult& r, const trace::Model&) {
  j.key("pvs");
  j.begin_object();
  j.key("probes");
  j.number(r.counter("probes"));
  j.key("researches");
  j.number(r.counter("researches"));
  // The techniques' counters, when they ran (pvs_modern.cpp counts each, zero included).
  for (const auto& [key, n] : r.counters) {
    if (key == "probes" || key == "researches") continue;
    j.key(key);
    j.number(n);
  }
  j.end_object();
}

void report_text(std::ostream& o, const SearchResult& r) {
  o << "principal variation search: " << r.counter("probes") << " zero-window probes, "
    << r.counter("researches") << " re-searched\n";
  if (r.counter("null_moves") > 0)
    o << "null moves: " << r.counter("null_moves") << " tried, " << r.counter("null_move_cuts")
      << " cut\n";
  if (r.counter("reductions") > 0) o << "late-move reductions: " << r.counter("reductions") << "\n";
  if (r.counter("quiescence_nodes") > 0)
    o << "quiescence: " << r.counter("quiescence_nodes") << " nodes, "
      << r.counter("stand_pat_cuts") << " stand-pat cuts\n";
}

// Alpha-beta's uniform and random trees (its bench) with two seeds each.
std::vector<SearchSpec> bench() {
  std::vector<SearchSpec> cases;
  for (int seed = 1; seed <= 2; ++seed) {
    SearchSpec a;
    a.random = RandomTreeParams::parse("b=5,d=10,lo=-16383,hi=16384,seed=" + std::to_string(seed));
    a.set_algorithm("pvs");
    cases.push_back(a);
    SearchSpec b;
    b.random =
        RandomTreeParams::parse("B=9,root=5,d=10,lo=-32767,hi=32768,seed=" + std::to_string(seed));
    b.set_algorithm("pvs");
    b.criterion = Criterion::ge;
    cases.push_back(b);
  }
  return cases;
}

}  // namespace

extern const AlgorithmEntry k_pvs_algorithm = [] {
  AlgorithmEntry a;
  a.name = "pvs";
  a.label = "principal variation search (zero windows)";
  a.noun = "principal variation search";
  a.summary = "search! probing every successor after the first with a zero window";
  a.options = &k_options;
  a.table = TableUse::transpositions;
  a.validate = validate;
  a.run = run;
  a.report_json = report_json;
  a.report_text = report_text;
  a.choose = choose_pvs;
  a.play_defaults = "depth=4,tt=65536";
  a.uci_defaults = "depth=6,criterion=ge,quiescence=on";  // a quiet horizon in play
  a.bench = bench;
  return a;
}();

}  // namespace kibitz
