// Set up a search: a source (an example, a typed or pasted bracket tree, a random tree, a game
// position), the algorithm with its options (a widget per option of the app's registry, and
// what the algorithm's view adds), the cutoff criterion, then Run.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"
#include "viewer/views/view.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

void source_choice(ViewerState& s) {
  SetupForm& f = s.setup;
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
}

void example_source(ViewerState& s) {
  SetupForm& f = s.setup;
  if (s.examples.empty()) {
    ImGui::TextDisabled("No examples were found in assets/examples.");
    return;
  }
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

void game_source(ViewerState& s) {
  SetupForm& f = s.setup;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::Combo("game", &f.game, SetupForm::k_games, SetupForm::k_game_count))
    f.position.clear();
  s.note_widget("game");
  const std::string game = SetupForm::k_games[f.game];
  // Well-known positions of this game.
  if (ImGui::BeginCombo("##positions", "well-known positions")) {
    for (const GamePosition& p : s.positions) {
      if (p.game == game && ImGui::Selectable(p.name.c_str())) f.position = p.text;
    }
    ImGui::EndCombo();
  }
  s.note_widget("positions");
  ImGui::TextWrapped(
      "%s", game == "chess" ? "Position: a FEN or startpos, optionally with \"moves e4 e5 ...\""
            : game == "othello"
                ? "Position: 64 cells a1..h1 first (x black, o white) and the side, or \"moves f5 "
                  "d6 ...\""
            : game == "connect4" ? "Position: the columns played (1-7), e.g. 4453"
                                 : "Position: 9 cells from the top row (x, o, .) and the side");
  ImGui::InputTextMultiline("##position", &f.position, ImVec2(-1, ImGui::GetTextLineHeight() * 3));
  s.note_widget("position");
  const float w = number_width(4.0f);
  ImGui::SetNextItemWidth(w);
  ImGui::InputInt("depth (plies)", &f.game_depth);
  f.game_depth = std::max(0, std::min(f.game_depth, 64));
  ImGui::Checkbox("iterative deepening", &f.iterative);
  ImGui::SetNextItemWidth(w);
  ImGui::InputInt("node budget (0 = none)", &f.node_budget);
  f.node_budget = std::max(0, f.node_budget);
  ImGui::SetNextItemWidth(w);
  ImGui::InputInt("table entries (-1 = default)", &f.table);
  f.table = std::max(-1, f.table);
}

void random_source(ViewerState& s) {
  SetupForm& f = s.setup;
  const float w = number_width(4.0f);
  ImGui::Checkbox("random branching 1..B", &f.random_branching);
  ImGui::SetNextItemWidth(w);
  if (f.random_branching)
    ImGui::InputInt("B (max branching)", &f.B);
  else
    ImGui::InputInt("b (branching)", &f.b);
  const struct {
    const char* label;
    int* value;
  } fields[] = {{"root branching (0 = as others)", &f.root},
                {"d (depth)", &f.d},
                {"lo (edge cost)", &f.lo},
                {"hi (edge cost)", &f.hi},
                {"seed", &f.seed}};
  for (const auto& field : fields) {
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt(field.label, field.value);
  }
  const double b = f.random_branching ? (f.B + 1) / 2.0 : f.b;
  const double nodes = b > 1 ? (std::pow(b, f.d + 1) - 1) / (b - 1) : f.d + 1.0;
  ImGui::TextDisabled("the full tree has about %.3g nodes", nodes);
}

// One option of the chosen algorithm as a widget over its text value, which stays unset (the
// option's default applies) until the user changes it.
void option_widget(ViewerState& s, const Option& o, std::map<std::string, std::string>& values) {
  const auto given = values.find(o.key());
  const std::string before = given != values.end() ? given->second : o.fallback();
  std::string value = before;
  const std::string id = std::string(o.form_label()) + "##opt_" + o.key();
  const float w = number_width(4.0f);
  switch (o.kind()) {
    case OptionKind::integer: {
      int v = std::atoi(value.c_str());
      ImGui::SetNextItemWidth(w);
      ImGui::InputInt(id.c_str(), &v);
      v = static_cast<int>(std::clamp<long long>(v, o.min(), o.max()));
      value = std::to_string(v);
      break;
    }
    case OptionKind::boolean: {
      bool on = value == "on" || value == "true" || value == "1";
      ImGui::Checkbox(id.c_str(), &on);
      value = on ? "on" : "off";
      break;
    }
    case OptionKind::choice: {
      ImGui::TextUnformatted(o.form_label());
      for (std::size_t i = 0; i < o.values().size(); ++i) {
        ImGui::SameLine();
        const std::string label = o.values()[i] + "##opt_" + o.key();
        if (ImGui::RadioButton(label.c_str(), value == o.values()[i])) value = o.values()[i];
        s.note_widget((std::string(o.key()) + "_" + o.values()[i]).c_str());
      }
      break;
    }
    case OptionKind::fraction: {
      float x = static_cast<float>(std::atof(value.c_str()));
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
      ImGui::SliderFloat(id.c_str(), &x, 0.0f, 1.0f, "%.2f");
      char text[16];
      std::snprintf(text, sizeof text, "%.3f", static_cast<double>(std::clamp(x, 0.0f, 1.0f)));
      value = text;
      break;
    }
    case OptionKind::text:
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
      ImGui::InputText(id.c_str(), &value);
      break;
  }
  s.note_widget(o.key());
  if (*o.help_text() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", o.help_text());
  if (value != before) values[o.key()] = value;
}

// Whether an option applies given the form's other values (its applies_when condition).
bool applies(const Option& o, const OptionList& list,
             const std::map<std::string, std::string>& values) {
  if (!o.condition_key()) return true;
  const auto v = values.find(o.condition_key());
  const Option* other = find_option(list, o.condition_key());
  const std::string value = v != values.end() ? v->second : other ? other->fallback() : "";
  return value == o.condition_value();
}

void algorithm_choice(ViewerState& s) {
  SetupForm& f = s.setup;
  const AlgorithmChoice* chosen = nullptr;
  ImGui::SetNextItemWidth(-1);
  for (const AlgorithmChoice& a : s.algorithms) {
    if (a.name == f.algo) chosen = &a;
  }
  if (ImGui::BeginCombo("##algo", chosen ? chosen->label.c_str() : f.algo.c_str())) {
    for (const AlgorithmChoice& a : s.algorithms) {
      if (ImGui::Selectable(a.label.c_str(), &a == chosen) && a.name != f.algo) {
        f.algo = a.name;
        f.criterion = a.criterion == Criterion::ge ? 1 : 0;
        if (const AlgorithmView* v = view_of_algorithm(a.name)) v->chosen(f);
      }
      s.note_widget(("algo_" + a.name).c_str());
    }
    ImGui::EndCombo();
  }
  s.note_widget("algo");
  // The algorithm's view first (what it draws itself), then a widget per other option.
  if (const AlgorithmView* v = view_of_algorithm(f.algo)) v->setup(s, f.options());
  for (const AlgorithmChoice& a : s.algorithms) {
    if (a.name != f.algo || !a.options) continue;
    std::map<std::string, std::string>& values = f.options();
    for (const Option& o : *a.options) {
      if (o.is_hidden()) continue;
      if (!applies(o, *a.options, values)) {
        values.erase(o.key());
        continue;
      }
      option_widget(s, o, values);
    }
  }
}

void search_section(ViewerState& s) {
  SetupForm& f = s.setup;
  section("search");
  algorithm_choice(s);
  ImGui::TextUnformatted("cutoff when best[k]");
  ImGui::SameLine();
  ImGui::RadioButton(">  \u03b2", &f.criterion, 0);
  s.note_widget("criterion_gt");
  ImGui::SameLine();
  ImGui::RadioButton("\u2265  \u03b2", &f.criterion, 1);
  s.note_widget("criterion_ge");
  // How the values are shown (not part of the search: it applies at once).
  ImGui::TextUnformatted("values");
  ImGui::SameLine();
  if (ImGui::RadioButton("MAX/MIN", s.minimax_view())) s.set_value_view(trace::ValueView::minimax);
  s.note_widget("value_view_minimax");
  ImGui::SameLine();
  if (ImGui::RadioButton("negamax", !s.minimax_view())) s.set_value_view(trace::ValueView::negamax);
  s.note_widget("value_view_negamax");
  if (f.source != SetupForm::Source::game) {
    ImGui::SetNextItemWidth(number_width(4.0f));
    ImGui::InputInt("depth (-1 = to the leaves)", &f.depth);
    if (f.depth < -1) f.depth = -1;
  }
  ImGui::Spacing();
  if (ImGui::Button("Run", ImVec2(ImGui::GetFontSize() * 7, 0))) s.ask(command::Run{});
  s.note_widget("run");
  ImGui::SameLine();
  ImGui::TextDisabled("Ctrl+Enter");
  if (!s.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.25f, 1.0f));
    ImGui::TextWrapped("%s", s.error.c_str());
    ImGui::PopStyleColor();
    s.note_widget("error");
  }
  if (s.status.empty()) return;
  if (!s.error.empty() && s.has_trace())  // the refusal changed nothing: say what is shown
    ImGui::TextDisabled("the view is as it was (%s)", s.status.c_str());
  else
    ImGui::TextDisabled("%s", s.status.c_str());
}

}  // namespace

void draw_setup(ViewerState& s) {
  SetupForm& f = s.setup;
  section("source");
  source_choice(s);
  switch (f.source) {
    case SetupForm::Source::example:
      example_source(s);
      break;
    case SetupForm::Source::tree:
      ImGui::TextWrapped(
          "Leaf values from the root player's (MAX) view; names optional: A:(B:(3 12) C:(2 4))");
      ImGui::InputTextMultiline("##tree", &f.tree_text, ImVec2(-1, ImGui::GetTextLineHeight() * 6));
      s.note_widget("tree_text");
      break;
    case SetupForm::Source::game:
      game_source(s);
      break;
    case SetupForm::Source::random:
      random_source(s);
      break;
  }
  search_section(s);
}

}  // namespace kibitz::viewer
