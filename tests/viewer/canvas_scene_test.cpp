// The canvas's GPU side without a GPU: a CanvasGpu that keeps what it is given, so the
// instances written per layout and the ranges drawn per frame can be checked against the
// layout itself (every node entered and on screen drawn once, nothing else; bins standing for
// every node at a far zoom; an edge crossing the view with both ends outside it drawn).
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <utility>

#include "app/viewer_app/viewer_app.hpp"
#include "app/web/api.hpp"
#include "app_driver.hpp"
#include "headless.hpp"
#include "viewer/canvas.hpp"
#include "viewer/canvas_scene.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

class RecordingGpu : public viewer::CanvasGpu {
 public:
  RecordingGpu() { viewer::set_canvas_gpu(this); }
  ~RecordingGpu() override { viewer::set_canvas_gpu(nullptr); }
  void resize(std::size_t boxes, std::size_t lines) override {
    m_boxes.assign(boxes, gpu::BoxInstance{});
    m_lines.assign(lines, gpu::LineInstance{});
    m_box_writes.assign(boxes, 0);
    m_line_writes.assign(lines, 0);
    ++uploads;
  }
  void write_boxes(std::size_t offset, const gpu::BoxInstance* data, std::size_t n) override {
    REQUIRE(offset + n <= m_boxes.size());
    std::copy(data, data + n, m_boxes.begin() + static_cast<std::ptrdiff_t>(offset));
    for (std::size_t i = offset; i < offset + n; ++i) ++m_box_writes[i];
  }
  void write_lines(std::size_t offset, const gpu::LineInstance* data, std::size_t n) override {
    REQUIRE(offset + n <= m_lines.size());
    std::copy(data, data + n, m_lines.begin() + static_cast<std::ptrdiff_t>(offset));
    for (std::size_t i = offset; i < offset + n; ++i) ++m_line_writes[i];
  }
  void draw(ImDrawList*, const gpu::CanvasDraw& d) override { last = d; }

  // The boxes of the last draw in a style.
  std::vector<gpu::BoxInstance> boxes(gpu::BoxStyle style) const {
    std::vector<gpu::BoxInstance> out;
    for (const gpu::DrawRange& r : last.ranges) {
      if (r.of != gpu::DrawRange::Of::boxes || r.style != style) continue;
      for (std::uint32_t i = r.first; i < r.first + r.count; ++i) out.push_back(m_boxes[i]);
    }
    return out;
  }
  std::vector<gpu::LineInstance> lines() const {
    std::vector<gpu::LineInstance> out;
    for (const gpu::DrawRange& r : last.ranges) {
      if (r.of != gpu::DrawRange::Of::lines) continue;
      for (std::uint32_t i = r.first; i < r.first + r.count; ++i) out.push_back(m_lines[i]);
    }
    return out;
  }
  std::size_t box_count() const { return m_boxes.size(); }
  // Every place of both stores written exactly once since the last resize (no gap, no overlap).
  bool written_once() const {
    for (int w : m_box_writes)
      if (w != 1) return false;
    for (int w : m_line_writes)
      if (w != 1) return false;
    return m_box_writes.size() == m_line_writes.size();
  }

  gpu::CanvasDraw last;
  int uploads = 0;

 private:
  std::vector<gpu::BoxInstance> m_boxes;
  std::vector<gpu::LineInstance> m_lines;
  std::vector<int> m_box_writes, m_line_writes;
};

void look_at(viewer::ViewerState& s, float x, float y, float zoom) {
  s.camera.zoom = zoom;
  s.camera.x = x;
  s.camera.y = y;
  s.camera.follow = false;
  s.camera.fit_pending = false;
}

}  // namespace

TEST_CASE("the GPU draws each node entered and on screen once, from instances written once") {
  HeadlessImGui ui;
  RecordingGpu gpu;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=3,d=5,lo=-50,hi=50,seed=7","algo":"alphabeta"})J");
  REQUIRE(s.has_trace());
  s.layout_mode = viewer::LayoutMode::final_shape;
  for (std::size_t t : {std::size_t{5}, s.event_count() / 3, s.event_count() - 1}) {
    CAPTURE(t);
    s.seek(t);
    const viewer::TreeLayout& l = s.layout();
    look_at(s, l.x(l.first()), l.y(l.first()) + 300.0f, 1.0f);
    frames(ui, app, 2);
    const int uploads = gpu.uploads;
    frames(ui, app, 1);
    CHECK(gpu.uploads == uploads);  // a frame at the same layout writes nothing
    // Every node entered by t whose box is on screen, by its position.
    const gpu::CanvasView& v = gpu.last.view;
    const float hw = v.half_w, hh = v.half_h;
    std::set<std::pair<float, float>> expected;
    const std::uint32_t visible = s.model().nodes_visible_at(t);
    for (std::uint32_t id = l.first(); id < std::min(l.end(), visible); ++id) {
      const float sx = v.origin_x + v.width * 0.5f + (l.x(id) - v.cam_x) * v.zoom;
      const float sy = v.origin_y + v.height * 0.5f + (l.y(id) - v.cam_y) * v.zoom;
      if (sx + hw * v.zoom >= v.origin_x && sx - hw * v.zoom <= v.origin_x + v.width &&
          sy + hh * v.zoom >= v.origin_y && sy - hh * v.zoom <= v.origin_y + v.height)
        expected.insert({l.x(id), l.y(id)});
    }
    std::multiset<std::pair<float, float>> drawn;
    for (const gpu::BoxInstance& b : gpu.boxes(gpu::BoxStyle::full)) drawn.insert({b.x0, b.y});
    for (const auto& p : expected) CHECK(drawn.count(p) == 1);
    // Nothing not entered yet (a few boxes just outside the view may ride along).
    for (const auto& p : drawn) {
      bool entered = false;
      for (std::uint32_t id = l.first(); id < std::min(l.end(), visible); ++id)
        entered = entered || (l.x(id) == p.first && l.y(id) == p.second);
      CHECK(entered);
    }
  }
}

TEST_CASE("at a far zoom, bins of the pyramid stand for every node, each node in one bin") {
  HeadlessImGui ui;
  RecordingGpu gpu;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=4,d=7,lo=-50,hi=50,seed=3","algo":"minimax"})J");
  REQUIRE(s.model().node_count() == 21845);
  s.seek(s.event_count() - 1);
  frames(ui, app, 1);
  const viewer::TreeLayout& l = s.layout();
  // The whole tree in view, far smaller than a node per pixel.
  const float zoom = 0.9f * gpu.last.view.width / (l.max_x() - l.min_x() + 200.0f);
  look_at(s, (l.min_x() + l.max_x()) * 0.5f, l.max_y() * 0.5f, zoom);
  frames(ui, app, 2);
  const viewer::CanvasStats& cs = viewer::last_canvas_stats();
  CHECK(cs.level_of_detail == 0);
  const auto bins = gpu.boxes(gpu::BoxStyle::dot);
  CHECK(bins.size() < 21845 / 4);  // far fewer boxes than nodes
  CHECK(cs.nodes_drawn == static_cast<int>(bins.size()));
  CHECK(cs.nodes_drawn + cs.dots_folded == 21845);  // every node in exactly one bin
  CHECK(cs.nodes_culled == 0);
  CHECK(gpu.box_count() > 21845);  // the nodes, then the levels of detail
  CHECK(gpu.written_once());
  // A bin spans its nodes; minimax's nodes are all Pv or leaves, so the bins are too.
  for (const gpu::BoxInstance& b : bins) {
    CHECK(b.x0 <= b.x1);
    CHECK((b.kind == static_cast<std::uint8_t>(NodeKind::pv) ||
           b.kind == static_cast<std::uint8_t>(NodeKind::leaf)));
  }
  // Half-way through, only what was entered: fewer nodes behind the bins.
  s.seek(s.event_count() / 2);
  frames(ui, app, 2);
  const int half =
      viewer::last_canvas_stats().nodes_drawn + viewer::last_canvas_stats().dots_folded;
  CHECK(half < 21845);
  CHECK(half >= static_cast<int>(s.model().nodes_visible_at(s.cursor())) - 64);
}

TEST_CASE("every place of the GPU's stores is written once: nodes, stubs and their bins") {
  HeadlessImGui ui;
  RecordingGpu gpu;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=6,d=7,lo=-50,hi=50,seed=5","algo":"alphabeta"})J");
  s.layout_mode = viewer::LayoutMode::final_shape;
  s.seek(s.event_count() - 1);
  frames(ui, app, 2);
  const viewer::TreeLayout& l = s.layout();
  REQUIRE(l.node_count() >= 4096);  // big enough for a pyramid
  REQUIRE(!l.stubs().empty());
  CHECK(gpu.box_count() > l.node_count() + l.stubs().size());
  CHECK(gpu.written_once());
}

TEST_CASE("an edge crossing the view with both ends outside it is drawn") {
  HeadlessImGui ui;
  RecordingGpu gpu;
  ViewerApp app = make_app();
  auto& s = app.state();
  api::run_search(app, R"J({"random":"b=4,d=6,lo=-50,hi=50,seed=3","algo":"minimax"})J");
  s.seek(s.event_count() - 1);
  frames(ui, app, 1);
  const viewer::TreeLayout& l = s.layout();
  const std::uint32_t root = l.first();
  const std::uint32_t last_child = s.model().successor(root, 3);
  const float x0 = l.x(root), x1 = l.x(last_child);
  REQUIRE(x1 - x0 > 4000.0f);  // far apart: at zoom 1 neither end is on screen
  look_at(s, (x0 + x1) * 0.5f, (l.y(root) + l.y(last_child)) * 0.5f, 1.0f);
  frames(ui, app, 2);
  bool found = false;
  for (const gpu::LineInstance& line : gpu.lines())
    found = found || (line.x0 == x0 && line.x1 == x1);
  CHECK(found);
}
