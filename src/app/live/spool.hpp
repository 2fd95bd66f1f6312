// A live stream saved as it arrives: DIR/live-YYYYMMDD-HHMMSS-PID-N.kbz, flushed after every
// write, so the file holds every byte received even if the listener dies (and opens, cut short,
// with a notice). A write that fails (a full disk) is said once; the stream goes on unsaved.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace kibitz::live {

class Spool {
 public:
  // Throws InputError naming the folder when the file cannot be made in it.
  Spool(const std::string& dir, std::uint64_t stream_id);
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  void write(const std::uint8_t* data, std::size_t size);
  void close();
  const std::string& path() const { return m_path; }
  const std::string& error() const { return m_error; }  // "" while every byte was written
  std::uint64_t bytes() const { return m_bytes; }

 private:
  std::string m_path, m_error;
  std::FILE* m_file = nullptr;
  std::uint64_t m_bytes = 0;
};

// Checks that dir is a folder a spool can be written in (made when missing); throws InputError.
void check_spool_dir(const std::string& dir);

}  // namespace kibitz::live
