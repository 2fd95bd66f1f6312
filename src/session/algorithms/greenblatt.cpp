// The Greenblatt chess program (Mac Hack VI, 003_...; search/greenblatt/) in the registry: its
// options (the width schedule, feedover, the secondary search, alpha-beta on or off), chess
// only, the paper's >= criterion and 32,000-entry table, and its counters in the report.
#include "core/error.hpp"
#include "search/greenblatt/greenblatt_search.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/algorithms/driver.hpp"
#include "session/algorithms/play_driver.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

using greenblatt::GreenblattOptions;

void check_widths(const std::string& text) {
  greenblatt::WidthSchedule::parse(text);  // throws naming the fault
}

const OptionList k_options = {
    Option::text("widths", check_widths, "normal")
        .label("widths")
        .help("the width schedule: normal, tournament or widths per level like 15,15,9,9,7")
        .hint("normal|tournament|W1,W2,...")
        .meta(MetaRule::always),
    Option::integer("feedover", 0, GreenblattOptions::k_max_feedover, "2")
        .label("feedover plies")
        .help("feedover plies per path")
        .meta(MetaRule::if_set),
    Option::boolean("secondary", true)
        .label("secondary search")
        .help("the secondary search of a new best top-level move")
        .meta(MetaRule::if_not_default)
        .meta_texts("true", "false"),
    Option::boolean("pruning", true)
        .label("alpha-beta")
        .help("off: the same selective tree without cutoffs")
        .meta(MetaRule::if_not_default)
        .meta_texts("true", "false"),
};

GreenblattOptions options_of(const SearchSpec& spec) {
  GreenblattOptions o;
  o.widths = greenblatt::WidthSchedule::parse(spec.option("widths"));
  o.feedover_limit = static_cast<int>(spec.option_int("feedover"));
  o.secondary = spec.option_on("secondary");
  o.pruning = spec.option_on("pruning");
  o.criterion = spec.criterion;
  return o;
}

// The search's counters, in the report's order.
void add_counters(const greenblatt::GreenblattStats& g, SearchResult& out) {
  const std::pair<const char*, long long> fields[] = {
      {"generations", g.generations},
      {"capture_generations", g.capture_generations},
      {"feedovers", g.feedovers},
      {"static_evals", g.static_evals},
      {"capture_nodes", g.capture_nodes},
      {"hash_probes", g.hash_probes},
      {"hash_hits", g.hash_hits},
      {"hash_cutoffs", g.hash_cutoffs},
      {"secondary_searches", g.secondary_searches},
      {"secondary_nodes", g.secondary_nodes},
      {"secondary_changes", g.secondary_changes},
      {"cutoffs", g.cutoffs},
      {"first_move_cutoffs", g.first_move_cutoffs},
      {"mate_skips", g.mate_skips},
      {"modifications", g.modifications}};
  for (const auto& f : fields) out.count(f.first, f.second);
}

// The search's line as generation indices, from the root (a player's move and info line).
std::vector<int> line_indices(const ChessGame& root, const greenblatt::Line& line) {
  std::vector<int> out;
  ChessGame g = root;
  std::vector<chess::Move> moves;
  for (int i = 0; i < line.length; ++i) {
    g.moves(moves);
    const auto it = std::find(moves.begin(), moves.end(), line.moves[i]);
    if (it == moves.end()) break;
    out.push_back(static_cast<int>(it - moves.begin()));
    g.make(line.moves[i]);
  }
  return out;
}

// UCI's currmove, told by generation index as the other searches tell it.
std::function<void(chess::Move, int)> root_move_teller(
    const ChessGame& root, const std::function<void(int index, int number)>& tell) {
  if (!tell) return {};
  std::vector<chess::Move> moves;
  ChessGame(root).moves(moves);
  return [tell, moves](chess::Move m, int number) {
    tell(static_cast<int>(std::find(moves.begin(), moves.end(), m) - moves.begin()), number);
  };
}

struct GreenblattOnce {
  template <class Game, class Sink>
  static Outcome once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options,
                      int depth, SearchResult& out) {
    if constexpr (std::is_same_v<Game, ChessGame>) {
      greenblatt::GreenblattSearch<Sink> s(game, sink, options_of(spec), options.tt,
                                           options.node_budget);
      s.stop_on(options.stop);
      s.on_root_move(root_move_teller(game, options.on_root_move));
      s.settle_root(options.settle_root);
      Outcome o;
      o.value = s.run(depth);
      o.pv = line_indices(game, s.principal_variation());
      add_counters(s.stats(), out);
      o.stats.nodes = s.stats().nodes;
      o.stats.leaves = s.stats().static_evals;
      o.stats.cutoffs = s.stats().cutoffs;
      o.stats.tt_cutoffs = s.stats().hash_cutoffs;
      o.finished = !s.aborted();
      return o;
    } else {
      throw InputError("the Greenblatt search plays chess only");
    }
  }
};

void validate(const SearchSpec& spec) {
  if (spec.game != "chess")
    throw InputError("the Greenblatt search plays chess only (use the game chess)");
}

void report_json(JsonWriter& j, const SearchResult& r, const trace::Model&) {
  j.key("greenblatt");
  j.begin_object();
  for (const auto& [name, n] : r.counters) {
    j.key(name);
    j.number(n);
  }
  j.end_object();
}

void report_text(std::ostream& o, const SearchResult& r) {
  o << "greenblatt: " << r.counter("generations") << " plausible move generations, "
    << r.counter("feedovers") << " feedovers, " << r.counter("static_evals")
    << " static evaluations, " << r.counter("capture_nodes") << " capture-search nodes, "
    << r.counter("hash_hits") << " hash hits of " << r.counter("hash_probes") << " probes, "
    << r.counter("secondary_searches") << " secondary searches (" << r.counter("secondary_changes")
    << " lowered the value)\n";
  o << "cutoffs by the first move searched: " << r.counter("first_move_cutoffs") << " of "
    << r.counter("cutoffs") << "\n";
}

std::vector<SearchSpec> bench() {
  SearchSpec s;
  s.game = "chess";
  s.position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  s.depth = 2;
  s.set_algorithm("greenblatt");
  return {s};
}

}  // namespace

extern const AlgorithmEntry k_greenblatt_algorithm = [] {
  AlgorithmEntry a;
  a.name = "greenblatt";
  a.label = "Greenblatt (chess, selective)";
  a.noun = "the Greenblatt search";
  a.summary = "Mac Hack VI: plausible moves, widths, feedover, capture and secondary search";
  a.options = &k_options;
  a.criterion = Criterion::ge;  // "a move is rejected if it is equally good as the best so far"
  a.table = TableUse::always;
  a.table_entries = GreenblattOptions::k_default_hash;  // the paper's 32,000 entries
  a.scores = false;  // a selective search: a full-width minimax is another tree
  a.validate = validate;
  a.run = run_depth_first<GreenblattOnce>;
  a.report_json = report_json;
  a.report_text = report_text;
  a.bench = bench;
  a.choose = choose_by_deepening<GreenblattOnce>;
  a.play_defaults = "depth=3";
  a.uci_defaults = "depth=4,widths=tournament";
  a.uci_hash_mb = 1;  // 32,768 entries, the paper's table
  return a;
}();

}  // namespace kibitz
