// The Experiments window: pick one of forward estimation's experiments, run a small version
// of it (a few trials a frame, so the page stays responsive), watch the progress bar, read
// the chart and the table. The app runs the experiment (app/viewer_app/fe_experiments.cpp).
#include <algorithm>
#include <string>

#include "viewer/fe_draw.hpp"

namespace kibitz::viewer {

namespace {

// Which experiment, how many trials, and Run or Stop (the choice is fixed while it runs).
void draw_experiment_controls(ViewerState& s, FeExperimentsView& e, float em) {
  e.selected = std::clamp(e.selected, 0, static_cast<int>(e.names.size()) - 1);
  ImGui::SetNextItemWidth(em * 9);
  ImGui::BeginDisabled(e.running);
  if (ImGui::BeginCombo("##experiment", e.names[static_cast<std::size_t>(e.selected)].c_str())) {
    for (std::size_t i = 0; i < e.names.size(); ++i) {
      if (ImGui::Selectable(e.names[i].c_str(), static_cast<int>(i) == e.selected))
        e.selected = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  s.note_widget("experiment_combo");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 6);
  ImGui::InputInt("trials (0: quick)", &e.trials);
  e.trials = std::clamp(e.trials, 0, 100000);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (!e.running) {
    if (ImGui::Button("Run")) e.request_start = true;
    s.note_widget("experiment_run");
  } else {
    if (ImGui::Button("Stop")) e.request_stop = true;
    s.note_widget("experiment_stop");
  }
}

// The progress bar, then the error and the summary if there are any.
void draw_experiment_progress(ViewerState& s, const FeExperimentsView& e) {
  char label[160];
  std::snprintf(label, sizeof label, "%s%s (%.1f s)",
                e.running            ? ""
                : e.progress >= 1.0f ? "done: "
                                     : "",
                e.stage.empty() ? "not started" : e.stage.c_str(), e.seconds);
  ImGui::ProgressBar(e.progress, ImVec2(-1, 0), label);
  s.note_widget("experiment_progress");
  if (!e.error.empty())
    ImGui::TextColored(ImVec4(0.95f, 0.35f, 0.25f, 1.0f), "%s", e.error.c_str());
  if (!e.summary.empty()) ImGui::TextWrapped("%s", e.summary.c_str());
}

// A radio button per chart, then the chosen chart, leaving room for the table under it.
void draw_experiment_chart(ViewerState& s, FeExperimentsView& e, float em) {
  e.chart = std::clamp(e.chart, 0, static_cast<int>(e.charts.size()) - 1);
  for (std::size_t i = 0; i < e.charts.size(); ++i) {
    if (i) ImGui::SameLine();
    ImGui::RadioButton(e.charts[i].id.c_str(), &e.chart, static_cast<int>(i));
  }
  const float table_h =
      e.rows.empty() ? 0.0f : std::min(em * 10.0f, ImGui::GetContentRegionAvail().y * 0.4f);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 size(avail.x, std::max(em * 8, avail.y - table_h - em * 0.5f));
  ImGui::Dummy(size);
  s.note_widget("experiment_chart");
  draw_chart(ImGui::GetWindowDrawList(), e.charts[static_cast<std::size_t>(e.chart)], a,
             ImVec2(a.x + size.x, a.y + size.y), s.theme);
}

// The experiment's table: a header row, then its rows.
void draw_experiment_table(const FeExperimentsView& e, float em) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("experiment_table", static_cast<int>(e.header.size()), flags,
                        ImVec2(0, 0))) {
    // Fixed widths from the widest cell of each column: the table is rebuilt with new rows.
    for (std::size_t i = 0; i < e.header.size(); ++i) {
      float w = ImGui::CalcTextSize(e.header[i].c_str()).x;
      for (const auto& row : e.rows) {
        if (i < row.size()) w = std::max(w, ImGui::CalcTextSize(row[i].c_str()).x);
      }
      ImGui::TableSetupColumn(e.header[i].c_str(), ImGuiTableColumnFlags_WidthFixed, w + em * 0.5f);
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableHeadersRow();
    for (const auto& row : e.rows) {
      ImGui::TableNextRow();
      for (std::size_t i = 0; i < row.size() && i < e.header.size(); ++i) {
        ImGui::TableSetColumnIndex(static_cast<int>(i));
        ImGui::TextUnformatted(row[i].c_str());
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace

void draw_fe_experiments(ViewerState& s) {
  FeExperimentsView& e = s.fe.experiments;
  if (!e.open) return;
  const float em = ImGui::GetFontSize();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(
      ImVec2(std::min(em * 52, vp->WorkSize.x * 0.9f), std::min(em * 40, vp->WorkSize.y * 0.9f)),
      ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
      ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (!ImGui::Begin("Experiments (forward estimation)", &e.open,
                    ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  s.note_widget("experiments_window");
  if (!e.names.empty()) draw_experiment_controls(s, e, em);
  draw_experiment_progress(s, e);
  if (!e.charts.empty()) draw_experiment_chart(s, e, em);
  if (!e.rows.empty() && !e.header.empty()) draw_experiment_table(e, em);
  ImGui::End();
}

}  // namespace kibitz::viewer
