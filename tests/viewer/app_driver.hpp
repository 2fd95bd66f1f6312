// Drives the whole viewer app headless: frames of every panel, then the requests they made
// (Run, seek...), and clicks on widgets by the names the panels note.
#pragma once

#include "app/viewer_app.hpp"
#include "headless.hpp"
#include "viewer/panels.hpp"

namespace kibitz::test {

inline ViewerApp make_app() {
  return ViewerApp(KIBITZ_SOURCE_DIR "/assets");
}

inline void frames(HeadlessImGui& ui, ViewerApp& app, int n) {
  for (int i = 0; i < n; ++i) {
    ui.frame([&] { viewer::draw_viewer(app.state()); });
    app.process_requests();
  }
}

// A press and release of the left button at `at`, a frame for each step.
inline void click_at(HeadlessImGui& ui, ViewerApp& app, ImVec2 at) {
  ui.mouse(at, false);
  frames(ui, app, 1);
  ui.mouse(at, true);
  frames(ui, app, 1);
  ui.mouse(at, false);
  frames(ui, app, 1);
}

// A click in the middle of the widget the panels noted as `widget` in the last frame.
inline void click(HeadlessImGui& ui, ViewerApp& app, const char* widget) {
  const ImVec4 r = app.state().widgets.at(widget);
  click_at(ui, app, ImVec2((r.x + r.z) * 0.5f, (r.y + r.w) * 0.5f));
}

}  // namespace kibitz::test
