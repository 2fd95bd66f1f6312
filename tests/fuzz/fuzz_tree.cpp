// Bracket trees: the parser, then (for trees up to 4,000 nodes) minimax, alpha-beta with > and
// >=, and principal variation search, recorded; alpha-beta and PVS must find minimax's value
// (the seed's claim, checked on every tree the fuzzer makes), and the model of alpha-beta's
// trace is built, sought and narrated.
#include "fuzz_common.hpp"
#include "games/explicit_tree.hpp"
#include "session/run.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"

using namespace kibitz;

namespace {

SearchResult search(const std::string& tree, const char* algo, Criterion c, Recording r) {
  SearchSpec s;
  s.tree = tree;
  s.set_algorithm(algo);
  s.criterion = c;
  s.criterion_given = true;
  return run_search(s, r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 16) return 0;
  fuzz::guarded([&] {
    const std::string text = fuzz::text(data, size);
    const ExplicitTree tree = ExplicitTree::parse(text);
    if (tree.size() > 4000) return;
    const Score minimax = search(text, "minimax", Criterion::gt, Recording::off).value;
    for (Criterion c : {Criterion::gt, Criterion::ge}) {
      if (search(text, "pvs", c, Recording::off).value != minimax) std::abort();
      const SearchResult ab = search(text, "alphabeta", c, Recording::on);
      if (ab.value != minimax) std::abort();
      const trace::Model m(ab.trace);
      for (std::size_t t : {std::size_t{0}, m.event_count() / 2, m.event_count() - 1}) {
        if (t >= m.event_count()) continue;
        (void)narrate(m, t, trace::ValueView::minimax);
        (void)narrate(m, t, trace::ValueView::negamax);
        (void)m.counters_at(t);
        if (m.node_count()) (void)m.state_at(m.node_count() - 1, t);
      }
    }
  });
  return 0;
}
