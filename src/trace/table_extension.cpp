// The transposition table as a trace extension (extension.hpp): tt_probe and tt_store.
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/records/table_codec.hpp"

namespace kibitz::trace {

namespace {

// A probe comes before the node's search; a store after it.
void table_record(ModelBuildContext& m, std::size_t t, const Event& e) {
  ModelNode& node = m.node(e.node);
  if (RecordCodec<TableStoreRecord>::matches(e)) {
    node.marks |= k_tt_stored;
    return;
  }
  if (m.successors_entered(e.node) > 0 || node.leaf)
    m.fail(t, "a table probe after the node's search began");
  if (!RecordCodec<TableProbeRecord>::valid(e)) m.fail(t, "bad table probe result");
  const TableProbeRecord r = RecordCodec<TableProbeRecord>::decode(m.events(), t);
  node.marks |= k_tt_probed;
  if (r.result != TtProbe::miss) node.marks |= k_tt_found;
  if (r.result == TtProbe::cutoff) node.marks |= k_tt_settled;
}

std::string narrate_table(const Model& model, std::size_t head, int slot) {
  const EventLog& ev = model.events();
  const Event& e = ev[head];
  if (slot != 0) return "";
  const std::string name = node_name(model, e.node);
  auto entry = [](Bound bound, Score value, int depth) {
    return std::string(bound_name(bound)) + " value " + format_score_pretty(value) +
           " from depth " + std::to_string(depth);
  };
  if (RecordCodec<TableProbeRecord>::matches(e)) {
    const TableProbeRecord r = RecordCodec<TableProbeRecord>::decode(ev, head);
    switch (r.result) {
      case TtProbe::miss:
        return "The table has nothing for " + name + "'s position.";
      case TtProbe::cutoff:
        return "The table settles " + name + ": a stored " + entry(r.bound, r.value, r.depth) +
               " decides this window.";
      case TtProbe::move:
        return "The table has a stored " + entry(r.bound, r.value, r.depth) + " for " + name +
               ": not enough here, but its best move goes first.";
    }
  }
  if (RecordCodec<TableStoreRecord>::matches(e)) {
    const TableStoreRecord r = RecordCodec<TableStoreRecord>::decode(ev, head);
    return name + "'s result goes into the table: " + bound_name(r.bound) + " value " +
           format_score_pretty(r.value) + " at depth " + std::to_string(r.depth) + ".";
  }
  return "";
}

void count_table(const EventLog& ev, std::size_t t, Counters& c) {
  if (ev[t].type != EventType::tt_probe) return;
  const TableProbeRecord r = RecordCodec<TableProbeRecord>::decode(ev, t);
  ++c[Counter::tt_probes];
  if (r.result != TtProbe::miss) ++c[Counter::tt_hits];
  if (r.result == TtProbe::cutoff) ++c[Counter::tt_cutoffs];
}

}  // namespace

extern const TraceExtension k_table_extension = {
    "table",      "table",       {EventType::tt_probe, EventType::tt_store},
    table_record, narrate_table, count_table};

}  // namespace kibitz::trace
