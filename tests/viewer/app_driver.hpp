// Drives the whole viewer app headless: frames of every panel, then the requests they made
// (Run, seek...), and clicks on widgets by the names the panels note.
#pragma once

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
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

// Draws the side panels (inspector, events, statistics, legend) at every `stride`-th event,
// each time with another node selected, so every node and event passes through them.
inline void sweep_side_panels(HeadlessImGui& ui, viewer::ViewerState& s, std::size_t stride) {
  for (std::size_t t = 0; t < s.event_count(); t += stride) {
    s.seek(t);
    s.selected = static_cast<std::uint32_t>(t % s.model().node_count());
    ui.frame([&] {
      ImGui::Begin("panels");
      viewer::draw_inspector(s);
      viewer::draw_events(s);
      viewer::draw_stats(s);
      viewer::draw_legend(s);
      ImGui::End();
    });
  }
}

}  // namespace kibitz::test
