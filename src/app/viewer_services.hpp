// The viewer's game services (viewer/game_services.hpp), answered with the games' code.
#pragma once

#include "viewer/game_services.hpp"

namespace kibitz {

viewer::GameServices viewer_game_services();

}  // namespace kibitz
