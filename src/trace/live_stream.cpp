#include "trace/live_stream.hpp"

#include "core/error.hpp"
#include "trace/kbz_file.hpp"

namespace kibitz::trace {

namespace {

constexpr std::size_t k_header_bytes = 16;      // magic, version, flags
constexpr std::size_t k_chunk_head_bytes = 16;  // tag, reserved, length

std::uint64_t u64_at(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

}  // namespace

void LiveStream::feed(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || m_ended) return;
  m_bytes.insert(m_bytes.end(), data, data + size);
  scan_chunks();
}

void LiveStream::scan_chunks() {
  if (m_complete == 0) {
    if (m_bytes.size() < k_header_bytes) return;
    m_complete = k_header_bytes;
  }
  while (!m_end_seen && m_bytes.size() - m_complete >= k_chunk_head_bytes) {
    const std::uint8_t* head = m_bytes.data() + m_complete;
    const std::uint64_t len = u64_at(head + 8);
    if (len > m_bytes.size() - m_complete - k_chunk_head_bytes) break;
    m_complete += k_chunk_head_bytes + static_cast<std::size_t>(len);
    if (head[0] == 'E' && head[1] == 'N' && head[2] == 'D' && head[3] == ' ') m_end_seen = true;
  }
}

void LiveStream::end() {
  m_ended = true;
}

bool LiveStream::has_news() const {
  return m_complete > m_shown || (m_ended && !m_shown_ended);
}

Trace LiveStream::snapshot() {
  m_shown = m_complete;
  m_shown_ended = m_ended;
  if (m_ended || m_end_seen) {
    if (m_bytes.size() > m_complete && m_end_seen)
      throw InputError(m_name + ": bytes after the trace's END chunk");
    return read_kbz(m_bytes.data(), m_bytes.size());
  }
  return read_kbz_live(m_bytes.data(), m_complete);
}

}  // namespace kibitz::trace
