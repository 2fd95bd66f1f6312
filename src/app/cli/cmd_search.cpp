// kibitz search: run one search, print the report, optionally record the trace.
#include <cstdio>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/report.hpp"
#include "app/runner.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"

namespace kibitz::cli {

namespace {

// --limit L | --limits L1,L2,... | --limit-growth start=S,factor=F,iterations=N, --tallies,
// --similarity, --interest-costs, --extension: the interest search's options.
void interest_from_args(const Args& args, SearchSpec& spec) {
  const char* limit_flags[] = {"limit", "limits", "limit-growth"};
  int given = 0;
  for (const char* f : limit_flags) given += args.has(f);
  if (given > 1) throw InputError("give one of --limit, --limits and --limit-growth");
  const struct {
    const char* flag;
    const char* key;
  } options[] = {
      {"limit", "limit"},        {"limits", "limits"},         {"limit-growth", "limit_growth"},
      {"tallies", "tallies"},    {"similarity", "similarity"}, {"interest-costs", "interest_costs"},
      {"extension", "extension"}};
  for (const auto& o : options) {
    const auto v = args.value(o.flag);
    if (!v) continue;
    if (spec.algo != Algorithm::interest)
      throw InputError(std::string("--") + o.flag + " needs --algo interest");
    spec.interest.set(o.key, *v);
  }
}

SearchSpec spec_from_args(const Args& args) {
  SearchSpec spec;
  int sources = 0;
  if (auto t = args.value("tree")) {
    spec.tree = *t;
    if (spec.tree.empty()) throw InputError("--tree is empty");
    ++sources;
  }
  if (auto f = args.value("tree-file")) {
    const auto bytes = read_file_bytes(*f);
    spec.tree.assign(bytes.begin(), bytes.end());
    if (spec.tree.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw InputError("tree file '" + *f + "' is empty");
    }
    ++sources;
  }
  if (auto r = args.value("random")) {
    spec.random = RandomTreeParams::parse(*r);
    ++sources;
  }
  if (auto g = args.value("game")) {
    spec.game = *g;
    ++sources;
    if (args.has("position") && args.has("fen"))
      throw InputError("give --position or --fen, not both");
    spec.position = args.value_or("fen", args.value_or("position", ""));
  } else if (args.has("position") || args.has("fen")) {
    throw InputError("--position and --fen need --game");
  }
  if (sources != 1)
    throw InputError("give exactly one of --tree, --tree-file, --random and --game");
  spec.algo = parse_algorithm(args.value_or("algo", "alphabeta"));
  if (spec.algo == Algorithm::greenblatt)
    spec.criterion = Criterion::ge;  // the paper's rule, unless told
  if (auto c = args.value("criterion")) {
    if (!parse_criterion(c->c_str(), spec.criterion)) {
      throw InputError("--criterion must be gt or ge, not '" + *c + "'");
    }
  }
  // The Greenblatt search's options.
  spec.widths = args.value_or("widths", "");
  if (spec.widths == "normal") spec.widths.clear();
  if (args.has("widths") && args.value_or("widths", "").empty())
    throw InputError("--widths is empty");
  spec.feedover = static_cast<int>(args.integer("feedover", -1, 0, 1000));
  auto on_off = [&](const char* flag) {
    const std::string v = args.value_or(flag, "on");
    if (v != "on" && v != "off")
      throw InputError(std::string("--") + flag + " must be on or off, not '" + v + "'");
    return v == "on";
  };
  spec.secondary = on_off("secondary");
  spec.pruning = on_off("pruning");
  spec.depth = static_cast<int>(args.integer("depth", -1, 0, 10'000));
  spec.iterative = args.has("iterative");
  spec.node_budget = args.integer("nodes", 0, 1, 1LL << 40);
  spec.tt_entries = args.integer("tt", -1, 0, 1LL << 26);
  // Forward estimation's options.
  const bool fe = spec.algo == Algorithm::forward_estimation;
  for (const char* flag : {"bounds", "delta", "likely", "samples"}) {
    if (args.has(flag) && !fe) {
      throw InputError(std::string("--") + flag + " applies to --algo forward-estimation");
    }
  }
  if (auto b = args.value("bounds")) {
    EdgeSource src;
    if (!parse_edge_source(*b, src)) {
      throw InputError("--bounds must be exact, online or offline, not '" + *b + "'");
    }
    spec.fe_bounds = src;
  }
  if (auto d = args.value("delta")) spec.fe_delta_milli = parse_fe_delta(*d);
  spec.fe_likely = args.has("likely");
  spec.fe_samples = static_cast<int>(args.integer("samples", 10, 1, 100'000));
  interest_from_args(args, spec);
  spec.validate();
  return spec;
}

}  // namespace

int cmd_search(int argc, char** argv) {
  const Args args(
      argc, argv, 0,
      {"tree",         "tree-file", "random",     "game",           "position", "fen",    "algo",
       "criterion",    "depth",     "record",     "nodes",          "tt",       "bounds", "delta",
       "samples",      "widths",    "feedover",   "secondary",      "pruning",  "limit",  "limits",
       "limit-growth", "tallies",   "similarity", "interest-costs", "extension"},
      {"score", "json", "iterative", "likely"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const SearchSpec spec = spec_from_args(args);
  const SearchResult result = run_search(spec, true);
  const trace::Model model(result.trace);
  std::optional<std::vector<Score>> scores;
  if (args.has("score")) {
    scores = compute_scores(spec, model);
    if (!scores) throw InputError("cannot compute scores for this search");
  }
  const std::vector<Score>* sp = scores ? &*scores : nullptr;
  const std::string out = args.has("json") ? search_report_json(result, model, sp) + "\n"
                                           : search_report_text(result, model, sp);
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (auto path = args.value("record")) write_file_bytes(*path, trace::write_kbz(result.trace));
  return 0;
}

}  // namespace kibitz::cli
