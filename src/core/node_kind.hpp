// Pv / Cut / All (000_..., "Kinds of nodes"), classified from a searched node's values, and the
// predicted kind of a successor ("Predicting the kind of a node").
#pragma once

#include <cstdint>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/score.hpp"

namespace kibitz {

enum class NodeKind : std::uint8_t { unknown = 0, pv = 1, cut = 2, all = 3, leaf = 4 };

const char* kind_name(NodeKind k);   // "unknown", "pv", "cut", "all", "leaf"
const char* kind_label(NodeKind k);  // "?", "Pv", "Cut", "All", "Leaf"
bool parse_kind(const char* text, NodeKind& out);

// Kind of an interior node searched with window [alpha0, beta] that returned `ret`.
// Criterion gt: Cut iff ret > beta, All iff ret < alpha0, else Pv (ret exact, possibly equal
// to alpha0 or beta). Criterion ge: Cut iff ret >= beta, All iff ret <= alpha0 (a return
// equal to alpha0 may be an upper bound there, so it is not claimed exact), else Pv.
// See docs/semantics.md for the reading of the seed behind this.
constexpr NodeKind classify_node(Score ret, Score alpha0, Score beta, Criterion c) {
  if (causes_cutoff(ret, beta, c)) return NodeKind::cut;
  if (c == Criterion::gt ? ret < alpha0 : ret <= alpha0) return NodeKind::all;
  return NodeKind::pv;
}

// The bound a kind implies: Pv exact, Cut lower, All upper, leaves exact.
constexpr Bound kind_bound(NodeKind k) {
  switch (k) {
    case NodeKind::cut:
      return Bound::lower;
    case NodeKind::all:
      return Bound::upper;
    default:
      return Bound::exact;
  }
}

// Predicted kind of successor k of a node currently believed to be `parent_belief`.
// Pv: first successor Pv, the others Cut; Cut: All; All: Cut.
constexpr NodeKind predict_child_kind(NodeKind parent_belief, int k) {
  switch (parent_belief) {
    case NodeKind::pv:
      return k == 0 ? NodeKind::pv : NodeKind::cut;
    case NodeKind::cut:
      return NodeKind::all;
    case NodeKind::all:
      return NodeKind::cut;
    default:
      return NodeKind::unknown;
  }
}

// The belief about a node after one of its successors has returned without a cutoff: an
// expected Cut node whose successor failed to cut is now believed to be an All node, so its
// later successors are predicted Cut. Other beliefs stay.
constexpr NodeKind revise_belief_after_child(NodeKind belief) {
  return belief == NodeKind::cut ? NodeKind::all : belief;
}

}  // namespace kibitz
