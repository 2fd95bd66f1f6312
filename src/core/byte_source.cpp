#include "core/byte_source.hpp"

#include "core/error.hpp"
#include "core/file_io.hpp"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define KIBITZ_MMAP 1
#endif

namespace kibitz {

namespace {

class MemoryBytes final : public ByteSource {
 public:
  explicit MemoryBytes(std::vector<std::uint8_t> bytes)
      : m_bytes(std::move(bytes)), m_data(m_bytes.data()), m_size(m_bytes.size()) {}
  MemoryBytes(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
  std::uint64_t size() const override { return m_size; }
  const std::uint8_t* view(std::uint64_t offset, std::size_t,
                           std::vector<std::uint8_t>&) const override {
    return m_data + offset;
  }
  bool resident() const override { return true; }

 private:
  std::vector<std::uint8_t> m_bytes;
  const std::uint8_t* m_data;
  std::size_t m_size;
};

#ifdef KIBITZ_MMAP
class MappedFile final : public ByteSource {
 public:
  MappedFile(const void* data, std::size_t size)
      : m_data(static_cast<const std::uint8_t*>(data)), m_size(size) {}
  ~MappedFile() override {
    if (m_size) munmap(const_cast<std::uint8_t*>(m_data), m_size);
  }
  std::uint64_t size() const override { return m_size; }
  const std::uint8_t* view(std::uint64_t offset, std::size_t,
                           std::vector<std::uint8_t>&) const override {
    return m_data + offset;
  }
  bool resident() const override { return true; }

 private:
  const std::uint8_t* m_data;
  std::size_t m_size;
};
#endif

}  // namespace

std::shared_ptr<const ByteSource> bytes_in_memory(std::vector<std::uint8_t> bytes) {
  return std::make_shared<MemoryBytes>(std::move(bytes));
}

std::shared_ptr<const ByteSource> bytes_borrowed(const std::uint8_t* data, std::size_t size) {
  return std::make_shared<MemoryBytes>(data, size);
}

std::shared_ptr<const ByteSource> map_file(const std::string& path) {
#ifdef KIBITZ_MMAP
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError("cannot open '" + path + "'");
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    close(fd);
    throw InputError("cannot open '" + path + "'");
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    throw InputError("'" + path + "' is a directory, not a file");
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p != MAP_FAILED)
      return std::make_shared<MappedFile>(p, static_cast<std::size_t>(st.st_size));
  } else {
    close(fd);
  }
#endif
  // A pipe, a device, an empty file, or no mapping here: read whole.
  return bytes_in_memory(read_file_bytes(path));
}

std::vector<std::uint8_t> all_bytes(const ByteSource& source) {
  std::vector<std::uint8_t> scratch;
  const auto n = static_cast<std::size_t>(source.size());
  const std::uint8_t* p = source.view(0, n, scratch);
  return std::vector<std::uint8_t>(p, p + n);
}

}  // namespace kibitz
