// JSON traces (version 1 and 2): read, modelled, sought and narrated, and written back.
#include "fuzz_common.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/trace_json.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 20) return 0;
  fuzz::guarded([&] {
    const trace::Trace t = trace::read_trace_json(fuzz::text(data, size));
    const trace::Model m(t);
    const std::size_t n = m.event_count();
    for (std::size_t at : {std::size_t{0}, n / 2, n ? n - 1 : 0}) {
      if (at >= n) continue;
      (void)narrate(m, at, trace::ValueView::minimax);
      (void)narrate(m, at, trace::ValueView::negamax);
      (void)m.counters_at(at);
    }
    (void)trace::write_trace_json(t);
  });
  return 0;
}
