// What to search and how: the one description shared by the CLI flags, the web API's JSON
// options, page links, the desktop set-up panel and the trace metadata (so a trace can be
// searched again). The source and the options every search shares are fields; the algorithm's
// own options are values of its registry entry's options (app/algorithms/algorithm.hpp).
#pragma once

#include <optional>
#include <string>

#include "core/criterion.hpp"
#include "core/options.hpp"
#include "games/random_tree.hpp"
#include "session/algorithms/algorithm.hpp"
#include "trace/trace.hpp"

namespace kibitz {

struct SearchSpec {
  // The source: exactly one of a bracket tree, a random tree or a game.
  std::string tree;  // bracket text
  std::optional<RandomTreeParams> random;
  std::string game;      // "tictactoe", "connect4", "othello", "chess"
  std::string position;  // the game's position text ("" = start)

  int depth = -1;                  // plies; -1 = to the leaves (trees only)
  std::string algo = "alphabeta";  // a registry name (algorithm.hpp)
  Criterion criterion = Criterion::gt;
  bool criterion_given = false;  // else the algorithm's (set_algorithm)
  bool iterative = false;        // iterative deepening: depth 1, 2, ... up to depth
  long long node_budget = 0;     // stop after this many nodes (0: no limit)
  long long tt_entries = -1;     // transposition table size; -1: the algorithm's default
  OptionValues options;          // the algorithm's own options, as given

  static constexpr int k_full_depth = 1 << 20;

  const AlgorithmEntry& algorithm() const { return kibitz::algorithm(algo); }
  // Chooses the algorithm (InputError for an unknown name); its criterion unless one was given.
  void set_algorithm(const std::string& name);

  // Throws InputError when the combination cannot be searched.
  void validate() const;
  std::string source_kind() const;  // "tree", "random" or the game name
  int search_depth() const { return depth < 0 ? k_full_depth : depth; }
  // Entries of the transposition table this search uses (the algorithm's TableUse).
  long long table_entries() const;

  // One of the algorithm's options, as given or its default.
  std::string option(const std::string& key) const;
  long long option_int(const std::string& key) const;
  bool option_on(const std::string& key) const;

  // Sets a search option by its key, common ("depth", "criterion", "iterative", "nodes", "tt",
  // "algo") or the algorithm's (or an alias): the codec behind JSON, links and the set-up form.
  // `as` names the option in messages ("--feedover" on the command line). Throws InputError for
  // a bad value, an option of another algorithm or an unknown key.
  void set(const std::string& key, const std::string& value, const std::string& as = "");
  static bool is_common_key(const std::string& key);
  // The options every search shares (algo, criterion, depth, iterative, nodes, tt), declared
  // like an algorithm's: one range and one message for every place they are given.
  static const OptionList& common_options();

  // Trace metadata and back, so a saved trace says how to search it again.
  void write_meta(trace::Meta& meta) const;
  static std::optional<SearchSpec> from_meta(const trace::Meta& meta);

  // The web API's options object, with the CLI's flag names as keys:
  // {"tree": "...", "algo": "alphabeta", "criterion": "ge"} or {"random": "b=3,d=4,seed=1"}.
  // Without `check`, a spec that reads but cannot be searched is returned unvalidated (the
  // set-up form shows it with the message, so the user's input is not lost).
  static SearchSpec from_json(const std::string& json, bool check = true);

  // The search as link parameters: "tree=...&algo=alphabeta&criterion=ge&depth=3..." (values
  // %-encoded), and back (unknown keys are InputError; `extra` receives keys this does not know,
  // such as the view's t=, when given).
  std::string link_params() const;
  using ExtraKey = bool (*)(const std::string& key, const std::string& value, void* user);
  static SearchSpec from_link_params(const std::string& params, ExtraKey extra = nullptr,
                                     void* user = nullptr);
};

// %XX decoding and encoding for links.
std::string url_decode(const std::string& s);
std::string url_encode(const std::string& s);

}  // namespace kibitz
