// Writes RGBA pixels as a PNG file (libpng), natively: the desktop's screenshots.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kibitz::platform {

// rgba: width * height * 4 bytes, top row first. Throws InputError when the file cannot be
// written.
void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width,
               int height);

}  // namespace kibitz::platform
