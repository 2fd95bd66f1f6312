// What the canvas shows over the tree: the progress of a search running in the background
// (with Cancel), a banner when the trace shown is partial (a limit stopped its search, or its
// file ended early), and a refusal's message when the set-up panel, where it is written, is not
// on screen (a phone's Tree tab, projector mode, the panel hidden).
#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include "core/text.hpp"
#include "viewer/canvas.hpp"
#include "viewer/panels.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

namespace {

// A box at the top of the canvas: what is searched, nodes and events so far against the
// limits, the time, a bar and Cancel. The UI stays live meanwhile.
void draw_search_progress(ViewerState& s, ImVec2 origin, ImVec2 size) {
  SearchProgress& p = s.search;
  if (p.started <= 0) p.started = ImGui::GetTime();  // the first frame it is shown
  const float em = ImGui::GetFontSize();
  const float w = std::min(size.x - 2 * em, 32 * em);
  ImGui::SetCursorScreenPos(ImVec2(origin.x + (size.x - w) * 0.5f, origin.y + em));
  ImGui::BeginChild(
      "search_progress",
      ImVec2(w, ImGui::GetTextLineHeightWithSpacing() + ImGui::GetFrameHeightWithSpacing() +
                    ImGui::GetStyle().WindowPadding.y * 2),
      true, ImGuiWindowFlags_NoScrollbar);
  ImGui::TextWrapped("Searching %s", p.what.c_str());
  double fraction = 0;
  if (p.max_nodes) fraction = std::max(fraction, static_cast<double>(p.nodes) / p.max_nodes);
  if (p.max_events) fraction = std::max(fraction, static_cast<double>(p.events) / p.max_events);
  char line[160];
  std::snprintf(line, sizeof line, "%s nodes, %s events, %.1f s", thousands(p.nodes).c_str(),
                thousands(p.events).c_str(), ImGui::GetTime() - p.started);
  ImGui::ProgressBar(static_cast<float>(std::min(1.0, fraction)), ImVec2(w - 8 * em, 0), line);
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(-1, 0))) s.ask(command::CancelSearch{});
  s.note_widget("search_cancel");
  ImGui::EndChild();
}

// A warm bar across the top of the canvas with the reason the trace is partial; returns its
// height.
float draw_partial_banner(ViewerState& s, const std::string& text, ImVec2 origin, ImVec2 size) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = ImGui::GetFontSize() * 0.4f;
  const float wrap = size.x - 2 * pad;
  const ImVec2 ts = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const Palette& pal = palette(s.theme);
  dl->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + ts.y + 2 * pad), pal.banner_bg);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(origin.x + pad, origin.y + pad),
              pal.banner_text, text.c_str(), nullptr, wrap);
  return ts.y + 2 * pad;
}

// The refusal, across the canvas under any partial banner, with Dismiss (the view behind it is
// the one shown before, as it was). A child window, so that its button is above the canvas's.
void draw_error_banner(ViewerState& s, ImVec2 origin, ImVec2 size) {
  const Palette& pal = palette(s.theme);
  // In the narration's type size: as large as the sentence under the tree (a projector's 1.6).
  const float scale = narration_scale(s), em = ImGui::GetFontSize() * scale;
  const float pad = em * 0.4f;
  const ImVec2 frame_pad = ImGui::GetStyle().FramePadding;
  const float button_w =
      ImGui::GetFont()->CalcTextSizeA(em, FLT_MAX, 0, "Dismiss").x + 2 * frame_pad.x;
  const float wrap = size.x - 3 * pad - button_w;
  const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(em, FLT_MAX, wrap, s.error.c_str());
  const float h = std::max(ts.y, em + 2 * frame_pad.y) + 2 * pad;
  ImGui::SetCursorScreenPos(origin);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(pal.error_bg));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(pal.error_text));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  ImGui::BeginChild("canvas_error", ImVec2(size.x, h), false, ImGuiWindowFlags_NoScrollbar);
  ImGui::SetWindowFontScale(scale);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
  ImGui::TextUnformatted(s.error.c_str());
  ImGui::PopTextWrapPos();
  s.note_widget("error_banner");
  ImGui::SetCursorPos(ImVec2(size.x - pad - button_w, pad));
  ImGui::PopStyleColor();  // the button in the theme's own colours
  if (ImGui::Button("Dismiss")) s.error.clear();
  s.note_widget("error_dismiss");
  ImGui::EndChild();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

}  // namespace

void draw_canvas_overlays(ViewerState& s, ImVec2 origin, ImVec2 size) {
  float top = 0;
  if (s.live && !s.live_text.empty()) top = draw_partial_banner(s, s.live_text, origin, size);
  if (s.has_trace()) {
    const std::string& stopped = s.trace().meta.get("stopped");
    const std::string& notice = s.trace().notice;
    if (!stopped.empty() || !notice.empty())
      top += draw_partial_banner(s, "Partial trace: " + (stopped.empty() ? notice : stopped),
                                 ImVec2(origin.x, origin.y + top), size);
  }
  // The set-up panel, drawn before the canvas when it is on screen, notes its "error" widget.
  if (!s.error.empty() && s.widgets.count("error") == 0)
    draw_error_banner(s, ImVec2(origin.x, origin.y + top), size);
  if (s.search.running) draw_search_progress(s, origin, size);
}

}  // namespace kibitz::viewer
