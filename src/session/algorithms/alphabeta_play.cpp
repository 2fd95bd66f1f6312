// Alpha-beta as a player: the one deepening loop under a Budget (play_driver.hpp).
#include "session/algorithms/alphabeta_once.hpp"
#include "session/algorithms/play_driver.hpp"

namespace kibitz {

MoveChoice choose_alphabeta(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                            PlayState& state) {
  return choose_by_deepening<AlphaBetaOnce>(spec, play, budget, state);
}

}  // namespace kibitz
