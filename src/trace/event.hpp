// The one contract between an engine and everything that reads what it did.
//
// A trace is a flat sequence of fixed-size, trivially copyable 16-byte events plus a table of
// strings (labels, positions) stored once and referred to by index. Node ids are assigned in
// the order nodes are entered (the first root is 0) and every event names the node it is
// about, so a reader can check that the events nest. docs/trace-format.md is the prose
// version of this file; keep the two together.
//
// The event of each pseudocode step of search! (000_...):
//   enter        node entered; aux = move index in generation order; a = alpha[0], b = beta.
//                Its parent is the node entered most recently and not yet left.
//   label        a = string id of the move (or node name) that leads to the node
//   position     a = string id of the node's position text (FEN, board, ...)
//   expand       a = count(node.succ), the successors generated (interior nodes)
//   evaluate     a = evaluate(position), from the side to move (a leaf of the search)
//   child_return a = k, b = succ[k].ret (child's own point of view); flags = bound of -ret
//                as the parent sees it (alphabeta-bounds; exact otherwise)
//   best_set     a = k, b = best[k]; flags = bound of best[k] so far
//   alpha_set    a = k+1, b = alpha[k+1]; flags bit 0 = the value rose
//   cutoff       a = k (the successor that caused it), b = best[k]
//   leave        a = ret; flags = bound | kind << 2 (see pack_leave)
//   iteration_begin / iteration_end: node = iteration number, a = depth or limit / root value
//   node         (format 2, lean traces) a node entered, with what cannot be derived: its id is
//                the next one, its parent the open node still searching successors; aux = move
//                index, node = string id of its label (0 none), b = string id of its position
//                (0 none); flags = k_node_leaf (a = evaluate(position)), k_node_interior
//                (a = count(node.succ)) or k_node_open (neither yet: a table probe settles it,
//                or an expand / evaluate event follows). Its window and every step after it
//                are derived by the trace's rule (trace/steps.hpp, trace/derive.hpp).
//
// Extension events carry the typed records of search/sink/: one head event about the node
// being searched, and a declared number of payload events right after it (payload: node, a and
// b are the record's extra values). trace/records/ encodes and decodes them; the layouts:
//
// tt_probe (32)    the transposition table probed at the node just entered: flags = TtProbe
//                  (0 miss, 1 entry whose move goes first, 2 entry that settles the node) |
//                  bound << 2 (none on a miss); aux = the entry's depth (0xFFFF on a miss);
//                  a = its value; b = its best move's generation index (-1 none).
// tt_store (33)    the node's result stored: flags = bound << 2, aux = depth, a = value, b = best.
// An engine's own search, as its recorder calls say (include/kibitz/record.h; engine records):
// attempt (34)     about the parent: the next successor entered is searched as flags = 1 a
//                  probe (a reduced or zero-window search, searched again if it fails high), 2
//                  a re-search of successor a = k (the attempt before it is superseded: it
//                  counts towards nothing), 3 a null move (the side to move passes: it counts
//                  only when it causes the cutoff); aux = why (EngineWhy: 0 unspecified, 1
//                  late-move reduction, 2 PVS zero window, 3 null-move verification, 4
//                  singular-extension test); a = the successor's k.
// node_facts (35)  about the node just entered: flags bit 0 = a quiescence node, bit 1 = a
//                  holds its remaining depth, bit 2 = b holds its ply (both in the engine's
//                  own units).
// static_eval (36) a = the node's static evaluation (side to move), which does not make it a
//                  leaf.
// hash_key (37)    a, b = the low and high 32 bits of the node's 64-bit position key.
// prune (38)       a move of the open node pruned without a search: a = string id of its name
//                  (0: unnamed), aux = why (PruneWhy: 0 unspecified, 1 futility, 2 late move
//                  (move count), 3 static exchange, 4 razoring, 5 history).
// table_move (39)  after a tt_probe: a = string id of the move the table suggested.
// interest_move (40)  a move comes up for search: aux = its generation index, a = its cost
//                  (the similarity penalty included), b = net_cost; flags = k_interest_cut
//                  (net_cost > limit: it and every later move are skipped) |
//                  k_interest_static_leaf (cut at the first move: the node is a leaf of this
//                  iteration and its evaluate follows) | k_interest_joint (the net cost counts
//                  the other side's tally). Two payloads: node = total_cost_This_Ply, a = the
//                  mover's path tally, b = the other's; node = the similarity penalty, a = the
//                  limit, b = 0. A move that passes is entered next (aux = the enter's). Costs
//                  are >= 0, clamped to 1,000,000,000, which is also "no limit".
// interest_terms (41)  a rated move's term: flags = term id (an index into the trace's
//                  "interest_terms" fact), aux = generation index, a = the term's points; after
//                  expand and before any successor. flags = k_interest_total closes the move:
//                  a = its interest, b = its cost, one payload: a = string id of its label.
// pvs (44)         principal variation search, about the parent: flags = k_pvs_probe (0):
//                  successor aux = k is entered next with a zero window, a, b = that window as
//                  the parent sees it (alpha[k], alpha[k] + 1 with >=; alpha[k], alpha[k] with
//                  >); flags = k_pvs_research (1): the probe of successor k came out above
//                  alpha[k] without a cutoff (a = its value to the parent, -ret): successor k is
//                  entered again with the full window, a second node with the same k.
// fe_test (48)     forward estimation tested a successor (values from MAX's point of view, the
//                  side to move at the search root): flags = k_fe_pruned | k_fe_max_root |
//                  k_fe_strict; aux = the successor's move index; a = c, its cost; b = d, the
//                  depth of its subtree. Two payloads (node = 0): a = l', b = u', the edge-cost
//                  bounds used (delta applied); a = the estimate (c + u'*d for a MIN root,
//                  c + l'*d for a MAX root), b = the window bound tested (alpha, beta). A pruned
//                  successor is never entered; an unpruned one is entered next.
// plausibility (56)  the Greenblatt program; flags = the PlausibilityRecord kind:
//   move (0)       aux = generation index, a = plausibility, b = move bits (from | to << 6 |
//                  kind << 12) | reason << 16 | poor << 24 | check << 25 | safe << 26 |
//                  capture << 27; then one payload per heuristic contribution: node =
//                  heuristic | piece << 8 | square << 16 | other square << 24, a = points.
//   width (1)      aux = level, a = basic width, b = distinct minimum | pieces with safe moves
//                  << 8 | moves selected << 16 | mode << 24 (GreenblattMode).
//   modification (2)  aux = k, a = points subtracted from successor k's value, b = reasons
//                  (k_penalty_* bits).
//   secondary (3)  the node is the top of a secondary search; aux = plies followed along the
//                  principal variation, a = the value first found for the move (the parent's
//                  view).
//   mate_skip (4)  aux = k: its move led to mate against the side to move and does not count
//                  against the basic width; a = the value.
//   secondary_result (5)  aux = k (the secondary search), a = first value, b = secondary value.
// feedover (57)    flags = FeedoverCondition (1 = 1A, 2 = 1B, 3 = 2, 4 = 3), aux = feedover plies
//                  above the node, a = square of the side to move's en prise piece, b = the
//                  other square (64: none).
// capture_search (58)  the node is evaluated statically and its plausible captures searched:
//                  flags bit 0 = the static value reached beta (no capture searched), a = static
//                  value (side to move), b = number of plausible captures.
// note (64)        a = string id: free text an engine wants shown at this step.
//
// Types 1..31 are the core: a reader must know them all. Types 32..255 are extensions (the
// transposition table, interest search, forward estimation, Greenblatt, notes): each is
// about the node it names and changes no other node's state, so a reader that does not know
// one shows it as an opaque step and goes on.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/bound.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"

namespace kibitz::trace {

// Every event type with its number (fixed, so files stay readable across versions) and its
// name in JSON traces: the one list, one line per type. Types 1..31 are the core, 32..255
// extensions.
#define KIBITZ_EVENT_TYPES(X)         \
  X(iteration_begin, 1)               \
  X(iteration_end, 2)                 \
  X(enter, 3)                         \
  X(label, 4)                         \
  X(position, 5)                      \
  X(expand, 6)                        \
  X(evaluate, 7)                      \
  X(child_return, 8)                  \
  X(best_set, 9)                      \
  X(alpha_set, 10)                    \
  X(cutoff, 11)                       \
  X(leave, 12)                        \
  X(node, 13)                         \
  X(tt_probe, 32)                     \
  X(tt_store, 33)                     \
  X(attempt, 34)                      \
  X(node_facts, 35)                   \
  X(static_eval, 36)                  \
  X(hash_key, 37)                     \
  X(prune, 38)                        \
  X(table_move, 39)                   \
  X(interest_move, 40)                \
  X(interest_terms, 41)               \
  X(pvs, 44)                          \
  X(fe_test, 48)                      \
  X(plausibility, 56)                 \
  X(feedover, 57)                     \
  X(capture_search, 58)               \
  X(note, 64)     /* a = string id */ \
  X(payload, 255) /* the record's */

#define KIBITZ_EVENT_ENUM(name, number) name = number,
enum class EventType : std::uint8_t { none = 0, KIBITZ_EVENT_TYPES(KIBITZ_EVENT_ENUM) };
#undef KIBITZ_EVENT_ENUM

constexpr int k_event_type_count = 256;

// plausibility (56) events: which record the flags hold (records/greenblatt_codec.hpp).
enum class PlausibilityRecord : std::uint8_t {
  move = 0,
  width = 1,
  modification = 2,
  secondary = 3,
  mate_skip = 4,
  secondary_result = 5
};

struct Event {
  EventType type;
  std::uint8_t flags;
  std::uint16_t aux;
  std::uint32_t node;
  std::int32_t a;
  std::int32_t b;
};

static_assert(sizeof(Event) == 16, "events are 16 bytes: the budget is <= 24 bytes per event");
static_assert(std::is_trivially_copyable_v<Event>, "events are copied as raw bytes");
static_assert(std::is_standard_layout_v<Event>, "events are written field by field");

constexpr std::uint32_t k_no_node = 0xFFFFFFFFu;
constexpr std::uint16_t k_no_move_index = 0xFFFFu;

// Bounds travel as 0 = upper, 1 = exact, 2 = lower in two bits.
constexpr std::uint8_t pack_bound(Bound d) {
  return static_cast<std::uint8_t>(static_cast<int>(d) + 1);
}
constexpr Bound unpack_bound(std::uint8_t bits) {
  return static_cast<Bound>(static_cast<int>(bits & 3u) - 1);
}
constexpr std::uint8_t pack_leave(Bound d, NodeKind k) {
  return static_cast<std::uint8_t>(pack_bound(d) | (static_cast<unsigned>(k) << 2));
}
constexpr NodeKind unpack_kind(std::uint8_t flags) {
  return static_cast<NodeKind>((flags >> 2) & 7u);
}

// The largest count or index a field holds (expand's count, a successor's k): every reader and
// writer takes exactly 0..k_max_count.
constexpr std::int32_t k_max_count = 0x7FFFFFFF;

// fe_test flags.
constexpr std::uint8_t k_fe_pruned = 1;    // the successor was abandoned (never entered)
constexpr std::uint8_t k_fe_max_root = 2;  // a MAX root: estimate = c + l'*d tested >= beta
constexpr std::uint8_t k_fe_strict = 4;    // criterion >: the test is < alpha (> beta)
// interest_terms and interest_move flags.
constexpr std::uint8_t k_interest_total = 255;
constexpr std::uint8_t k_interest_cut = 1, k_interest_static_leaf = 2, k_interest_joint = 4;

constexpr bool is_core_event(EventType t) {
  return t >= EventType::iteration_begin && t <= EventType::node;
}

// node event flags: what the node turned out to be when it was recorded.
constexpr std::uint8_t k_node_open = 0, k_node_leaf = 1, k_node_interior = 2;

const char* event_type_name(EventType t);  // "enter", "best_set", ... ("type_37" if unknown)
bool parse_event_type(const char* name, EventType& out);

}  // namespace kibitz::trace
