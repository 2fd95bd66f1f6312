// What the set-up panel edits: a source, an algorithm from the app's registry with its own
// options (as the user types them: the app reads them through the same codec as links and JSON
// when the search runs), the cutoff criterion and the depth.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/criterion.hpp"
#include "core/options.hpp"

namespace kibitz::viewer {

// An algorithm as the set-up form offers it (the app lists its registry here).
struct AlgorithmChoice {
  std::string name;   // "alphabeta"
  std::string label;  // "alpha-beta (search!, 000_…)"
  const OptionList* options = nullptr;
  Criterion criterion = Criterion::gt;  // the algorithm's own criterion
  bool scores = true;  // its tree compares with an unpruned minimax (not a selective search)
};

struct SetupForm {
  enum class Source { example = 0, tree = 1, random = 2, game = 3 };  // the radio order
  Source source = Source::example;
  std::string tree_text = "((3 12 8) (2 4 6) (14 5 2))";
  int example = 0;
  bool random_branching = false;  // b uniform, or B random 1..B
  int b = 3, B = 5, root = 0, d = 4;
  int lo = -9, hi = 9;
  int seed = 1;
  std::string algo = "alphabeta";
  // Each algorithm's options as typed (key -> text), kept when another algorithm is chosen.
  std::map<std::string, std::map<std::string, std::string>> values;
  int criterion = 0;  // 0 ">", 1 "≥"
  int depth = -1;     // -1: to the leaves
  // Games.
  int game = 0;          // index into k_games
  std::string position;  // the game's position text ("" = start)
  int game_depth = 4;
  bool iterative = false;
  int node_budget = 0;  // 0: no limit
  int table = -1;       // transposition table entries; -1: the algorithm's default

  static constexpr const char* k_games[] = {"tictactoe", "connect4", "othello", "chess"};
  static constexpr int k_game_count = 4;

  // The chosen algorithm's values.
  std::map<std::string, std::string>& options() { return values[algo]; }
  const std::map<std::string, std::string>* options_of(const std::string& name) const {
    auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  }
};

}  // namespace kibitz::viewer
