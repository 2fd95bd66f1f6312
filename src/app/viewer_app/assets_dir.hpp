// Where the examples and positions (assets/) are: next to the program (a build folder), where an
// installed program finds them (PREFIX/bin/../share/kibitz/assets), else `fallback` (the source
// tree's, compiled in).
#pragma once

#include <string>

namespace kibitz {

std::string assets_dir(const char* argv0, const std::string& fallback);

}  // namespace kibitz
