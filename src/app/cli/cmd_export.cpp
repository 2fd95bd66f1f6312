// kibitz export: a trace as JSON (the documented interchange format) or back to .kbz, in format
// version 2 (the alpha-beta family lean) or, with --v1, version 1 (every step explicit).
#include <cstdio>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "trace/kbz_file.hpp"
#include "trace/lean.hpp"
#include "trace/model.hpp"
#include "trace/trace_json.hpp"

namespace kibitz::cli {

namespace {

// Version 2 writes the alpha-beta family lean (what a recording writes); version 1 explicit.
const trace::Trace& in_version(const trace::Trace& t, int version, trace::Trace& lean) {
  if (version == 1 || t.steps.lean || t.steps.rule == trace::StepRule::none) return t;
  lean = trace::lean_copy(t);
  return lean;
}

}  // namespace

int cmd_export(int argc, char** argv) {
  const Args args(argc, argv, 0, {"out"}, {"json", "kbz", "v1"});
  if (args.positional().size() != 1)
    throw InputError("give one trace file: kibitz export FILE --json");
  if (args.has("json") == args.has("kbz")) throw InputError("give one of --json and --kbz");
  if (auto out = args.value("out")) refuse_overwrite(args.positional()[0], *out, "--out");
  // Read where it lies and written as it is read: a trace of any size in little memory.
  const trace::Trace t = trace::read_trace_file(args.positional()[0]);
  if (!t.notice.empty()) std::fprintf(stderr, "kibitz export: %s\n", t.notice.c_str());
  if (t.events.size() == 0)  // converted all the same, so that its facts can be read
    std::fprintf(stderr,
                 "kibitz export: note: the trace has no events; the copy keeps its facts, but "
                 "replay and the viewer refuse it\n");
  const trace::Model check(t);  // refuse to convert a trace whose events do not nest
  (void)check;
  const int version = args.has("v1") ? 1 : 2;
  trace::Trace lean;
  const trace::Trace& out_trace = in_version(t, version, lean);
  if (args.has("json")) {
    if (auto out = args.value("out")) {
      std::FILE* f = std::fopen(out->c_str(), "wb");
      if (!f) throw InputError("cannot create '" + *out + "'");
      trace::write_trace_json(out_trace, version, f);
      const bool ok = !std::ferror(f);
      if (std::fclose(f) != 0 || !ok) throw InputError("cannot write '" + *out + "' (disk full?)");
    } else {
      trace::write_trace_json(out_trace, version, stdout);
    }
    return 0;
  }
  auto out = args.value("out");
  if (!out) throw InputError("--kbz needs --out FILE.kbz");
  write_file_bytes(*out, trace::write_kbz(out_trace, static_cast<std::uint32_t>(version)));
  return 0;
}

}  // namespace kibitz::cli
