#include "viewer/pseudocode.hpp"

#include <string>

namespace kibitz::viewer {

using trace::EventType;

namespace {

enum class Algo { minimax, alphabeta, bounds, interest };

Algo algo_of(const trace::Model& m) {
  const std::string a = m.trace().meta.get("algo");
  if (a == "minimax") return Algo::minimax;
  if (a == "alphabeta-bounds") return Algo::bounds;
  if (a == "interest") return Algo::interest;
  return Algo::alphabeta;
}

const Listing k_alphabeta{
    "search! (000_\u2026, minimax with \u03b1/\u03b2 pruning)",
    {
        "def search!(node)",
        "  if count(node.succ) = 0",
        "    node.ret = evaluate(node.position)",
        "    return",
        "  end",
        "  mutable retval \u2190 unknown",
        "  for k from 0 to count(node.succ) \u2212 1",
        "    node.succ[k].alpha[0] = \u2212node.beta",
        "    node.succ[k].beta = \u2212node.alpha[k]",
        "    search!(node.succ[k])",
        "    if k = 0",
        "      node.best[0] = \u2212node.succ[0].ret",
        "    else",
        "      node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].ret)",
        "    end",
        "    retval \u2190 node.best[k]",
        "    break if retval \u22c6 node.beta",
        "    node.alpha[k+1] = max(node.alpha[k], \u2212node.succ[k].ret)",
        "  end",
        "  node.ret = retval",
        "end",
    }};

const Listing k_bounds{
    "search returning (ret, bound) (000_\u2026)",
    {
        "def search(position, alpha, beta)",
        "  iterator = moves(position)",
        "  mutable move \u2190 next!(iterator)",
        "  return evaluate(position), exact if move = none",
        "  mutable alpha \u2190 alpha",
        "  mutable retval \u2190 unknown",
        "  mutable bound \u2190 unknown",
        "  while move \u2260 none",
        "    x\u2032, d\u2032 = search(apply(position, move), \u2212beta, \u2212alpha)",
        "    x, d = \u2212x\u2032, invert(d\u2032)",
        "    if retval = unknown or x \u2265 retval",
        "      when x = retval then bound \u2190 join(bound, d)",
        "      when x > retval then bound \u2190 d",
        "      retval \u2190 x",
        "    end",
        "    move \u2190 next!(iterator)",
        "    break if retval \u22c6 beta",
        "    alpha \u2190 max(alpha, x)",
        "  end",
        "  bound \u2190 lower if retval \u22c6 beta and move \u2260 none",
        "  return retval, bound",
        "end",
    }};

const Listing k_minimax{"minimax, no pruning (node.score)",
                        {
                            "def minimax(node)",
                            "  if count(node.succ) = 0",
                            "    node.score = evaluate(node.position)",
                            "    return",
                            "  end",
                            "  for k from 0 to count(node.succ) \u2212 1",
                            "    minimax(node.succ[k])",
                            "    node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].score)",
                            "  end",
                            "  node.score = node.best[count(node.succ) \u2212 1]",
                            "end",
                        }};

// Interest search (001_...): search! with the net-cost test before each successor.
const Listing k_interest{
    "interest search: search! with an interest limit (001_\u2026)",
    {
        "def search!(node, tally)",
        "  if count(node.succ) = 0",
        "    node.ret = evaluate(node.position)",
        "    return",
        "  end",
        "  cost[i] = 1 / interest(move i); sort the moves by cost",
        "  mutable ply_cost \u2190 0",
        "  for k from 0 to count(node.succ) \u2212 1",
        "    net = tally[mover] + ply_cost + cost[k]   (+ tally[other] if joint)",
        "    if net > limit and k = 0: node.ret = evaluate(node.position); return",
        "    break if net > limit                      (interest cutoff)",
        "    node.succ[k].alpha[0] = \u2212node.beta;  node.succ[k].beta = \u2212node.alpha[k]",
        "    search!(node.succ[k], tally with tally[mover] += ply_cost + cost[k])",
        "    node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].ret)",
        "    break if node.best[k] \u22c6 node.beta",
        "    node.alpha[k+1] = max(node.alpha[k], \u2212node.succ[k].ret)",
        "    ply_cost \u2190 ply_cost + cost[k]",
        "  end",
        "  node.ret = node.best[k]",
        "end",
    }};

int line_for(Algo a, const trace::Event& e, bool leaf) {
  switch (a) {
    case Algo::interest:
      switch (e.type) {
        case EventType::enter:
        case EventType::label:
        case EventType::position:
          return 1;
        case EventType::expand:
        case EventType::interest_terms:
          return 6;
        case EventType::interest_move:
          if (e.flags & trace::k_interest_static_leaf) return 10;
          return (e.flags & trace::k_interest_cut) ? 11 : 9;
        case EventType::evaluate:
          return 3;
        case EventType::child_return:
          return 13;
        case EventType::best_set:
          return 14;
        case EventType::cutoff:
          return 15;
        case EventType::alpha_set:
          return 16;
        case EventType::leave:
          return leaf ? 4 : 19;
        default:
          return 0;
      }
    case Algo::alphabeta:
      switch (e.type) {
        case EventType::enter:
        case EventType::label:
        case EventType::position:
          return 1;
        case EventType::expand:
          return 7;
        case EventType::evaluate:
          return 3;
        case EventType::child_return:
          return 10;
        case EventType::best_set:
          return e.a == 0 ? 12 : 14;
        case EventType::cutoff:
          return 17;
        case EventType::alpha_set:
          return 18;
        case EventType::leave:
          return leaf ? 4 : 20;
        default:
          return 0;
      }
    case Algo::bounds:
      switch (e.type) {
        case EventType::enter:
        case EventType::label:
        case EventType::position:
          return 1;
        case EventType::expand:
          return 3;
        case EventType::evaluate:
        case EventType::leave:
          return leaf ? 4 : 21;
        case EventType::child_return:
          return 10;
        case EventType::best_set:
          return 14;
        case EventType::cutoff:
          return 17;
        case EventType::alpha_set:
          return 18;
        default:
          return 0;
      }
    case Algo::minimax:
      switch (e.type) {
        case EventType::enter:
        case EventType::label:
        case EventType::position:
          return 1;
        case EventType::expand:
          return 6;
        case EventType::evaluate:
          return 3;
        case EventType::child_return:
          return 7;
        case EventType::best_set:
          return 8;
        case EventType::leave:
          return leaf ? 4 : 10;
        default:
          return 0;
      }
  }
  return 0;
}

int call_line(Algo a) {
  switch (a) {
    case Algo::minimax:
      return 7;
    case Algo::bounds:
      return 9;
    case Algo::interest:
      return 13;
    default:
      return 10;
  }
}

}  // namespace

const Listing& listing_for(const trace::Model& model) {
  switch (algo_of(model)) {
    case Algo::minimax:
      return k_minimax;
    case Algo::bounds:
      return k_bounds;
    case Algo::interest:
      return k_interest;
    default:
      return k_alphabeta;
  }
}

int line_of_event(const trace::Model& model, std::size_t t) {
  if (t >= model.event_count()) return 0;
  const trace::Event& e = model.event(t);
  const std::uint32_t id = model.node_of_event(t);
  const bool leaf = id != trace::k_no_node && id < model.node_count() && model.node(id).leaf;
  return line_for(algo_of(model), e, leaf);
}

int line_of_node(const trace::Model& model, std::uint32_t id, std::size_t t) {
  const trace::NodeState s = model.state_at(id, t);
  if (!s.visible || s.last_event == trace::k_never) return 0;
  // A successor entered after the node's own latest event is being searched: the call line.
  if (s.open && s.children_entered > 0) {
    const std::uint32_t last_child =
        model.child(id, static_cast<std::uint32_t>(s.children_entered - 1));
    if (model.node(last_child).enter_t > s.last_event) return call_line(algo_of(model));
  }
  return line_for(algo_of(model), model.event(s.last_event), model.node(id).leaf);
}

}  // namespace kibitz::viewer
