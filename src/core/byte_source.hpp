// Bytes read where they lie: a file mapped into memory (not copied into the heap), a buffer, or
// whatever a platform supplies (the page's file, held by JavaScript outside the wasm heap). A big
// trace is opened by indexing its bytes and decoding the parts looked at (trace/kbz_file.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kibitz {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::uint64_t size() const = 0;
  // Bytes [offset, offset + n) (within size()): a pointer into the source where its bytes lie in
  // memory, else a copy in `scratch`. Valid until the next call with the same scratch.
  virtual const std::uint8_t* view(std::uint64_t offset, std::size_t n,
                                   std::vector<std::uint8_t>& scratch) const = 0;
  // Whether view() points into memory that stays (then no copy is ever made).
  virtual bool resident() const { return false; }
};

// Bytes held in memory (taken, or borrowed: `data` must outlive the source).
std::shared_ptr<const ByteSource> bytes_in_memory(std::vector<std::uint8_t> bytes);
std::shared_ptr<const ByteSource> bytes_borrowed(const std::uint8_t* data, std::size_t size);

// A file's bytes, memory-mapped where the platform can (its pages are the operating system's
// file cache: they count as the file's, not as the process's own memory), else read whole under
// the file size limit (file_io.hpp). InputError ("cannot open 'x'") on failure.
std::shared_ptr<const ByteSource> map_file(const std::string& path);

// The bytes of a source as one vector (small sources, tests).
std::vector<std::uint8_t> all_bytes(const ByteSource& source);

}  // namespace kibitz
