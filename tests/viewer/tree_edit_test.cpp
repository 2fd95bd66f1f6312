// Edit by hand: the tree text edited in place (games/explicit_tree_edit.hpp), the search run
// again with the cursor kept at the same node and step (trace/place.hpp), undo and redo, and
// the input tree previewed faint on a small tree (viewer_state.hpp).
#include <doctest/doctest.h>

#include <string>

#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "core/error.hpp"
#include "games/explicit_tree_edit.hpp"
#include "trace/place.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

std::string edited(const std::string& text, TreeEdit::Kind kind, std::vector<int> path,
                   Score value = 0, std::string name = {}) {
  TreeEdit e;
  e.kind = kind;
  e.path = std::move(path);
  e.value = value;
  e.name = std::move(name);
  return apply_tree_edit(text, e);
}

std::string refusal(const std::string& text, TreeEdit::Kind kind, std::vector<int> path) {
  try {
    edited(text, kind, std::move(path), 1);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

using K = TreeEdit::Kind;

}  // namespace

TEST_CASE("tree edits change only the node's text: comments, names and spacing stay") {
  const std::string t = "# Figure 5.2\nA:(B:(3 12 8)\n   C:(2 4 6)  # C\n   D:(14 5 2))";
  CHECK(edited(t, K::set_value, {1, 2}, -7) ==
        "# Figure 5.2\nA:(B:(3 12 8)\n   C:(2 4 -7)  # C\n   D:(14 5 2))");
  CHECK(edited(t, K::rename, {2}, 0, "E") ==
        "# Figure 5.2\nA:(B:(3 12 8)\n   C:(2 4 6)  # C\n   E:(14 5 2))");
  CHECK(edited(t, K::rename, {0}, 0, "") ==
        "# Figure 5.2\nA:((3 12 8)\n   C:(2 4 6)  # C\n   D:(14 5 2))");
  CHECK(edited("((3 12 8) (2 4 6))", K::add_successor, {1}) == "((3 12 8) (2 4 6 0))");
  CHECK(edited("((3 12 8) (2 4 6))", K::add_successor, {1, 0}) == "((3 12 8) ((2) 4 6))");
  CHECK(edited("((3 12 8) (2 4 6))", K::remove, {0, 0}) == "((12 8) (2 4 6))");
  CHECK(edited("((3 12 8) (2 4 6))", K::remove, {0, 2}) == "((3 12) (2 4 6))");
  CHECK(edited("((3) (2 4 6))", K::remove, {0, 0}) == "(0 (2 4 6))");
  CHECK(edited("((3 12 8) (2 4 6))", K::move_left, {1}) == "((2 4 6) (3 12 8))");
  CHECK(edited("((3 12 8) (2 4 6))", K::move_right, {0, 1}) == "((3 8 12) (2 4 6))");
  // Refused, naming the node and why; the text is not touched.
  CHECK(refusal("((3 12) 4)", K::set_value, {0}).find("node 0 has successors") !=
        std::string::npos);
  CHECK(refusal("((3 12) 4)", K::set_value, {0, 5}).find("node 0.5 is not in the tree") !=
        std::string::npos);
  CHECK(refusal("((3 12) 4)", K::remove, {}).find("root cannot be removed") != std::string::npos);
  CHECK(refusal("((3 12) 4)", K::move_left, {0}).find("already the first") != std::string::npos);
  CHECK_THROWS_AS(edited("(3 4)", K::rename, {0}, 0, "9x"), InputError);
  CHECK_THROWS_AS(edited("(3 4)", K::set_value, {0}, k_score_eval_max), InputError);
}

TEST_CASE("a leaf edited in the inspector: searched again at once, the cursor at the same step") {
  HeadlessImGui ui(ImVec2(1024, 768));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  REQUIRE(api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J").find("error") ==
          std::string::npos);
  frames(ui, app, 2);
  CHECK(s.tree_editable);
  CHECK(s.previews_input_tree());  // small, and every pruned branch known
  CHECK(s.large_cards());
  // The cursor at the evaluation of leaf 1.0 (the 2 that cuts node 1 off).
  const trace::Model& m = s.model();
  std::size_t depth = 0;
  const std::uint32_t leaf = trace::node_at_path(m, 0, {1, 0}, depth);
  REQUIRE(depth == 2);
  const std::size_t at = m.node(leaf).leave_t;
  s.seek(at);
  s.selected = leaf;
  const trace::EventType type = m.event(at).type;
  s.open_tab = "inspector";
  frames(ui, app, 3);
  REQUIRE(s.widgets.count("edit_value") == 1);
  // Type 9 into the value field and press Enter: node 1's cutoff is gone (9 > 3).
  s.ask(viewer::command::EditNode{viewer::command::EditNode::Kind::set_value, leaf, 9, {}});
  frames(ui, app, 2);
  CHECK(s.error.empty());
  CHECK(s.setup.tree_text == "((3 12 8) (9 4 6) (14 5 2))");
  CHECK(s.setup.source == viewer::SetupForm::Source::tree);
  const trace::Model& now = s.model();
  const std::uint32_t here = now.node_of_event(s.cursor());
  CHECK(trace::node_path(now, here) == std::vector<int>{1, 0});
  CHECK(now.event(s.cursor()).type == type);
  CHECK(trace::node_path(now, s.selected) == std::vector<int>{1, 0});
  // The leaf and the nodes above it whose value changed are marked; node 0's subtree is not.
  REQUIRE(s.changed.size() == now.node_count());
  CHECK(s.changed[here] == 1);
  CHECK(s.changed[trace::node_at_path(now, 0, {0, 0}, depth)] == 0);
  CHECK(s.can_undo_edit);
  // Undo, redo: the text and the search follow.
  s.ask(viewer::command::UndoEdit{});
  frames(ui, app, 1);
  CHECK(s.setup.tree_text == "((3 12 8) (2 4 6) (14 5 2))");
  CHECK(s.can_redo_edit);
  s.ask(viewer::command::RedoEdit{});
  frames(ui, app, 1);
  CHECK(s.setup.tree_text == "((3 12 8) (9 4 6) (14 5 2))");
  // A bad edit is refused with its message; the tree shown stays.
  s.ask(viewer::command::EditNode{viewer::command::EditNode::Kind::remove, 0, 0, {}});
  frames(ui, app, 1);
  CHECK(s.error.find("root cannot be removed") != std::string::npos);
  CHECK(s.setup.tree_text == "((3 12 8) (9 4 6) (14 5 2))");
  // A new tree to build from nothing.
  s.ask(viewer::command::NewTree{});
  frames(ui, app, 1);
  CHECK(s.setup.tree_text == k_new_tree_text);
  CHECK(s.model().node_count() == 3);
}

TEST_CASE("a node gone after an edit gives the cursor to its nearest ancestor") {
  HeadlessImGui ui(ImVec2(1024, 768));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  api::run_search(app, R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))"})J");
  const trace::Model& m = s.model();
  std::size_t depth = 0;
  s.seek(m.node(trace::node_at_path(m, 0, {2, 2}, depth)).enter_t);
  REQUIRE(depth == 2);
  const std::uint32_t id = trace::node_at_path(m, 0, {2, 2}, depth);
  s.ask(viewer::command::EditNode{viewer::command::EditNode::Kind::remove, id, 0, {}});
  frames(ui, app, 1);
  CHECK(s.setup.tree_text == "((3 12 8) (2 4 6) (14 5))");
  CHECK(trace::node_path(s.model(), s.model().node_of_event(s.cursor())) == std::vector<int>{2});
}

TEST_CASE("compare the teacher's own tree at its best and worst ordering; back to it as it was") {
  CHECK(ordered_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", true) ==
        "A:(B:(3 8 12) C:(2 4 6) D:(2 5 14))");
  CHECK(ordered_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", false) ==
        "A:(C:(6 4 2) D:(14 5 2) B:(12 8 3))");
  HeadlessImGui ui(ImVec2(1280, 800));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  const std::string mine = "# mine\n((5 1 9) (2 8) (7 3))";
  api::run_search(app, R"J({"tree":"# mine\n((5 1 9) (2 8) (7 3))","criterion":"ge"})J");
  s.ask(viewer::command::CompareWith{"ordering"});
  frames(ui, app, 2);
  REQUIRE(s.compare_with != nullptr);
  CHECK(s.compare_with->model().node_count() > s.model().node_count());  // worst prunes less
  s.ask(viewer::command::EndCompare{});
  frames(ui, app, 2);
  CHECK(s.compare_with == nullptr);
  CHECK(s.setup.tree_text == mine);  // the teacher's text, comment and all
  CHECK(s.setup.criterion == 1);     // and the ≥ setting
  CHECK(s.trace().meta.get("tree") == mine);
}
