// kibitz merge FILE... : the shards of a run split across machines (--shard I/N) put together
// into the output a single run gives: an experiment's tables, CSV and charts (the shard files
// `kibitz experiment --shard` writes), or a match's result (the JSON `kibitz match --shard`
// prints). docs/experiments.md.
#include <nlohmann/json.hpp>
#include <set>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/match_print.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "session/experiments/shards.hpp"

namespace kibitz::cli {

namespace {

using Json = nlohmann::json;

// A match's spec as its shard's JSON says it (what every shard must agree on).
match::MatchSpec match_spec_of(const Json& j) {
  match::MatchSpec spec;
  spec.game = j.at("game").get<std::string>();
  spec.a = j.at("a").get<std::string>();
  spec.b = j.at("b").get<std::string>();
  spec.pairs = j.at("pairs").get<int>();
  spec.seed = j.at("seed").get<std::uint64_t>();
  spec.max_plies = j.at("max_plies").get<int>();
  const std::string budget = j.at("budget").get<std::string>();
  if (budget != "the players' own") spec.budget = match::parse_budget(budget);
  spec.budget.max_nodes = j.at("max_nodes").get<long long>();
  spec.openings_file = j.value("openings", "");
  return spec;
}

match::GameRecord game_of(const Json& g) {
  match::GameRecord r;
  r.pair = g.at("pair").get<int>();
  r.a_first = g.at("a_first").get<bool>();
  r.opening = g.at("opening").get<std::string>();
  r.result = g.at("result").get<int>();
  r.adjudicated = g.at("adjudicated").get<bool>();
  r.plies = g.at("plies").get<int>();
  r.nodes_a = g.at("nodes_a").get<long long>();
  r.nodes_b = g.at("nodes_b").get<long long>();
  r.time_a_ns = static_cast<std::int64_t>(g.at("ms_a").get<double>() * 1e6 + 0.5);
  r.time_b_ns = static_cast<std::int64_t>(g.at("ms_b").get<double>() * 1e6 + 0.5);
  r.moves_a = g.at("moves_a").get<int>();
  r.moves_b = g.at("moves_b").get<int>();
  r.capped_a = g.at("capped_a").get<int>();
  r.capped_b = g.at("capped_b").get<int>();
  r.moves = g.at("moves").get<std::string>();
  return r;
}

// The facts every shard of one match shares.
Json match_identity(const Json& j) {
  Json id;
  for (const char* k :
       {"game", "a", "b", "pairs", "budget", "seed", "max_plies", "max_nodes", "openings"})
    id[k] = j.value(k, Json());
  return id;
}

// "seed 8, not 7; pairs 4, not 3": the facts two shards disagree on.
std::string differences(const Json& a, const Json& b) {
  std::string out;
  for (const auto& [key, value] : b.items()) {
    if (a.value(key, Json()) == value) continue;
    out += (out.empty() ? "" : "; ") + key + " " + a.value(key, Json()).dump() + ", not " +
           value.dump();
  }
  return out;
}

int merge_matches(const std::vector<std::string>& names, const std::vector<Json>& docs,
                  const Args& args) {
  match::MatchSpec spec;
  match::MatchResult result;
  Json identity;
  std::set<int> seen;
  int count = 0;
  for (std::size_t f = 0; f < docs.size(); ++f) {
    const Json& j = docs[f];
    try {
      const Shard s = parse_shard(j.at("shard").get<std::string>());
      if (f == 0) {
        spec = match_spec_of(j);
        identity = match_identity(j);
        count = s.count;
      } else if (match_identity(j) != identity) {
        throw InputError("it is a shard of another match: " +
                         differences(match_identity(j), identity));
      } else if (s.count != count) {
        throw InputError("it is shard " + j.at("shard").get<std::string>() +
                         ", the others are of " + std::to_string(count));
      }
      if (!seen.insert(s.index).second)
        throw InputError("shard " + j.at("shard").get<std::string>() + " is given twice");
      for (const Json& g : j.at("games")) result.games.push_back(game_of(g));
    } catch (const InputError& e) {
      throw InputError(names[f] + ": " + e.what());
    } catch (const std::exception& e) {
      throw InputError(names[f] + ": not a match shard's JSON (" + std::string(e.what()) + ")");
    }
  }
  check_all_shards(seen, count);
  // The games in the order one run lists them: pair by pair, A first then B first.
  std::sort(result.games.begin(), result.games.end(),
            [](const match::GameRecord& x, const match::GameRecord& y) {
              return x.pair != y.pair ? x.pair < y.pair : x.a_first > y.a_first;
            });
  match::summarise(result);
  print_match(spec, result, args.has("json"), args.has("games"));
  return 0;
}

}  // namespace

int cmd_merge(int argc, char** argv) {
  const Args args(argc, argv, 0, {"out"}, {"json", "games"});
  if (args.positional().empty())
    throw InputError("give the shard files (kibitz experiment|match ... --shard I/N wrote them)");
  std::vector<std::string> names = args.positional(), texts;
  std::vector<Json> docs;
  bool experiment = false, matches = false;
  for (const std::string& name : names) {
    const auto bytes = read_file_bytes(name);
    texts.emplace_back(bytes.begin(), bytes.end());
    docs.push_back(Json::parse(texts.back(), nullptr, false));
    const bool e = is_experiment_shard(texts.back());
    const bool m =
        docs.back().is_object() && docs.back().contains("shard") && docs.back().contains("games");
    if (!e && !m)
      throw InputError(name + " is not a shard file (kibitz experiment|match ... --shard I/N)");
    experiment = experiment || e;
    matches = matches || m;
  }
  if (experiment && matches) throw InputError("give the shards of one experiment or one match");
  if (matches && args.has("out"))
    throw InputError("--out is for an experiment's files; a match's result is printed");
  if (experiment && args.has("games")) throw InputError("--games is for a match's shards");
  if (matches) return merge_matches(names, docs, args);
  const auto job = merge_experiment_shards(names, texts);
  const std::string written =
      write_experiment_output(*job, output_folder(args.value_or("out", ".")), args.has("json"));
  std::fprintf(stderr, "%s: %zu shards merged; wrote%s\n", job->name().c_str(), names.size(),
               written.c_str());
  return 0;
}

}  // namespace kibitz::cli
