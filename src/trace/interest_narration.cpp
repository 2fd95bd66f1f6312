// Sentences for the interest-search events (see narration.hpp).
#include "trace/interest_narration.hpp"

#include "trace/narration.hpp"

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
  if (const trace::InterestRatingInfo* r = m.interest().rating_of(node, move_index)) {
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

std::string narrate_interest(const trace::Model& model, std::size_t t) {
  const Event& e = model.event(t);
  const trace::InterestIndex& ix = model.interest();
  switch (e.type) {
    case EventType::interest_terms: {
      const std::string who = move_name(model, e.node, e.aux);
      if (e.flags == trace::k_interest_total) {
        return who + " has interest " + std::to_string(e.a) + ": it costs " + std::to_string(e.b) +
               ".";
      }
      return "Interest of " + who + ": " + ix.term_name(e.flags) + " " + (e.a >= 0 ? "+" : "") +
             std::to_string(e.a) + ".";
    }
    case EventType::interest_move: {
      const trace::InterestMoveInfo mv = ix.move_info(static_cast<std::uint32_t>(t));
      const std::string who = move_name(model, e.node, e.aux);
      std::string s = who + " comes up: net cost = " + interest_net_sum(mv);
      if (!mv.cut) return s + " \u2264 limit " + num(mv.limit) + ", so it is searched.";
      s += " > limit " + num(mv.limit) + ": interest cutoff";
      if (mv.static_leaf) {
        return s + " at the first move: " + node_name(model, e.node) +
               " is a leaf of this iteration and is evaluated statically.";
      }
      const int skipped = ix.skipped(e.node);
      return s + ", " + who +
             (skipped > 1 ? " and the " + std::to_string(skipped - 1) + " moves after it are"
                          : " is") +
             " not searched.";
    }
    case EventType::payload: {
      // The numbers that go with the interest event just before.
      if (t >= 1 && model.event(t - 1).type == EventType::interest_terms &&
          model.event(t - 1).flags == trace::k_interest_total) {
        return "(the move's label: " + model.trace().strings.get(static_cast<std::uint32_t>(e.a)) +
               ")";
      }
      if (t >= 1 && model.event(t - 1).type == EventType::interest_move) {
        return "(its tallies: the mover's " + num(e.a) + ", the other side's " + num(e.b) +
               "; this ply's " + num(e.node) + ")";
      }
      if (t >= 2 && model.event(t - 2).type == EventType::interest_move) {
        return "(the limit: " + num(e.a) +
               (e.node > 0 ? "; similarity penalty " + num(e.node) : std::string()) + ")";
      }
      return "";
    }
    default:
      return "";
  }
}

}  // namespace kibitz
