// Interest search as a player (interest_play.cpp): its own `choose`, since it iterates by its
// limit rather than by depth, and the options only a player takes.
#pragma once

#include "core/options.hpp"
#include "session/play.hpp"

namespace kibitz {

const OptionList& interest_play_options();
// Throws InputError for options that do not go together (limit= with limits=, cap=none with
// an extension).
void validate_interest_player(const SearchSpec& spec, const OptionValues& play);
MoveChoice choose_interest(const SearchSpec& spec, const OptionValues& play, const Budget& b,
                           PlayState& state);

}  // namespace kibitz
