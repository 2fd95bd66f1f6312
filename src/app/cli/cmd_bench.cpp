// kibitz bench: search speed with and without recording, events per second, bytes per event;
// with --perft, move generation speed on deep perft runs whose counts are checked.
#include <chrono>
#include <cstdio>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "search/perft.hpp"
#include "session/bench.hpp"
#include "session/domains.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

namespace {

struct DeepPerft {
  const char* game;
  const char* name;
  const char* position;
  int depth;
  unsigned long long leaves;  // the published count (Othello: ours, see docs/games.md)
};

const DeepPerft k_deep_perft[] = {
    {"chess", "start", "startpos", 6, 119060324ULL},
    {"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     193690690ULL},
    {"othello", "start", "", 10, 24571056ULL},
};

// Each deep perft once; 1 when a count is not the known one.
int bench_perft(bool json) {
  int status = 0;
  JsonWriter j;
  j.begin_array();
  for (const DeepPerft& p : k_deep_perft) {
    const auto start = std::chrono::steady_clock::now();
    unsigned long long leaves = 0;
    visit_game(p.game, p.position, [&](auto& g) {
      leaves = perft(g, p.depth);
      return 0;
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const bool ok = leaves == p.leaves;
    if (!ok) status = 1;
    if (json) {
      j.begin_object();
      j.key("game");
      j.string(p.game);
      j.key("position");
      j.string(p.name);
      j.key("depth");
      j.number(static_cast<long long>(p.depth));
      j.key("leaves");
      j.number(static_cast<long long>(leaves));
      j.key("expected");
      j.number(static_cast<long long>(p.leaves));
      j.key("seconds");
      j.number(seconds);
      j.key("leaves_per_second");
      j.number(static_cast<double>(leaves) / seconds);
      j.end_object();
    } else {
      std::printf("perft %-8s %-9s depth %2d  %11llu leaves  %.3f s  %.0f leaves/s%s\n", p.game,
                  p.name, p.depth, leaves, seconds, static_cast<double>(leaves) / seconds,
                  ok ? "" : "  WRONG COUNT");
    }
  }
  j.end_array();
  if (json) std::printf("%s\n", j.str().c_str());
  if (status) std::fprintf(stderr, "kibitz bench: a perft count differs from the known one\n");
  return status;
}

// The classic part (minimax, alpha-beta, alpha-beta with bounds: the bench of the first
// release), whose figures compare with earlier versions.
BenchPart classic_part(const BenchFigures& f) {
  BenchPart c{"classic"};
  for (const BenchPart& p : f.parts) {
    if (p.algo != "minimax" && p.algo != "alphabeta" && p.algo != "alphabeta-bounds") continue;
    c.add(p);
  }
  return c;
}

void write_part(JsonWriter& j, const BenchPart& p) {
  j.begin_object();
  j.key("nodes");
  j.number(p.nodes);
  j.key("events");
  j.number(p.events);
  j.key("seconds_unrecorded");
  j.number(p.seconds_unrecorded);
  j.key("seconds_recorded");
  j.number(p.seconds_recorded);
  j.key("recording_slowdown");
  j.number(p.seconds_recorded / p.seconds_unrecorded);
  j.key("events_per_node");
  j.number(p.nodes ? static_cast<double>(p.events) / static_cast<double>(p.nodes) : 0.0);
  j.key("bytes_per_node");
  j.number(p.nodes ? static_cast<double>(p.trace_bytes) / static_cast<double>(p.nodes) : 0.0);
  j.end_object();
}

void print_json(const BenchFigures& f) {
  JsonWriter j;
  j.begin_object();
  j.key("signature");
  j.number(f.signature.total);
  j.key("signature_classic");
  j.number(f.signature.classic);
  j.key("signature_by_algorithm");
  j.begin_object();
  for (const auto& [algo, nodes] : f.signature.by_algorithm) {
    j.key(algo);
    j.number(nodes);
  }
  j.end_object();
  j.key("nodes");
  j.number(f.nodes);
  j.key("leaves");
  j.number(f.leaves);
  const std::pair<const char*, double> totals[] = {
      {"seconds_unrecorded", f.seconds_unrecorded},
      {"seconds_recorded", f.seconds_recorded},
      {"nodes_per_second_unrecorded", f.nodes / f.seconds_unrecorded},
      {"nodes_per_second_recorded", f.nodes / f.seconds_recorded},
      {"recording_slowdown", f.seconds_recorded / f.seconds_unrecorded},
      {"events_per_second", f.events / f.seconds_recorded},
      {"bytes_per_event", f.bytes_per_event},
      {"events_per_node", f.nodes ? f.events / static_cast<double>(f.nodes) : 0.0},
      {"bytes_per_node", f.nodes ? f.trace_bytes / static_cast<double>(f.nodes) : 0.0}};
  for (const auto& [key, value] : totals) {
    j.key(key);
    j.number(value);
  }
  j.key("events");
  j.number(f.events);
  j.key("trace_bytes");
  j.number(f.trace_bytes);
  j.key("classic");
  write_part(j, classic_part(f));
  j.key("by_algorithm");
  j.begin_object();
  for (const BenchPart& p : f.parts) {
    j.key(p.algo);
    write_part(j, p);
  }
  j.end_object();
  j.key("rounds");
  j.number(static_cast<long long>(f.rounds));
  j.end_object();
  std::printf("%s\n", j.str().c_str());
}

void print_part(const BenchPart& p) {
  const double nodes = p.nodes ? static_cast<double>(p.nodes) : 1.0;
  std::printf(
      "%-20s %9lld nodes  %.4f s  %5.1fM nodes/s  recorded x%.2f  %.2f events/node  %.1f "
      "bytes/node\n",
      p.algo.c_str(), p.nodes, p.seconds_unrecorded, p.nodes / p.seconds_unrecorded / 1e6,
      p.seconds_recorded / p.seconds_unrecorded, static_cast<double>(p.events) / nodes,
      static_cast<double>(p.trace_bytes) / nodes);
}

void print_text(const BenchFigures& f) {
  std::printf("bench: %zu searches, each algorithm's best of %d rounds\n", bench_cases().size(),
              f.rounds);
  std::printf("signature            %lld nodes (classic part %lld)\n", f.signature.total,
              f.signature.classic);
  for (const BenchPart& p : f.parts) print_part(p);
  print_part(classic_part(f));
  std::printf("all                  %.4f s unrecorded, %.4f s recorded (x%.2f)\n",
              f.seconds_unrecorded, f.seconds_recorded, f.seconds_recorded / f.seconds_unrecorded);
  std::printf("events               %lld  (%.0f events/s)\n", f.events,
              f.events / f.seconds_recorded);
  std::printf("trace bytes          %lld  (%.2f bytes/event)\n", f.trace_bytes, f.bytes_per_event);
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  const Args args(argc, argv, 0, {"rounds"}, {"json", "perft"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  if (args.has("perft")) return bench_perft(args.has("json"));
  const int rounds = static_cast<int>(args.integer("rounds", 10, 1, 1000));
  const BenchFigures f = run_bench(rounds);
  if (args.has("json"))
    print_json(f);
  else
    print_text(f);
  return 0;
}

}  // namespace kibitz::cli
