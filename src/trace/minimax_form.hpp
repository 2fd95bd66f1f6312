// The textbook (minimax) form of a node's numbers. The trace records the seed's negamax form:
// every value from the point of view of the side to move at its node. Textbooks draw MAX and
// MIN nodes instead, every value from MAX's point of view (MAX moves at the root):
//   - a node at an even depth is a MAX node, at an odd depth a MIN node;
//   - a MAX node's numbers are its negamax numbers;
//   - a MIN node's value, best and evaluation are the negated negamax ones, its window
//     [alpha, beta] is the negated, swapped negamax window [-beta, -alpha], and a bound turns
//     round (a negamax lower bound is a MIN node's upper bound).
// So a MIN node's cutoff, negamax best >= beta, reads best <= alpha in this form.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/score.hpp"
#include "trace/model.hpp"

namespace kibitz::trace {

// Which values a viewer shows: the textbook's or the seed's.
enum class ValueView : std::uint8_t { minimax, negamax };

inline const char* value_view_name(ValueView v) {
  return v == ValueView::minimax ? "minimax" : "negamax";
}
inline bool parse_value_view(const std::string& s, ValueView& out) {
  if (s == "minimax") return out = ValueView::minimax, true;
  if (s == "negamax") return out = ValueView::negamax, true;
  return false;
}

// The view a trace opens in: the textbook's for trees (bracket text, the examples, random
// trees), the seed's for games and engines' traces.
inline ValueView default_value_view(const Meta& meta) {
  const std::string source = meta.get("source");
  return source == "tree" || source == "random" ? ValueView::minimax : ValueView::negamax;
}

inline bool is_max_node(const Model& m, std::uint32_t id) {
  return m.depth(id) % 2 == 0;
}

// -s without overflow (a damaged trace may hold any 32-bit value).
inline Score negated(Score s) {
  return s == std::numeric_limits<Score>::min() ? std::numeric_limits<Score>::max() : -s;
}

// A negamax value of node id (its ret, best, evaluation) from MAX's point of view.
inline Score max_view(const Model& m, std::uint32_t id, Score negamax) {
  return is_max_node(m, id) ? negamax : negated(negamax);
}

// The bound of a value of node id from MAX's point of view.
inline Bound max_view(const Model& m, std::uint32_t id, Bound negamax) {
  return is_max_node(m, id) ? negamax : invert(negamax);
}

// The window of node id from MAX's point of view, given its negamax (alpha, beta).
struct MinimaxWindow {
  Score alpha, beta;
};
inline MinimaxWindow max_view_window(const Model& m, std::uint32_t id, Score alpha, Score beta) {
  if (is_max_node(m, id)) return {alpha, beta};
  return {negated(beta), negated(alpha)};
}

// The cutoff's comparison at node id in this form: "≥"/">" at a MAX node (best against
// beta), "≤"/"<" at a MIN node (best against alpha).
inline const char* max_view_cutoff_symbol(const Model& m, std::uint32_t id, Criterion c) {
  const bool strict = c == Criterion::gt;
  if (is_max_node(m, id)) return strict ? ">" : "\u2265";
  return strict ? "<" : "\u2264";
}

}  // namespace kibitz::trace
