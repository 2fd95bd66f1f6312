// The sinks that record (search/sink/sink.hpp).
//
// Recorder writes an explicit trace: each step of search! becomes one event, each extension
// record its events (trace/records/). It serves the searches whose steps no rule derives
// (forward estimation, the Greenblatt program, interest search).
//
// LeanRecorder writes a lean trace (steps.hpp) for the alpha-beta family: per node one `node`
// event, written when the node is entered and completed in place by its expand or evaluate (so
// a node costs one 16-byte event), and only the records a replay cannot know. Every other step
// is a no-op that inlines away; the reader derives them (derive.hpp).
//
// Both keep the stack of open nodes so that a record names its node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "search/sink/sink.hpp"
#include "trace/chunk_sink.hpp"
#include "trace/records/records.hpp"
#include "trace/trace.hpp"

// The recording steps sit in the search's innermost loop: they must inline, or wasm builds
// (with -fexceptions) pay a call through a JavaScript trampoline per step.
#if defined(__GNUC__) || defined(__clang__)
#define KIBITZ_RECORD inline __attribute__((always_inline))
#define KIBITZ_COLD __attribute__((noinline, cold))
#else
#define KIBITZ_RECORD inline
#define KIBITZ_COLD
#endif

namespace kibitz::trace {

// What both recorders share: the trace, node ids, the open nodes and the event store.
class RecorderBase {
 public:
  static constexpr bool enabled = true;

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

  void iteration_begin(int iteration, Score depth_or_limit) {
    push(EventType::iteration_begin, 0, 0, static_cast<std::uint32_t>(iteration), depth_or_limit,
         0);
  }
  void iteration_end(int iteration, Score value) {
    push(EventType::iteration_end, 0, 0, static_cast<std::uint32_t>(iteration), value, 0);
  }

  std::uint32_t nodes_entered() const { return m_next_id; }
  int open_depth() const { return static_cast<int>(m_open.size()); }

  // An event copied as it is (converting a trace: a record's head or payload, a note).
  void raw(const Event& e) { push(e.type, e.flags, e.aux, e.node, e.a, e.b); }

  // Sends each event chunk to `stream` (a file, a summary) as soon as it is full (at the next
  // node's entry, so a lean node event is complete), and once more than `keep` chunks have
  // been written, gives the written ones' memory back: a search of any size records in bounded
  // memory (the trace then holds only its last chunks; EventLog::complete() says so).
  void stream_to(ChunkSink* stream, std::size_t keep) {
    m_stream = stream;
    m_keep = keep;
    m_next_seal = EventLog::k_chunk_events;
  }

 protected:
  // The facts set so far are those known at the start (a streamed file writes them first).
  explicit RecorderBase(Trace& trace) : m_trace(trace) {
    m_open.reserve(256);
    trace.meta_at_start = trace.meta.items().size();
  }

  std::uint32_t top() const { return m_open.empty() ? k_no_node : m_open.back(); }

  // At each node's entry: a full chunk goes to the stream (one comparison when not streaming).
  KIBITZ_RECORD void seal() {
    if (m_stream && m_trace.events.size() >= m_next_seal) seal_chunks();
  }
  KIBITZ_COLD void seal_chunks() {
    while (m_trace.events.size() >= m_next_seal) {
      const std::size_t i = m_stream->chunks_written();
      m_stream->write_chunk(m_trace, i);
      if (i + 1 > m_keep) {
        for (std::size_t j = m_released; j <= i; ++j) m_trace.events.release_chunk(j);
        m_released = i + 1;
      }
      m_next_seal += EventLog::k_chunk_events;
    }
  }

  KIBITZ_RECORD Event* push(EventType t, std::uint8_t flags, std::uint16_t aux, std::uint32_t node,
                            std::int32_t a, std::int32_t b) {
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
    return m_trace.events.push_words(lo, hi);
#else
    m_trace.events.push(Event{t, flags, aux, node, a, b});
    return &m_trace.events[m_trace.events.size() - 1];
#endif
  }

  Trace& m_trace;
  std::uint32_t m_next_id = 0;
  std::vector<std::uint32_t> m_open;
  ChunkSink* m_stream = nullptr;
  std::size_t m_keep = 0, m_released = 0;
  std::size_t m_next_seal = static_cast<std::size_t>(-1);  // events at which to write a chunk
};

class Recorder : public RecorderBase {
 public:
  // positions: also record each node's position text (costs one string per node).
  explicit Recorder(Trace& trace, bool positions = false)
      : RecorderBase(trace), m_positions(positions) {
    trace.steps = Steps{};
  }
  bool wants_positions() const { return m_positions; }

  void enter(int move_index, Score alpha0, Score beta) {
    seal();
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

 private:
  bool m_positions;
};

class LeanRecorder : public RecorderBase {
 public:
  // rule, criterion: the search's (steps.hpp), which the reader derives the steps by.
  LeanRecorder(Trace& trace, StepRule rule, Criterion criterion) : RecorderBase(trace) {
    trace.steps = Steps{rule, criterion, true};
  }
  // Positions follow from the root's and the moves (the model derives them when shown).
  bool wants_positions() const { return false; }

  // A root is an enter event with its window; every other node a `node` event, completed by
  // its label, expand or evaluate.
  KIBITZ_RECORD void enter(int move_index, Score alpha0, Score beta) {
    seal();
    const std::uint32_t id = m_next_id++;
    if (m_open.empty()) {
      push(EventType::enter, 0, move_aux(move_index), id, alpha0, beta);
      m_node = nullptr;
    } else {
      m_node = push(EventType::node, k_node_open, move_aux(move_index), 0, 0, 0);
    }
    m_open.push_back(id);
  }
  KIBITZ_RECORD void label(std::string_view text) {
    const std::int32_t s = string_id(text);
    if (m_node)
      m_node->node = static_cast<std::uint32_t>(s);
    else
      push(EventType::label, 0, 0, top(), s, 0);
  }
  void position(std::string_view text) {
    const std::int32_t s = string_id(text);
    if (m_node)
      m_node->b = s;
    else
      push(EventType::position, 0, 0, top(), s, 0);
  }
  KIBITZ_RECORD void expand(int count) { complete(k_node_interior, EventType::expand, count); }
  KIBITZ_RECORD void evaluate(Score v) { complete(k_node_leaf, EventType::evaluate, v); }
  KIBITZ_RECORD void child_return(int, Score, Bound) {}
  KIBITZ_RECORD void best_set(int, Score, Bound) {}
  KIBITZ_RECORD void alpha_set(int, Score, bool) {}
  KIBITZ_RECORD void cutoff(int, Score) {}
  // Only an unfinished node's leave is recorded (a budget ran out): the rule gives the rest.
  KIBITZ_RECORD void leave(Score ret, Bound d, NodeKind kind) {
    if (kind == NodeKind::unknown) push(EventType::leave, pack_leave(d, kind), 0, top(), ret, 0);
    m_node = nullptr;
    m_open.pop_back();
  }
  template <class Record>
  void record(const Record& r) {
    if constexpr (!k_derived_record<Record>) RecordCodec<Record>::encode(r, *this);
  }

 private:
  KIBITZ_RECORD void complete(std::uint8_t flags, EventType explicit_type, std::int32_t a) {
    if (m_node) {
      m_node->flags = flags;
      m_node->a = a;
      m_node = nullptr;
    } else {
      push(explicit_type, 0, 0, top(), a, 0);
    }
  }

  Event* m_node = nullptr;  // the node event of the node just entered, until it is completed
};

}  // namespace kibitz::trace
