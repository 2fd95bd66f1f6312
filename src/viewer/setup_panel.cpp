// Set up a search: a source (an example, a typed or pasted bracket tree, a random tree), the
// algorithm and the cutoff criterion, then Run.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/fe_draw.hpp"
#include "viewer/interest_view.hpp"
#include "viewer/panels.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

void draw_setup(ViewerState& s) {
  SetupForm& f = s.setup;
  section("source");
  int source = static_cast<int>(f.source);
  // The choices wrap when the column is narrow (large text, a narrow window).
  const char* const sources[] = {"Example", "Tree text", "Random", "Game"};
  const char* const widgets[] = {"source_example", "source_tree", "source_random", "source_game"};
  for (int i = 0; i < 4; ++i) {
    if (i > 0) {
      const ImGuiStyle& st = ImGui::GetStyle();
      const float width = ImGui::GetFrameHeight() + st.ItemInnerSpacing.x +
                          ImGui::CalcTextSize(sources[i]).x + st.ItemSpacing.x;
      const float right = ImGui::GetItemRectMax().x + width;
      if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x)
        ImGui::SameLine();
    }
    ImGui::RadioButton(sources[i], &source, i);
    s.note_widget(widgets[i]);
  }
  f.source = static_cast<SetupForm::Source>(source);

  if (f.source == SetupForm::Source::example) {
    if (s.examples.empty()) {
      ImGui::TextDisabled("No examples were found in assets/examples.");
    } else {
      if (f.example < 0 || f.example >= static_cast<int>(s.examples.size())) f.example = 0;
      ImGui::SetNextItemWidth(-1);
      if (ImGui::BeginCombo("##example",
                            s.examples[static_cast<std::size_t>(f.example)].title.c_str())) {
        for (std::size_t i = 0; i < s.examples.size(); ++i) {
          if (ImGui::Selectable(s.examples[i].title.c_str(), static_cast<int>(i) == f.example))
            f.example = static_cast<int>(i);
          s.note_widget(("example_" + s.examples[i].name).c_str());
        }
        ImGui::EndCombo();
      }
      s.note_widget("example_combo");
      const Example& e = s.examples[static_cast<std::size_t>(f.example)];
      ImGui::TextWrapped("%s", e.description.c_str());
      ImGui::TextDisabled("%s", e.tree.c_str());
      if (ImGui::SmallButton("Edit as text")) {
        f.tree_text = e.tree;
        f.source = SetupForm::Source::tree;
      }
    }
  } else if (f.source == SetupForm::Source::tree) {
    ImGui::TextWrapped(
        "Leaf values from the root player's (MAX) view; names optional: A:(B:(3 12) C:(2 4))");
    ImGui::InputTextMultiline("##tree", &f.tree_text, ImVec2(-1, ImGui::GetTextLineHeight() * 6));
    s.note_widget("tree_text");
  } else if (f.source == SetupForm::Source::game) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    if (ImGui::Combo("game", &f.game, SetupForm::k_games, SetupForm::k_game_count))
      f.position.clear();
    s.note_widget("game");
    const std::string game = SetupForm::k_games[f.game];
    // Well-known positions of this game.
    if (ImGui::BeginCombo("##positions", "well-known positions")) {
      for (const GamePosition& p : s.positions) {
        if (p.game != game) continue;
        if (ImGui::Selectable(p.name.c_str())) f.position = p.text;
      }
      ImGui::EndCombo();
    }
    s.note_widget("positions");
    ImGui::TextWrapped(
        "%s", game == "chess" ? "Position: a FEN or startpos, optionally with \"moves e4 e5 ...\""
              : game == "othello"  ? "Position: 64 cells a1..h1 first (x black, o white) and the "
                                     "side, or \"moves f5 d6 ...\""
              : game == "connect4" ? "Position: the columns played (1-7), e.g. 4453"
                                   : "Position: 9 cells from the top row (x, o, .) and the side");
    ImGui::InputTextMultiline("##position", &f.position,
                              ImVec2(-1, ImGui::GetTextLineHeight() * 3));
    s.note_widget("position");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("depth (plies)", &f.game_depth);
    f.game_depth = std::max(0, std::min(f.game_depth, 64));
    ImGui::Checkbox("iterative deepening", &f.iterative);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("node budget (0 = none)", &f.node_budget);
    f.node_budget = std::max(0, f.node_budget);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("table entries (-1 = default)", &f.table);
    f.table = std::max(-1, f.table);
  } else {
    ImGui::Checkbox("random branching 1..B", &f.random_branching);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (f.random_branching) {
      ImGui::InputInt("B (max branching)", &f.B);
    } else {
      ImGui::InputInt("b (branching)", &f.b);
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("root branching (0 = as others)", &f.root);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("d (depth)", &f.d);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("lo (edge cost)", &f.lo);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("hi (edge cost)", &f.hi);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("seed", &f.seed);
    const double b = f.random_branching ? (f.B + 1) / 2.0 : f.b;
    const double nodes = b > 1 ? (std::pow(b, f.d + 1) - 1) / (b - 1) : f.d + 1.0;
    ImGui::TextDisabled("the full tree has about %.3g nodes", nodes);
  }

  section("search");
  const char* algos[] = {"minimax (no pruning)",          "alpha-beta: search!",
                         "alpha-beta returning bounds",   "forward estimation (Zhang)",
                         "Greenblatt (chess, selective)", "interest search (Rollason)"};
  ImGui::SetNextItemWidth(-1);
  const int before = f.algo;
  ImGui::Combo("##algo", &f.algo, algos, SetupForm::k_algo_count);
  s.note_widget("algo");
  if (f.algo == SetupForm::k_algo_fe) draw_fe_setup(s);              // fe_panels.cpp
  if (f.algo == SetupForm::k_algo_interest) draw_interest_setup(s);  // interest_panels.cpp
  if (f.algo == SetupForm::k_algo_greenblatt && before != SetupForm::k_algo_greenblatt) {
    // The Greenblatt search plays chess, and rejects a move as good as the best so far (>=).
    f.source = SetupForm::Source::game;
    f.game = SetupForm::k_game_count - 1;
    f.criterion = 1;
  }
  if (f.algo == SetupForm::k_algo_greenblatt) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    ImGui::InputText("widths", &f.widths);
    s.note_widget("widths");
    ImGui::SameLine();
    if (ImGui::SmallButton("normal")) f.widths = "normal";
    ImGui::SameLine();
    if (ImGui::SmallButton("tournament")) f.widths = "tournament";
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("feedover plies", &f.feedover);
    f.feedover = std::max(0, std::min(f.feedover, 8));
    ImGui::Checkbox("secondary search", &f.secondary);
    ImGui::SameLine();
    ImGui::Checkbox("alpha-beta", &f.pruning);
  }
  ImGui::TextUnformatted("cutoff when best[k]");
  ImGui::SameLine();
  ImGui::RadioButton(">  \u03b2", &f.criterion, 0);
  s.note_widget("criterion_gt");
  ImGui::SameLine();
  ImGui::RadioButton("\u2265  \u03b2", &f.criterion, 1);
  s.note_widget("criterion_ge");
  if (f.source != SetupForm::Source::game) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::InputInt("depth (-1 = to the leaves)", &f.depth);
    if (f.depth < -1) f.depth = -1;
  }
  ImGui::Spacing();
  if (ImGui::Button("Run", ImVec2(ImGui::GetFontSize() * 7, 0))) s.requests.run = true;
  s.note_widget("run");
  ImGui::SameLine();
  ImGui::TextDisabled("Ctrl+Enter");
  if (!s.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.25f, 1.0f));
    ImGui::TextWrapped("%s", s.error.c_str());
    ImGui::PopStyleColor();
    s.note_widget("error");
  }
  if (!s.status.empty()) ImGui::TextDisabled("%s", s.status.c_str());
}

}  // namespace kibitz::viewer
