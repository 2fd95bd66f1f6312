// kibitz match: paired games between two players (app/play/match/match.hpp), with the score, an
// Elo estimate with its error, and the nodes and CPU time each player spent per move.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/match_print.hpp"
#include "app/cli/progress_flags.hpp"
#include "app/play/match/match.hpp"
#include "app/viewer_app/limits.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "session/budgets.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

namespace {

std::string budget_text(const Budget& b) {
  std::string s;
  if (b.nodes > 0) s += "nodes=" + std::to_string(b.nodes);
  if (b.depth > 0) s += std::string(s.empty() ? "" : ",") + "depth=" + std::to_string(b.depth);
  if (b.limit > 0) s += std::string(s.empty() ? "" : ",") + "limit=" + std::to_string(b.limit);
  if (b.seconds > 0) {
    s += std::string(s.empty() ? "" : ",") +
         "time=" + std::to_string(static_cast<long long>(b.seconds * 1000 + 0.5));
  }
  return s.empty() ? "the players' own" : s;
}

std::string error_text(double e, const char* format) {
  if (!std::isfinite(e)) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, e);
  return buf;
}

// The match the options ask for; throws InputError on a missing or bad option.
match::MatchSpec parse_spec(const Args& args) {
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  match::MatchSpec spec;
  for (const char* required : {"game", "a", "b"}) {
    if (!args.has(required)) throw InputError(std::string("--") + required + " is required");
  }
  spec.game = *args.value("game");
  spec.a = *args.value("a");
  spec.b = *args.value("b");
  spec.pairs = static_cast<int>(args.integer("pairs", 10, 1, 100000));
  spec.threads = static_cast<int>(args.integer("threads", 1, 1, 256));
  spec.seed = static_cast<std::uint64_t>(args.integer("seed", 1, 0, (1LL << 62)));
  spec.max_plies = static_cast<int>(args.integer("max-plies", 0, 1, 10000));
  if (auto b = args.value("budget")) spec.budget = match::parse_budget(*b);
  // Any move's nodes are capped (budgets.hpp's default) so that no setting runs for ever.
  spec.budget.max_nodes =
      args.integer("max-nodes", static_cast<long long>(k_default_node_budget), 0, 1LL << 40);
  if (auto f = args.value("openings")) {
    spec.openings = match::read_openings(spec.game, *f);
    spec.openings_file = *f;
  }
  if (auto s = args.value("shard")) spec.shard = parse_shard(*s);
  return spec;
}

// Writes "games": every game of the match, in the order played.
void write_games(JsonWriter& j, const std::vector<match::GameRecord>& games) {
  j.key("games");
  j.begin_array();
  for (const match::GameRecord& g : games) {
    j.begin_object();
    j.key("pair");
    j.number(static_cast<long long>(g.pair));
    j.key("a_first");
    j.boolean(g.a_first);
    j.key("opening");
    j.string(g.opening);
    j.key("result");
    j.number(static_cast<long long>(g.result));
    j.key("adjudicated");
    j.boolean(g.adjudicated);
    j.key("plies");
    j.number(static_cast<long long>(g.plies));
    j.key("nodes_a");
    j.number(g.nodes_a);
    j.key("nodes_b");
    j.number(g.nodes_b);
    j.key("ms_a");
    j.number(static_cast<double>(g.time_a_ns) / 1e6);
    j.key("ms_b");
    j.number(static_cast<double>(g.time_b_ns) / 1e6);
    j.key("moves_a");
    j.number(static_cast<long long>(g.moves_a));
    j.key("moves_b");
    j.number(static_cast<long long>(g.moves_b));
    j.key("capped_a");
    j.number(static_cast<long long>(g.capped_a));
    j.key("capped_b");
    j.number(static_cast<long long>(g.capped_b));
    j.key("moves");
    j.string(g.moves);
    j.end_object();
  }
  j.end_array();
}

}  // namespace

// Prints the match and its result as one JSON object (--json), with its games (--games).
void print_json(const match::MatchSpec& spec, const match::MatchResult& r, double ratio,
                bool games) {
  JsonWriter j;
  j.begin_object();
  j.key("game");
  j.string(spec.game);
  j.key("a");
  j.string(spec.a);
  j.key("b");
  j.string(spec.b);
  j.key("pairs");
  j.number(static_cast<long long>(spec.pairs));
  j.key("budget");
  j.string(budget_text(spec.budget));
  j.key("seed");
  j.number(static_cast<long long>(spec.seed));
  j.key("max_plies");
  j.number(static_cast<long long>(spec.max_plies));
  if (!spec.shard.whole()) {  // kibitz merge joins the shards
    j.key("shard");
    j.string(std::to_string(spec.shard.index) + "/" + std::to_string(spec.shard.count));
    j.key("openings");
    j.string(spec.openings_file);
  }
  j.key("wins");
  j.number(static_cast<long long>(r.wins));
  j.key("draws");
  j.number(static_cast<long long>(r.draws));
  j.key("losses");
  j.number(static_cast<long long>(r.losses));
  j.key("score");
  j.number(r.score);
  j.key("score_error");
  j.number(r.score_error);
  j.key("elo");
  j.number(r.elo);
  j.key("elo_error");
  j.number(r.elo_error);
  j.key("nodes_per_move_a");
  j.number(r.nodes_a_per_move);
  j.key("nodes_per_move_b");
  j.number(r.nodes_b_per_move);
  j.key("capped_moves_a");
  j.number(static_cast<long long>(r.capped_a));
  j.key("capped_moves_b");
  j.number(static_cast<long long>(r.capped_b));
  j.key("max_nodes");
  j.number(spec.budget.max_nodes);
  j.key("node_ratio");
  j.number(ratio);
  j.key("nodes_per_move_a_error");
  j.number(r.nodes_a_error);
  j.key("nodes_per_move_b_error");
  j.number(r.nodes_b_error);
  j.key("ms_per_move_a");
  j.number(r.ms_a_per_move);
  j.key("ms_per_move_b");
  j.number(r.ms_b_per_move);
  j.key("ms_per_move_a_error");
  j.number(r.ms_a_error);
  j.key("ms_per_move_b_error");
  j.number(r.ms_b_error);
  if (games) write_games(j, r.games);
  j.end_object();
  std::printf("%s\n", j.str().c_str());
}

// Prints the match and its result as text, with a line per game (--games).
void print_text(const match::MatchSpec& spec, const match::MatchResult& r, double ratio,
                bool games) {
  std::printf("match: %s, %d pairs (%d games), budget %s, seed %llu\n", spec.game.c_str(),
              spec.pairs, 2 * spec.pairs, budget_text(spec.budget).c_str(),
              static_cast<unsigned long long>(spec.seed));
  std::printf("A: %s\nB: %s\n", spec.a.c_str(), spec.b.c_str());
  std::printf("A wins %d, draws %d, losses %d\n", r.wins, r.draws, r.losses);
  std::printf("score %.1f%% +- %s (95%%)\n", 100.0 * r.score,
              error_text(100.0 * r.score_error, "%.1f%%").c_str());
  const bool clamped = r.score <= 0.0 || r.score >= 1.0;
  std::printf(
      "Elo difference %+.0f +- %s (95%%)%s\n", std::round(r.elo) + 0.0,
      error_text(r.elo_error, "%.0f").c_str(),
      clamped ? " (a score of 0% or 100% has no finite Elo: taken half a game from it)" : "");
  std::printf("nodes per move: A %.0f +- %s, B %.0f +- %s; A/B %.3f (B searched %.2fx as many)\n",
              r.nodes_a_per_move, error_text(r.nodes_a_error, "%.0f").c_str(), r.nodes_b_per_move,
              error_text(r.nodes_b_error, "%.0f").c_str(), ratio, ratio > 0 ? 1.0 / ratio : 0.0);
  const double time_ratio = r.ms_b_per_move > 0 ? r.ms_a_per_move / r.ms_b_per_move : 0.0;
  std::printf(
      "CPU time per move: A %.2f ms +- %s, B %.2f ms +- %s; A/B %.3f (B took %.2fx as long)\n",
      r.ms_a_per_move, error_text(r.ms_a_error, "%.2f").c_str(), r.ms_b_per_move,
      error_text(r.ms_b_error, "%.2f").c_str(), time_ratio,
      time_ratio > 0 ? 1.0 / time_ratio : 0.0);
  if (r.capped_a + r.capped_b > 0) {
    std::printf(
        "note: %d of A's moves and %d of B's reached the cap of %s nodes a move and played the "
        "best move found by then (the last finished iteration's; with none finished, the "
        "first move searched) (--max-nodes N raises the cap, 0: none)\n",
        r.capped_a, r.capped_b,
        thousands(static_cast<unsigned long long>(spec.budget.max_nodes)).c_str());
  }
  if (games) {
    for (const match::GameRecord& g : r.games) {
      std::printf("pair %d, %s first: %s in %d plies%s: %s\n", g.pair, g.a_first ? "A" : "B",
                  g.result > 0   ? "A won"
                  : g.result < 0 ? "B won"
                                 : "draw",
                  g.plies, g.adjudicated ? " (ply limit)" : "", g.moves.c_str());
    }
  }
}

void print_match(const match::MatchSpec& spec, const match::MatchResult& r, bool json, bool games) {
  const double ratio = r.nodes_b_per_move > 0 ? r.nodes_a_per_move / r.nodes_b_per_move : 0;
  if (json)
    print_json(spec, r, ratio, games);
  else
    print_text(spec, r, ratio, games);
}

namespace {

// A progress bar on stderr, redrawn after each game: games, A's result so far, time left.
std::function<void(const match::MatchProgress&)> progress_bar() {
  const auto start = std::chrono::steady_clock::now();
  return [start](const match::MatchProgress& p) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = elapsed / p.games_done * (p.games - p.games_done);
    constexpr int k_width = 30;
    const int filled = k_width * p.games_done / p.games;
    std::fprintf(stderr, "\r[%s%s] %d/%d games, A +%d =%d -%d, %.0f s left  ",
                 std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(k_width - filled), '.').c_str(), p.games_done,
                 p.games, p.wins, p.draws, p.losses, left);
    if (p.games_done == p.games) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  };
}

}  // namespace

int cmd_match(int argc, char** argv) {
  const Args args(argc, argv, 0,
                  {"game", "a", "b", "pairs", "openings", "budget", "threads", "seed", "max-plies",
                   "max-nodes", "shard"},
                  {"json", "games", "progress", "no-progress"});
  match::MatchSpec spec = parse_spec(args);
  if (wants_progress(args)) spec.progress = progress_bar();
  const match::MatchResult r = match::run_match(spec);
  // A shard's output is what kibitz merge reads: JSON with its games.
  const bool shard = !spec.shard.whole();
  print_match(spec, r, args.has("json") || shard, args.has("games") || shard);
  return 0;
}

}  // namespace kibitz::cli
