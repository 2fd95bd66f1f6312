// A player's safety net (session/play.hpp, quick_choice): a one-ply search with the game's
// static evaluation, the same for every algorithm.
#include <chrono>

#include "session/algorithms/play_driver.hpp"

namespace kibitz {

MoveChoice quick_choice(const SearchSpec& spec, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  MoveChoice choice;
  visit_domain(spec, [&](auto& game) {
    using Game = std::decay_t<decltype(game)>;
    const std::vector<int> full = prepare_root(game, budget);
    std::vector<typename Game::Move> moves;
    game.moves(moves);
    Score best = -k_score_inf;
    for (std::size_t i = 0; i < moves.size() && i < full.size(); ++i) {
      game.make(moves[i]);
      const Score v = -game.evaluate();  // the evaluation is the side to move's
      game.unmake(moves[i]);
      ++choice.nodes;
      if (v > best) {  // ties: the first generated
        best = v;
        choice.move_index = full[i];
      }
    }
    if (choice.move_index < 0) return 0;  // the game is over
    choice.value = best;
    choice.depth = 1;
    choice.last.depth = choice.last.seldepth = 1;
    choice.last.value = best;
    choice.last.pv = {choice.move_index};
    return 0;
  });
  choice.nodes += choice.move_index >= 0 ? 1 : 0;  // the root
  choice.last.nodes = choice.nodes;
  choice.last.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return choice;
}

}  // namespace kibitz
