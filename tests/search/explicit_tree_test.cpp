#include <doctest/doctest.h>

#include <string>

#include "core/error.hpp"
#include "games/explicit_tree.hpp"
#include "search/alphabeta.hpp"

using namespace kibitz;

namespace {
std::string parse_error(const std::string& text) {
  try {
    ExplicitTree::parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("bracket trees parse into contiguous children with MAX-view leaf values") {
  const ExplicitTree t = ExplicitTree::parse("((3 12 8) (2 4 6) (14 5 2))");
  CHECK(t.size() == 13);
  CHECK(t.height() == 2);
  const auto& root = t.node(0);
  CHECK(root.child_count == 3);
  const auto& b = t.node(root.first_child);
  CHECK(b.child_count == 3);
  CHECK(t.node(b.first_child).value == 3);
  CHECK(t.node(b.first_child + 1).value == 12);
  CHECK(t.node(t.node(root.first_child + 2).first_child).value == 14);
  CHECK(t.to_text() == "((3 12 8) (2 4 6) (14 5 2))");
}

TEST_CASE("names, negative values, commas and comments") {
  const ExplicitTree t = ExplicitTree::parse("A:(B:(3, -12) # a comment\n C:(D:-2 +4))");
  CHECK(t.named());
  CHECK(t.node(0).name == "A");
  CHECK(t.node(1).name == "B");
  CHECK(t.node(2).name == "C");
  CHECK(t.node(t.node(1).first_child + 1).value == -12);
  CHECK(t.node(t.node(2).first_child).name == "D");
  CHECK(t.node(t.node(2).first_child).value == -2);
  CHECK(t.to_text() == "A:(B:(3 -12) C:(D:-2 4))");
}

TEST_CASE("the negamax view negates values at MIN nodes") {
  const ExplicitTree t = ExplicitTree::parse("((3 12) 5)");
  ExplicitTreeGame g(t);
  std::vector<ExplicitTreeGame::Move> m;
  g.moves(m);
  REQUIRE(m.size() == 2);
  g.make(m[1]);
  CHECK(g.evaluate() == -5);  // depth 1: MIN to move
  g.unmake(m[1]);
  g.make(m[0]);
  std::vector<ExplicitTreeGame::Move> m2;
  g.moves(m2);
  g.make(m2[1]);
  CHECK(g.evaluate() == 12);  // depth 2: MAX to move
}

TEST_CASE("a single value is a one-node tree") {
  const ExplicitTree t = ExplicitTree::parse("  42 ");
  CHECK(t.size() == 1);
  CHECK(t.node(0).value == 42);
}

TEST_CASE("parse errors name line and column") {
  CHECK(parse_error("") ==
        "tree text, line 1, column 1: the tree is empty: expected a value like 7 or a bracket like "
        "(3 5)");
  CHECK(parse_error("((3 12) (2 4)") ==
        "tree text, line 1, column 14: missing ')' to close the '(' at line 1, column 1");
  CHECK(parse_error("(3 12))") == "tree text, line 1, column 7: ')' without a matching '('");
  CHECK(parse_error("(3\n  ())") ==
        "tree text, line 2, column 4: empty node '()': a node needs a value or at least one child");
  CHECK(parse_error("(3 x)") ==
        "tree text, line 1, column 5: expected ':' after the node name 'x'");
  CHECK(parse_error("(3 1.5)") ==
        "tree text, line 1, column 5: unexpected '.' in a number: values are integers");
  CHECK(parse_error("(3 -)") == "tree text, line 1, column 4: expected digits after the sign");
  CHECK(parse_error("(3 ?)") ==
        "tree text, line 1, column 4: unexpected character '?': expected a value, a name or '('");
  CHECK(parse_error("(1) (2)") ==
        "tree text, line 1, column 5: unexpected text after the end of the tree");
  CHECK(parse_error("(99999999999)").find("out of range") != std::string::npos);
}

TEST_CASE("nesting is limited to the depth a search can recurse; deeper text is refused") {
  auto nested = [](int levels) {
    return std::string(static_cast<std::size_t>(levels), '(') + "1 2" +
           std::string(static_cast<std::size_t>(levels), ')');
  };
  const ExplicitTree t = ExplicitTree::parse(nested(ExplicitTree::k_max_depth));
  CHECK(t.height() == ExplicitTree::k_max_depth);
  ExplicitTreeGame game(t);
  NullSink sink;
  AlphaBeta<ExplicitTreeGame> ab(game, sink, Criterion::gt);
  CHECK(ab.run(t.height()) == 1);  // the last MIN node (depth 999) takes the 1
  for (int levels : {ExplicitTree::k_max_depth + 1, 100000}) {
    CHECK_THROWS_WITH_AS(
        ExplicitTree::parse(nested(levels)),
        "tree text, line 1, column 1001: the tree is nested more than 1000 levels deep",
        InputError);
  }
}
