#include "games/explicit_tree.hpp"

#include <cctype>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

namespace {

// A node as parsed, before the children are laid out contiguously.
struct RawNode {
  std::string name;
  Score value = 0;
  bool leaf = true;
  std::vector<std::int32_t> children;
  std::size_t begin = 0, body = 0, end = 0;  // its text (ExplicitTree::Node's)
};

class Parser {
 public:
  explicit Parser(std::string_view text) : m_text(text) {}

  std::vector<RawNode> run() {
    skip_space();
    if (at_end()) fail("the tree is empty: expected a value like 7 or a bracket like (3 5)");
    // An explicit stack, not recursion, so deeply nested input cannot overflow the C++ stack.
    std::vector<std::int32_t> open;  // raw nodes whose '(' is not closed yet
    std::vector<std::pair<int, int>> open_at;
    std::int32_t root = -1;
    for (;;) {
      skip_space();
      if (at_end()) {
        if (!open.empty()) {
          fail("missing ')' to close the '(' at line " + std::to_string(open_at.back().first) +
               ", column " + std::to_string(open_at.back().second));
        }
        break;
      }
      char c = peek();
      if (c == ')') {
        if (open.empty()) fail("')' without a matching '('");
        if (m_nodes[static_cast<std::size_t>(open.back())].children.empty()) {
          fail("empty node '()': a node needs a value or at least one child");
        }
        advance();
        m_nodes[static_cast<std::size_t>(open.back())].end = m_pos;
        open.pop_back();
        open_at.pop_back();
        continue;
      }
      if (root >= 0 && open.empty()) fail("unexpected text after the end of the tree");
      // One node: [name ':'] ( '(' ... | integer )
      std::int32_t id = static_cast<std::int32_t>(m_nodes.size());
      m_nodes.emplace_back();
      if (!open.empty()) m_nodes[static_cast<std::size_t>(open.back())].children.push_back(id);
      if (root < 0) root = id;
      m_nodes[static_cast<std::size_t>(id)].begin = m_pos;
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        std::string name = read_name();
        skip_space();
        if (at_end() || peek() != ':') fail("expected ':' after the node name '" + name + "'");
        advance();
        skip_space();
        if (at_end()) fail("expected a value or '(' after '" + name + ":'");
        m_nodes[static_cast<std::size_t>(id)].name = std::move(name);
        c = peek();
      }
      m_nodes[static_cast<std::size_t>(id)].body = m_pos;
      if (c == '(') {
        if (open.size() >= static_cast<std::size_t>(ExplicitTree::k_max_depth)) {
          fail("the tree is nested more than " + std::to_string(ExplicitTree::k_max_depth) +
               " levels deep");
        }
        m_nodes[static_cast<std::size_t>(id)].leaf = false;
        open.push_back(id);
        open_at.emplace_back(m_line, m_column);
        advance();
      } else if (c == '-' || c == '+' || std::isdigit(static_cast<unsigned char>(c))) {
        m_nodes[static_cast<std::size_t>(id)].value = read_integer();
        m_nodes[static_cast<std::size_t>(id)].end = m_pos;
      } else {
        // A character, not its first byte: UTF-8's continuation bytes follow it.
        std::size_t n = 1;
        while ((static_cast<unsigned char>(c) & 0xC0) == 0xC0 && n < 4 &&
               m_pos + n < m_text.size() &&
               (static_cast<unsigned char>(m_text[m_pos + n]) & 0xC0) == 0x80)
          ++n;
        fail("unexpected character '" + std::string(m_text.substr(m_pos, n)) +
             "': expected a value, a name or '('");
      }
    }
    return std::move(m_nodes);
  }

 private:
  bool at_end() const { return m_pos >= m_text.size(); }
  char peek() const { return m_text[m_pos]; }
  void advance() {
    if (m_text[m_pos] == '\n') {
      ++m_line;
      m_column = 1;
    } else if ((static_cast<unsigned char>(m_text[m_pos]) & 0xC0) != 0x80) {
      ++m_column;  // count characters, not UTF-8 continuation bytes
    }
    ++m_pos;
  }
  void skip_space() {
    while (!at_end()) {
      char c = peek();
      if (c == '#') {
        while (!at_end() && peek() != '\n') advance();
      } else if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
        advance();
      } else {
        break;
      }
    }
  }
  std::string read_name() {
    std::string s;
    while (!at_end()) {
      char c = peek();
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'')) break;
      s += c;
      advance();
    }
    return s;
  }
  Score read_integer() {
    int line = m_line, column = m_column;
    std::string digits;
    if (peek() == '-' || peek() == '+') {
      digits += peek();
      advance();
    }
    while (!at_end() && std::isdigit(static_cast<unsigned char>(peek()))) {
      digits += peek();
      advance();
    }
    if (digits.empty() || digits == "-" || digits == "+") {
      fail_at(line, column, "expected digits after the sign");
    }
    if (!at_end()) {
      char c = peek();
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '.' || c == '_') {
        fail(std::string("unexpected '") + c + "' in a number: values are integers");
      }
    }
    long long v = std::strtoll(digits.c_str(), nullptr, 10);
    if (digits.size() > 12 || v <= -k_score_eval_max || v >= k_score_eval_max) {
      fail_at(line, column,
              "value " + digits + " is out of range (|value| < " +
                  std::to_string(k_score_eval_max) + ")");
    }
    return static_cast<Score>(v);
  }
  [[noreturn]] void fail(const std::string& what) const { fail_at(m_line, m_column, what); }
  [[noreturn]] static void fail_at(int line, int column, const std::string& what) {
    throw InputError("tree text, line " + std::to_string(line) + ", column " +
                     std::to_string(column) + ": " + what);
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
  int m_line = 1;
  int m_column = 1;
  std::vector<RawNode> m_nodes;
};

void append_text(const ExplicitTree& t, std::int32_t i, std::string& out) {
  const auto& n = t.node(i);
  if (!n.name.empty()) out += n.name + ":";
  if (n.child_count == 0) {
    out += std::to_string(n.value);
    return;
  }
  out += '(';
  for (std::int32_t k = 0; k < n.child_count; ++k) {
    if (k) out += ' ';
    append_text(t, n.first_child + k, out);
  }
  out += ')';
}

}  // namespace

ExplicitTree ExplicitTree::parse(std::string_view text) {
  std::vector<RawNode> raw = Parser(text).run();
  // Lay the nodes out breadth-first so that each node's children are contiguous.
  ExplicitTree tree;
  tree.m_nodes.reserve(raw.size());
  std::vector<std::int32_t> order{0};  // raw ids in output order
  tree.m_nodes.emplace_back();
  for (std::size_t i = 0; i < order.size(); ++i) {
    RawNode& r = raw[static_cast<std::size_t>(order[i])];
    Node& n = tree.m_nodes[i];
    n.name = std::move(r.name);
    n.value = r.value;
    n.text_begin = r.begin;
    n.text_body = r.body;
    n.text_end = r.end;
    if (!n.name.empty()) tree.m_named = true;
    n.first_child = static_cast<std::int32_t>(tree.m_nodes.size());
    n.child_count = static_cast<std::int32_t>(r.children.size());
    const std::int32_t depth = n.depth;  // n may move when m_nodes grows below
    for (std::int32_t c : r.children) {
      order.push_back(c);
      Node child;
      child.parent = static_cast<std::int32_t>(i);
      child.depth = depth + 1;
      if (child.depth > tree.m_height) tree.m_height = child.depth;
      tree.m_nodes.push_back(std::move(child));
    }
  }
  return tree;
}

std::string ExplicitTree::to_text() const {
  std::string out;
  append_text(*this, 0, out);
  return out;
}

std::string ExplicitTreeGame::position_text() const {
  // The path of names (or child indices) from the root, e.g. "root/A/B" or "root/0/2".
  std::string s = "root";
  for (std::size_t i = 1; i < m_path.size(); ++i) {
    const auto& n = m_tree->node(m_path[i]);
    s += '/';
    s += n.name.empty() ? std::to_string(m_path[i] - m_tree->node(n.parent).first_child) : n.name;
  }
  return s;
}

}  // namespace kibitz
