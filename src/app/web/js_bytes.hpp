// The page's file as a ByteSource (core/byte_source.hpp): its bytes stay in JavaScript, outside
// the wasm heap (web/kibitz-page.js reads the file a slice at a time with Blob.slice), and are
// copied into the heap a piece at a time as the trace's events are read.
#pragma once

#include <cstdint>
#include <memory>

#include "core/byte_source.hpp"

namespace kibitz::web {

// The file the page holds as `handle` (openFile in web/kibitz-page.js), `size` bytes; released
// when the last reader of it is gone.
std::shared_ptr<const ByteSource> js_file_bytes(int handle, std::uint64_t size);

}  // namespace kibitz::web
