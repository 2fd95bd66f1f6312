// The budgets every search runs under (issue 18): nothing a user types can make the machine
// run out of memory or search for hours without a word. A node budget and an event budget,
// on by default and derived from the memory available, are checked while searching (per
// event chunk); a transposition table is never larger than the tree or a quarter of memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "session/algorithms/algorithm.hpp"
#include "session/search_spec.hpp"

namespace kibitz {

// Nodes a search may enter when no --nodes is given: about five seconds here.
constexpr std::size_t k_default_node_budget = 50'000'000;

// Bytes of memory this process may still take: the system's MemAvailable, less under a process
// address-space limit (prlimit) or a container's (cgroup v2 memory.max), 64 MiB at least (the
// page: half its heap's limit); 2 GiB when it cannot be read.
std::uint64_t available_memory();

// Bytes one trace opened whole (its model) may take: half the memory available natively; in the
// page, whose available_memory() is already half its heap, all of it.
std::uint64_t memory_for_a_trace();

// Events a trace may record: kept in memory, what half the memory available holds at 768 bytes
// a recorded event (its model's events and the report included); streamed to a file, 2^30 (a
// 16 GiB file).
constexpr std::uint64_t k_in_memory_bytes_per_event = 768;
std::size_t default_event_budget(bool in_memory);

// The table entries a spec may have: at most twice the tree's nodes (a bracket tree's; a
// random tree's whole size or its node budget) and a quarter of the memory available. Sets
// `note` ("the table has 4 entries, not 67108864: the tree has 3 nodes") when it caps.
std::size_t table_entry_cap(const SearchSpec& spec, std::string* note = nullptr);

// Which budget stopped a search and how to raise it, for the CLI ("stopped by the node budget
// (50,000,000 nodes, the default): ... --nodes N"); "" when none did.
// The search's own --nodes (spec.node_budget) is named too, when it is what stopped it.
struct BudgetFacts {
  bool default_nodes = true, default_events = true;  // the budgets were not set by the user
  bool iterations = false;  // the value is the last finished iteration's, a result
};
std::string budget_stop_message(std::size_t nodes, std::size_t events, const RecordOptions& r,
                                const BudgetFacts& facts, const SearchSpec& spec);

}  // namespace kibitz
