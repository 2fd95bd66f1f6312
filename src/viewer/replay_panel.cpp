// Transport controls, the scrub bar over all events, and the narration of the current event.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "trace/narration.hpp"
#include "viewer/keys.hpp"
#include "viewer/panels.hpp"
#include "viewer/spoken.hpp"

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
    s.rebuild_fonts = true;
  }
  if (io.KeyCtrl && (keys::pressed(keys::k_minus) || keys::pressed(keys::k_kp_subtract))) {
    s.font_scale = std::max(0.6f, s.font_scale / 1.125f);
    s.rebuild_fonts = true;
  }
  if (io.KeyCtrl && keys::pressed(keys::k_0, false)) {
    s.font_scale = 1.0f;
    s.rebuild_fonts = true;
  }
  if (io.KeyCtrl && (keys::pressed_named(ImGuiKey_Enter, false) ||
                     keys::pressed_named(ImGuiKey_KeyPadEnter, false))) {
    s.ask(command::Run{});
  }
  if (io.KeyCtrl && keys::pressed(keys::k_o, false)) {
    if (s.is_web)
      s.ask(command::OpenPicker{});
    else
      s.show_file_browser = true;
  }
  if (io.KeyCtrl && keys::pressed(keys::k_s, false) && s.has_trace()) {
    if (s.is_web)
      s.ask(command::Download{false});
    else
      s.show_file_browser = true;
  }
  if (!io.WantTextInput && io.KeyCtrl) {  // edit by hand: undo, redo
    if (keys::pressed(keys::k_z, false) && !io.KeyShift && s.can_undo_edit)
      s.ask(command::UndoEdit{});
    if ((keys::pressed(keys::k_y, false) || (keys::pressed(keys::k_z, false) && io.KeyShift)) &&
        s.can_redo_edit)
      s.ask(command::RedoEdit{});
  }
  if (!io.WantTextInput && !io.KeyCtrl) {
    if (keys::pressed(keys::k_p, false)) s.set_present(!s.present);
    if (keys::pressed(keys::k_k, false) && s.textbook_applies()) s.textbook = !s.textbook;
    if (keys::pressed(keys::k_left_bracket, false)) s.show_left_panel = !s.show_left_panel;
    if (keys::pressed(keys::k_right_bracket, false)) s.show_right_panel = !s.show_right_panel;
  }
  if (io.WantTextInput || press_focused_control() || !s.has_trace()) return;
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

bool is_narrow(const ViewerState& s) {
  return ImGui::GetMainViewport()->WorkSize.x / std::max(0.5f, s.dpi_scale) < 700.0f;
}

namespace {

// The transport's buttons (label, widget name, tooltip), in order.
struct TransportButton {
  const char* label;
  const char* widget;
  const char* tip;
};
const TransportButton k_transport[] = {
    {"|\u25c0", "start", "Start (Home)"},
    {"\u25c0\u25c0 node", "prev_node", "Previous node entered (Shift+\u2190)"},
    {"\u25c0 step", "step_back", "One event back (\u2190)"},
    {"\u25b6 Play", "play", "Play or pause (Space)"},
    {"step \u25b6", "step", "One event forward (\u2192)"},
    {"node \u25b6\u25b6", "next_node", "Next node entered (Shift+\u2192)"},
    {"\u25b6|", "end", "End (End)"},
    {"exit", "next_exit", "Next node left"},
    {"cutoff", "next_cutoff", "Next cutoff"},
};

float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
}
float speed_width() {
  return ImGui::GetFontSize() * 9;
}
float position_width() {
  return ImGui::CalcTextSize("event 0000000 / 0000000").x;
}

// Items placed left to right, a new row when the next one would not fit (a phone's width).
struct Flow {
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  bool first = true;
  void place(float w) {
    if (!first && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <= right)
      ImGui::SameLine();
    first = false;
  }
};

}  // namespace

int replay_rows(const ViewerState&) {
  const float avail = ImGui::GetContentRegionAvail().x, gap = ImGui::GetStyle().ItemSpacing.x;
  int rows = 1;
  float x = -gap;
  auto add = [&](float w) {
    if (x + gap + w > avail && x > 0) {
      ++rows;
      x = w;
    } else {
      x += gap + w;
    }
  };
  for (const TransportButton& b : k_transport) add(button_width(b.label));
  add(ImGui::CalcTextSize("next:").x);
  add(speed_width());
  add(position_width());
  return rows;
}

void draw_replay_bar(ViewerState& s) {
  const bool have = s.has_trace();
  if (!have) ImGui::BeginDisabled();
  Flow flow;
  auto button = [&](int i, const char* label = nullptr) {
    const TransportButton& b = k_transport[i];
    const char* text = label ? label : b.label;
    flow.place(button_width(text));
    const bool pressed = ImGui::Button(text);
    s.note_widget(b.widget);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.tip);
    return pressed;
  };
  if (button(0)) s.seek(0);
  if (button(1)) s.seek_next(EventType::enter, false);
  if (button(2)) {
    s.playing = false;
    s.step(-1);
  }
  if (button(3, s.playing ? "Pause" : nullptr)) {
    if (!s.playing && s.cursor() + 1 >= s.event_count()) s.seek(0);
    s.playing = !s.playing;
  }
  if (button(4)) {
    s.playing = false;
    s.step(1);
  }
  if (button(5)) s.seek_next(EventType::enter, true);
  if (button(6)) s.seek(s.event_count());
  flow.place(ImGui::CalcTextSize("next:").x);
  ImGui::TextDisabled("next:");
  if (button(7)) s.seek_next(EventType::leave, true);
  if (button(8)) s.seek_next(EventType::cutoff, true);
  flow.place(speed_width());
  ImGui::SetNextItemWidth(speed_width());
  ImGui::SliderFloat("##speed", &s.speed, 0.5f, 20000.0f, "%.1f events/s",
                     ImGuiSliderFlags_Logarithmic);
  s.note_widget("speed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed");
  if (have) {
    flow.place(position_width());
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
  const std::string sentence = narration_sentence(s);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::SetWindowFontScale(narration_scale(s));
  ImGui::TextUnformatted(sentence.c_str());
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopTextWrapPos();
}

}  // namespace kibitz::viewer
