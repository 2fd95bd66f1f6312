// Whether a command draws its progress on stderr: on a terminal, or with --progress; never with
// --no-progress. Under Emscripten every standard stream says it is a terminal (NODERAWFS marks
// them all so), so there only --progress draws it.
#pragma once

#include <unistd.h>

#include <cstdio>

#include "app/cli/args.hpp"

namespace kibitz::cli {

inline bool wants_progress(const Args& args) {
#ifdef __EMSCRIPTEN__
  const bool terminal = false;
#else
  const bool terminal = isatty(fileno(stderr)) != 0;
#endif
  return (terminal || args.has("progress")) && !args.has("no-progress");
}

}  // namespace kibitz::cli
