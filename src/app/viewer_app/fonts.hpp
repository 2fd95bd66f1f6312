// The viewer's fonts and style at the window's pixel ratio times the user's text size: the
// viewer builds the atlas, the platform uploads it (the desktop program and the web page).
#pragma once

#include <imgui.h>

#include "platform/window.hpp"
#include "viewer/fonts.hpp"
#include "viewer/theme.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz {

inline void rebuild_fonts(viewer::ViewerState& s, platform::Window& window) {
  s.dpi_scale = window.pixel_ratio();
  viewer::load_fonts(*ImGui::GetIO().Fonts, KIBITZ_FONT_PATH, 16.0f * s.ui_scale());
  window.upload_fonts();
  viewer::apply_style(s.theme, s.ui_scale());
}

}  // namespace kibitz
