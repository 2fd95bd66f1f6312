// The one message every entry point (a CLI command, runSearch, loadTrace, a link, a file
// opened, a UCI line) gives for an exception: bad input says what and where; running out of
// memory says so; anything else is a bug, said plainly, never std::terminate.
#pragma once

#include <exception>
#include <new>
#include <string>

#include "core/error.hpp"

namespace kibitz {

inline std::string failure_text(const std::exception& e) {
  if (dynamic_cast<const InputError*>(&e)) return e.what();  // printable when thrown
  if (dynamic_cast<const std::bad_alloc*>(&e))
    return "out of memory: this is too big for the memory left (try a smaller search or file)";
  return "internal error (a bug in Kibitz, please report it): " + printable_message(e.what());
}

}  // namespace kibitz
