// Positions a trace does not record. A recording keeps each node's move (its index in the
// game's generation order), not its position: the position follows from the root's (the facts
// `game` and `position`) and the moves from the root, by the game's rules, which the trace
// layer does not know. The app installs a deriver (session/services.cpp); without one, or for a
// trace of a tree, a node has no position text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kibitz::trace {

class Meta;

// The position reached from `root_position` of `game` by the moves with these generation
// indices, as the game's position text; "" when a move index is not a legal move's.
using PositionDeriver = std::string (*)(const std::string& game, const std::string& root_position,
                                        const std::vector<std::uint16_t>& move_indices);
void set_position_deriver(PositionDeriver deriver);

// "" when no deriver is installed or the facts name no game.
std::string derive_position(const Meta& meta, const std::vector<std::uint16_t>& move_indices);

}  // namespace kibitz::trace
