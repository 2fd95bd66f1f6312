// The page's links ("#tree=...&algo=alphabeta&t=42&view=minimax..."): the search's parameters
// parsed (the view's own keys handed to a callback, as the page does), written back and parsed
// again to the same link.
#include "fuzz_common.hpp"
#include "session/search_spec.hpp"

using namespace kibitz;

namespace {

bool view_key(const std::string& key, const std::string&, void*) {
  return key == "t" || key == "view" || key == "sel" || key == "cam" || key == "theme" ||
         key == "text" || key == "present" || key == "panels" || key == "pruned" || key == "layout";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 14) return 0;
  fuzz::guarded([&] {
    const SearchSpec s = SearchSpec::from_link_params(fuzz::text(data, size), view_key, nullptr);
    const std::string link = s.link_params();
    if (SearchSpec::from_link_params(link).link_params() != link) std::abort();
  });
  return 0;
}
