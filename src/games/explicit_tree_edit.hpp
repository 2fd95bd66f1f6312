// Edits of a bracket tree (explicit_tree.hpp) made on its text, in place: the rest of the text
// (comments, line breaks, names, the user's spacing) stays as typed. A node is named by its path
// from the root: the index of each successor in turn ({} the root, {2, 0} the first successor
// of the third). What the viewer's "edit by hand" does, undoable as text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/score.hpp"

namespace kibitz {

struct TreeEdit {
  enum class Kind { set_value, rename, add_successor, remove, move_left, move_right };
  Kind kind = Kind::set_value;
  std::vector<int> path;
  Score value = 0;   // set_value: a leaf's value, from MAX's point of view
  std::string name;  // rename: "" takes the name away
};

// The text after the edit; throws InputError naming what cannot be done and which node. A leaf
// given a successor becomes an inner node whose one successor keeps its value; a node's last
// successor removed leaves it a leaf of value 0; the root cannot be removed.
std::string apply_tree_edit(std::string_view text, const TreeEdit& e);

// "node 1.0" (successor indices from the root) or "the root".
std::string tree_path_text(const std::vector<int>& path);
// What the edit did, in words ("leaf 0.2 set to 7").
std::string describe_tree_edit(const TreeEdit& e);

// The tree with every node's successors in the best order for alpha-beta (MAX's highest value
// first, MIN's lowest first: the minimal tree is searched) or the worst (the reverse: nothing is
// pruned), written as canonical text (names kept, comments not).
std::string ordered_tree_text(std::string_view text, bool best);

// A blank tree to build from: a MAX root with two leaves.
inline constexpr const char* k_new_tree_text = "(0 0)";

}  // namespace kibitz
