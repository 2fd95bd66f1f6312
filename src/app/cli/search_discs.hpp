// Othello endgames solved exactly (kibitz search --game othello --depth end): the final disc
// difference a search to the end found for the side to move, and with --all-moves every root
// move's, as FFO's tables and Edax list them.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "session/run.hpp"

namespace kibitz::cli {

// The disc difference (empties to the winner) for the side to move at the root, when the
// search went to the end of an Othello game; nothing otherwise.
std::optional<int> othello_discs(const SearchSpec& spec, const SearchResult& result);

// Each root move ("g8", "pass") and its exact disc difference for the side to move, best
// first, each searched to the end under `record`'s budgets. Throws InputError when a budget
// stops one (its value would not be exact).
std::vector<std::pair<std::string, int>> othello_all_moves(const SearchSpec& spec,
                                                           const RecordOptions& record);

// The report with "discs" (and "moves") added: JSON as fields, text as lines.
std::string with_discs(std::string report, bool json, std::optional<int> discs,
                       const std::vector<std::pair<std::string, int>>& moves);

}  // namespace kibitz::cli
