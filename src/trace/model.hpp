// The trace model: rebuilds the search tree from the flat events and answers "what did every
// node look like at event t" for any t, so a viewer can seek anywhere.
//
// Per-node state is derived, not stored per step: each node keeps the range of its own
// events (sorted by time), and its state at t is read from the last of them at or before t
// (a binary search). Whole-search counters at t (leaves, cutoffs, kinds decided) come from
// keyframes stored every k_keyframe_interval events plus a scan of at most that many events.
// So a seek costs O(log n + k_keyframe_interval), never a replay from zero.
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
  // Where its children and its own events start in Model's arrays; they end where the next
  // node's start (the arrays are laid out in id order).
  std::uint32_t children_begin = 0;
  std::uint32_t events_begin = 0;
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

// The most events a model may hold (a lean trace's expanded stream included): about 64 bytes
// of memory each with what is derived from them (40-44 measured natively on 4-96 million for a
// replay, 57 for an export to JSON). Set once by the app from the memory available
// (install_services); beyond it a Model throws InputError before memory runs out.
void set_model_event_limit(std::size_t events);
std::size_t model_event_limit();
constexpr std::size_t k_model_bytes_per_event = 64;

class Model {
 public:
  static constexpr std::size_t k_keyframe_interval = 1024;

  Model() = default;
  // Throws InputError("trace, event N: ...") when the events do not nest or contradict
  // themselves (a child returning a value it did not return, a cutoff at the wrong child...),
  // or are not the steps the trace's rule gives (derive.hpp). A lean trace is expanded first:
  // the model's events are then the full stream, every step in place. Throws InputError when
  // there are more than model_event_limit() events.
  explicit Model(const Trace& trace);

  const Trace& trace() const { return *m_trace; }
  // Every step of the search, derived ones included (for an explicit trace, its own events).
  const EventLog& events() const { return *m_events; }
  std::size_t event_count() const { return m_events ? m_events->size() : 0; }
  const Event& event(std::size_t t) const { return (*m_events)[t]; }

  std::uint32_t node_count() const { return static_cast<std::uint32_t>(m_nodes.size()); }
  const ModelNode& node(std::uint32_t id) const { return m_nodes[id]; }
  const std::vector<std::uint32_t>& roots() const { return m_roots; }
  const std::uint32_t* children_begin(std::uint32_t id) const {
    return m_children.data() + m_nodes[id].children_begin;
  }
  std::uint32_t child_count(std::uint32_t id) const {
    const std::uint32_t end = id + 1 < m_nodes.size()
                                  ? m_nodes[id + 1].children_begin
                                  : static_cast<std::uint32_t>(m_children.size());
    return end - m_nodes[id].children_begin;
  }
  // The k-th child entered (k: entry order).
  std::uint32_t child(std::uint32_t id, std::uint32_t k) const {
    return m_children[m_nodes[id].children_begin + k];
  }
  // Successor k as the search's events number it (child_return, best_set, alpha_set, cutoff):
  // the child with that k entered last (a re-search replaces its probe); k_no_node if none.
  std::uint32_t successor(std::uint32_t id, std::int32_t k) const;
  // Event indices of a node's own events, in time order. (The index is made on first use: a
  // big trace's viewer lays the tree out first, without it in memory.)
  const std::uint32_t* node_events_begin(std::uint32_t id) const {
    if (m_node_events.size() != m_node_event_total) index_node_events();
    return m_node_events.data() + m_nodes[id].events_begin;
  }
  std::uint32_t node_event_count(std::uint32_t id) const {
    const std::uint32_t end =
        id + 1 < m_nodes.size() ? m_nodes[id + 1].events_begin : m_node_event_total;
    return end - m_nodes[id].events_begin;
  }

  const std::string& label(std::uint32_t id) const {
    return m_trace->strings.get(m_nodes[id].label);
  }
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

 private:
  [[noreturn]] void fail(std::size_t t, const std::string& what) const;
  void add_counts(Counters& c, std::size_t t) const;
  void index_node_events() const;
  friend class ModelBuilder;  // model_build.cpp

  const Trace* m_trace = nullptr;
  const EventLog* m_events = nullptr;                                  // the trace's, or m_expanded
  std::unique_ptr<EventLog> m_expanded;                                // a lean trace's full stream
  mutable std::unordered_map<std::uint32_t, std::string> m_positions;  // derived, as shown
  std::vector<ModelNode> m_nodes;
  std::vector<std::uint32_t> m_roots;
  std::vector<std::uint32_t> m_root_deepest;  // per root, as deepest_of_root
  std::vector<std::uint32_t> m_children;
  mutable std::vector<std::uint32_t> m_node_events;  // made by index_node_events
  std::uint32_t m_node_event_total = 0;
  std::vector<Counters> m_keyframes;                       // counters before event i * interval
  std::vector<std::unique_ptr<ExtensionIndex>> m_indexes;  // per all_extensions() slot
  std::uint32_t m_depth_max = 0;
  bool m_has_window = true;
};

}  // namespace kibitz::trace
