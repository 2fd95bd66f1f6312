// The web API's search options (runSearch's JSON): parsed, completed, sized as the viewer sizes
// them, and run under a node budget (when the tree is small enough to be worth it).
#include "app/viewer_app/limits.hpp"
#include "fuzz_common.hpp"
#include "session/run.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 14) return 0;
  fuzz::guarded([&] {
    SearchSpec s = completed(SearchSpec::from_json(fuzz::text(data, size)));
    check_viewer_size(s);
    (void)s.link_params();
    if (s.node_budget == 0 || s.node_budget > fuzz::k_node_budget)
      s.node_budget = fuzz::k_node_budget;
    if (!s.algorithm().node_budget) return;  // no budget to bound it
    if (s.tt_entries > (1 << 16)) s.tt_entries = 1 << 16;
    (void)run_search(s, Recording::on);
  });
  return 0;
}
