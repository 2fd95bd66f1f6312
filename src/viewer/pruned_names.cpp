// The names the narration gives the successors a cutoff left unsearched (game_services.hpp).
#include "viewer/game_services.hpp"

namespace kibitz::viewer {

PrunedNames pruned_names(const std::map<std::uint32_t, std::vector<PrunedNode>>& pruned) {
  if (pruned.empty()) return {};
  return [&pruned](std::uint32_t node) {
    std::vector<std::string> names;
    const auto it = pruned.find(node);
    if (it == pruned.end()) return names;
    for (const PrunedNode& g : it->second) {
      if (g.parent != -1) continue;  // in a pruned successor's subtree
      const bool number =
          !g.name.empty() && g.name.find_first_not_of("0123456789") == std::string::npos;
      names.push_back(number ? "move " + g.name : !g.name.empty() ? g.name : "node " + g.path);
    }
    return names;
  };
}

}  // namespace kibitz::viewer
