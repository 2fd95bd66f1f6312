// Compare: two searches side by side (the lesson of move ordering, of > against ≥, of what
// alpha-beta saves over minimax), each on its own canvas with its own layout. The second
// search's cursor follows the first's: at the same node (by its path) where both searched it,
// else at the node entered as many nodes in. Nodes one searched and the other did not are
// marked on both canvases; a table gives nodes, leaves, cutoffs and kinds, and their ratio.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::viewer {

class ViewerState;

// The figures of one search, at its end.
struct CompareFigures {
  std::uint32_t nodes = 0, leaves = 0, cutoffs = 0, pv = 0, cut = 0, all = 0;
};
CompareFigures compare_figures(const trace::Model& m);

// Marks, in each state's only_here, the nodes whose path the other search never entered.
void mark_only_here(ViewerState& a, ViewerState& b);

// Puts b's cursor where a's is, as the header says; b takes a's view settings (value view,
// theme, projector mode, text size, pruned branches).
void follow_compare(const ViewerState& a, ViewerState& b);

// The two canvases side by side with their titles, and the table under them (`size` in all).
void draw_compare(ViewerState& a, ViewerState& b, float width, float height);

// The lessons' pairs of set-ups (JSON options as runSearch takes them).
struct ComparePreset {
  const char* name;
  const char* a;
  const char* b;
};
const std::vector<ComparePreset>& compare_presets();

}  // namespace kibitz::viewer
