#include "games/explicit_tree_edit.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/error.hpp"
#include "games/explicit_tree.hpp"

namespace kibitz {

namespace {

// The tree node at `path`, or an InputError naming the path.
std::int32_t find_node(const ExplicitTree& t, const std::vector<int>& path) {
  std::int32_t id = t.root();
  for (std::size_t i = 0; i < path.size(); ++i) {
    const ExplicitTree::Node& n = t.node(id);
    if (path[i] < 0 || path[i] >= n.child_count)
      throw InputError("tree edit: " + tree_path_text(path) + " is not in the tree");
    id = n.first_child + path[i];
  }
  return id;
}

void check_name(const std::string& name) {
  if (name.empty()) return;
  const unsigned char c0 = static_cast<unsigned char>(name[0]);
  bool ok = std::isalpha(c0) || name[0] == '_';
  for (char c : name)
    ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'');
  if (!ok)
    throw InputError("tree edit: the name '" + name +
                     "' is not a name: a letter or '_', then letters, digits, '_' or '''");
}

bool separator(char c) {
  return c == ' ' || c == '\t' || c == ',';
}

// Removes node id's text and the spaces that set it off from a neighbour.
std::string remove_node(std::string_view text, const ExplicitTree& t, std::int32_t id) {
  const ExplicitTree::Node& n = t.node(id);
  const ExplicitTree::Node& parent = t.node(n.parent);
  std::string out(text);
  if (parent.child_count == 1) {  // its parent is left a leaf
    out.replace(parent.text_body, parent.text_end - parent.text_body, "0");
    return out;
  }
  std::size_t a = n.text_begin, b = n.text_end;
  if (id == parent.first_child) {
    while (b < out.size() && separator(out[b])) ++b;
  } else {
    while (a > 0 && separator(out[a - 1])) --a;
  }
  out.erase(a, b - a);
  return out;
}

// Swaps the texts of two siblings, a before b.
std::string swap_nodes(std::string_view text, const ExplicitTree::Node& a,
                       const ExplicitTree::Node& b) {
  std::string out(text.substr(0, a.text_begin));
  out += text.substr(b.text_begin, b.text_end - b.text_begin);
  out += text.substr(a.text_end, b.text_begin - a.text_end);
  out += text.substr(a.text_begin, a.text_end - a.text_begin);
  out += text.substr(b.text_end);
  return out;
}

std::string edit(std::string_view text, const ExplicitTree& t, const TreeEdit& e) {
  const std::int32_t id = find_node(t, e.path);
  const ExplicitTree::Node& n = t.node(id);
  const std::string where = tree_path_text(e.path);
  std::string out(text);
  switch (e.kind) {
    case TreeEdit::Kind::set_value:
      if (n.child_count > 0)
        throw InputError("tree edit: " + where + " has successors: only a leaf has a value");
      if (e.value <= -k_score_eval_max || e.value >= k_score_eval_max)
        throw InputError("tree edit: " + std::to_string(e.value) + " is out of range (|value| < " +
                         std::to_string(k_score_eval_max) + ")");
      return out.replace(n.text_body, n.text_end - n.text_body, std::to_string(e.value));
    case TreeEdit::Kind::rename:
      check_name(e.name);
      return out.replace(n.text_begin, n.text_body - n.text_begin,
                         e.name.empty() ? "" : e.name + ":");
    case TreeEdit::Kind::add_successor:
      if (n.child_count == 0)
        return out.replace(n.text_body, n.text_end - n.text_body,
                           "(" + std::to_string(n.value) + ")");
      return out.insert(n.text_end - 1, " 0");
    case TreeEdit::Kind::remove:
      if (n.parent < 0)
        throw InputError(
            "tree edit: the root cannot be removed (File \u2192 New tree starts again)");
      return remove_node(text, t, id);
    case TreeEdit::Kind::move_left:
    case TreeEdit::Kind::move_right: {
      if (n.parent < 0) throw InputError("tree edit: the root has no siblings to move past");
      const ExplicitTree::Node& p = t.node(n.parent);
      const bool left = e.kind == TreeEdit::Kind::move_left;
      const std::int32_t other = left ? id - 1 : id + 1;
      if (other < p.first_child || other >= p.first_child + p.child_count)
        throw InputError("tree edit: " + where + " is already the " + (left ? "first" : "last") +
                         " successor");
      return left ? swap_nodes(text, t.node(other), n) : swap_nodes(text, n, t.node(other));
    }
  }
  return out;
}

// Minimax values of every node (MAX's point of view), children before parents: the nodes are
// laid out breadth-first, so a reverse walk sees every child first.
std::vector<Score> minimax_values(const ExplicitTree& t) {
  std::vector<Score> v(static_cast<std::size_t>(t.size()));
  for (std::int32_t i = t.size() - 1; i >= 0; --i) {
    const ExplicitTree::Node& n = t.node(i);
    if (n.child_count == 0) {
      v[static_cast<std::size_t>(i)] = n.value;
      continue;
    }
    Score best = v[static_cast<std::size_t>(n.first_child)];
    for (std::int32_t k = 1; k < n.child_count; ++k) {
      const Score c = v[static_cast<std::size_t>(n.first_child + k)];
      best = n.depth % 2 == 0 ? std::max(best, c) : std::min(best, c);
    }
    v[static_cast<std::size_t>(i)] = best;
  }
  return v;
}

void append_ordered(const ExplicitTree& t, const std::vector<Score>& v, std::int32_t i, bool best,
                    std::string& out) {
  const ExplicitTree::Node& n = t.node(i);
  if (!n.name.empty()) out += n.name + ":";
  if (n.child_count == 0) {
    out += std::to_string(n.value);
    return;
  }
  std::vector<std::int32_t> kids;
  for (std::int32_t k = 0; k < n.child_count; ++k) kids.push_back(n.first_child + k);
  const bool high_first = (n.depth % 2 == 0) == best;  // MAX's best first is its highest
  std::stable_sort(kids.begin(), kids.end(), [&](std::int32_t a, std::int32_t b) {
    const Score va = v[static_cast<std::size_t>(a)], vb = v[static_cast<std::size_t>(b)];
    return high_first ? va > vb : va < vb;
  });
  out += '(';
  for (std::size_t k = 0; k < kids.size(); ++k) {
    if (k) out += ' ';
    append_ordered(t, v, kids[k], best, out);
  }
  out += ')';
}

}  // namespace

std::string ordered_tree_text(std::string_view text, bool best) {
  const ExplicitTree t = ExplicitTree::parse(text);
  std::string out;
  append_ordered(t, minimax_values(t), t.root(), best, out);
  return out;
}

std::string apply_tree_edit(std::string_view text, const TreeEdit& e) {
  const ExplicitTree t = ExplicitTree::parse(text);
  std::string out = edit(text, t, e);
  ExplicitTree::parse(out);  // the result must be a tree (e.g. no deeper than the limit)
  return out;
}

std::string tree_path_text(const std::vector<int>& path) {
  if (path.empty()) return "the root";
  std::string s = "node ";
  for (std::size_t i = 0; i < path.size(); ++i) s += (i ? "." : "") + std::to_string(path[i]);
  return s;
}

std::string describe_tree_edit(const TreeEdit& e) {
  const std::string where = tree_path_text(e.path);
  switch (e.kind) {
    case TreeEdit::Kind::set_value:
      return where + " set to " + std::to_string(e.value);
    case TreeEdit::Kind::rename:
      return e.name.empty() ? where + " unnamed" : where + " named " + e.name;
    case TreeEdit::Kind::add_successor:
      return "a successor added to " + where;
    case TreeEdit::Kind::remove:
      return where + " removed";
    case TreeEdit::Kind::move_left:
      return where + " moved left";
    case TreeEdit::Kind::move_right:
      return where + " moved right";
  }
  return where;
}

}  // namespace kibitz
