// kibitz bench: search speed with and without recording, events per second, bytes per event.
#include <cstdio>

#include "app/bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

int cmd_bench(int argc, char** argv) {
  const Args args(argc, argv, 0, {"rounds"}, {"json"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const int rounds = static_cast<int>(args.integer("rounds", 10, 1, 1000));
  const BenchFigures f = run_bench(rounds);
  const double nps_plain = f.nodes / f.seconds_unrecorded;
  const double nps_rec = f.nodes / f.seconds_recorded;
  const double eps = f.events / f.seconds_recorded;
  if (args.has("json")) {
    JsonWriter j;
    j.begin_object();
    j.key("signature");
    j.number(f.signature);
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
  std::printf("signature            %lld nodes\n", f.signature);
  std::printf("unrecorded           %.4f s  %.0f nodes/s\n", f.seconds_unrecorded, nps_plain);
  std::printf("recorded             %.4f s  %.0f nodes/s  (x%.2f)\n", f.seconds_recorded, nps_rec,
              f.seconds_recorded / f.seconds_unrecorded);
  std::printf("events               %lld  (%.0f events/s)\n", f.events, eps);
  std::printf("trace bytes          %lld  (%.2f bytes/event)\n", f.trace_bytes, f.bytes_per_event);
  return 0;
}

}  // namespace kibitz::cli
