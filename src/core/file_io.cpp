#include "core/file_io.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/error.hpp"

namespace kibitz {

namespace {

std::uint64_t g_file_limit = std::uint64_t{2} << 30;

std::string size_text(std::uint64_t bytes) {
  char buf[48];
  if (bytes >= (std::uint64_t{1} << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1u << 30));
  else
    std::snprintf(buf, sizeof buf, "%.0f MiB", static_cast<double>(bytes) / (1u << 20));
  return buf;
}

}  // namespace

void set_file_size_limit(std::uint64_t bytes) {
  g_file_limit = bytes;
}

std::uint64_t file_size_limit(bool regular) {
  return regular ? g_file_limit : std::min(g_file_limit, k_stream_size_limit);
}

std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError("cannot open '" + path + "'");
  struct stat st {};
  const bool known = fstat(fileno(f), &st) == 0;
  if (known && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    throw InputError("'" + path + "' is a directory, not a file");
  }
  const bool regular = known && S_ISREG(st.st_mode);
  const std::uint64_t limit = file_size_limit(regular);
  const auto too_big = [&]() {
    std::fclose(f);
    return InputError("'" + path + "': " +
                      (regular
                           ? "a file of " + size_text(static_cast<std::uint64_t>(st.st_size)) +
                                 ", more than the memory available holds (" + size_text(limit) + ")"
                           : "not a regular file, and more than " + size_text(limit) +
                                 " came from it: save what it gives to a file first"));
  };
  if (regular && static_cast<std::uint64_t>(st.st_size) > limit) throw too_big();
  std::vector<std::uint8_t> bytes;
  if (regular) bytes.reserve(static_cast<std::size_t>(st.st_size));
  std::uint8_t buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (bytes.size() + n > limit) throw too_big();  // a device or pipe without end, a file grown
    bytes.insert(bytes.end(), buf, buf + n);
  }
  const bool err = std::ferror(f) != 0;
  std::fclose(f);
  if (err) throw InputError("cannot read '" + path + "'");
  return bytes;
}

void refuse_overwrite(const std::string& input, const std::string& output, const char* flag) {
  std::error_code ec;
  if (std::filesystem::equivalent(input, output, ec) && !ec)
    throw InputError(std::string(flag) + " '" + output +
                     "' is the trace being read: give another file");
}

void write_file_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw InputError("cannot create '" + path + "'");
  const std::size_t n = bytes.empty() ? 0 : std::fwrite(bytes.data(), 1, bytes.size(), f);
  const bool ok = n == bytes.size() && std::fclose(f) == 0;
  if (!ok) throw InputError("cannot write '" + path + "'");
}

}  // namespace kibitz
