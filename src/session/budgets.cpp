#include "session/budgets.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#elif !defined(__EMSCRIPTEN__)
#include <sys/resource.h>
#endif

#include "games/explicit_tree.hpp"
#include "search/transposition_table.hpp"
#include "session/estimate.hpp"

namespace kibitz {

namespace {

// A "Name:   123 kB" field of a /proc file in bytes (0 when absent).
[[maybe_unused]] std::uint64_t kb_field(const char* path, const char* name) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name, 0) != 0) continue;
    std::istringstream s(line.substr(std::string(name).size()));
    std::uint64_t kb = 0;
    if (s >> kb) return kb * 1024;
  }
  return 0;
}

}  // namespace

std::uint64_t available_memory() {
  constexpr std::uint64_t k_fallback = std::uint64_t{2} << 30;
#if defined(__EMSCRIPTEN__)
  return k_fallback;  // the page's heap may grow to 4 GiB; half of it for one search
#elif defined(_WIN32)
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status)) return k_fallback;
  return std::max<std::uint64_t>(status.ullAvailPhys, std::uint64_t{64} << 20);
#else
  std::uint64_t room = kb_field("/proc/meminfo", "MemAvailable:");
  if (room == 0) room = k_fallback;
  // A process limit (prlimit, ulimit -v): the address space left under it.
  struct rlimit limit {};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t mapped = kb_field("/proc/self/status", "VmSize:");
    room = std::min<std::uint64_t>(room, limit.rlim_cur > mapped ? limit.rlim_cur - mapped : 0);
  }
  // A container's memory limit (cgroup v2): what is left under it.
  std::ifstream max_file("/sys/fs/cgroup/memory.max"),
      current_file("/sys/fs/cgroup/memory.current");
  std::uint64_t max = 0, current = 0;
  if (max_file >> max && current_file >> current)
    room = std::min<std::uint64_t>(room, max > current ? max - current : 0);
  return std::max<std::uint64_t>(room, std::uint64_t{64} << 20);  // a floor: 64 MiB
#endif
}

std::uint64_t memory_for_a_trace() {
#ifdef __EMSCRIPTEN__
  return available_memory();
#else
  return available_memory() / 2;
#endif
}

std::size_t default_event_budget(bool in_memory) {
  if (!in_memory) return std::size_t{1} << 30;
  // A recorded event becomes up to six in the model (a lean trace's derived steps: 5.0 for
  // minimax, 6.0 for alpha-beta and PVS), each 40-44 bytes there and 124 in all with --json's
  // report: 768 bytes a recorded event keeps a search's trace under the model's own limit (64
  // bytes an event), even one that passes its budget by a chunk.
  const std::uint64_t events = available_memory() / 2 / k_in_memory_bytes_per_event;
  return static_cast<std::size_t>(std::clamp<std::uint64_t>(events, 1u << 20, 1ull << 32));
}

std::size_t table_entry_cap(const SearchSpec& spec, std::string* note) {
  const long long asked = spec.table_entries();
  if (asked <= 0) return 0;
  double tree = -1;  // nodes the search can meet, -1: unknown (a game)
  if (!spec.tree.empty()) {
    tree = static_cast<double>(ExplicitTree::parse(spec.tree).size());
  } else if (spec.random) {
    tree = estimated_nodes(spec);
    if (spec.node_budget > 0) tree = std::min(tree, static_cast<double>(spec.node_budget));
  }
  const std::uint64_t memory = available_memory() / 4 / sizeof(TtEntry);
  std::uint64_t cap = std::max<std::uint64_t>(memory, 1);
  std::string why = "a quarter of the memory available holds " + thousands(cap);
  if (tree >= 0 && 2 * tree < static_cast<double>(cap)) {
    cap = static_cast<std::uint64_t>(std::max(1.0, 2 * tree));
    why = "the tree has " + thousands(static_cast<unsigned long long>(tree)) + " nodes";
  }
  if (static_cast<std::uint64_t>(asked) <= cap) return static_cast<std::size_t>(asked);
  std::size_t entries = 1;  // the table rounds down to a power of two
  while (entries * 2 <= cap) entries *= 2;
  if (note) {
    *note = "the table has " + thousands(entries) + " entries, not " +
            thousands(static_cast<unsigned long long>(asked)) + ": " + why;
  }
  return entries;
}

std::string budget_stop_message(std::size_t nodes, std::size_t events, const RecordOptions& r,
                                const BudgetFacts& facts, const SearchSpec& spec) {
  const bool default_nodes = facts.default_nodes, default_events = facts.default_events;
  const std::string what = facts.iterations
                               ? "what was searched is reported, its value is the last finished "
                                 "iteration's; "
                               : "what was searched is reported, its value is not a result; ";
  // An algorithm that takes no node budget of its own (forward estimation) can only lift it.
  const std::string raise = spec.algorithm().node_budget
                                ? "raise the budget with --nodes N (--nodes 0: none)"
                                : "lift it with --nodes 0 (" + std::string(spec.algorithm().noun) +
                                      " takes no other node budget)";
  if (r.max_nodes > 0 && nodes >= r.max_nodes) {
    return "stopped by the node budget (" + thousands(r.max_nodes) + " nodes" +
           (default_nodes ? ", the default" : "") + "): " + what + raise;
  }
  if (r.max_events > 0 && events >= r.max_events) {
    // Only a trace kept whole in memory has a budget from the memory, which a file lifts.
    const bool in_memory = r.stream.empty() && !r.summary;
    return "stopped by the event budget (" + thousands(r.max_events) +
           (r.max_events == 1 ? " event" : " events") +
           (!default_events ? ""
            : in_memory     ? ", from the memory available"
                            : ", the default") +
           "): " + what + (in_memory ? "record to a file (--record F.kbz) or " : "") +
           "raise the budget with --max-events N";
  }
  if (spec.node_budget > 0 && nodes >= static_cast<std::size_t>(spec.node_budget)) {
    return "stopped by the node budget (" +
           thousands(static_cast<unsigned long long>(spec.node_budget)) +
           " nodes, --nodes): " + what + raise;
  }
  return "";
}

}  // namespace kibitz
