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
  // Written beside it, then put in its place: a file being replaced may be mapped into memory
  // (a trace read where it lies, byte_source.hpp), and must keep its bytes until it is closed;
  // a failed write leaves the old file whole. Where the rename cannot be made (not a regular
  // file, another file system), written in place.
  const std::string temp = path + ".kibitz-part";
  std::error_code ec;
  const bool regular =
      !std::filesystem::exists(path, ec) || std::filesystem::is_regular_file(path, ec);
  std::FILE* f = regular ? std::fopen(temp.c_str(), "wb") : nullptr;
  const bool in_place = f == nullptr;
  if (in_place) f = std::fopen(path.c_str(), "wb");
  if (!f) throw InputError("cannot create '" + path + "'");
  const std::size_t n = bytes.empty() ? 0 : std::fwrite(bytes.data(), 1, bytes.size(), f);
  const bool ok = n == bytes.size() && std::fclose(f) == 0;
  if (!ok) {
    if (!in_place) std::filesystem::remove(temp, ec);
    throw InputError("cannot write '" + path + "'");
  }
  if (in_place) return;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp, ec);
    throw InputError("cannot write '" + path + "'");
  }
}

}  // namespace kibitz
