// Whole files in and out, with a clear message on failure (the CLI, the desktop viewer, the
// screenshot writer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kibitz {

// Reads or writes a whole file; InputError ("cannot open 'x'") on failure.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);
void write_file_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes);

}  // namespace kibitz
