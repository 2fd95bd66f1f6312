// kibitz export: a trace as JSON (the documented interchange format) or back to .kbz.
#include <cstdio>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"
#include "trace/trace_json.hpp"

namespace kibitz::cli {

int cmd_export(int argc, char** argv) {
  const Args args(argc, argv, 0, {"out"}, {"json", "kbz"});
  if (args.positional().size() != 1)
    throw InputError("give one trace file: kibitz export FILE --json");
  if (args.has("json") == args.has("kbz")) throw InputError("give one of --json and --kbz");
  const auto bytes = read_file_bytes(args.positional()[0]);
  const trace::Trace t = trace::read_trace_any(bytes.data(), bytes.size());
  const trace::Model check(t);  // refuse to convert a trace whose events do not nest
  (void)check;
  if (args.has("json")) {
    const std::string json = trace::write_trace_json(t) + "\n";
    if (auto out = args.value("out")) {
      write_file_bytes(*out, std::vector<std::uint8_t>(json.begin(), json.end()));
    } else {
      std::fwrite(json.data(), 1, json.size(), stdout);
    }
    return 0;
  }
  auto out = args.value("out");
  if (!out) throw InputError("--kbz needs --out FILE.kbz");
  write_file_bytes(*out, trace::write_kbz(t));
  return 0;
}

}  // namespace kibitz::cli
