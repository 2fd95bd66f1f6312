#include "trace/narration.hpp"

#include "core/criterion.hpp"
#include "trace/extension.hpp"
#include "trace/records/codec.hpp"

namespace kibitz {

using trace::Event;
using trace::EventType;

namespace {

std::string sc(Score s) {
  return format_score_pretty(s);
}

// The successor k of node id, if it was entered (its re-search, if it had one).
std::uint32_t child_k(const trace::Model& m, std::uint32_t id, std::int32_t k) {
  return m.successor(id, k);
}

// An extension record's sentence (for its head or one of its payloads); "" if none.
std::string narrate_extension(const trace::Model& model, std::size_t t) {
  const std::size_t head = trace::record_head(model.events(), t);
  if (head == trace::k_no_event) return "";
  const trace::TraceExtension* x = trace::find_extension(model.event(head).type);
  return x && x->narrate ? x->narrate(model, head, static_cast<int>(t - head)) : "";
}

Criterion criterion_of(const trace::Model& m) {
  Criterion c = Criterion::gt;
  parse_criterion(m.trace().meta.get("criterion", "gt").c_str(), c);
  return c;
}

// An iteration_begin event: the depth or interest limit the iteration searches to.
std::string narrate_iteration_begin(const trace::Model& model, const Event& e) {
  // Iterative deepening counts depths; interest search grows a limit instead.
  const bool interest = model.trace().meta.get("algo") == "interest";
  return "Iteration " + std::to_string(e.node) + " begins: a search " +
         (interest ? "with interest limit " + std::to_string(e.a)
                   : "to depth " + std::to_string(e.a)) +
         ".";
}

// An enter event of node id: which successor of which node, its window and expected kind.
std::string narrate_enter(const trace::Model& model, std::uint32_t id) {
  const trace::ModelNode& n = model.node(id);
  std::string s = n.parent == trace::k_no_node
                      ? "The search starts at the root"
                      : "Enter " + node_name(model, id) + ", successor " + std::to_string(n.k) +
                            " of " + node_name(model, n.parent);
  if (model.has_window()) s += ", with window α₀ = " + sc(n.alpha0) + ", β = " + sc(n.beta);
  if (n.expected != NodeKind::unknown) s += std::string("; expected ") + kind_label(n.expected);
  return s + ".";
}

// A best_set event: best[k] as the maximum of best[k - 1] and the successor's value.
std::string narrate_best_set(const trace::Model& model, const Event& e) {
  const std::uint32_t id = e.node;
  // The Greenblatt search may lower a successor's value (a value modification), and the
  // capture search starts from the static value.
  const trace::ModelNode& c = model.node(child_k(model, id, e.a));
  const std::string value =
      sc(-c.ret - c.adjustment) +
      (c.adjustment ? " (" + sc(-c.ret) + " less a penalty of " + std::to_string(c.adjustment) + ")"
                    : "");
  if (c.marks & trace::k_gb_secondary && model.parent(id) == trace::k_no_node &&
      !(model.marks(id) & trace::k_gb_secondary)) {
    return "best[" + std::to_string(e.a) + "] = " + sc(e.b) + ", after the secondary search of " +
           node_name(model, child_k(model, id, e.a)) + ".";
  }
  if (e.a == 0) {
    if (model.marks(id) & trace::k_gb_capture_search)
      return "best[0] = max(the static value, " + value + ") = " + sc(e.b) + ".";
    return "best[0] = " + sc(e.b) + ".";
  }
  return "best[" + std::to_string(e.a) + "] = max(best[" + std::to_string(e.a - 1) + "], " + value +
         ") = " + sc(e.b) + ".";
}

// An alpha_set event: whether the last successor's value raised alpha.
std::string narrate_alpha_set(const trace::Model& model, const Event& e) {
  const std::uint32_t c = child_k(model, e.node, e.a - 1);
  const Score x = -model.node(c).ret;
  if (e.flags & 1u) {
    return sc(x) + " raises alpha: α[" + std::to_string(e.a) + "] = " + sc(e.b) + ".";
  }
  return "α[" + std::to_string(e.a) + "] = max(α[" + std::to_string(e.a - 1) + "], " + sc(x) +
         ") = " + sc(e.b) + ", unchanged.";
}

// A cutoff event: best reached beta, and how many successors are left unsearched.
std::string narrate_cutoff(const trace::Model& model, const Event& e, const PrunedNames& pruned) {
  const std::uint32_t id = e.node;
  const trace::ModelNode& n = model.node(id);
  const std::uint32_t c = child_k(model, id, e.a);
  std::string s = node_name(model, c) + " returned " + sc(model.node(c).ret) + ", so best[" +
                  std::to_string(e.a) + "] = " + sc(e.b) + " " +
                  criterion_symbol(criterion_of(model)) + " β = " + sc(n.beta) + ": cutoff, " +
                  node_name(model, id) + " is a Cut node";
  if (n.succ_count > e.a + 1 + n.pruned) {
    const int skipped = n.succ_count - e.a - 1 - n.pruned;  // pruned ones were tested
    const std::vector<std::string> names = pruned ? pruned(id) : std::vector<std::string>();
    if (!names.empty())
      s += " (" + name_list(names) + (names.size() == 1 ? " is" : " are") + " never searched)";
    else
      s += " (" + std::to_string(skipped) + (skipped == 1 ? " successor is" : " successors are") +
           " never searched)";
  }
  return s + ".";
}

// A leave event: the value returned, its bound and the node's kind (and what was expected).
std::string narrate_leave(const trace::Model& model, const Event& e) {
  const std::uint32_t id = e.node;
  const trace::ModelNode& n = model.node(id);
  const NodeKind k = trace::unpack_kind(e.flags);
  const Bound d = trace::unpack_bound(e.flags);
  std::string s = node_name(model, id) + " returns " + sc(e.a);
  if (k == NodeKind::leaf) return s + ".";
  switch (d) {
    case Bound::exact:
      s += ", an exact value";
      break;
    case Bound::lower:
      s += ", a lower bound (the score is " + sc(e.a) + " or more)";
      break;
    case Bound::upper:
      s += ", an upper bound (the score is " + sc(e.a) + " or less)";
      break;
  }
  if (model.has_window())
    s += std::string(": ") + node_name(model, id) + " is " + (k == NodeKind::all ? "an " : "a ") +
         kind_label(k) + " node";
  if (n.expected != NodeKind::unknown && n.expected != k && k != NodeKind::unknown) {
    s += std::string(" (expected ") + kind_label(n.expected) + ")";
  }
  return s + ".";
}

}  // namespace

namespace {

// " (search 2)" for a successor searched again (the same k as an earlier sibling, as PVS's
// re-search), " (search 1)" for the search it superseded; "" for every other node.
std::string search_number(const trace::Model& model, std::uint32_t id) {
  const trace::ModelNode& n = model.node(id);
  // A null move shares its k with the move searched after it, but is no attempt of it.
  if (n.parent == trace::k_no_node || (n.marks & trace::k_eng_null_move)) return "";
  int earlier = 0;
  bool again = (n.marks & trace::k_superseded) != 0;
  const std::uint32_t count = model.child_count(n.parent);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t c = model.child(n.parent, i);
    if (c == id) break;
    if (model.k(c) == n.k && !(model.marks(c) & trace::k_eng_null_move)) ++earlier, again = true;
  }
  return again ? " (search " + std::to_string(earlier + 1) + ")" : "";
}

}  // namespace

std::string node_name(const trace::Model& model, std::uint32_t id) {
  if (id == trace::k_no_node) return "the search";
  const std::string& label = model.label(id);
  // A bare number (a connect-four column, a tic-tac-toe cell) reads better as "move 4".
  if (!label.empty() && label.find_first_not_of("0123456789") == std::string::npos)
    return "move " + label + search_number(model, id);
  if (!label.empty()) return label + search_number(model, id);
  if (model.parent(id) == trace::k_no_node) return "the root";
  return "node " + model.path_text(id) + search_number(model, id);
}

std::string name_list(const std::vector<std::string>& names, std::size_t most) {
  std::string s;
  const std::size_t shown = names.size() > most ? most - 1 : names.size();
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) s += i + 1 == names.size() ? " and " : ", ";
    s += names[i];
  }
  if (shown < names.size()) s += " and " + std::to_string(names.size() - shown) + " more";
  return s;
}

std::string narrate(const trace::Model& model, std::size_t t, trace::ValueView view,
                    const PrunedNames& pruned, bool kinds) {
  return view == trace::ValueView::minimax ? narrate_minimax(model, t, pruned, kinds)
                                           : narrate(model, t, pruned);
}

std::string narrate(const trace::Model& model, std::size_t t, const PrunedNames& pruned) {
  if (t >= model.event_count()) return "";
  const Event& e = model.event(t);
  const std::uint32_t id = e.node;
  auto name = [&](std::uint32_t n) { return node_name(model, n); };
  switch (e.type) {
    case EventType::iteration_begin:
      return narrate_iteration_begin(model, e);
    case EventType::iteration_end:
      return "Iteration " + std::to_string(e.node) + " ends: the root's value is " + sc(e.a) + ".";
    case EventType::enter:
      return narrate_enter(model, id);
    case EventType::label:
      // A tree given as text names its nodes; a game's label is the move that led there.
      if (!model.trace().meta.get("tree").empty())
        return "This node is named " + model.trace().strings.get(static_cast<std::uint32_t>(e.a)) +
               " in the tree.";
      return name(id) + " is reached by the move " +
             model.trace().strings.get(static_cast<std::uint32_t>(e.a)) + ".";
    case EventType::position:
      return "Position of " + name(id) + ": " +
             model.trace().strings.get(static_cast<std::uint32_t>(e.a)) + ".";
    case EventType::expand:
      return name(id) + " has " + std::to_string(e.a) + (e.a == 1 ? " successor." : " successors.");
    case EventType::evaluate:
      return name(id) + " is a leaf: evaluate gives " + sc(e.a) + " for the side to move.";
    case EventType::child_return: {
      const std::uint32_t c = child_k(model, id, e.a);
      return name(c) + " returned " + sc(e.b) + ", so it is worth " + sc(-e.b) + " to " + name(id) +
             ".";
    }
    case EventType::best_set:
      return narrate_best_set(model, e);
    case EventType::alpha_set:
      return narrate_alpha_set(model, e);
    case EventType::cutoff:
      return narrate_cutoff(model, e, pruned);
    case EventType::leave:
      return narrate_leave(model, e);
    case EventType::note:
      return model.trace().strings.get(static_cast<std::uint32_t>(e.a));
    default: {
      if (std::string s = narrate_extension(model, t); !s.empty()) return s;
      return std::string(trace::event_type_name(e.type)) + " at " + name(model.node_of_event(t)) +
             ".";
    }
  }
}

}  // namespace kibitz
