// What the viewer asks about a game position. The viewer knows no game rules (it reads the
// trace model only), so the app answers these (app/services.cpp); a viewer without an answer
// shows nothing in their place.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::viewer {

// A static evaluation broken into its terms (the Greenblatt program's debugging aid 3).
struct EvalBreakdown {
  struct Row {
    std::string term;  // "M"; an indented "  tripled" for a part of the one above
    int value = 0;
    std::string what;  // "material (a pawn is 128)"
  };
  std::string title;  // "evaluation S = M + R + P + K + C (White's view)"
  std::vector<Row> rows;
  std::string footer;  // "From the side to move: +12"
};

// A leaf the search never evaluated (a pruned successor's subtree), where the whole tree is
// known: its path from the root (generation order), its name and its value from MAX's view.
struct PrunedLeaf {
  std::string path, name;
  int value = 0;
};

struct GameServices {
  // The evaluation of `position` in `game` (root_position: the search's root, which some
  // terms compare with); nothing when the game has no such breakdown or the text is not a
  // position.
  std::function<std::optional<EvalBreakdown>(const std::string& game, const std::string& position,
                                             const std::string& root_position)>
      eval_breakdown;
  // The leaves under the successors the search never entered, by the node they were pruned
  // at (a model id), for a trace whose whole tree is known (a bracket tree); empty otherwise.
  std::function<std::map<std::uint32_t, std::vector<PrunedLeaf>>(const trace::Model& model)>
      pruned_leaves;
};

}  // namespace kibitz::viewer
