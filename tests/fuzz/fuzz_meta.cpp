// A trace's facts (the META chunk's JSON): parsed, the steps rule read from them, the search
// they describe made again (SearchSpec::from_meta), and written back.
#include "fuzz_common.hpp"
#include "session/search_spec.hpp"
#include "trace/json_text.hpp"
#include "trace/steps.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 16) return 0;
  fuzz::guarded([&] {
    const trace::Meta meta = trace::meta_from_json(fuzz::text(data, size));
    (void)trace::steps_from_meta(meta);
    (void)trace::meta_to_json(meta);
    if (const auto spec = SearchSpec::from_meta(meta)) (void)spec->link_params();
  });
  return 0;
}
