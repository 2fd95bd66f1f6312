#include "app/web/js_bytes.hpp"

#include <emscripten.h>

#include <vector>

// Copies n bytes at `offset` of the page's file `handle` to `to` in the wasm heap.
EM_JS(void, kibitz_file_copy, (int handle, double offset, double n, std::uint8_t* to),
      { window.kibitzFileCopy(handle, offset, n, to); });
EM_JS(void, kibitz_file_release, (int handle), { window.kibitzFileRelease(handle); });

namespace kibitz::web {

namespace {

class JsFileBytes final : public ByteSource {
 public:
  JsFileBytes(int handle, std::uint64_t size) : m_handle(handle), m_size(size) {}
  ~JsFileBytes() override { kibitz_file_release(m_handle); }
  std::uint64_t size() const override { return m_size; }
  const std::uint8_t* view(std::uint64_t offset, std::size_t n,
                           std::vector<std::uint8_t>& scratch) const override {
    if (scratch.size() < n) scratch.resize(n);
    if (n > 0)
      kibitz_file_copy(m_handle, static_cast<double>(offset), static_cast<double>(n),
                       scratch.data());
    return scratch.data();
  }

 private:
  int m_handle;
  std::uint64_t m_size;
};

}  // namespace

std::shared_ptr<const ByteSource> js_file_bytes(int handle, std::uint64_t size) {
  return std::make_shared<JsFileBytes>(handle, size);
}

}  // namespace kibitz::web
