// Bad input from a user (a malformed tree, trace file, parameter): thrown by parsers and
// validators, caught at the edge (CLI, app, web API) and shown as one line. Never used for
// bugs, which are assertions.
#pragma once

#include <stdexcept>
#include <string>

namespace kibitz {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace kibitz
