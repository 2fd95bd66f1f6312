// kibitz greenblatt-workload: the paper's claim that alpha-beta with plausibility ordering
// "reduces the workload by a factor of about one hundred", measured. The same Greenblatt search
// (same widths, feedover, capture search, secondary search, value modifications; no hash table
// so that nothing but alpha-beta differs) runs with and without alpha-beta on ten positions;
// for each the nodes of both, their ratio, and the share of cut nodes whose first move made
// the cutoff (000_...: "90+% in real searches"). Unrecorded searches: nothing is traced.
#include <cmath>
#include <cstdio>
#include <string>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "search/greenblatt/greenblatt_search.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

namespace {

struct Case {
  const char* name;
  const char* position;
};

// Openings, a middlegame, endgames, and a position from the paper's own game
// (Mac Hack VI - unrated, Massachusetts Spring Amateur 1967, before 10...Qe7).
constexpr Case k_positions[] = {
    {"start", "startpos"},
    {"two knights", "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"},
    {"queen's gambit", "startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3"},
    {"sicilian", "startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
    {"ruy lopez", "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"},
    {"french", "startpos moves e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5 f6d7"},
    {"middlegame", "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 4 11"},
    {"mac hack 1967",
     "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f8d6 d2d4 c8g4 d4e5 g4f3 d1f3 "
     "d6e5 "
     "c2c3 d8h4 g2g3"},
    {"rook ending", "8/5pk1/6p1/R7/5P2/r5P1/6K1/8 w - - 0 1"},
    {"pawn ending", "8/8/4kpp1/3p4/3P1PP1/4K3/8/8 w - - 0 1"},
};

struct Row {
  long long with = 0, without = 0, cut_nodes = 0, first = 0;
  Score value_with = 0, value_without = 0;
  bool capped = false;  // the search without alpha-beta hit the cap: `without` is a lower bound
};

Row measure(const char* position, const greenblatt::GreenblattOptions& base, int depth,
            long long cap) {
  Row r;
  NullSink sink;
  greenblatt::GreenblattOptions o = base;
  ChessGame a = ChessGame::from_text(position);
  greenblatt::GreenblattSearch<NullSink> pruned(a, sink, o);
  r.value_with = pruned.run(depth);
  r.with = pruned.stats().nodes;
  r.cut_nodes = pruned.stats().cutoffs;
  r.first = pruned.stats().first_move_cutoffs;
  o.pruning = false;
  ChessGame b = ChessGame::from_text(position);
  greenblatt::GreenblattSearch<NullSink> full(b, sink, o, nullptr, cap);
  r.value_without = full.run(depth);
  r.without = full.stats().nodes;
  r.capped = full.aborted();
  return r;
}

// The sums over all positions, and the sum of the logarithms of the ratios (for their mean).
struct Totals {
  long long with = 0, without = 0, cuts = 0, first = 0;
  bool capped = false;
  double log_ratio = 0;
  int n = 0;
};

// Adds one position's row to the totals.
void add_row(Totals& t, const Row& r) {
  t.capped = t.capped || r.capped;
  t.with += r.with;
  t.without += r.without;
  t.cuts += r.cut_nodes;
  t.first += r.first;
  t.log_ratio += std::log(static_cast<double>(r.without) / static_cast<double>(r.with));
  ++t.n;
}

// Opens the JSON report up to its positions array, or prints the table's title and header.
void begin_report(JsonWriter& j, bool json, int depth,
                  const greenblatt::GreenblattOptions& options) {
  if (json) {
    j.begin_object();
    j.key("depth");
    j.number(static_cast<long long>(depth));
    j.key("widths");
    j.string(options.widths.text());
    j.key("positions");
    j.begin_array();
  } else {
    std::printf(
        "Greenblatt search, depth %d, widths %s, feedover %d: nodes with and without "
        "alpha-beta\n\n",
        depth, options.widths.text().c_str(), options.feedover_limit);
    std::printf("%-16s %12s %12s %8s %14s\n", "position", "alpha-beta", "without", "ratio",
                "first-move cuts");
  }
}

// One position's measurements: a JSON object, or a table row printed at once.
void report_row(JsonWriter& j, bool json, const Case& c, const Row& r) {
  const double share =
      r.cut_nodes ? 100.0 * static_cast<double>(r.first) / static_cast<double>(r.cut_nodes) : 0.0;
  if (json) {
    j.begin_object();
    j.key("name");
    j.string(c.name);
    j.key("position");
    j.string(c.position);
    j.key("nodes_alphabeta");
    j.number(r.with);
    j.key("nodes_without");
    j.number(r.without);
    j.key("capped");
    j.boolean(r.capped);
    j.key("cut_nodes");
    j.number(r.cut_nodes);
    j.key("first_move_cutoffs");
    j.number(r.first);
    j.key("value_alphabeta");
    j.score(r.value_with);
    j.key("value_without");
    j.score(r.value_without);
    j.end_object();
  } else {
    std::printf("%-16s %12lld %s%11lld %8.1f %7lld/%-6lld %3.0f%%\n", c.name, r.with,
                r.capped ? ">" : " ", r.without,
                static_cast<double>(r.without) / static_cast<double>(r.with), r.first, r.cut_nodes,
                share);
    std::fflush(
        stdout);  // each row as it is measured: the searches without alpha-beta take a while
  }
}

// The totals and ratios over all positions: closes and prints the JSON report, or prints the
// table's last row and the summary.
void end_report(JsonWriter& j, bool json, const Totals& t, long long cap) {
  const double total_ratio = static_cast<double>(t.without) / static_cast<double>(t.with);
  const double mean_ratio = std::exp(t.log_ratio / t.n);
  const double share =
      t.cuts ? 100.0 * static_cast<double>(t.first) / static_cast<double>(t.cuts) : 0.0;
  if (json) {
    j.end_array();
    j.key("ratio_total");
    j.number(total_ratio);
    j.key("ratio_geometric_mean");
    j.number(mean_ratio);
    j.key("first_move_cutoff_share");
    j.number(share / 100.0);
    j.end_object();
    std::printf("%s\n", j.take().c_str());
  } else {
    std::printf("%-16s %12lld %s%11lld %8.1f %7lld/%-6lld %3.0f%%\n", "all ten", t.with,
                t.capped ? ">" : " ", t.without, total_ratio, t.first, t.cuts, share);
    if (t.capped)
      std::printf(
          "\n> the search without alpha-beta reached the cap (--cap %lld nodes): a lower bound\n",
          cap);
    std::printf(
        "\nratio of the totals %.1f, geometric mean of the ten ratios %.1f; cut nodes cut by their "
        "first move %.1f%%\n",
        total_ratio, mean_ratio, share);
  }
}

}  // namespace

int cmd_greenblatt_workload(int argc, char** argv) {
  const Args args(argc, argv, 0, {"depth", "widths", "feedover", "cap"}, {"json"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const int depth = static_cast<int>(args.integer("depth", 3, 1, 6));
  greenblatt::GreenblattOptions options;
  options.widths = greenblatt::WidthSchedule::parse(args.value_or("widths", "tournament"));
  options.feedover_limit = static_cast<int>(
      args.integer("feedover", 2, 0, greenblatt::GreenblattOptions::k_max_feedover));
  const long long cap = args.integer("cap", 20'000'000, 1000, 1LL << 40);
  const bool json = args.has("json");
  JsonWriter j;
  begin_report(j, json, depth, options);
  Totals totals;
  for (const Case& c : k_positions) {
    const Row r = measure(c.position, options, depth, cap);
    add_row(totals, r);
    report_row(j, json, c, r);
  }
  end_report(j, json, totals, cap);
  return 0;
}

}  // namespace kibitz::cli
