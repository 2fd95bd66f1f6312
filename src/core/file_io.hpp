// Whole files in and out, with a clear message on failure (the CLI, the desktop viewer, the
// screenshot writer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kibitz {

// Reads or writes a whole file; InputError ("cannot open 'x'") on failure. A file is read only
// when it fits the file size limit (a regular file's size is checked first); a device or pipe
// (/dev/zero, a process's output) is read up to k_stream_size_limit at most, never for ever.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);
void write_file_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes);

// Refuses (InputError naming `flag`) an output that is the input file itself, which writing
// would destroy before anything could be read again.
void refuse_overwrite(const std::string& input, const std::string& output, const char* flag);

// Bytes a file read whole may have: 2 GiB until the app sets it from the memory available.
void set_file_size_limit(std::uint64_t bytes);
constexpr std::uint64_t k_stream_size_limit = std::uint64_t{256} << 20;
std::uint64_t file_size_limit(bool regular);

}  // namespace kibitz
