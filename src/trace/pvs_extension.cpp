// Principal variation search as a trace extension (extension.hpp): the model's part of the
// probe and re-search records, and their sentences.
#include "trace/node_marks.hpp"

#include "trace/derive_rule.hpp"
#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/records/pvs_codec.hpp"

namespace kibitz::trace {

namespace {

// A probe announces the next successor, searched with the zero window; a re-search announces
// the same successor again, now expected to be a Pv node.
void pvs_record(ModelBuildContext& m, std::size_t t, const Event& e) {
  const EventLog& ev = m.events();
  if (RecordCodec<PvsProbeRecord>::matches(e)) {
    const PvsProbeRecord r = RecordCodec<PvsProbeRecord>::decode(ev, t);
    if (r.k != m.next_successor_k(e.node)) {
      m.fail(t, "a zero-window probe of successor " + std::to_string(r.k) +
                    ", but the next successor is " + std::to_string(m.next_successor_k(e.node)));
    }
    // A zero window: (alpha, alpha) under the > criterion, (alpha, alpha + 1) under >=.
    if (r.beta < r.alpha || r.beta > r.alpha + 1) {
      m.fail(t, "a probe window (" + format_score(r.alpha) + ", " + format_score(r.beta) +
                    ") that is not a zero window");
    }
    m.next_child(e.node, k_pvs_probe_node, false, NodeKind::unknown);
  } else if (RecordCodec<PvsResearchRecord>::matches(e)) {
    const PvsResearchRecord r = RecordCodec<PvsResearchRecord>::decode(ev, t);
    const std::uint32_t probe = m.returned_successor(t, e.node, r.k);
    const ModelNode& p = m.node(probe);
    if (!(p.marks & k_pvs_probe_node))
      m.fail(t, "a re-search of successor " + std::to_string(r.k) + ", which was not probed");
    // The probe's value to the parent, above its zero window's alpha (-beta of the probe) and
    // not beyond the parent's beta: else a cutoff or a fail low, and no re-search.
    const std::string k = std::to_string(r.k);
    if (r.value != -p.ret) {
      m.fail(t, "a re-search of successor " + k + " whose probe value " + format_score(r.value) +
                    " is not the probe's return negated (" + format_score(-p.ret) + ")");
    }
    if (r.value <= -p.beta || r.value > m.node(e.node).beta) {
      m.fail(t, "a re-search of successor " + k + " although its probe value " +
                    format_score(r.value) + " is not inside the window");
    }
    m.next_child(e.node, k_pvs_research_node, true, NodeKind::pv);
  }
}

std::string narrate_pvs(const Model& model, std::size_t head, int slot) {
  const EventLog& ev = model.events();
  const Event& e = ev[head];
  if (slot != 0 || e.node >= model.node_count()) return "";
  auto sc = [](Score v) { return format_score_pretty(v); };
  const std::string here = node_name(model, e.node);
  if (RecordCodec<PvsProbeRecord>::matches(e)) {
    const PvsProbeRecord r = RecordCodec<PvsProbeRecord>::decode(ev, head);
    const std::string k = std::to_string(r.k);
    return "Successor " + k + " of " + here + " is probed with a zero window (" + sc(r.alpha) +
           ", " + sc(r.beta) + "): the search only asks whether it beats \u03b1[" + k +
           "] = " + sc(r.alpha) + ", which costs less than finding its value.";
  }
  if (RecordCodec<PvsResearchRecord>::matches(e)) {
    const PvsResearchRecord r = RecordCodec<PvsResearchRecord>::decode(ev, head);
    const std::string k = std::to_string(r.k);
    return "The zero-window probe of successor " + k + " says it is worth at least " + sc(r.value) +
           " to " + here +
           ": more than \u03b1, but no cutoff against \u03b2 = " + sc(model.node(e.node).beta) +
           ". Its value is needed, so successor " + k +
           " is searched again with the full window (a re-search).";
  }
  return "";
}

// The rule's part of the derivation (derive_rule.hpp): before a successor after the first, a
// zero-window probe (unless the window is zero already or the successor is being searched
// again); after a probe that comes out inside the window, a re-search of the same successor.
constexpr std::uint8_t k_probing = 1, k_research_next = 2;

void probe_window(DeriveSteps& d, DeriveNode& p, Score& a, Score& b) {
  if (p.rule_state & k_research_next) {
    p.rule_state &= static_cast<std::uint8_t>(~k_research_next);
    return;
  }
  const Criterion c = d.criterion();
  const bool zero =
      c == Criterion::ge ? static_cast<long long>(p.beta) - p.alpha <= 1 : p.alpha >= p.beta;
  if (p.k == 0 || zero) return;
  const Score upper = c == Criterion::ge ? p.alpha + 1 : p.alpha;
  d.put(Event{EventType::pvs, k_pvs_probe, move_aux(p.k), p.id, p.alpha, upper});
  p.rule_state |= k_probing;
  a = -upper, b = -p.alpha;
}

bool probe_returned(DeriveSteps& d, DeriveNode& p, Score ret) {
  if (!(p.rule_state & k_probing)) return false;
  p.rule_state &= static_cast<std::uint8_t>(~k_probing);
  const Score v = -ret;
  if (v <= p.alpha || causes_cutoff(v, p.beta, d.criterion())) return false;
  d.put(Event{EventType::pvs, k_pvs_research, move_aux(p.k), p.id, v, 0});
  p.rule_state |= k_research_next;
  return true;
}

}  // namespace

extern const StepRuleDef k_pvs_rule = {StepRule::pvs,  true,         false,
                                       EventType::pvs, probe_window, probe_returned};

extern const TraceExtension k_pvs_extension = {
    "pvs", "principal variation search", {EventType::pvs}, pvs_record, narrate_pvs};

}  // namespace kibitz::trace
