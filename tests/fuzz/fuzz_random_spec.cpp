// Random-tree specs ("b=5,d=10,lo=-16383,hi=16384,seed=1"): parsed, printed back (which must
// parse to the same spec), and searched by alpha-beta and minimax under a node budget.
#include "fuzz_common.hpp"
#include "games/random_tree.hpp"
#include "session/run.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;
  fuzz::guarded([&] {
    const RandomTreeParams p = RandomTreeParams::parse(fuzz::text(data, size));
    if (RandomTreeParams::parse(p.to_text()).to_text() != p.to_text()) std::abort();
    for (const char* algo : {"alphabeta", "minimax"}) {
      SearchSpec s;
      s.random = p;
      s.set_algorithm(algo);
      s.node_budget = fuzz::k_node_budget;
      (void)run_search(s, Recording::on);
    }
  });
  return 0;
}
