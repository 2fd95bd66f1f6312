// Every event of the trace in a virtualised list (ImGuiListClipper): click a row to seek.
#include <algorithm>
#include <cstdio>
#include <string>

#include "trace/narration.hpp"
#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {

// An event's kind in plain words for the table (the trace's own names, child_return and
// alpha_set, are the file format's); extension records as named, underscores as spaces.
std::string event_words(trace::EventType t) {
  using E = trace::EventType;
  switch (t) {
    case E::enter:
      return "enter";
    case E::leave:
      return "return";
    case E::expand:
      return "successors";
    case E::evaluate:
      return "evaluate";
    case E::child_return:
      return "successor returned";
    case E::best_set:
      return "best";
    case E::alpha_set:
      return "window";
    case E::cutoff:
      return "cutoff";
    case E::label:
      return "name";
    default:
      break;
  }
  std::string name = trace::event_type_name(t);
  for (char& c : name) c = c == '_' ? ' ' : c;
  return name;
}

}  // namespace

void draw_events(ViewerState& s) {
  if (!s.has_trace()) {
    ImGui::TextDisabled("No trace loaded.");
    return;
  }
  const trace::Model& m = s.model();
  static std::size_t last_cursor = static_cast<std::size_t>(-1);
  const bool cursor_moved = last_cursor != s.cursor();
  last_cursor = s.cursor();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("events", 3, flags, ImGui::GetContentRegionAvail())) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("t");
  ImGui::TableSetupColumn("event");
  ImGui::TableSetupColumn("what happened", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  const float row_h = ImGui::GetTextLineHeightWithSpacing();
  if (cursor_moved) {
    // Keep the current row in view.
    const float y = static_cast<float>(s.cursor()) * row_h;
    if (y < ImGui::GetScrollY() || y > ImGui::GetScrollY() + ImGui::GetWindowHeight() - 3 * row_h) {
      ImGui::SetScrollY(y - ImGui::GetWindowHeight() * 0.4f);
    }
  }
  ImGuiListClipper clipper;
  // In quiz mode only the events up to the question: the later ones would give the answers.
  const std::size_t rows =
      s.quiz.active() ? std::min(m.event_count(), s.quiz.wait_at() + 1) : m.event_count();
  clipper.Begin(static_cast<int>(rows), row_h);
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto t = static_cast<std::size_t>(row);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      char id[32];
      std::snprintf(id, sizeof id, "%d##ev%d", row, row);
      if (ImGui::Selectable(id, t == s.cursor(), ImGuiSelectableFlags_SpanAllColumns)) {
        s.playing = false;
        s.seek(t);
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(event_words(m.event(t).type).c_str());
      ImGui::TableSetColumnIndex(2);
      const std::string sentence =
          narrate(m, t, s.value_view, pruned_names(s.pruned), !s.textbook_mode());
      ImGui::TextUnformatted(sentence.c_str());
      if (ImGui::IsItemHovered()) {  // a narrow panel cuts the line: the whole of it, wrapped
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted(sentence.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace kibitz::viewer
