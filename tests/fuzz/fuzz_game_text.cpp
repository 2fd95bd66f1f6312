// The other games' position texts (the first byte picks Othello, connect four or tic-tac-toe):
// parsed, then searched to depth 3 under a node budget, recorded, and the model built.
#include "fuzz_common.hpp"
#include "session/run.hpp"
#include "trace/model.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 4096) return 0;
  static const char* const games[] = {"othello", "connect4", "tictactoe"};
  fuzz::guarded([&] {
    SearchSpec s;
    s.game = games[data[0] % 3];
    s.position = fuzz::text(data + 1, size - 1);
    s.depth = 3;
    s.node_budget = fuzz::k_node_budget;
    const SearchResult r = run_search(s, Recording::on);
    const trace::Model m(r.trace);
    (void)m.counters_at(m.event_count() ? m.event_count() - 1 : 0);
  });
  return 0;
}
