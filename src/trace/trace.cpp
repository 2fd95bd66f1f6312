#include "trace/trace.hpp"

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
