// An extension of the trace (event types 32..255; event.hpp): what the model learns from its
// records while it is built, and how the narration tells them. Each extension defines one
// TraceExtension in its own file and is listed once in extensions.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "trace/event.hpp"
#include "trace/extension_index.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

class Model;
struct ModelNode;
struct Counters;

// The model being built, as an extension's record may change it (model_build.cpp).
class ModelBuildContext {
 public:
  virtual ~ModelBuildContext() = default;
  virtual const EventLog& events() const = 0;
  virtual ModelNode& node(std::uint32_t id) = 0;
  // Successors of node id entered so far, and the index k the next one gets.
  virtual std::uint32_t successors_entered(std::uint32_t id) const = 0;
  virtual std::int32_t next_successor_k(std::uint32_t id) const = 0;
  // The successor the record at t names by its index k: the last one entered at id, which
  // must have that k and have returned (else the model fails, naming the event).
  virtual std::uint32_t returned_successor(std::size_t t, std::uint32_t id,
                                           std::int32_t k) const = 0;
  // The next successor entered at id gets `marks`; with `repeat`, it is the last successor
  // searched again (same k; the earlier one is then marked k_superseded), expected `expected`.
  virtual void next_child(std::uint32_t id, std::uint32_t marks, bool repeat,
                          NodeKind expected) = 0;
  [[noreturn]] virtual void fail(std::size_t t, const std::string& what) const = 0;
};

// The model's part of a record: checks it and notes what it says (the record is about the
// open node, e.node, already checked).
using RecordHook = void (*)(ModelBuildContext& model, std::size_t t, const Event& e);
// A sentence for the record headed at `head`; slot 0 is the head, 1, 2, ... its payloads.
using ExtensionNarrator = std::string (*)(const Model& model, std::size_t head, int slot);

// The extension's counters (model.hpp, Counter): of the record at t, one of its own events; of
// a node entered (by what earlier records marked it).
using RecordCount = void (*)(const EventLog& events, std::size_t t, Counters& c);
using NodeCount = void (*)(std::uint32_t marks, Counters& c);  // the node's marks

// Which nodes an extension's records may be about: the node being searched (a depth-first
// search's, nested enter/leave), or any node entered so far (a search that is not depth-first
// and comes back to its nodes, as Monte Carlo tree search does each iteration: its records then
// add to a node's own events wherever they fall in time).
enum class RecordScope : std::uint8_t { open_node, any_entered };

// Whether a record of an extension with `scope` may name `node`, given the node being searched
// (k_no_node: none) and the nodes entered so far.
inline bool record_may_name(RecordScope scope, std::uint32_t node, std::uint32_t open,
                            std::uint32_t entered) {
  return scope == RecordScope::any_entered ? node < entered : node == open && open != k_no_node;
}

// The extension's index of a model (extension_index.hpp), made once its nodes are built; nullptr
// when the trace has none of its records. Throws InputError naming the event for a record that
// contradicts the tree.
using IndexBuild = std::unique_ptr<ExtensionIndex> (*)(const Model& model);

struct TraceExtension {
  const char* key;       // the algorithm's registry name ("pvs"), or the feature's ("table")
  const char* name;      // in messages: "principal variation search"
  EventType types[8];    // the event types it owns (EventType::none ends the list)
  RecordHook on_record;  // nullptr: nothing for the model beyond the node's own events
  ExtensionNarrator narrate;
  RecordCount count = nullptr;
  NodeCount count_node = nullptr;
  RecordScope scope = RecordScope::open_node;
  IndexBuild build_index = nullptr;
};

// The extension that owns an event type, or nullptr (then its events are opaque steps).
const TraceExtension* find_extension(EventType type);
// Every extension, in the registry's order (extensions.cpp).
const std::vector<const TraceExtension*>& all_extensions();
// Each extension's count of a node entered (NodeCount).
void count_entered(std::uint32_t marks, Counters& c);

}  // namespace kibitz::trace
