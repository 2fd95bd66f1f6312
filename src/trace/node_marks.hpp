// What the records say about a node, as bits of ModelNode::marks (one style for every
// extension), allocated here once: a mark is one line of the list, its bit its place in it.
// An extension that marks nodes adds its lines here (and sets them in its record hook).
#pragma once

#include <cstdint>

namespace kibitz::trace {

// The transposition table: probed, an entry found (its move tried first), the entry settled
// the node (no successors searched), the result stored.
// The Greenblatt program. gb_generated: the plausible move generator ran (basic or feedover);
// gb_feedover: a feedover condition held; gb_capture_search: evaluated statically, its
// plausible captures searched; gb_by_capture: reached by a plausible capture; gb_secondary: part
// of a secondary search; gb_mate_skip: its move led to mate against the side to move and was not
// counted.
// Principal variation search. pvs_probe_node: entered with a zero window, only to test whether
// it beats alpha[k]; pvs_research_node: entered again with the full window after its probe came
// out inside it (the probe is then superseded).
// superseded: a successor searched again (a record announced the repeat): the later search
// replaces this one as successor k, whose return was only a bound on the way to it.
// An engine's own search (engine_extension.cpp), as its recorder calls said: eng_quiescence: a
// quiescence search node; eng_null_move: the side to move passed (null-move pruning), counted
// only when it causes the cutoff; eng_probe: a reduced or zero-window search of a move, searched
// again if it fails high; eng_research: such a move searched again (the attempt before it is
// superseded); eng_pruned: moves of the node were pruned without a search; eng_noted: the node
// has notes.
#define KIBITZ_NODE_MARKS(X)                                                               \
  X(tt_probed)                                                                             \
  X(tt_found)                                                                              \
  X(tt_settled)                                                                            \
  X(tt_stored) X(gb_generated) X(gb_feedover) X(gb_capture_search) X(gb_by_capture)        \
      X(gb_secondary) X(gb_mate_skip) X(pvs_probe_node) X(pvs_research_node) X(superseded) \
          X(eng_quiescence) X(eng_null_move) X(eng_probe) X(eng_research) X(eng_pruned)    \
              X(eng_noted)

#define KIBITZ_MARK_ENUM(name) name,
enum class NodeMark : std::uint8_t { KIBITZ_NODE_MARKS(KIBITZ_MARK_ENUM) count };
#undef KIBITZ_MARK_ENUM
static_assert(static_cast<int>(NodeMark::count) <= 32, "ModelNode::marks has 32 bits");

constexpr std::uint32_t mark_bit(NodeMark m) {
  return static_cast<std::uint32_t>(1u << static_cast<unsigned>(m));
}

// The bits by name (k_tt_probed, k_superseded, ...), as the model's readers test them.
#define KIBITZ_MARK_BIT(name) constexpr std::uint32_t k_##name = mark_bit(NodeMark::name);
KIBITZ_NODE_MARKS(KIBITZ_MARK_BIT)
#undef KIBITZ_MARK_BIT

}  // namespace kibitz::trace
