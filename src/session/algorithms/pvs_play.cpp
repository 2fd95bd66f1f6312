// Principal variation search as a player: the one deepening loop under a Budget (play_driver.hpp).
#include "session/algorithms/play_driver.hpp"
#include "session/algorithms/pvs_once.hpp"

namespace kibitz {

MoveChoice choose_pvs(const SearchSpec& spec, const OptionValues& play, const Budget& budget,
                      PlayState& state) {
  if (uses_modern_pvs(spec)) return choose_modern_pvs(spec, play, budget, state);
  return choose_by_deepening<PvsOnce>(spec, play, budget, state);
}

}  // namespace kibitz
