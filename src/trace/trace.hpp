// A recorded search: metadata, the string table and the event log. Storage is chunked so
// that recording millions of events never copies what is already stored (a growing
// std::vector would, and in wasm that copy is slow).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "trace/event.hpp"
#include "trace/steps.hpp"

namespace kibitz::trace {

// Freed event chunks are kept (up to a cap) and handed to the next recording, so recording
// the same search again writes into memory the process already owns instead of paying the
// operating system for fresh zeroed pages on every chunk.
class ChunkPool {
 public:
  static constexpr std::size_t k_max_chunks = 256;  // 256 MiB
  static Event* take();
  static void give(Event* chunk);
};

// Makes the pages of a read-only event log on demand (a file's event chunks decoded, a lean
// trace's steps derived from keyframes): the log keeps only a budget of pages in memory.
class PageSource {
 public:
  virtual ~PageSource() = default;
  // Fills `out` with the events of page `page` (the log's page_events() a page; the last may
  // hold fewer): `count` of them, a page already made once (or counted by the source).
  virtual void fill(std::size_t page, Event* out, std::size_t count) const = 0;
  // A source still reading forward (the first pass over a file, a derivation): makes the next
  // page, the one after every page made so far, into `out`, and returns its event count (0: no
  // more). Pages are made whole (page_events()) but for the last.
  virtual std::size_t advance(Event* out) const {
    (void)out;
    return 0;
  }
};

class EventLog {
 public:
  static constexpr std::size_t k_chunk_shift = 16;
  static constexpr std::size_t k_chunk_events = std::size_t{1} << k_chunk_shift;  // 1 MiB

  EventLog() = default;
  // A read-only log whose pages of 2^page_shift events `source` makes on demand, `size` events
  // known so far (more follow when the source advances), at most `budget` pages held at once.
  EventLog(std::shared_ptr<const PageSource> source, std::size_t size, std::size_t budget,
           unsigned page_shift = k_chunk_shift);
  ~EventLog() { clear(); }
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;
  EventLog(EventLog&& other) noexcept { *this = std::move(other); }
  EventLog& operator=(EventLog&& other) noexcept;

  void push(const Event& e) {
    if (m_fill == k_chunk_events) add_chunk();  // the only branch on the recording path
    m_cur[m_fill++] = e;
  }
  // The same event as two little-endian words (see Recorder::push): two stores instead of six
  // field stores, which wasm does not merge.
  // Returns where the event went: chunks never move, so a recorder may complete it later.
  Event* push_words(std::uint64_t lo, std::uint64_t hi) {
    if (m_fill == k_chunk_events) add_chunk();
    Event* slot = m_cur + m_fill++;
    unsigned char* at = reinterpret_cast<unsigned char*>(slot);
    std::memcpy(at, &lo, 8);
    std::memcpy(at + 8, &hi, 8);
    return slot;
  }
  // Events known so far (a paged log whose source still advances may learn of more: has()).
  std::size_t size() const {
    if (m_source) return m_size;
    return m_chunks.empty() ? 0 : (m_chunks.size() - 1) * k_chunk_events + m_fill;
  }
  bool empty() const { return size() == 0; }
  // Whether event i exists, asking a source still reading forward for the pages up to it.
  bool has(std::size_t i) const { return i < size() || (m_source && advance_to(i)); }
  // By value (a paged log may give the page's memory to another page on the next read), and
  // const, so that a write to it (events[i].a = 0) does not compile: at_mut() writes.
  const Event operator[](std::size_t i) const {
    const std::size_t page = i >> m_shift;
    if (m_source && page != m_hot) touch(page);
    return m_chunks[page][i & m_mask];
  }
  // In place (tests that damage a trace; never a paged log's).
  Event& at_mut(std::size_t i) {
    if (m_source) throw std::logic_error("EventLog::at_mut on a paged log");
    return m_chunks[i >> k_chunk_shift][i & (k_chunk_events - 1)];
  }
  void clear();
  // Bytes held by the chunks (what the recording costs in memory).
  std::size_t bytes_reserved() const { return m_held * k_chunk_events * sizeof(Event); }

  std::size_t chunk_count() const {
    return m_source ? (m_size + m_mask) >> m_shift : m_chunks.size();
  }
  // Events a chunk (a page) holds: k_chunk_events, a paged log's own page size.
  std::size_t page_events() const { return m_mask + 1; }
  // The events of chunk i (a full chunk holds page_events()), nullptr once released. A paged
  // log's chunk stays until the next read of another page that does not fit the budget.
  const Event* chunk(std::size_t i) const {
    if (m_source && i != m_hot) touch(i);
    return m_chunks[i].get();
  }
  // Gives chunk i's memory back (a recording streamed to a file keeps only what it has not
  // written): its events can no longer be read; size() and later chunks are unchanged.
  void release_chunk(std::size_t i);
  bool complete() const { return m_source || m_held == m_chunks.size(); }  // no chunk released
  // A paged log: its source, and whether the source has no more pages to make.
  bool paged() const { return m_source != nullptr; }
  bool ended() const { return !m_source || m_ended; }
  // Reads every page the source can still make (the first pass over the events).
  void advance_all() const {
    while (!ended()) advance_to(m_size);
  }
  // Pages held in memory now, and the most a paged log holds.
  std::size_t pages_held() const { return m_source ? m_resident.size() : m_held; }

 private:
  void add_chunk() {
    m_chunks.emplace_back(ChunkPool::take());
    m_cur = m_chunks.back().get();
    m_fill = 0;
    ++m_held;
  }
  void touch(std::size_t page) const;          // a paged log: the page in memory, the hot one
  bool advance_to(std::size_t i) const;        // a paged log: the source's pages up to event i
  std::unique_ptr<Event[]> take_slot() const;  // memory for one more page, within the budget

  mutable std::vector<std::unique_ptr<Event[]>> m_chunks;
  Event* m_cur = nullptr;
  std::size_t m_fill = k_chunk_events;  // "full" until the first chunk exists
  std::size_t m_held = 0;               // chunks not released
  // A paged log's.
  std::shared_ptr<const PageSource> m_source;
  mutable std::size_t m_size = 0;
  mutable bool m_ended = true;
  std::size_t m_budget = 0;
  mutable std::size_t m_hot = static_cast<std::size_t>(-1);  // the page read last
  unsigned m_shift = k_chunk_shift;                          // events a page: 2^m_shift
  std::size_t m_mask = k_chunk_events - 1;
  mutable std::uint64_t m_tick = 0;
  mutable std::vector<std::pair<std::size_t, std::uint64_t>> m_resident;  // page, last read
};

// Strings stored once; id 0 is always the empty string.
class StringTable {
 public:
  StringTable() { m_strings.emplace_back(); }
  StringTable(StringTable&& other) noexcept { *this = std::move(other); }
  StringTable& operator=(StringTable&& other) noexcept {
    m_strings = std::move(other.m_strings);
    m_index.clear();
    m_indexed = false;
    other.m_strings.assign(1, std::string());
    other.m_index.clear();
    other.m_indexed = false;
    return *this;
  }

  std::uint32_t intern(std::string_view s);
  const std::string& get(std::uint32_t id) const { return m_strings[id]; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(m_strings.size()); }
  // Appends without deduplication (used when reading a file, whose table is already unique).
  std::uint32_t append(std::string s);
  std::size_t bytes() const;

 private:
  // A deque never moves its elements, so the views in m_index stay valid as it grows.
  std::deque<std::string> m_strings;
  std::unordered_map<std::string_view, std::uint32_t> m_index;  // built on the first intern
  bool m_indexed = false;
};

// Facts about how a trace was made, as string pairs kept in insertion order: "algo",
// "criterion", "source" (tree | random | a game name), "tree", "random", "position",
// "depth", "engine". Readers must not require any key: other engines may omit them.
class Meta {
 public:
  void set(const std::string& key, const std::string& value);
  const std::string* find(const std::string& key) const;
  std::string get(const std::string& key, const std::string& fallback = "") const {
    const std::string* v = find(key);
    return v ? *v : fallback;
  }
  const std::vector<std::pair<std::string, std::string>>& items() const { return m_items; }

 private:
  std::vector<std::pair<std::string, std::string>> m_items;
};

struct Trace {
  Meta meta;
  StringTable strings;
  EventLog events;
  Steps steps;  // explicit or lean, and the rule that derives the steps (steps.hpp)

  // The facts that existed when the recording began (the others were added by the search): a
  // file written while recording has them first and the rest after the events (kbz_file.hpp).
  std::size_t meta_at_start = static_cast<std::size_t>(-1);  // -1: all of them
  // What a reader should tell about the trace, e.g. that its file was cut short ("" none). Set
  // only for a file cut short: its rule is then checked up to where it ends.
  std::string notice;
};

// Why a trace has no events, as its facts and notice tell it ("" when they do not): a recorder's
// trigger that never fired, a search stopped before it began, a file cut short.
std::string why_no_events(const Trace& t);

// A trace's facts and strings with the event stream a reader works on: the model's (every
// step in place, a lean trace expanded) rather than the recorded one.
struct TraceView {
  const Meta& meta;
  const StringTable& strings;
  const EventLog& events;
};

}  // namespace kibitz::trace
