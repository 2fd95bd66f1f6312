// Small widgets Dear ImGui 1.86 does not have.
#pragma once

#include <string>

#include <imgui.h>

namespace kibitz::viewer {

// The width of a number field with its - and + buttons: `em` of text besides the buttons, which
// are squares as tall as a frame (44 pixels in the phone layout: without this the box vanishes).
inline float number_width(float em) {
  return ImGui::GetFontSize() * em + 2.0f * ImGui::GetFrameHeightWithSpacing();
}

// A section heading: a line of text over a separator.
inline void section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", title);  // a narrow panel wraps it, never clips it
  ImGui::PopStyleColor();
  ImGui::Separator();
}

// A bullet and its text, wrapped at the panel's edge (ImGui's BulletText does not wrap).
inline void bullet_wrapped(const std::string& text) {
  ImGui::Bullet();
  ImGui::TextWrapped("%s", text.c_str());
}

// Dimmed text, wrapped.
inline void dim_wrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

}  // namespace kibitz::viewer
