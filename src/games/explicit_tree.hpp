// Explicit game trees written as bracket text, as in textbooks:
//   ((3 12 8) (2 4 6) (14 5 2))        three MIN nodes under a MAX root
//   A:(B:(3 12) C:(D:2 4))             optional names on any node
// Leaf values are from the root player's (MAX) point of view; the Game view below converts
// them to negamax form (from the side to move). Separators are spaces, tabs, newlines or
// commas; '#' starts a comment to the end of the line. Errors name the line and column.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/score.hpp"

namespace kibitz {

class ExplicitTree {
 public:
  struct Node {
    std::int32_t first_child = 0;  // children are stored contiguously
    std::int32_t child_count = 0;
    std::int32_t parent = -1;
    std::int32_t depth = 0;
    Score value = 0;   // leaves only, MAX point of view
    std::string name;  // "" when unnamed
    // Where it is in the text parsed (bytes): its name (or body), its body ('(' or the value),
    // and just past its ')' or value. Edits are made there (explicit_tree_edit.hpp).
    std::size_t text_begin = 0, text_body = 0, text_end = 0;
  };

  // The searches recurse once per level: deeper text is refused (as random trees are), so
  // that no input can overflow the stack, the browser's included.
  static constexpr int k_max_depth = 1000;

  // Throws InputError("line L, column C: ...") on malformed text.
  static ExplicitTree parse(std::string_view text);

  const Node& node(std::int32_t i) const { return m_nodes[static_cast<std::size_t>(i)]; }
  std::int32_t size() const { return static_cast<std::int32_t>(m_nodes.size()); }
  std::int32_t root() const { return 0; }
  int height() const { return m_height; }
  bool named() const { return m_named; }

  // Canonical bracket text (names kept), e.g. "((3 12 8) (2 4 6) (14 5 2))".
  std::string to_text() const;

 private:
  std::vector<Node> m_nodes;
  int m_height = 0;
  bool m_named = false;
};

// The Game view of an ExplicitTree: a cursor that walks down and back up.
class ExplicitTreeGame {
 public:
  using Move = std::int32_t;  // index of the child node in the tree

  explicit ExplicitTreeGame(const ExplicitTree& tree) : m_tree(&tree) { m_path.push_back(0); }

  void moves(std::vector<Move>& out) const {
    out.clear();
    const auto& n = m_tree->node(m_path.back());
    for (std::int32_t i = 0; i < n.child_count; ++i) out.push_back(n.first_child + i);
  }
  void make(Move m) { m_path.push_back(m); }
  void unmake(Move) { m_path.pop_back(); }
  Score evaluate() const {
    const auto& n = m_tree->node(m_path.back());
    return (n.depth % 2 == 0) ? n.value : -n.value;
  }
  std::string move_label(Move m) const { return m_tree->node(m).name; }
  std::string position_text() const;
  std::string root_label() const { return m_tree->node(0).name; }
  int ply() const { return static_cast<int>(m_path.size()) - 1; }
  std::int32_t current() const { return m_path.back(); }

 private:
  const ExplicitTree* m_tree;
  std::vector<std::int32_t> m_path;
};

}  // namespace kibitz
