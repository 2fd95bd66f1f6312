// Small widgets Dear ImGui 1.86 does not have.
#pragma once

#include <imgui.h>

namespace kibitz::viewer {

// A section heading: a line of text over a separator.
inline void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  ImGui::Separator();
}

}  // namespace kibitz::viewer
