// Bad input from a user (a malformed tree, trace file, parameter): thrown by parsers and
// validators, caught at the edge (CLI, app, web API) and shown as one line. Never used for
// bugs, which are assertions.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace kibitz {

// A message as it may be shown: control bytes (a NUL would end a C string) written as \xNN,
// an echoed input of over 120 characters without a space (100 KB of --position) cut in its
// middle, and the whole cut in its middle to about max_chars, saying how much was left out.
std::string printable_message(const std::string& message, std::size_t max_chars = 2000);

// The message is made printable when thrown (what() is a C string: a NUL would cut it).
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message)
      : std::runtime_error(printable_message(message, 600)) {}
};

}  // namespace kibitz
