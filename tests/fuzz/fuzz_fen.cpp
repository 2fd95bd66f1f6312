// Chess positions: a FEN or "startpos", optionally followed by " moves ..." in UCI, SAN or
// descriptive notation; then perft to depth 2, every move's SAN, and a 2-ply alpha-beta search.
#include "fuzz_common.hpp"
#include "games/chess/chess_game.hpp"
#include "session/run.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  fuzz::guarded([&] {
    const std::string text = fuzz::text(data, size);
    ChessGame g = ChessGame::from_text(text);
    (void)g.perft(2);
    std::vector<ChessGame::Move> moves;
    g.moves(moves);
    for (const ChessGame::Move& m : moves) (void)g.move_label(m);
    (void)g.position_text();
    SearchSpec s;
    s.game = "chess";
    s.position = text;
    s.depth = 2;
    s.node_budget = fuzz::k_node_budget;
    (void)run_search(s, Recording::on);
  });
  return 0;
}
