// The sink that records (search/sink/sink.hpp): each step of search! becomes one event, each
// extension record its events (trace/records/). The recorder keeps the stack of open nodes so
// that every event names its node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "search/sink/sink.hpp"
#include "trace/records/records.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

class Recorder {
 public:
  static constexpr bool enabled = true;

  // positions: also record each node's position text (games; costs one string per node).
  explicit Recorder(Trace& trace, bool positions = false) : m_trace(trace), m_positions(positions) {
    m_open.reserve(256);
  }
  bool wants_positions() const { return m_positions; }

  void iteration_begin(int iteration, Score depth_or_limit) {
    push(EventType::iteration_begin, 0, 0, static_cast<std::uint32_t>(iteration), depth_or_limit,
         0);
  }
  void iteration_end(int iteration, Score value) {
    push(EventType::iteration_end, 0, 0, static_cast<std::uint32_t>(iteration), value, 0);
  }
  void enter(int move_index, Score alpha0, Score beta) {
    const std::uint32_t id = m_next_id++;
    m_open.push_back(id);
    push(EventType::enter, 0, move_aux(move_index), id, alpha0, beta);
  }
  void label(std::string_view text) { push(EventType::label, 0, 0, top(), string_id(text), 0); }
  void position(std::string_view text) {
    push(EventType::position, 0, 0, top(), string_id(text), 0);
  }
  void expand(int count) { push(EventType::expand, 0, 0, top(), count, 0); }
  void evaluate(Score v) { push(EventType::evaluate, 0, 0, top(), v, 0); }
  void child_return(int k, Score child_ret, Bound d) {
    push(EventType::child_return, pack_bound(d), 0, top(), k, child_ret);
  }
  void best_set(int k, Score best, Bound d) {
    push(EventType::best_set, pack_bound(d), 0, top(), k, best);
  }
  void alpha_set(int k1, Score alpha, bool raised) {
    push(EventType::alpha_set, raised ? 1 : 0, 0, top(), k1, alpha);
  }
  void cutoff(int k, Score best) { push(EventType::cutoff, 0, 0, top(), k, best); }
  void leave(Score ret, Bound d, NodeKind kind) {
    push(EventType::leave, pack_leave(d, kind), 0, top(), ret, 0);
    m_open.pop_back();
  }
  // An extension's typed record (search/sink/), encoded by its codec (trace/records/).
  template <class Record>
  void record(const Record& r) {
    RecordCodec<Record>::encode(r, *this);
  }
  // The codecs' output: the record's head event about the open node, then its payloads.
  void head(EventType type, std::uint8_t flags, std::uint16_t aux, std::int32_t a, std::int32_t b) {
    push(type, flags, aux, top(), a, b);
  }
  void payload(std::uint32_t x, std::int32_t a, std::int32_t b) {
    push(EventType::payload, 0, 0, x, a, b);
  }
  std::int32_t string_id(std::string_view text) {
    return static_cast<std::int32_t>(m_trace.strings.intern(text));
  }

  std::uint32_t nodes_entered() const { return m_next_id; }
  int open_depth() const { return static_cast<int>(m_open.size()); }

 private:
  std::uint32_t top() const { return m_open.empty() ? k_no_node : m_open.back(); }
  void push(EventType t, std::uint8_t flags, std::uint16_t aux, std::uint32_t node, std::int32_t a,
            std::int32_t b) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    static_assert(offsetof(Event, flags) == 1 && offsetof(Event, aux) == 2 &&
                      offsetof(Event, node) == 4 && offsetof(Event, a) == 8 &&
                      offsetof(Event, b) == 12,
                  "the two-word store below follows Event's layout");
    // Event's fields in memory order (type, flags, aux | node | a | b), packed into two words.
    const std::uint64_t lo = std::uint64_t{static_cast<std::uint8_t>(t)} |
                             std::uint64_t{flags} << 8 | std::uint64_t{aux} << 16 |
                             std::uint64_t{node} << 32;
    const std::uint64_t hi = std::uint64_t{static_cast<std::uint32_t>(a)} |
                             std::uint64_t{static_cast<std::uint32_t>(b)} << 32;
    m_trace.events.push_words(lo, hi);
#else
    m_trace.events.push(Event{t, flags, aux, node, a, b});
#endif
  }

  Trace& m_trace;
  bool m_positions;
  std::uint32_t m_next_id = 0;
  std::vector<std::uint32_t> m_open;
};

}  // namespace kibitz::trace
