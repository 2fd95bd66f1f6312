// kibitz bench: search speed with and without recording, events per second, bytes per event;
// with --perft, move generation speed on deep perft runs whose counts are checked.
#include <chrono>
#include <cstdio>

#include "app/bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/domains.hpp"
#include "core/error.hpp"
#include "search/perft.hpp"
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

}  // namespace

int cmd_bench(int argc, char** argv) {
  const Args args(argc, argv, 0, {"rounds"}, {"json", "perft"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  if (args.has("perft")) return bench_perft(args.has("json"));
  const int rounds = static_cast<int>(args.integer("rounds", 10, 1, 1000));
  const BenchFigures f = run_bench(rounds);
  const double nps_plain = f.nodes / f.seconds_unrecorded;
  const double nps_rec = f.nodes / f.seconds_recorded;
  const double eps = f.events / f.seconds_recorded;
  if (args.has("json")) {
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
    j.key("seconds_unrecorded");
    j.number(f.seconds_unrecorded);
    j.key("seconds_recorded");
    j.number(f.seconds_recorded);
    j.key("nodes_per_second_unrecorded");
    j.number(nps_plain);
    j.key("nodes_per_second_recorded");
    j.number(nps_rec);
    j.key("recording_slowdown");
    j.number(f.seconds_recorded / f.seconds_unrecorded);
    j.key("events");
    j.number(f.events);
    j.key("events_per_second");
    j.number(eps);
    j.key("trace_bytes");
    j.number(f.trace_bytes);
    j.key("bytes_per_event");
    j.number(f.bytes_per_event);
    j.key("rounds");
    j.number(static_cast<long long>(f.rounds));
    j.end_object();
    std::printf("%s\n", j.str().c_str());
    return 0;
  }
  std::printf("bench: %zu searches, best of %d rounds\n", bench_cases().size(), f.rounds);
  std::printf("signature            %lld nodes (classic part %lld:", f.signature.total,
              f.signature.classic);
  for (const auto& [algo, nodes] : f.signature.by_algorithm)
    std::printf(" %s %lld", algo.c_str(), nodes);
  std::printf(")\n");
  std::printf("unrecorded           %.4f s  %.0f nodes/s\n", f.seconds_unrecorded, nps_plain);
  std::printf("recorded             %.4f s  %.0f nodes/s  (x%.2f)\n", f.seconds_recorded, nps_rec,
              f.seconds_recorded / f.seconds_unrecorded);
  std::printf("events               %lld  (%.0f events/s)\n", f.events, eps);
  std::printf("trace bytes          %lld  (%.2f bytes/event)\n", f.trace_bytes, f.bytes_per_event);
  return 0;
}

}  // namespace kibitz::cli
