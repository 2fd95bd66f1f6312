#include "app/live/spool.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "core/error.hpp"

namespace kibitz::live {

Spool::Spool(const std::string& dir, std::uint64_t stream_id) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  m_path =
      (std::filesystem::path(dir) / ("live-" + std::string(stamp) + "-" + std::to_string(getpid()) +
                                     "-" + std::to_string(stream_id) + ".kbz"))
          .string();
  m_file = std::fopen(m_path.c_str(), "wb");
  if (!m_file)
    throw InputError("cannot write the live stream's file '" + m_path +
                     "': " + std::strerror(errno));
}

Spool::~Spool() {
  close();
}

void Spool::write(const std::uint8_t* data, std::size_t size) {
  if (!m_file || size == 0) return;
  if (std::fwrite(data, 1, size, m_file) != size || std::fflush(m_file) != 0) {
    m_error = "'" + m_path + "' could not be written (" + std::strerror(errno) +
              "): it ends after " + std::to_string(m_bytes) + " bytes";
    std::fclose(m_file);
    m_file = nullptr;
    return;
  }
  m_bytes += size;
}

void Spool::close() {
  if (m_file) std::fclose(m_file);
  m_file = nullptr;
}

void check_spool_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec))
    throw InputError("--spool: '" + dir + "' is not a folder that can be made or written");
  if (access(dir.c_str(), W_OK) != 0)
    throw InputError("--spool: the folder '" + dir + "' cannot be written");
}

}  // namespace kibitz::live
