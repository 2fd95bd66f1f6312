// UCI command streams, a line at a time, as a GUI (or anything on stdin) sends them: every
// "go" gets a node budget appended (a later "nodes" wins), so no input can search for long.
#include <sstream>

#include "app/play/uci/uci_session.hpp"
#include "fuzz_common.hpp"

using namespace kibitz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 12) return 0;
  fuzz::guarded([&] {
    std::ostringstream out;
    uci::Session session("alphabeta", out);
    std::istringstream in(fuzz::text(data, size));
    std::string line;
    int searches = 0;
    while (std::getline(in, line)) {
      if (line.rfind("go", 0) == 0) {
        if (++searches > 4) continue;
        line += " nodes 500";
      }
      if (!session.command(line)) break;
    }
  });
  return 0;
}
