// The narration in the textbook's words (narration.hpp, trace/minimax_form.hpp): MAX and MIN
// nodes, every value from MAX's point of view, a MIN node's cutoff as "best ≤ α". Events the
// two forms tell alike (iterations, moves, positions, extensions' records) are told by the
// negamax narration.
#include "core/criterion.hpp"
#include "trace/narration.hpp"

namespace kibitz {

using trace::Event;
using trace::EventType;

namespace {

std::string sc(Score s) {
  return format_score_textbook(s);
}

const char* player(const trace::Model& m, std::uint32_t id) {
  return trace::is_max_node(m, id) ? "MAX" : "MIN";
}

// "MIN node B", "MAX node 0.2", "the root (MAX)", "leaf 0.1.2".
std::string who(const trace::Model& m, std::uint32_t id) {
  if (id == trace::k_no_node) return "the search";
  if (m.is_leaf(id)) {  // "leaf 0.1.2", "leaf E", "leaf move 4"
    const std::string name = node_name(m, id);
    return "leaf " + (name.rfind("node ", 0) == 0 ? name.substr(5) : name);
  }
  if (m.parent(id) == trace::k_no_node) return std::string("the root (") + player(m, id) + ")";
  return std::string(player(m, id)) + " " + node_name(m, id);
}

Criterion criterion_of(const trace::Model& m) {
  Criterion c = Criterion::gt;
  parse_criterion(m.trace().meta.get("criterion", "gt").c_str(), c);
  return c;
}

std::string tell_enter(const trace::Model& m, std::uint32_t id, bool kinds) {
  const trace::ModelNode& n = m.node(id);
  std::string s = n.parent == trace::k_no_node
                      ? std::string("The search starts at the root, a ") + player(m, id) + " node"
                      : "Enter " + who(m, id) + ", successor " + std::to_string(n.k) + " of " +
                            who(m, n.parent);
  if (m.has_window()) {
    const trace::MinimaxWindow w = trace::max_view_window(m, id, n.alpha0, n.beta);
    s += ", with window α = " + sc(w.alpha) + ", β = " + sc(w.beta);
  }
  if (kinds && n.expected != NodeKind::unknown)
    s += std::string("; expected ") + kind_label(n.expected);
  return s + ".";
}

// best[k] as the maximum (MAX node) or minimum (MIN node) of the values so far.
std::string tell_best(const trace::Model& m, const Event& e) {
  const std::uint32_t id = e.node;
  const Score best = trace::max_view(m, id, e.b);
  if (e.a == 0) return "best = " + sc(best) + " at " + who(m, id) + ".";
  const std::uint32_t c = m.successor(id, e.a);
  const trace::ModelNode& cn = m.node(c);
  const Score v = trace::is_max_node(m, id) ? -cn.ret - cn.adjustment : cn.ret + cn.adjustment;
  return "best = " + std::string(trace::is_max_node(m, id) ? "max" : "min") + "(best, " + sc(v) +
         ") = " + sc(best) + " at " + who(m, id) + ".";
}

// alpha[k] at a MAX node is its alpha; at a MIN node it is minus its beta.
std::string tell_alpha(const trace::Model& m, const Event& e) {
  const std::uint32_t id = e.node;
  const bool max = trace::is_max_node(m, id);
  const std::uint32_t c = m.successor(id, e.a - 1);
  const Score v = max ? -m.node(c).ret : m.node(c).ret;
  const std::string bound = max ? "α" : "β";
  const Score now = max ? e.b : -e.b;
  if (e.flags & 1u)
    return sc(v) + (max ? " raises α" : " lowers β") + " of " + who(m, id) + ": " + bound + " = " +
           sc(now) + ".";
  return bound + " of " + who(m, id) + " stays " + sc(now) + " (" + sc(v) + " is not " +
         (max ? "above" : "below") + " it).";
}

// "MIN node B: 2 ≤ α = 3, so its 2 remaining successors are pruned."
std::string tell_cutoff(const trace::Model& m, const Event& e, const PrunedNames& pruned) {
  const std::uint32_t id = e.node;
  const trace::ModelNode& n = m.node(id);
  const bool max = trace::is_max_node(m, id);
  const trace::MinimaxWindow w = trace::max_view_window(m, id, n.alpha0, n.beta);
  const Score best = trace::max_view(m, id, e.b);
  std::string s = who(m, id) + ": best " + sc(best) + " " +
                  trace::max_view_cutoff_symbol(m, id, criterion_of(m)) + " " +
                  (max ? "β = " + sc(w.beta) : "α = " + sc(w.alpha));
  const int left = n.succ_count - e.a - 1 - n.pruned;
  const std::vector<std::string> names = pruned ? pruned(id) : std::vector<std::string>();
  if (left > 0 && !names.empty())
    s += ", so " + name_list(names) + (names.size() == 1 ? " is" : " are") + " pruned";
  else if (n.succ_count >= 0 && left > 0)
    s += ", so its " + std::to_string(left) + " remaining " +
         (left == 1 ? "successor is" : "successors are") + " pruned";
  else if (n.succ_count >= 0)
    s += ": a cutoff, with no successor left to prune";
  else
    s += ": a cutoff, its remaining successors pruned";
  if (n.parent != trace::k_no_node)
    s += std::string(" (") + (max ? "MIN" : "MAX") + " above would never let play reach it)";
  return s + ".";
}

std::string tell_leave(const trace::Model& m, const Event& e, bool kinds) {
  const std::uint32_t id = e.node;
  const trace::ModelNode& n = m.node(id);
  const NodeKind k = trace::unpack_kind(e.flags);
  const Score v = trace::max_view(m, id, e.a);
  std::string s = who(m, id) + " returns " + sc(v);
  if (k == NodeKind::leaf) return s + ".";
  switch (trace::max_view(m, id, trace::unpack_bound(e.flags))) {
    case Bound::exact:
      s += ", its exact value";
      break;
    case Bound::lower:
      s += ", a lower bound (its value is " + sc(v) + " or more)";
      break;
    case Bound::upper:
      s += ", an upper bound (its value is " + sc(v) + " or less)";
      break;
  }
  if (!kinds) return s + ".";
  if (m.has_window())
    s += std::string(": ") + (k == NodeKind::all ? "an " : "a ") + kind_label(k) + " node";
  if (n.expected != NodeKind::unknown && n.expected != k && k != NodeKind::unknown)
    s += std::string(" (expected ") + kind_label(n.expected) + ")";
  return s + ".";
}

}  // namespace

std::string narrate_minimax(const trace::Model& model, std::size_t t, const PrunedNames& pruned,
                            bool kinds) {
  if (t >= model.event_count()) return "";
  const Event& e = model.event(t);
  const std::uint32_t id = e.node;
  switch (e.type) {
    case EventType::enter:
      return tell_enter(model, id, kinds);
    case EventType::evaluate:
      return who(model, id) + " is a leaf: its value is " + sc(trace::max_view(model, id, e.a)) +
             " (for MAX).";
    case EventType::child_return: {
      const std::uint32_t c = model.successor(id, e.a);
      return who(model, c) + " returns " + sc(trace::max_view(model, c, e.b)) + " to " +
             who(model, id) + ".";
    }
    case EventType::best_set:
      return tell_best(model, e);
    case EventType::alpha_set:
      return tell_alpha(model, e);
    case EventType::cutoff:
      return tell_cutoff(model, e, pruned);
    case EventType::leave:
      return tell_leave(model, e, kinds);
    default:
      return narrate(model, t);
  }
}

}  // namespace kibitz
