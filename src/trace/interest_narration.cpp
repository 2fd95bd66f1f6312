// Interest search as a trace extension (extension.hpp): interest_move and interest_terms,
// indexed by the model in InterestIndex, told here.
#include "trace/interest_narration.hpp"

#include "trace/extension.hpp"
#include "trace/interest_index.hpp"
#include "trace/narration.hpp"
#include "trace/records/interest_codec.hpp"

namespace kibitz {

using trace::Event;
using trace::EventType;

namespace {

// Costs as the trace writes them: 1,000,000,000 is "no limit".
std::string num(std::int64_t v) {
  return v >= k_score_inf ? "inf" : std::to_string(v);
}

// The move's name: its label when the rating recorded one, else "move N".
std::string move_name(const trace::Model& m, std::uint32_t node, int move_index) {
  if (const trace::InterestRatingInfo* r = interest_index(m).rating_of(node, move_index)) {
    if (r->label) return m.trace().strings.get(r->label);
  }
  return "move " + std::to_string(move_index);
}

}  // namespace

std::string interest_net_sum(const trace::InterestMoveInfo& mv) {
  std::string s = num(mv.mover) + " (path)";
  if (mv.joint) s += " + " + num(mv.other) + " (other side)";
  s += " + " + num(mv.ply) + " (this ply) + " + num(mv.move_cost);
  if (mv.penalty > 0)
    s += " (" + num(mv.move_cost - mv.penalty) + " + similarity " + num(mv.penalty) + ")";
  return s + " = " + num(mv.net);
}

namespace trace {

namespace {

std::string narrate_interest(const Model& model, std::size_t head, int slot) {
  const EventLog& ev = model.events();
  const Event& e = ev[head];
  const std::uint32_t node = e.node;
  const InterestIndex& ix = interest_index(model);
  if (RecordCodec<InterestTotalRecord>::matches(e)) {
    const InterestTotalRecord r = RecordCodec<InterestTotalRecord>::decode(ev, head);
    if (slot > 0) {
      // String id 0: the move has no label (a tree without names).
      return r.label == 0 ? "(the move has no label)"
                          : "(the move's label: " + model.trace().strings.get(r.label) + ")";
    }
    return move_name(model, node, r.move_index) + " has interest " + std::to_string(r.interest) +
           ": it costs " + std::to_string(r.cost) + ".";
  }
  if (RecordCodec<InterestTermRecord>::matches(e)) {
    const InterestTermRecord r = RecordCodec<InterestTermRecord>::decode(ev, head);
    return "Interest of " + move_name(model, node, r.move_index) + ": " + ix.term_name(r.term) +
           " " + (r.value >= 0 ? "+" : "") + std::to_string(r.value) + ".";
  }
  if (!RecordCodec<InterestMoveRecord>::matches(e)) return "";
  const InterestMoveInfo mv = ix.move_info(static_cast<std::uint32_t>(head));
  if (slot == 1) {
    return "(its tallies: the mover's " + num(mv.mover) + ", the other side's " + num(mv.other) +
           "; this ply's " + num(mv.ply) + ")";
  }
  if (slot == 2) {
    return "(the limit: " + num(mv.limit) +
           (mv.penalty > 0 ? "; similarity penalty " + num(mv.penalty) : std::string()) + ")";
  }
  const std::string who = move_name(model, node, mv.move_index);
  std::string s = who + " comes up: net cost = " + interest_net_sum(mv);
  if (!mv.cut) return s + " \u2264 limit " + num(mv.limit) + ", so it is searched.";
  s += " > limit " + num(mv.limit) + ": interest cutoff";
  if (mv.static_leaf) {
    return s + " at the first move: " + node_name(model, node) +
           " is a leaf of this iteration and is evaluated statically.";
  }
  const int skipped = ix.skipped(node);
  return s + ", " + who +
         (skipped > 1 ? " and the " + std::to_string(skipped - 1) + " moves after it are" : " is") +
         " not searched.";
}

// Ratings, costs and cutoffs per node, for a trace that has any.
std::unique_ptr<ExtensionIndex> build_interest_index(const Model& model) {
  auto index = std::make_unique<InterestIndex>();
  index->build(TraceView{model.trace().meta, model.trace().strings, model.events()}, model,
               model.node_count());
  if (index->empty()) return nullptr;
  return index;
}

}  // namespace

extern const TraceExtension k_interest_extension = {
    "interest",
    "interest",
    {EventType::interest_move, EventType::interest_terms},
    nullptr,
    narrate_interest,
    nullptr,
    nullptr,
    RecordScope::open_node,
    build_interest_index};

const InterestIndex& interest_index(const Model& model) {
  static const InterestIndex none;
  const ExtensionIndex* x = model.extension_index(k_interest_extension);
  return x ? static_cast<const InterestIndex&>(*x) : none;
}

}  // namespace trace
}  // namespace kibitz
