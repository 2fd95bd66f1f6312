// Textbook mode (viewer/textbook.hpp) on the AIMA tree, the first screen's preview of the tree
// as typed, embed mode and slide-shaped exports.
#include <doctest/doctest.h>

#include <string>

#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "viewer/export_scene.hpp"
#include "viewer/node_card.hpp"
#include "viewer/spoken.hpp"
#include "viewer/textbook.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

const char* k_aima = R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","criterion":"ge"})J";

// The first event of `type` at node `name`.
std::size_t event_at(const trace::Model& m, const std::string& name, trace::EventType type) {
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    const std::uint32_t id = m.node_of_event(t);
    if (id != trace::k_no_node && m.event(t).type == type && viewer::card_name(m, id) == name)
      return t;
  }
  return m.event_count();
}

}  // namespace

TEST_CASE("textbook mode: no kinds, the AIMA listing's line, the rule that fired") {
  HeadlessImGui ui(ImVec2(1024, 768));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  api::run_search(app, k_aima);
  REQUIRE(s.textbook_mode());
  const trace::Model& m = s.model();
  // C's first leaf (2) comes back: 2 ≤ α = 3 at MIN, prune; the line is MIN-VALUE's test.
  const std::size_t cut = event_at(m, "C", trace::EventType::cutoff);
  REQUIRE(cut < m.event_count());
  CHECK(viewer::textbook_listing_line(m, viewer::textbook_line(m, cut)) ==
        "    if v \u2264 \u03b1 then return v        (prune)");
  const std::size_t back = event_at(m, "C", trace::EventType::child_return);  // 2 comes back
  REQUIRE(back < cut);
  viewer::RuleAt r = viewer::rule_at(m, back);
  CHECK(r.rule == viewer::Rule::prune);
  CHECK_FALSE(r.max_node);
  CHECK(r.v == 2);
  CHECK(r.alpha == 3);
  CHECK(viewer::rule_sentence(m, r) == "at MIN, v = 2 \u2264 \u03b1 = 3: prune the rest");
  // B's first leaf: 3 < β = +∞ at MIN: β ← 3. At the root, B's 3 > α = −∞: α ← 3.
  r = viewer::rule_at(m, event_at(m, "B", trace::EventType::child_return));
  CHECK(r.rule == viewer::Rule::update);
  CHECK(r.v == 3);
  r = viewer::rule_at(m, event_at(m, "A", trace::EventType::child_return));
  CHECK(r.rule == viewer::Rule::update);
  CHECK(r.max_node);
  // B's second leaf, 12 ≥ β = 3 at MIN: keep β.
  std::size_t second = event_at(m, "B", trace::EventType::child_return);
  while (++second < m.event_count() && m.event(second).type != trace::EventType::child_return) {
  }
  CHECK(viewer::rule_at(m, second).rule == viewer::Rule::keep);
  // The narration and the cards say no kind; K brings them back.
  s.seek(m.node(0).enter_t);
  CHECK(viewer::narration_sentence(s).find("expected") == std::string::npos);
  s.seek(back);
  CHECK(viewer::narration_sentence(s).find("Rule: at MIN, v = 2") != std::string::npos);
  viewer::CardOptions o;
  o.hide_kinds = true;
  CHECK(viewer::node_card(m, 0, m.event_count() - 1, o).tag.empty());
  frames(ui, app, 2);
  CHECK(s.widgets.count("canvas") == 1);
  s.textbook = false;
  s.seek(m.node(0).enter_t);
  CHECK(viewer::narration_sentence(s).find("expected Pv") != std::string::npos);
  // Not for a game or another algorithm.
  api::run_search(app, R"J({"game":"tictactoe","depth":2})J");
  CHECK_FALSE(s.textbook_applies());
}

TEST_CASE("the first screen: the tree as typed, faint, readable; a game's searched tree is not") {
  HeadlessImGui ui(ImVec2(1024, 768));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  api::run_search(app, k_aima);
  frames(ui, app, 3);
  CHECK(s.previews_input_tree());
  CHECK(s.grows_in_place());  // the nodes appear where the faint tree has them
  // Readable with both panels shown: text of 14 px or more.
  CHECK(s.camera.zoom * s.node_text() >= 14.0f);
  // A game's pruned branches are not known: no preview (it would show the searched tree).
  api::run_search(app, R"J({"game":"tictactoe","depth":2,"algo":"alphabeta"})J");
  CHECK_FALSE(s.previews_input_tree());
}

TEST_CASE("embed=1: the canvas and the replay bar only; slides at 16:9 and 4:3") {
  HeadlessImGui ui(ImVec2(800, 450));
  ViewerApp app = make_app();
  viewer::ViewerState& s = app.state();
  CHECK(app.apply_url_hash("#example=01-textbook-3x3&algo=alphabeta&embed=1").ok());
  frames(ui, app, 3);
  CHECK(s.embed);
  CHECK(s.widgets.count("canvas") == 1);
  CHECK(s.widgets.count("play") == 1);
  CHECK(s.widgets.count("menu_file") == 0);
  CHECK(s.widgets.count("tab_setup") == 0);
  CHECK(app.url_hash().find("&embed=1") != std::string::npos);
  CHECK_FALSE(app.apply_url_hash("#example=01-textbook-3x3&embed=yes").ok());
  for (const auto& [shape, aspect] :
       {std::pair<const char*, float>{"16:9", 16.0f / 9.0f}, {"4:3", 4.0f / 3.0f}}) {
    viewer::ViewerState::ExportOptions o;
    o.format = "svg";
    o.width = 1600;
    o.shape = shape;
    o.caption = true;
    ExportFile f;
    REQUIRE(app.export_file(o, f).ok());
    const std::string want = "height=\"" + std::to_string(static_cast<int>(1600 / aspect));
    CAPTURE(shape);
    CHECK(f.text.find(want) != std::string::npos);
  }
  viewer::ViewerState::ExportOptions bad;
  bad.shape = "square";
  ExportFile f;
  CHECK(app.export_file(bad, f).error.find("tree, 16:9 or 4:3") != std::string::npos);
}
