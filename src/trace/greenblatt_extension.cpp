// The Greenblatt program as a trace extension (extension.hpp): plausibility, feedover and
// capture_search. The views read a node's records through greenblatt_index.hpp.
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/move_names.hpp"
#include "trace/narration.hpp"
#include "trace/records/greenblatt_codec.hpp"

namespace kibitz::trace {

namespace {

using namespace greenblatt;

std::string sc(Score s) {
  return format_score_pretty(s);
}

std::string narrate_width(const WidthRecord& w, const std::string& here) {
  if (w.mode == GreenblattMode::capture) {
    return here + " has " + std::to_string(w.width) +
           " plausible captures (captures and promotions that appear to gain material), all "
           "searched.";
  }
  return std::string(w.mode == GreenblattMode::feedover ? "Feedover: the" : "The") +
         " plausible move generator scores the moves of " + here + " (level " +
         std::to_string(w.level) + "): basic width " + std::to_string(w.width) +
         ", moves of at least " + std::to_string(w.distinct_min) + " distinct pieces (" +
         std::to_string(w.safe_pieces) + " have safe moves); " + std::to_string(w.selected) +
         " moves selected.";
}

std::string narrate_move(const PlausibleMoveRecord& r, const std::string& name,
                         const std::string& here) {
  std::string s = "Plausibility of " + name + " at " + here + ": " + std::to_string(r.plausibility);
  s += r.reason == Reason::none ? "; not searched (beyond the width)"
                                : std::string("; searched: ") + reason_name(r.reason);
  if (r.poor) s += "; developmentally poor";
  return s + ".";
}

// The plausibility records other than moves and widths.
std::string narrate_plausibility(const Model& model, const EventLog& ev, std::size_t t,
                                 std::uint32_t id, const std::string& here) {
  auto child_name = [&](int k) {
    const std::uint32_t c = model.successor(id, k);
    return c != k_no_node ? node_name(model, c) : "successor " + std::to_string(k);
  };
  const Event& e = ev[t];
  if (RecordCodec<ModificationRecord>::matches(e)) {
    const auto r = RecordCodec<ModificationRecord>::decode(ev, t);
    return "Value modification: " + child_name(r.k) + "'s value to " + here + " is lowered by " +
           std::to_string(r.points) + " (" + penalty_reasons(r.reasons) + ").";
  }
  if (RecordCodec<SecondaryRecord>::matches(e)) {
    const auto r = RecordCodec<SecondaryRecord>::decode(ev, t);
    return "Secondary search for " + here + ": follow its principal variation " +
           std::to_string(r.plies) + (r.plies == 1 ? " ply" : " plies") +
           " as the plausible move generator chose it, then search two plies more; the value "
           "first found was " +
           sc(r.value) + ".";
  }
  if (RecordCodec<MateSkipRecord>::matches(e)) {
    const auto r = RecordCodec<MateSkipRecord>::decode(ev, t);
    return child_name(r.k) + " leads to mate against the side to move (" + sc(r.value) +
           "): it does not count against the basic width, so another move is searched.";
  }
  if (RecordCodec<SecondaryResultRecord>::matches(e)) {
    const auto r = RecordCodec<SecondaryResultRecord>::decode(ev, t);
    return "The secondary search values " + child_name(r.k) + " at " + sc(r.second) + " against " +
           sc(r.first) + " first: " +
           (r.second < r.first
                ? "the secondary value is worse for the side to move and replaces it."
                : "the first value stands.");
  }
  return "A plausibility record at " + here + ".";
}

// Generation records come before the node's successors; the others name a successor searched.
void greenblatt_record(ModelBuildContext& m, std::size_t t, const Event& e) {
  const EventLog& ev = m.events();
  ModelNode& node = m.node(e.node);
  const bool before_successors = RecordCodec<PlausibleMoveRecord>::matches(e) ||
                                 RecordCodec<WidthRecord>::matches(e) ||
                                 e.type != EventType::plausibility;
  if (before_successors && m.successors_entered(e.node) > 0) {
    m.fail(t, e.type == EventType::plausibility
                  ? "a plausibility record after the node's successors were searched"
                  : "reported after the node's successors were searched");
  }
  const auto named = [&]() -> ModelNode& {
    return m.node(m.returned_successor(t, e.node, static_cast<std::int32_t>(e.aux)));
  };
  if (RecordCodec<WidthRecord>::matches(e)) {
    if (RecordCodec<WidthRecord>::decode(ev, t).mode != GreenblattMode::capture)
      node.marks |= k_gb_generated;
  } else if (RecordCodec<ModificationRecord>::matches(e)) {
    const std::int32_t points = RecordCodec<ModificationRecord>::decode(ev, t).points;
    if (points < -k_score_eval_max || points > k_score_eval_max) {
      m.fail(t, "a value modification of " + std::to_string(points) +
                    " points is outside the evaluation range");
    }
    named().adjustment = points;
  } else if (RecordCodec<MateSkipRecord>::matches(e)) {
    named().marks |= k_gb_mate_skip;
  } else if (RecordCodec<SecondaryRecord>::matches(e)) {
    node.marks |= k_gb_secondary;
  } else if (RecordCodec<SecondaryResultRecord>::matches(e)) {
    named();
  } else if (RecordCodec<FeedoverRecord>::matches(e)) {
    node.marks |= k_gb_feedover;
  } else if (RecordCodec<CaptureSearchRecord>::matches(e)) {
    node.marks |= k_gb_capture_search;
  }
}

std::string narrate_greenblatt(const Model& model, std::size_t head, int slot) {
  const EventLog& ev = model.events();
  const Event& e = ev[head];
  const std::uint32_t id = e.node;
  if (id >= model.node_count()) return "";
  const std::string here = node_name(model, id);
  if (RecordCodec<PlausibleMoveRecord>::matches(e)) {
    const auto r = RecordCodec<PlausibleMoveRecord>::decode(ev, head);
    const std::string name = chess_move_name(model.position(id), r.move);
    if (slot == 0) return narrate_move(r, name, here);
    const std::size_t t = head + static_cast<std::size_t>(slot);
    return name + ": " + describe(unpack_contribution(ev[t].node, ev[t].a)) + ".";
  }
  if (slot != 0) return "";
  if (RecordCodec<WidthRecord>::matches(e))
    return narrate_width(RecordCodec<WidthRecord>::decode(ev, head), here);
  if (e.type == EventType::plausibility) return narrate_plausibility(model, ev, head, id, here);
  if (RecordCodec<FeedoverRecord>::matches(e)) {
    const auto r = RecordCodec<FeedoverRecord>::decode(ev, head);
    std::string s = "Feedover at " + here + ": condition " + feedover_name(r.condition);
    if (r.ours >= 0 && r.ours < 64)
      s += " (" + square_text(r.ours) +
           (r.theirs >= 0 && r.theirs < 64 ? " and " + square_text(r.theirs) : std::string()) + ")";
    return s +
           ", so the plausible move generator is applied again instead of the static evaluation.";
  }
  if (RecordCodec<CaptureSearchRecord>::matches(e)) {
    const auto r = RecordCodec<CaptureSearchRecord>::decode(ev, head);
    std::string s =
        here + " is evaluated statically: " + sc(r.static_value) + " for the side to move";
    if (r.stand_pat_cut) return s + ", which reaches \u03b2: no capture needs to be searched.";
    if (r.captures == 0) return s + "; no capture appears to gain material.";
    return s + "; " + std::to_string(r.captures) +
           (r.captures == 1 ? " plausible capture is" : " plausible captures are") +
           " searched, and the side to move may keep the static value.";
  }
  return "";
}

void count_greenblatt(const EventLog& ev, std::size_t t, Counters& c) {
  const Event& e = ev[t];
  if (e.type == EventType::feedover) ++c[Counter::gb_feedovers];
  if (e.type == EventType::capture_search) ++c[Counter::gb_statics];
  if (e.type != EventType::plausibility) return;
  if (RecordCodec<WidthRecord>::matches(e) &&
      RecordCodec<WidthRecord>::decode(ev, t).mode != GreenblattMode::capture)
    ++c[Counter::gb_generations];
  if (RecordCodec<SecondaryRecord>::matches(e)) ++c[Counter::gb_secondary];
}

void count_by_capture(std::uint32_t marks, Counters& c) {
  if (marks & k_gb_by_capture) ++c[Counter::gb_capture_nodes];
}

}  // namespace

extern const TraceExtension k_greenblatt_extension = {
    "greenblatt",
    "Greenblatt",
    {EventType::plausibility, EventType::feedover, EventType::capture_search},
    greenblatt_record,
    narrate_greenblatt,
    count_greenblatt,
    count_by_capture};

}  // namespace kibitz::trace
