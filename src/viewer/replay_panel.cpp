// Transport controls, the scrub bar over all events, and the narration of the current event.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "trace/narration.hpp"
#include "viewer/keys.hpp"
#include "viewer/panels.hpp"

namespace kibitz::viewer {

using trace::EventType;

float narration_scale(const ViewerState& s) {
  return s.present ? 1.6f : 1.12f;
}

void handle_global_keys(ViewerState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  // Font size works everywhere, even while typing.
  if (io.KeyCtrl && (keys::pressed(keys::k_equal) || keys::pressed(keys::k_kp_add))) {
    s.font_scale = std::min(3.0f, s.font_scale * 1.125f);
    s.requests.rebuild_fonts = true;
  }
  if (io.KeyCtrl && (keys::pressed(keys::k_minus) || keys::pressed(keys::k_kp_subtract))) {
    s.font_scale = std::max(0.6f, s.font_scale / 1.125f);
    s.requests.rebuild_fonts = true;
  }
  if (io.KeyCtrl && keys::pressed(keys::k_0, false)) {
    s.font_scale = 1.0f;
    s.requests.rebuild_fonts = true;
  }
  if (io.KeyCtrl && (keys::pressed_named(ImGuiKey_Enter, false) ||
                     keys::pressed_named(ImGuiKey_KeyPadEnter, false))) {
    s.requests.run = true;
  }
  if (io.KeyCtrl && keys::pressed(keys::k_o, false)) {
    if (s.is_web)
      s.requests.open_picker = true;
    else
      s.show_file_browser = true;
  }
  if (io.KeyCtrl && keys::pressed(keys::k_s, false) && s.has_trace()) {
    if (s.is_web)
      s.requests.download_kbz = true;
    else
      s.show_file_browser = true;
  }
  if (!io.WantTextInput && !io.KeyCtrl) {
    if (keys::pressed(keys::k_p, false)) s.set_present(!s.present);
    if (keys::pressed(keys::k_left_bracket, false)) s.show_left_panel = !s.show_left_panel;
    if (keys::pressed(keys::k_right_bracket, false)) s.show_right_panel = !s.show_right_panel;
  }
  if (io.WantTextInput || !s.has_trace()) return;
  if (keys::pressed_named(ImGuiKey_Space, false)) {
    if (!s.playing && s.cursor() + 1 >= s.event_count()) s.seek(0);
    s.playing = !s.playing;
  }
  if (keys::pressed_named(ImGuiKey_Escape, false)) s.playing = false;
  const bool shift = io.KeyShift;
  if (keys::pressed_named(ImGuiKey_RightArrow)) {
    s.playing = false;
    if (shift)
      s.seek_next(EventType::enter, true);
    else
      s.step(1);
  }
  if (keys::pressed_named(ImGuiKey_LeftArrow)) {
    s.playing = false;
    if (shift)
      s.seek_next(EventType::enter, false);
    else
      s.step(-1);
  }
  if (keys::pressed_named(ImGuiKey_Home, false)) s.seek(0);
  if (keys::pressed_named(ImGuiKey_End, false)) s.seek(s.event_count());
}

void draw_replay_bar(ViewerState& s) {
  const bool have = s.has_trace();
  if (!have) ImGui::BeginDisabled();
  auto button = [&](const char* label, const char* widget, const char* tip) {
    const bool pressed = ImGui::Button(label);
    s.note_widget(widget);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    ImGui::SameLine();
    return pressed;
  };
  if (button("|\u25c0", "start", "Start (Home)")) s.seek(0);
  if (button("\u25c0\u25c0 node", "prev_node", "Previous node entered (Shift+\u2190)"))
    s.seek_next(EventType::enter, false);
  if (button("\u25c0 step", "step_back", "One event back (\u2190)")) {
    s.playing = false;
    s.step(-1);
  }
  if (button(s.playing ? "Pause" : "\u25b6 Play", "play", "Play or pause (Space)")) {
    if (!s.playing && s.cursor() + 1 >= s.event_count()) s.seek(0);
    s.playing = !s.playing;
  }
  if (button("step \u25b6", "step", "One event forward (\u2192)")) {
    s.playing = false;
    s.step(1);
  }
  if (button("node \u25b6\u25b6", "next_node", "Next node entered (Shift+\u2192)"))
    s.seek_next(EventType::enter, true);
  if (button("\u25b6|", "end", "End (End)")) s.seek(s.event_count());
  ImGui::TextDisabled("next:");
  ImGui::SameLine();
  if (button("exit", "next_exit", "Next node left")) s.seek_next(EventType::leave, true);
  if (button("cutoff", "next_cutoff", "Next cutoff")) s.seek_next(EventType::cutoff, true);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  ImGui::SliderFloat("##speed", &s.speed, 0.5f, 20000.0f, "%.1f events/s",
                     ImGuiSliderFlags_Logarithmic);
  s.note_widget("speed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed");
  ImGui::SameLine();
  if (have) {
    ImGui::Text("event %zu / %zu", s.cursor(), s.event_count() - 1);
  }
  // The scrub bar: every event of the search.
  ImGui::SetNextItemWidth(-1);
  long long t = static_cast<long long>(s.cursor());
  const long long last = have ? static_cast<long long>(s.event_count()) - 1 : 0;
  const long long zero = 0;
  if (ImGui::SliderScalar("##scrub", ImGuiDataType_S64, &t, &zero, &last, "event %lld")) {
    s.playing = false;
    s.seek(static_cast<std::size_t>(std::max<long long>(0, t)));
  }
  s.note_widget("scrub");
  if (!have) ImGui::EndDisabled();
  // Narration, in a slightly larger type (large in projector mode).
  const std::string sentence = have ? narrate(s.model(), s.cursor(), s.value_view)
                                    : "Press Run to search the tree in Set-up.";
  ImGui::PushTextWrapPos(0.0f);
  ImGui::SetWindowFontScale(narration_scale(s));
  ImGui::TextUnformatted(sentence.c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopTextWrapPos();
}

}  // namespace kibitz::viewer
