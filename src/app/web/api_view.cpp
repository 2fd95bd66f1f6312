// The JavaScript API's view of the viewer (api.hpp): the view's state, a node's state at the
// cursor (the CLI's nodes_table entry), the pruned leaves.
#include <algorithm>
#include <cstdlib>

#include <imgui.h>

#include "app/web/api.hpp"
#include "session/report.hpp"
#include "trace/json_text.hpp"
#include "trace/narration.hpp"
#include "viewer/canvas.hpp"
#include "viewer/spoken.hpp"

namespace kibitz::api {

namespace {

// The last frame's times, and what its canvas drew: instances, nodes folded into bins, the
// level of detail, and ImGui's own vertices.
void write_frame_figures(JsonWriter& j, const viewer::ViewerState& s) {
  j.key("frames_drawn");
  j.number(static_cast<double>(s.frames_drawn));
  j.key("frame_ms");
  j.number(s.frame_ms);
  j.key("work_ms");
  j.number(s.work_ms);
  const viewer::CanvasStats& cs = viewer::last_canvas_stats();
  j.key("canvas_ms");
  j.number(cs.ms);
  j.key("canvas_drawn");
  j.number(static_cast<double>(cs.nodes_drawn));
  j.key("canvas_folded");
  j.number(static_cast<double>(cs.dots_folded));
  j.key("canvas_detail");
  j.number(static_cast<double>(cs.level_of_detail));
  const ImDrawData* dd = ImGui::GetCurrentContext() ? ImGui::GetDrawData() : nullptr;
  j.key("draw_vertices");
  j.number(dd ? static_cast<double>(dd->TotalVtxCount) : 0.0);
}

// Widget rectangles by name, in canvas pixels (for tests and scripts).
void write_widgets(JsonWriter& j, const viewer::ViewerState& s) {
  j.key("widgets");
  j.begin_object();
  for (const auto& [name, r] : s.widgets) {
    j.key(name);
    j.begin_array();
    j.number(static_cast<double>(r.x));
    j.number(static_cast<double>(r.y));
    j.number(static_cast<double>(r.z));
    j.number(static_cast<double>(r.w));
    j.end_array();
  }
  j.end_object();
}

// The view's settings: camera, projector mode, panels, pruned branches, value view, theme.
void write_view_settings(JsonWriter& j, const viewer::ViewerState& s) {
  j.key("zoom");
  j.number(static_cast<double>(s.camera.zoom));
  j.key("node_text_px");  // a node's text height on the canvas, logical pixels
  j.number(static_cast<double>(s.node_text() * s.camera.zoom));
  j.key("camera");
  j.begin_array();
  j.number(static_cast<double>(s.camera.x));
  j.number(static_cast<double>(s.camera.y));
  j.end_array();
  j.key("follow");
  j.boolean(s.camera.follow);
  j.key("present");
  j.boolean(s.present);
  j.key("embed");
  j.boolean(s.embed);
  j.key("textbook");  // textbook mode on (and applying to this trace)
  j.boolean(s.textbook_mode());
  j.key("input_tree");  // the tree as typed drawn faint ahead of the search
  j.boolean(s.previews_input_tree());
  j.key("panels");
  j.string(s.left_panel_shown() && s.right_panel_shown() ? "both"
           : s.left_panel_shown()                        ? "left"
           : s.right_panel_shown()                       ? "right"
                                                         : "none");
  j.key("show_pruned");
  j.boolean(s.show_pruned);
  j.key("value_view");
  j.string(trace::value_view_name(s.value_view));
  j.key("value_view_chosen");  // by the user (else the trace's default: minimax for trees)
  j.boolean(s.value_view_chosen);
  j.key("theme");
  j.string(s.theme == viewer::Theme::dark ? "dark" : "light");
  j.key("font_scale");
  j.number(static_cast<double>(s.font_scale));
}

}  // namespace

std::string view_state(const ViewerApp& app) {
  const viewer::ViewerState& s = app.state();
  JsonWriter j;
  j.begin_object();
  j.key("has_trace");
  j.boolean(s.has_trace());
  j.key("cursor");
  j.number(static_cast<long long>(s.cursor()));
  j.key("events");
  j.number(static_cast<long long>(s.event_count()));
  j.key("selected");
  if (s.selected == trace::k_no_node)
    j.null();
  else
    j.number(static_cast<long long>(s.selected));
  j.key("current_node");
  if (!s.has_trace() || s.event_count() == 0)
    j.null();
  else {
    const std::uint32_t c = s.model().node_of_event(s.cursor());
    if (c == trace::k_no_node)
      j.null();
    else
      j.number(static_cast<long long>(c));
  }
  j.key("nodes");
  j.number(s.has_trace() ? static_cast<long long>(s.model().node_count()) : 0LL);
  j.key("narration");  // the sentence under the canvas
  j.string(s.has_trace() ? viewer::narration_sentence(s) : std::string());
  j.key("visible_nodes");
  j.number(s.has_trace() ? static_cast<long long>(s.model().nodes_visible_at(s.cursor())) : 0LL);
  j.key("playing");
  j.boolean(s.playing);
  j.key("trace_generation");  // a new number each time a search (or a file) is shown
  j.number(static_cast<long long>(s.trace_generation()));
  j.key("speed");
  j.number(static_cast<double>(s.speed));
  write_view_settings(j, s);
  j.key("pixel_ratio");
  j.number(static_cast<double>(s.dpi_scale));
  j.key("searching");
  j.boolean(s.search.running);
  write_frame_figures(j, s);
  j.key("error");
  j.string(s.error);
  j.key("status");
  j.string(s.status);
  j.key("origin");
  j.string(s.has_trace() ? s.origin() : "");
  j.key("scores");
  j.boolean(s.scores.has_value());
  write_widgets(j, s);
  j.key("focus");  // the widget with the keyboard's focus ring (Tab), or ""
  j.string(s.focused_widget);
  j.end_object();
  return j.take();
}

std::string node_state(const ViewerApp& app, std::uint32_t id) {
  const viewer::ViewerState& s = app.state();
  if (!s.has_trace()) return error("no trace loaded");
  if (id >= s.model().node_count()) {
    return error("no node " + std::to_string(id) + " (the trace has " +
                 std::to_string(s.model().node_count()) + ")");
  }
  JsonWriter j;
  const std::vector<Score>* scores = s.scores ? &*s.scores : nullptr;
  write_node_entry(j, s.model(), id, s.cursor(), scores, true);
  return j.take();
}

std::string node_screen(const ViewerApp& app, std::uint32_t id) {
  const viewer::ViewerState& s = app.state();
  const auto canvas = s.widgets.find("canvas");
  const viewer::TreeLayout& l = s.shown_layout();
  if (!s.has_trace() || canvas == s.widgets.end() || l.built_model() != &s.model() || !l.shown(id))
    return "null";
  const ImVec4 r = canvas->second;
  JsonWriter j;
  j.begin_array();
  j.number((r.x + r.z) * 0.5f + (l.x(id) - s.camera.x) * s.camera.zoom);
  j.number((r.y + r.w) * 0.5f + (l.y(id) - s.camera.y) * s.camera.zoom);
  j.end_array();
  return j.take();
}

std::string pruned_leaves(const ViewerApp& app) {
  std::vector<const viewer::PrunedNode*> leaves;
  for (const auto& [id, list] : app.state().pruned) {
    for (const viewer::PrunedNode& n : list)
      if (n.leaf) leaves.push_back(&n);
  }
  // In the tree's order: paths compared number by number ("1.2" before "1.10").
  const auto numbers = [](const std::string& path) {
    std::vector<long> out;
    for (std::size_t at = 0; at < path.size();) {
      std::size_t end = path.find('.', at);
      if (end == std::string::npos) end = path.size();
      out.push_back(std::strtol(path.c_str() + at, nullptr, 10));
      at = end + 1;
    }
    return out;
  };
  std::sort(leaves.begin(), leaves.end(),
            [&](const viewer::PrunedNode* a, const viewer::PrunedNode* b) {
              return numbers(a->path) < numbers(b->path);
            });
  JsonWriter j;
  j.begin_array();
  for (const viewer::PrunedNode* leaf : leaves) {
    j.begin_object();
    j.key("path");
    j.string(leaf->path);
    j.key("name");
    j.string(leaf->name);
    j.key("value");
    j.number(static_cast<long long>(leaf->value));
    j.end_object();
  }
  j.end_array();
  return j.take();
}

}  // namespace kibitz::api
