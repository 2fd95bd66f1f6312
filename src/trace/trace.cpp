#include "trace/trace.hpp"

#include <algorithm>
#include <mutex>

namespace kibitz::trace {

namespace {
std::mutex g_pool_mutex;
std::vector<Event*>& pool() {
  static std::vector<Event*>* chunks = new std::vector<Event*>();  // never destroyed: used at exit
  return *chunks;
}
}  // namespace

Event* ChunkPool::take() {
  {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    if (!pool().empty()) {
      Event* c = pool().back();
      pool().pop_back();
      return c;
    }
  }
  return new Event[EventLog::k_chunk_events];
}

void ChunkPool::give(Event* chunk) {
  if (!chunk) return;
  {
    std::lock_guard<std::mutex> lock(g_pool_mutex);
    if (pool().size() < k_max_chunks) {
      pool().push_back(chunk);
      return;
    }
  }
  delete[] chunk;
}

EventLog::EventLog(std::shared_ptr<const PageSource> source, std::size_t size, std::size_t budget,
                   unsigned page_shift)
    : m_source(std::move(source)),
      m_size(size),
      m_ended(false),
      m_budget(std::max<std::size_t>(budget, 2)),
      m_shift(page_shift),
      m_mask((std::size_t{1} << page_shift) - 1) {
  m_chunks.resize((size + m_mask) >> m_shift);
}

EventLog& EventLog::operator=(EventLog&& other) noexcept {
  clear();
  m_chunks = std::move(other.m_chunks);
  m_cur = other.m_cur;
  m_fill = other.m_fill;
  m_held = other.m_held;
  m_source = std::move(other.m_source);
  m_size = other.m_size;
  m_ended = other.m_ended;
  m_budget = other.m_budget;
  m_hot = other.m_hot;
  m_tick = other.m_tick;
  m_resident = std::move(other.m_resident);
  m_shift = other.m_shift;
  m_mask = other.m_mask;
  other.m_chunks.clear();
  other.m_resident.clear();
  other.m_source.reset();
  other.clear();
  return *this;
}

void EventLog::clear() {
  const bool pooled = m_shift == k_chunk_shift;  // a page of another size is not the pool's
  if (m_source) {
    m_source.reset();
    m_resident.clear();
  }
  for (auto& c : m_chunks) {
    if (c && pooled) ChunkPool::give(c.release());
  }
  m_chunks.clear();
  m_cur = nullptr;
  m_fill = k_chunk_events;
  m_held = 0;
  m_size = 0;
  m_ended = true;
  m_hot = static_cast<std::size_t>(-1);
  m_shift = k_chunk_shift;
  m_mask = k_chunk_events - 1;
}

void EventLog::release_chunk(std::size_t i) {
  if (m_source || !m_chunks[i]) return;
  if (m_chunks[i].get() == m_cur) {
    if (m_fill != k_chunk_events) return;  // still being filled
    m_cur = nullptr;                       // full: the next push starts a new chunk
  }
  ChunkPool::give(m_chunks[i].release());
  --m_held;
}

// Memory for one more page: a new one while under the budget, else the page read longest ago
// gives up its memory.
std::unique_ptr<Event[]> EventLog::take_slot() const {
  if (m_resident.size() < m_budget) {
    if (m_shift == k_chunk_shift) return std::unique_ptr<Event[]>(ChunkPool::take());
    return std::unique_ptr<Event[]>(new Event[m_mask + 1]);
  }
  std::size_t oldest = 0;
  for (std::size_t r = 1; r < m_resident.size(); ++r)
    if (m_resident[r].second < m_resident[oldest].second) oldest = r;
  const std::size_t page = m_resident[oldest].first;
  m_resident[oldest] = m_resident.back();
  m_resident.pop_back();
  if (page == m_hot) m_hot = static_cast<std::size_t>(-1);
  return std::move(m_chunks[page]);
}

void EventLog::touch(std::size_t page) const {
  m_hot = page;
  if (m_chunks[page]) {
    for (auto& r : m_resident) {
      if (r.first == page) {
        r.second = ++m_tick;
        break;
      }
    }
    return;
  }
  std::unique_ptr<Event[]> slot = take_slot();
  const std::size_t first = page << m_shift;
  m_source->fill(page, slot.get(), std::min(m_mask + 1, m_size - first));
  m_chunks[page] = std::move(slot);
  m_resident.emplace_back(page, ++m_tick);
  m_hot = page;
}

bool EventLog::advance_to(std::size_t i) const {
  while (i >= m_size && !m_ended) {
    if ((m_size & m_mask) != 0) {  // the source made a short page: its last
      m_ended = true;
      break;
    }
    std::unique_ptr<Event[]> slot = take_slot();
    const std::size_t n = m_source->advance(slot.get());
    if (n == 0) {
      m_ended = true;
      break;
    }
    const std::size_t page = m_size >> m_shift;
    if (m_chunks.size() <= page) m_chunks.resize(page + 1);
    m_chunks[page] = std::move(slot);
    m_resident.emplace_back(page, ++m_tick);
    m_size += n;
    if (n <= m_mask) m_ended = true;
  }
  return i < m_size;
}

std::uint32_t StringTable::intern(std::string_view s) {
  if (s.empty()) return 0;
  if (!m_indexed) {
    m_index.clear();
    for (std::uint32_t i = 1; i < m_strings.size(); ++i) m_index.emplace(m_strings[i], i);
    m_indexed = true;
  }
  auto it = m_index.find(s);
  if (it != m_index.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(m_strings.size());
  m_strings.emplace_back(s);
  m_index.emplace(m_strings.back(), id);
  return id;
}

std::uint32_t StringTable::append(std::string s) {
  m_strings.push_back(std::move(s));
  m_indexed = false;
  return static_cast<std::uint32_t>(m_strings.size() - 1);
}

std::size_t StringTable::bytes() const {
  std::size_t n = 0;
  for (const auto& s : m_strings) n += s.size() + 4;
  return n;
}

void Meta::set(const std::string& key, const std::string& value) {
  for (auto& kv : m_items) {
    if (kv.first == key) {
      kv.second = value;
      return;
    }
  }
  m_items.emplace_back(key, value);
}

const std::string* Meta::find(const std::string& key) const {
  for (const auto& kv : m_items) {
    if (kv.first == key) return &kv.second;
  }
  return nullptr;
}

std::string why_no_events(const Trace& t) {
  const std::string& trigger = t.meta.get("trigger");
  if (!trigger.empty() && t.meta.get("trigger_captures") == "0")
    return "the recorder's trigger (" + trigger + ") never fired: nothing was captured";
  if (!t.notice.empty()) return t.notice;
  return t.meta.get("stopped");
}

}  // namespace kibitz::trace
