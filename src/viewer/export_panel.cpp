// File → Export…: the tree as the canvas shows it, as a picture for slides and papers (PNG at
// any width, SVG with text as text, TikZ for LaTeX, Graphviz DOT, an animated GIF of a replay
// range). The app makes the file (ViewerApp::process_export): a download in the page, a path
// on the desktop.
#include <algorithm>
#include <string>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/export_formats.hpp"
#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {

const ExportFormat& format_of(const std::string& name) {
  const ExportFormat* f = find_export_format(name);
  return f ? *f : export_formats().front();
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
  const ExportFormat& before = format_of(o.format);
  const std::vector<ExportFormat>& all = export_formats();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (ImGui::RadioButton(all[i].label, &all[i] == &before)) o.format = all[i].name;
    if (i % 3 != 2 && i + 1 != all.size()) ImGui::SameLine();
  }
  const ExportFormat& f = format_of(o.format);
  if (f.has_width) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::InputInt("pixels wide", &o.width, 160, 640);
    o.width = std::clamp(o.width, 64, 16384);
    // A slide's shape: the tree as large as fits, centred (the narration under it).
    ImGui::TextUnformatted("shape");
    for (const char* shape : {"tree", "16:9", "4:3"}) {
      ImGui::SameLine();
      if (ImGui::RadioButton(shape, o.shape == shape)) o.shape = shape;
    }
  }
  if (f.has_caption) ImGui::Checkbox("the narration under the tree", &o.caption);
  if (f.animated) gif_range(s, o);
  ImGui::TextWrapped("As the canvas shows it now: the %s view, %s layout%s.",
                     s.minimax_view() ? "MAX/MIN" : "negamax",
                     s.layout_mode == LayoutMode::final_shape ? "final" : "growing",
                     s.show_pruned ? ", pruned branches" : "");
  if (!s.is_web) {  // a path; its extension follows the format
    const std::string old_ext = before.extension;
    if (o.path.empty()) o.path = "kibitz-tree" + std::string(f.extension);
    if (o.path.size() > old_ext.size() &&
        o.path.compare(o.path.size() - old_ext.size(), old_ext.size(), old_ext) == 0)
      o.path = o.path.substr(0, o.path.size() - old_ext.size()) + f.extension;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    ImGui::InputText("file", &o.path);
  }
  if (ImGui::Button(s.is_web ? "Download" : "Export")) s.ask(command::Export{});
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
