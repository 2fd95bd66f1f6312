// .kbz trace files: read, modelled, sought at a few events, narrated, and written back (the
// written file must read back to the same events).
#include "fuzz_common.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 20) return 0;
  fuzz::guarded([&] {
    const trace::Trace t = trace::read_kbz(data, size);
    const trace::Model m(t);
    const std::size_t n = m.event_count();
    for (std::size_t at : {std::size_t{0}, n / 3, n / 2, n ? n - 1 : 0}) {
      if (at >= n) continue;
      (void)narrate(m, at);
      (void)m.counters_at(at);
      for (std::uint32_t id = 0; id < m.node_count() && id < 8; ++id) (void)m.state_at(id, at);
    }
    const std::vector<std::uint8_t> again = trace::write_kbz(t);
    if (trace::read_kbz(again).events.size() != t.events.size()) std::abort();
  });
  return 0;
}
