// What to search and how: the one description shared by the CLI flags, the web API's JSON
// options, the desktop set-up panel and the trace metadata (so a trace can be searched again).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/interest_spec.hpp"
#include "core/criterion.hpp"
#include "games/random_tree.hpp"
#include "search/edge_bounds.hpp"
#include "search/greenblatt/greenblatt_options.hpp"
#include "trace/trace.hpp"

namespace kibitz {

enum class Algorithm {
  minimax,
  alphabeta,
  alphabeta_bounds,
  forward_estimation,
  greenblatt,
  interest
};

// "minimax", "alphabeta", "alphabeta-bounds", "forward-estimation", "greenblatt", "interest"
const char* algorithm_name(Algorithm a);
// Throws InputError listing the known names.
Algorithm parse_algorithm(const std::string& text);

struct SearchSpec {
  // The source: exactly one of a bracket tree, a random tree or a game.
  std::string tree;  // bracket text
  std::optional<RandomTreeParams> random;
  std::string game;      // "tictactoe", "connect4", "othello", "chess"
  std::string position;  // the game's position text ("" = start)

  int depth = -1;  // plies; -1 = to the leaves (trees only)
  Algorithm algo = Algorithm::alphabeta;
  Criterion criterion = Criterion::gt;
  bool iterative = false;     // iterative deepening: depth 1, 2, ... up to depth
  long long node_budget = 0;  // stop after this many nodes (0: no limit)
  long long tt_entries = -1;  // transposition table size; -1: the domain's default
  // The Greenblatt search (chess only; docs/greenblatt.md).
  std::string widths;     // width schedule: "normal" (""), "tournament", "15,15,9,9,7"
  int feedover = -1;      // feedover plies per path; -1: the default (2)
  bool secondary = true;  // secondary search at the top level
  bool pruning = true;    // alpha-beta (off: the same selective tree without it)
  InterestSpec interest;  // algo interest (app/interest_spec.hpp)

  static constexpr long long k_default_tt = 1 << 16;
  static constexpr long long k_greenblatt_tt = 1 << 15;  // the paper's 32,000 entries

  // --- forward estimation (algo forward-estimation; app/fe_search.hpp) ---
  std::optional<EdgeSource> fe_bounds;  // unset: exact for random trees, on-line for games
  int fe_delta_milli = 1000;            // delta in thousandths (0..1000)
  bool fe_likely = false;               // variant (2): learned likely increment/decrement
  int fe_samples = 10;                  // off-line learning: K sample playouts
  EdgeSource fe_source() const {
    return fe_bounds ? *fe_bounds : (random ? EdgeSource::exact : EdgeSource::online);
  }
  // --- end forward estimation ---

  static constexpr int k_full_depth = 1 << 20;

  // Throws InputError when the combination cannot be searched.
  void validate() const;
  std::string source_kind() const;  // "tree", "random" or the game name
  int search_depth() const { return depth < 0 ? k_full_depth : depth; }
  // Entries of the transposition table this search uses: the table is on by default for
  // chess and Othello (games with transpositions), off otherwise.
  long long table_entries() const {
    if (tt_entries >= 0) return tt_entries;
    if (algo == Algorithm::greenblatt) return k_greenblatt_tt;
    const bool uses_table = algo == Algorithm::alphabeta || algo == Algorithm::alphabeta_bounds;
    return (game == "chess" || game == "othello") && uses_table ? k_default_tt : 0;
  }

  // The Greenblatt search's options (validate() first).
  greenblatt::GreenblattOptions greenblatt_options() const;

  // Trace metadata and back, so a saved trace says how to search it again.
  void write_meta(trace::Meta& meta) const;
  static std::optional<SearchSpec> from_meta(const trace::Meta& meta);

  // The web API's options object, with the CLI's flag names as keys:
  // {"tree": "...", "algo": "alphabeta", "criterion": "ge"} or {"random": "b=3,d=4,seed=1"}.
  static SearchSpec from_json(const std::string& json);
};

// Forward estimation's delta: "0.5", "1", ".25" -> thousandths; throws InputError unless it is
// a number in [0, 1] (given to at most three decimals, more are rounded).
int parse_fe_delta(const std::string& text);
std::string format_fe_delta(int milli);  // 500 -> "0.5", 1000 -> "1"

}  // namespace kibitz
