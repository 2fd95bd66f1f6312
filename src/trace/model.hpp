// The trace model: rebuilds the search tree from the flat events and answers "what did every
// node look like at event t" for any t, so a viewer can seek anywhere.
//
// A trace is opened by indexing it, not by expanding it: the events stay where they are (a file
// mapped into memory, the page's file held by JavaScript, the recording's own chunks) and the
// steps a lean trace leaves out are derived a page at a time from keyframes when they are read
// (derived_pages.hpp), with a budget of pages in memory. The model keeps, per node, only what
// a reader needs for any node at once (32 bytes: its parent, entry, exit, successors, depth,
// kind, marks); the rest of a node (its window, label, return...) is read from its own events
// when asked (node()).
//
// Per-node state is derived, not stored per step: a node's own events are those between its
// entry and exit that no successor's subtree holds, and its state at t is read from the last
// of them at or before t. Whole-search counters at t (leaves, cutoffs, kinds decided) come
// from keyframes stored every k_keyframe_interval events plus a scan of at most that many
// events. So a seek costs O(log n + k_keyframe_interval), never a replay from zero.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/bound.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "trace/extension_index.hpp"
#include "trace/node_marks.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

struct TraceExtension;

constexpr std::uint32_t k_never = 0xFFFFFFFFu;

struct ModelNode {
  std::uint32_t parent = k_no_node;
  std::uint32_t enter_t = 0;
  std::uint32_t leave_t = k_never;   // k_never while open (a trace cut short)
  std::uint32_t cutoff_t = k_never;  // the cutoff event, if any
  // Where its children start in Model's array; they end where the next node's start (the
  // array is laid out in id order).
  std::uint32_t children_begin = 0;
  std::uint32_t label = 0;  // string ids, 0 = none
  std::uint32_t position = 0;
  Score alpha0 = 0;
  Score beta = 0;
  Score ret = 0;                   // valid when leave_t != k_never
  std::int32_t succ_count = -1;    // count(node.succ) from expand; 0 for leaves; -1 unknown
  std::int32_t cutoff_child = -1;  // k of the successor that caused the cutoff
  std::int32_t depth = 0;
  std::int32_t k = 0;  // the parent's successor index (a re-search shares its probe's k)
  std::uint16_t move_index = 0xFFFF;  // index in the game's generation order
  std::uint16_t iteration = 0;
  NodeKind kind = NodeKind::unknown;  // from the leave event
  Bound bound = Bound::exact;
  NodeKind expected = NodeKind::unknown;
  bool leaf = false;  // evaluated statically
  // What the records say about this node, as bits (node_marks.hpp allocates them).
  std::uint32_t marks = 0;
  // Successors pruned without being entered, as records said (forward estimation's tests): the
  // node may leave with none entered, and those left unsearched are not "skipped".
  std::int32_t pruned = 0;
  // A value modification by the parent (the Greenblatt program's): the parent's value for this
  // node is -ret - adjustment.
  std::int32_t adjustment = 0;
};

// A node as of event t.
struct NodeState {
  bool visible = false;  // entered at or before t
  bool open = false;     // entered, not yet left
  bool done = false;     // left at or before t
  int alpha_index = 0;   // the current alpha[k]: k and value
  Score alpha = 0;
  bool has_best = false;  // the current best[k]: k, value and bound
  int best_index = 0;
  Score best = 0;
  Bound best_bound = Bound::exact;
  bool evaluated = false;  // a leaf whose evaluate event has happened
  Score eval = 0;
  bool has_ret = false;  // ret, bound and kind once the node has been left
  Score ret = 0;
  Bound bound = Bound::exact;
  NodeKind kind = NodeKind::unknown;  // Cut as soon as the cutoff happens, else at leave
  int cutoff_child = -1;              // once the cutoff has happened
  int children_entered = 0;
  std::uint32_t last_event = k_never;  // the node's latest own event at or before t
};

// Whole-search counters an extension keeps (its TraceExtension::count hooks), allocated here
// once: one line per extension, read as counters[Counter::name]. The transposition table's
// probes, hits and cutoffs; forward estimation's tests and prunes; Greenblatt's plausible move
// generations, feedovers, static evaluations (capture_search events), nodes reached by
// plausible captures and secondary searches; an engine's probes, re-searches, null moves,
// quiescence nodes, moves pruned without a search and nodes with notes.
// clang-format off
#define KIBITZ_EXTENSION_COUNTERS(X)    \
  X(tt_probes) X(tt_hits) X(tt_cutoffs) \
  X(fe_tests) X(fe_prunes)              \
  X(gb_generations) X(gb_feedovers) X(gb_statics) X(gb_capture_nodes) X(gb_secondary) \
  X(eng_probes) X(eng_researches) X(eng_null_moves) X(eng_quiescence) X(eng_prunes) X(eng_noted)
// clang-format on

#define KIBITZ_COUNTER_ENUM(name) name,
enum class Counter : std::uint8_t { KIBITZ_EXTENSION_COUNTERS(KIBITZ_COUNTER_ENUM) count };
#undef KIBITZ_COUNTER_ENUM

// Whole-search counters as of event t (inclusive).
struct Counters {
  std::uint32_t nodes = 0;
  std::uint32_t leaves = 0;
  std::uint32_t cutoffs = 0;
  std::uint32_t pv = 0, cut = 0, all = 0;  // interior nodes left, by kind
  std::uint32_t max_depth = 0;
  std::array<std::uint32_t, static_cast<std::size_t>(Counter::count)> extension{};
  std::uint32_t& operator[](Counter c) { return extension[static_cast<std::size_t>(c)]; }
  std::uint32_t operator[](Counter c) const { return extension[static_cast<std::size_t>(c)]; }
};

// The most events a model may hold (a lean trace's derived stream included): about 16 bytes
// of memory each with what is derived from them, the events themselves read where they lie
// (measured natively: 7 B an event replaying a 26.6M-event engine trace, 8 B for a 55.6M-event
// minimax trace, 14 B for the desktop's view of the first, layout and GPU scene included). Set
// once by the app from the memory available (install_services); beyond it a Model throws
// InputError before memory runs out.
void set_model_event_limit(std::size_t events);
std::size_t model_event_limit();
constexpr std::size_t k_model_bytes_per_event = 16;

// What the model keeps of every node (the rest is read from its events): 32 bytes.
struct NodeHot {
  std::uint32_t parent = k_no_node;
  std::uint32_t enter_t = 0;
  std::uint32_t leave_t = k_never;
  std::uint32_t children_begin = 0;
  std::uint32_t marks = 0;
  std::uint32_t depth = 0;
  std::int32_t k = 0;
  std::uint8_t bits = 0;        // kind (3 bits) | bound << 3 (2 bits) | leaf << 5
  std::uint8_t expected = 0;    // NodeKind
  std::uint8_t cutoff_gap = 0;  // leave_t - cutoff_t (1..254); 0 no cutoff; 255 further away
  std::uint8_t unsearched = 0;  // Model::unsearched, 255: that many or more (read from events)
};
static_assert(sizeof(NodeHot) == 32, "a node's resident part is 32 bytes");

// Many elements in blocks of 65,536: growing never copies more than one block (a vector's
// doubling would hold the old and the new copy of everything at once, and the page's heap keeps
// that high-water mark); the last block grows as a vector does, so a small array stays small.
template <class T>
class BlockArray {
 public:
  static constexpr std::size_t k_shift = 16;
  static constexpr std::size_t k_block = std::size_t{1} << k_shift;
  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  T& operator[](std::size_t i) { return m_blocks[i >> k_shift][i & (k_block - 1)]; }
  const T& operator[](std::size_t i) const { return m_blocks[i >> k_shift][i & (k_block - 1)]; }
  T& back() { return (*this)[m_size - 1]; }
  void push_back(const T& v) {
    if ((m_size & (k_block - 1)) == 0) {
      m_blocks.emplace_back();
      if (m_size > 0) m_blocks.back().reserve(k_block);  // a big array: whole blocks
    }
    m_blocks.back().push_back(v);
    ++m_size;
  }
  void resize(std::size_t n) {
    while (m_size < n) {
      if ((m_size & (k_block - 1)) == 0) m_blocks.emplace_back();
      const std::size_t add = std::min(n - m_size, k_block - (m_size & (k_block - 1)));
      m_blocks.back().resize(m_blocks.back().size() + add);
      m_size += add;
    }
  }
  void clear() {
    m_blocks.clear();
    m_size = 0;
  }
  std::size_t bytes() const {
    std::size_t b = 0;
    for (const auto& v : m_blocks) b += v.capacity() * sizeof(T);
    return b;
  }

 private:
  std::vector<std::vector<T>> m_blocks;
  std::size_t m_size = 0;
};

class Model {
 public:
  static constexpr std::size_t k_keyframe_interval = 1024;
  // Pages of derived events held in memory at most (derived_pages.hpp: 128 KiB each, 48 MiB).
  static constexpr std::size_t k_stream_pages = 384;

  Model() = default;
  // Throws InputError("trace, event N: ...") when the events do not nest or contradict
  // themselves (a child returning a value it did not return, a cutoff at the wrong child...),
  // or are not the steps the trace's rule gives (derive.hpp). A lean trace's steps are derived
  // as they are read: the model's events are then the full stream, every step in place. Throws
  // InputError when there are more than model_event_limit() events. At most `stream_pages`
  // pages of derived events are held at once.
  explicit Model(const Trace& trace, std::size_t stream_pages = k_stream_pages);
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const Trace& trace() const { return *m_trace; }
  // Every step of the search, derived ones included (for an explicit trace, its own events).
  const EventLog& events() const { return *m_events; }
  std::size_t event_count() const { return m_events ? m_events->size() : 0; }
  const Event event(std::size_t t) const { return (*m_events)[t]; }

  std::uint32_t node_count() const { return static_cast<std::uint32_t>(m_hot.size()); }
  // The whole node: what is kept and what its events say (its window, label, return...).
  ModelNode node(std::uint32_t id) const;
  // What is kept, read without touching the events.
  std::uint32_t parent(std::uint32_t id) const { return m_hot[id].parent; }
  std::uint32_t enter_t(std::uint32_t id) const { return m_hot[id].enter_t; }
  std::uint32_t leave_t(std::uint32_t id) const { return m_hot[id].leave_t; }
  std::uint32_t cutoff_t(std::uint32_t id) const;
  std::uint32_t marks(std::uint32_t id) const { return m_hot[id].marks; }
  std::int32_t depth(std::uint32_t id) const { return static_cast<std::int32_t>(m_hot[id].depth); }
  std::int32_t k(std::uint32_t id) const { return m_hot[id].k; }
  NodeKind kind(std::uint32_t id) const { return static_cast<NodeKind>(m_hot[id].bits & 7u); }
  Bound bound(std::uint32_t id) const {
    return static_cast<Bound>(static_cast<int>((m_hot[id].bits >> 3) & 3u) - 1);
  }
  bool is_leaf(std::uint32_t id) const { return (m_hot[id].bits & 32u) != 0; }
  NodeKind expected(std::uint32_t id) const { return static_cast<NodeKind>(m_hot[id].expected); }
  std::uint16_t iteration(std::uint32_t id) const;
  // One event each: the return (0 while open), the successor that caused the cutoff (-1 none).
  Score ret(std::uint32_t id) const {
    return m_hot[id].leave_t != k_never ? (*m_events)[m_hot[id].leave_t].a : 0;
  }
  std::int32_t cutoff_child(std::uint32_t id) const {
    const std::uint32_t t = cutoff_t(id);
    return t != k_never ? (*m_events)[t].a : -1;
  }
  // Successors left unsearched by the cutoff (successors counted less the cut one and those
  // before it, and those pruned unentered): 0 without a cutoff.
  std::int32_t unsearched(std::uint32_t id) const;
  // The node's kind as of event t: its kind once left, Cut from the cutoff on, else unknown.
  NodeKind kind_at(std::uint32_t id, std::size_t t) const {
    const NodeHot& h = m_hot[id];
    if (h.leave_t != k_never && h.leave_t <= t) return kind(id);
    if (h.cutoff_gap != 0 && cutoff_t(id) <= t) return NodeKind::cut;
    return NodeKind::unknown;
  }
  const std::vector<std::uint32_t>& roots() const { return m_roots; }
  std::uint32_t child_count(std::uint32_t id) const {
    const std::uint32_t end = id + 1 < m_hot.size() ? m_hot[id + 1].children_begin
                                                    : static_cast<std::uint32_t>(m_children.size());
    return end - m_hot[id].children_begin;
  }
  // The k-th child entered (k: entry order).
  std::uint32_t child(std::uint32_t id, std::uint32_t k) const {
    return m_children[m_hot[id].children_begin + k];
  }
  // Successor k as the search's events number it (child_return, best_set, alpha_set, cutoff):
  // the child with that k entered last (a re-search replaces its probe); k_no_node if none.
  std::uint32_t successor(std::uint32_t id, std::int32_t k) const;
  // The node's own events from its entry to `until` (inclusive), in time order: those about
  // it (and their payloads) between its entry and exit that no successor's subtree holds.
  // fn(t, event) returns false to stop.
  template <class Fn>
  void own_events(std::uint32_t id, std::size_t until, Fn fn) const;
  // The same, latest first, from `until` back to the entry.
  template <class Fn>
  void own_events_back(std::uint32_t id, std::size_t until, Fn fn) const;

  const std::string& label(std::uint32_t id) const;
  // The node's position text: recorded, or derived from the root's and the moves
  // (positions.hpp) and kept; "" for trees.
  const std::string& position(std::uint32_t id) const;
  // Child indices from the root, e.g. {0, 2}.
  std::vector<int> path(std::uint32_t id) const;
  std::string path_text(std::uint32_t id) const;  // "0.2", "" for a root
  std::uint32_t depth_max() const { return m_depth_max; }
  // The first node entered at the greatest depth under root i (roots()[i]): the end of the
  // iteration's deepest line.
  std::uint32_t deepest_of_root(std::size_t i) const { return m_root_deepest[i]; }
  bool has_window() const { return m_has_window; }  // false for minimax traces

  // The node an event is about (k_no_node for iteration events).
  std::uint32_t node_of_event(std::size_t t) const;
  NodeState state_at(std::uint32_t id, std::size_t t) const;
  Counters counters_at(std::size_t t) const;
  // Nodes entered at or before t (ids are in entry order, so these are ids 0..n-1).
  std::uint32_t nodes_visible_at(std::size_t t) const;

  // The principal variation of a root: the successor whose negated value made each node's
  // return value (the cutoff child of a Cut node), to a leaf.
  std::vector<std::uint32_t> principal_variation(std::uint32_t root) const;

  // The index an extension built of this model (TraceExtension::build_index), nullptr if none:
  // read through the extension's typed accessor (fe_index(), interest_index()).
  const ExtensionIndex* extension_index(const TraceExtension& x) const;

  // Bytes the model holds (the nodes, their successors, keyframes; not the pages of events).
  std::size_t bytes() const;

 private:
  [[noreturn]] void fail(std::size_t t, const std::string& what) const;
  void add_counts(Counters& c, std::size_t t, const Event& e, bool marks) const;
  // The gaps of a node's own events: [from, to] ranges of time between its successors'
  // subtrees, up to `until`, earliest first (the callback returns false to stop).
  template <class Fn>
  void own_ranges(std::uint32_t id, std::size_t until, Fn fn) const;
  bool owns(std::uint32_t id, std::size_t t, const Event& e) const;
  friend class ModelBuilder;  // model_build.cpp

  const Trace* m_trace = nullptr;
  const EventLog* m_events = nullptr;   // the trace's, or m_derived
  std::unique_ptr<EventLog> m_derived;  // a lean or engine trace's full stream, made by pages
  mutable std::unordered_map<std::uint32_t, std::string> m_positions;  // derived, as shown
  // Principal variations asked for (a frame asks for the shown root's each time).
  mutable std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_pvs;
  BlockArray<NodeHot> m_hot;
  BlockArray<std::uint32_t> m_children;
  std::vector<std::uint32_t> m_roots;
  std::vector<std::uint16_t> m_root_iteration;  // per root
  std::vector<std::uint32_t> m_root_deepest;    // per root, as deepest_of_root
  // Rare facts kept by node: a cutoff far before the exit (or with no exit yet), successors
  // pruned unentered, a value adjustment by the parent, records about a node made while it
  // was not the one being searched (RecordScope::any_entered).
  // (Each by id, sorted once the model is built: 8 bytes a node that has one.)
  using Rare = std::vector<std::pair<std::uint32_t, std::int32_t>>;
  Rare m_far_cutoff, m_pruned, m_adjustment;
  static std::int32_t rare(const Rare& r, std::uint32_t id, std::int32_t none);
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_foreign;
  std::vector<Counters> m_keyframes;                       // counters before event i * interval
  std::vector<std::unique_ptr<ExtensionIndex>> m_indexes;  // per all_extensions() slot
  std::uint32_t m_depth_max = 0;
  bool m_has_window = true;
};

template <class Fn>
void Model::own_ranges(std::uint32_t id, std::size_t until, Fn fn) const {
  const NodeHot& h = m_hot[id];
  if (until < h.enter_t) return;
  const std::size_t end = h.leave_t != k_never ? std::min<std::size_t>(until, h.leave_t) : until;
  std::size_t from = h.enter_t;
  const std::uint32_t n = child_count(id);
  for (std::uint32_t i = 0; i < n; ++i) {
    const NodeHot& c = m_hot[child(id, i)];
    if (c.enter_t > end) break;
    if (!fn(from, static_cast<std::size_t>(c.enter_t) - 1)) return;
    if (c.leave_t == k_never || c.leave_t >= end) return;  // still inside the successor
    from = static_cast<std::size_t>(c.leave_t) + 1;
  }
  if (from <= end) fn(from, end);
}

template <class Fn>
void Model::own_events(std::uint32_t id, std::size_t until, Fn fn) const {
  bool go = true;
  own_ranges(id, until, [&](std::size_t from, std::size_t to) {
    for (std::size_t t = from; t <= to && go; ++t) {
      const Event e = (*m_events)[t];
      if (owns(id, t, e)) go = fn(t, e);
    }
    return go;
  });
  if (!go || m_foreign.empty()) return;
  auto it = m_foreign.find(id);
  if (it == m_foreign.end()) return;
  for (std::uint32_t t : it->second) {
    if (t > until || !fn(t, (*m_events)[t])) break;
  }
}

template <class Fn>
void Model::own_events_back(std::uint32_t id, std::size_t until, Fn fn) const {
  // The ranges are few (one per successor entered): gathered, then read from the last.
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  own_ranges(id, until, [&](std::size_t from, std::size_t to) {
    if (from <= to) ranges.emplace_back(from, to);
    return true;
  });
  std::vector<std::uint32_t> foreign;
  if (!m_foreign.empty()) {
    auto it = m_foreign.find(id);
    if (it != m_foreign.end()) foreign = it->second;
  }
  while (!foreign.empty() && foreign.back() > until) foreign.pop_back();
  for (std::size_t r = ranges.size(); r-- > 0;) {
    for (std::size_t t = ranges[r].second + 1; t-- > ranges[r].first;) {
      while (!foreign.empty() && foreign.back() > t) {
        if (!fn(foreign.back(), (*m_events)[foreign.back()])) return;
        foreign.pop_back();
      }
      const Event e = (*m_events)[t];
      if (owns(id, t, e) && !fn(t, e)) return;
    }
  }
  for (std::size_t i = foreign.size(); i-- > 0;)
    if (!fn(foreign[i], (*m_events)[foreign[i]])) return;
}

}  // namespace kibitz::trace
