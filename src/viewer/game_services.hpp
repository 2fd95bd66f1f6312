// What the viewer asks about a game position. The viewer knows no game rules (it reads the
// trace model only), so the app answers these (app/viewer_app/services.cpp); a viewer without an answer
// shows nothing in their place.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trace/model.hpp"
#include "trace/narration.hpp"

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

// A node the search never entered (in a pruned successor's subtree), where the whole tree is
// known: its path from the root (generation order), its name, its depth, the node above it
// (an index in its list; -1 for the pruned successors themselves) and, for a leaf, its value
// from MAX's view.
struct PrunedNode {
  std::string path, name;
  int value = 0;
  int depth = 0;
  int parent = -1;
  bool leaf = true;
};

struct GameServices {
  // The evaluation of `position` in `game` (root_position: the search's root, which some
  // terms compare with); nothing when the game has no such breakdown or the text is not a
  // position.
  std::function<std::optional<EvalBreakdown>(const std::string& game, const std::string& position,
                                             const std::string& root_position)>
      eval_breakdown;
  // The subtrees of the successors the search never entered, in pre-order, by the node they
  // were pruned at (a model id), for a trace whose whole tree is known (a bracket or random
  // tree), or with `games` a game's (searched again from its position); empty otherwise.
  std::function<std::map<std::uint32_t, std::vector<PrunedNode>>(const trace::Model& model,
                                                                 bool games)>
      pruned_branches;
};

// How sentences name the successors pruned at a node (for narrate()): each one's name, else
// "node " and its path, the way node_name() names a searched node.
PrunedNames pruned_names(const std::map<std::uint32_t, std::vector<PrunedNode>>& pruned);

}  // namespace kibitz::viewer
