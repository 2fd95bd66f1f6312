// Finding nodes (the Find tab): by where they are, or by a condition on how they turned out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "trace/model.hpp"

namespace kibitz::viewer {

// A node by its id ("#42"), its index path from the last root ("0.2.1"; "root"), its line of
// moves ("e4 e5 Nf3" or "e4-e5-Nf3": each a successor's label) or its name (a named tree's
// label). k_no_node when there is none, with the reason in `error`.
std::uint32_t find_node(const trace::Model& m, const std::string& text, std::string& error);

enum class FindCondition {
  wrong_expectation,  // its kind is not the one expected (a mis-ordered successor)
  late_cutoff,        // cut off by successor k >= min_k (0 is the first)
  value_range,        // ret in [lo, hi]
  leaf_range,         // an evaluated leaf with its value in [lo, hi]
  search_kind,        // an engine's kind of node (SearchKind)
  text,               // a note, a pruned move's name, a table move or a position key (hex)
};

// The kinds of node an engine's recording distinguishes (trace/engine_extension.cpp).
enum class SearchKind { probe, research, superseded, null_move, quiescence, table_cut, pruned };

struct FindQuery {
  FindCondition condition = FindCondition::wrong_expectation;
  int min_k = 1;
  Score lo = -100, hi = 100;
  SearchKind kind = SearchKind::probe;
  std::string text;  // matched without regard to case
};

// The nodes matching as of the end of the trace, in id order: the first `limit`, and their
// total.
std::vector<std::uint32_t> find_nodes(const trace::Model& m, const FindQuery& q, std::size_t limit,
                                      std::size_t& total);

}  // namespace kibitz::viewer
