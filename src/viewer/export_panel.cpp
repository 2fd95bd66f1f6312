// File → Export…: the tree as the canvas shows it, as a picture for slides and papers (PNG at
// any width, SVG with text as text, TikZ for LaTeX, Graphviz DOT, an animated GIF of a replay
// range). The app makes the file (ViewerApp::process_export): a download in the page, a path
// on the desktop.
#include <algorithm>
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {

const char* const k_formats[] = {"png", "svg", "tikz", "dot", "gif"};
const char* const k_format_names[] = {"PNG", "SVG", "TikZ (LaTeX)", "DOT (Graphviz)",
                                      "GIF (a replay)"};
const char* const k_extensions[] = {".png", ".svg", ".tex", ".dot", ".gif"};

int format_index(const std::string& f) {
  for (int i = 0; i < 5; ++i)
    if (f == k_formats[i]) return i;
  return 0;
}

// The GIF's range: from an event to another, a frame every `step` events.
void gif_range(ViewerState& s, ViewerState::ExportOptions& o) {
  const long long last = static_cast<long long>(s.event_count()) - 1;
  if (o.to < 0 || o.to > last) o.to = static_cast<long long>(s.cursor());
  o.from = std::clamp(o.from, 0LL, o.to);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputScalar("from event", ImGuiDataType_S64, &o.from);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputScalar("to event", ImGuiDataType_S64, &o.to);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputInt("events a frame", &o.step);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::InputInt("1/100 s a frame", &o.delay_cs);
  o.from = std::clamp(o.from, 0LL, std::max(0LL, last));
  o.to = std::clamp(o.to, o.from, std::max(0LL, last));
  o.step = std::clamp(o.step, 1, 1000000);
  o.delay_cs = std::clamp(o.delay_cs, 1, 6000);
  const long long frames = (o.to - o.from) / o.step + 1;
  ImGui::TextDisabled("%lld frames%s", frames, frames > 2000 ? " (at most 2000)" : "");
}

}  // namespace

void draw_export_window(ViewerState& s) {
  if (!s.show_export) return;
  if (!ImGui::Begin("Export picture", &s.show_export, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);  // wrapped text in a window sized to fit
  ViewerState::ExportOptions& o = s.export_options;
  int f = format_index(o.format);
  for (int i = 0; i < 5; ++i) {
    if (ImGui::RadioButton(k_format_names[i], f == i)) f = i;
    if (i % 3 != 2 && i != 4) ImGui::SameLine();
  }
  const std::string old_ext = k_extensions[format_index(o.format)];
  o.format = k_formats[f];
  if (o.format == "png" || o.format == "svg" || o.format == "gif") {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::InputInt("pixels wide", &o.width, 160, 640);
    o.width = std::clamp(o.width, 64, 16384);
  }
  if (o.format != "dot" && o.format != "tikz")
    ImGui::Checkbox("the narration under the tree", &o.caption);
  if (o.format == "gif") gif_range(s, o);
  ImGui::TextWrapped("As the canvas shows it now: the %s view, %s layout%s.",
                     s.minimax_view() ? "MAX/MIN" : "negamax",
                     s.layout_mode == LayoutMode::final_shape ? "final" : "growing",
                     s.show_pruned ? ", pruned branches" : "");
  if (!s.is_web) {  // a path; its extension follows the format
    if (o.path.empty()) o.path = "kibitz-tree" + std::string(k_extensions[f]);
    if (o.path.size() > old_ext.size() &&
        o.path.compare(o.path.size() - old_ext.size(), old_ext.size(), old_ext) == 0)
      o.path = o.path.substr(0, o.path.size() - old_ext.size()) + k_extensions[f];
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    ImGui::InputText("file", &o.path);
  }
  if (ImGui::Button(s.is_web ? "Download" : "Export")) s.requests.export_now = true;
  s.note_widget("export_button");
  if (!s.error.empty()) {  // here too: the set-up panel may be hidden
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.35f, 0.2f, 1));
    ImGui::TextWrapped("%s", s.error.c_str());
    ImGui::PopStyleColor();
  } else if (!s.status.empty() && s.status.rfind("exported", 0) == 0)
    ImGui::TextDisabled("%s", s.status.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace kibitz::viewer
