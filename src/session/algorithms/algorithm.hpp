// The algorithm registry: one entry per search the tools offer, as the match Player registry
// has one per player. An entry is everything the rest of the program asks of an algorithm: its
// name and label, its options (core/options.hpp: one codec for CLI flags, runSearch JSON, page
// links, trace metadata and the set-up form), the rules its searches follow, how it runs on
// every domain with or without recording, its report sections and its bench searches. The
// viewer's side of an algorithm (pseudocode, overlays) is registered in src/viewer/views/.
//
// Adding an algorithm: its search (src/search/), its entry in a file of its own here, and one
// line in registry.cpp.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/criterion.hpp"
#include "core/options.hpp"
#include "session/record_options.hpp"

namespace kibitz {

struct SearchSpec;
struct Budget;
struct MoveChoice;
struct PlayState;
struct SearchResult;
struct IterationResult;
class JsonWriter;
namespace trace {
class Model;
}

// How an algorithm uses a transposition table.
enum class TableUse {
  refuses,         // it has no use for one: --tt is an error
  optional,        // only when --tt gives one
  transpositions,  // on by default in games with transpositions (chess, Othello)
  always,          // on by default everywhere (table_entries)
};

struct AlgorithmEntry {
  const char* name;     // "alphabeta": --algo, "algo" in JSON, links and trace metadata
  const char* label;    // the set-up form's list: "alpha-beta: search! (000_…)"
  const char* noun;     // in sentences: "alpha-beta", "the Greenblatt search"
  const char* summary;  // one line of the CLI's usage
  const OptionList* options = nullptr;  // its own options, in trace-metadata order
  Criterion criterion = Criterion::gt;  // the cutoff criterion when none is given
  TableUse table = TableUse::optional;
  long long table_entries = 1 << 16;  // the default size where it uses one by default
  bool node_budget = true;            // takes a node budget (--nodes)
  bool iterative = true;              // takes iterative deepening (--iterative)
  bool scores = true;  // its tree compares with an unpruned minimax (a selective one does not)
  bool value_bound = false;  // its value is reported with its bound (exact, lower, upper)
  bool prunes = true;        // false: it searches every node of a tree (its size is known ahead)

  // Checks beyond the options' own ranges (the source, combinations); throws InputError.
  void (*validate)(const SearchSpec& spec) = nullptr;
  // Fills in what the options leave to the source (forward estimation's bounds).
  void (*complete)(SearchSpec& spec) = nullptr;
  // Searches the spec's domain (recording the trace when asked) into out.
  void (*run)(const SearchSpec& spec, const RecordOptions& record, SearchResult& out) = nullptr;
  // The depth each root's unpruned scores are computed to (nullptr: the spec's depth; negative:
  // none, the search has no depth to compare with).
  int (*score_depth)(const SearchSpec& spec) = nullptr;
  // Its report sections (report.cpp), each where the report has a place for it: JSON fields
  // after the common ones; fields after how the search ended (JSON and a text line after the
  // cutoffs); an iteration's own fields and its text line (nullptr: the common line); a
  // nodes_table entry's own fields (the node as of event t) and the entries after the searched
  // nodes; lines at the end of the text report (from the result's figures alone: the report of
  // a search too big to keep has no model).
  void (*report_json)(JsonWriter& j, const SearchResult& r, const trace::Model& m) = nullptr;
  void (*report_outcome_json)(JsonWriter& j, const SearchResult& r) = nullptr;
  void (*report_outcome_text)(std::ostream& o, const SearchResult& r) = nullptr;
  void (*report_iteration_json)(JsonWriter& j, const IterationResult& it) = nullptr;
  std::string (*report_iteration_text)(int number, const IterationResult& it) = nullptr;
  void (*report_node_json)(JsonWriter& j, const trace::Model& m, std::uint32_t id,
                           std::size_t t) = nullptr;
  void (*report_nodes)(JsonWriter& j, const trace::Model& m, std::size_t t, bool scores) = nullptr;
  void (*report_text)(std::ostream& o, const SearchResult& r) = nullptr;
  // Its searches in `kibitz bench` (their node counts are part of the bench signature).
  std::vector<SearchSpec> (*bench)() = nullptr;

  // Playing (session/play.hpp): how it chooses a move in spec's game and position under a
  // budget (nullptr: it does not play; usually choose_by_deepening<Once>, play_driver.hpp), so
  // it is a UCI engine and a match player. The options only a player takes, other names a
  // player may give its options ("ext" for "extension"), the options a player starts from
  // ("depth=4,tt=65536"; a player spec's own override them), UCI's on top of those, and UCI's
  // default Hash in megabytes.
  MoveChoice (*choose)(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                       PlayState& state) = nullptr;
  void (*validate_play)(const SearchSpec& spec, const OptionValues& play) = nullptr;
  const OptionList* play_options = nullptr;
  std::vector<std::pair<const char*, const char*>> play_aliases;
  const char* play_defaults = "";
  const char* uci_defaults = "";
  int uci_hash_mb = 16;

  const OptionList& option_list() const;
};

// Every algorithm, in the set-up form's order.
const std::vector<const AlgorithmEntry*>& algorithms();
const AlgorithmEntry* find_algorithm(const std::string& name);
// Throws InputError listing the known names.
const AlgorithmEntry& algorithm(const std::string& name);
std::string algorithm_names(const char* separator = ", ");  // "minimax, alphabeta, ..."
// The algorithm other than `except` that has an option named key, or nullptr.
const AlgorithmEntry* option_owner(const std::string& key, const AlgorithmEntry* except = nullptr);

}  // namespace kibitz
