// The tree canvas's GPU side, as the viewer sees it: the instances of a layout (one box and one
// line per node and per stub, core/canvas_gpu.hpp) written once per layout, plus a pyramid of
// levels of detail (bins of 4^k times a node's pitch along each depth, one box a bin) for far
// zooms; and, each frame, the ranges of them on screen. The viewer never calls GL: the app
// hands it a CanvasGpu that does (the platform's TreeRenderer); without one (headless tests)
// the ranges are still computed and counted, and only ImGui's part of the canvas is drawn.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <imgui.h>

#include "core/canvas_gpu.hpp"
#include "viewer/canvas.hpp"
#include "viewer/layout.hpp"

namespace kibitz::viewer {

class CanvasGpu {
 public:
  virtual ~CanvasGpu() = default;
  virtual void resize(std::size_t boxes, std::size_t lines) = 0;
  virtual void write_boxes(std::size_t offset, const gpu::BoxInstance* data, std::size_t n) = 0;
  virtual void write_lines(std::size_t offset, const gpu::LineInstance* data, std::size_t n) = 0;
  // Adds the draw to dl, to run when ImGui renders it.
  virtual void draw(ImDrawList* dl, const gpu::CanvasDraw& draw) = 0;
};
// The app's GPU for the canvas (nullptr: none), by slot: each canvas drawn in the same frame
// (compare mode's two) has its own, with its own instances.
constexpr int k_canvas_slots = 2;
void set_canvas_gpu(CanvasGpu* gpu, int slot = 0);
CanvasGpu* canvas_gpu(int slot = 0);

struct CanvasFrame;
class ViewerState;

class CanvasScene {
 public:
  explicit CanvasScene(int slot = 0) : m_slot(slot) {}
  // Writes the layout's instances to the GPU unless they are there already.
  void sync(const ViewerState& s, const TreeLayout& layout);
  // The frame's ranges (edges, stubs' edges, boxes, stubs' boxes) into draw.ranges, and the
  // frame's counts into stats. The level of detail used is noted in `bins` (0: the nodes).
  void ranges(const CanvasFrame& f, const TreeLayout& layout, gpu::CanvasDraw& draw,
              CanvasStats& stats) const;

 private:
  // Instances of one depth-ordered sequence (nodes, stubs, or bins of either): per depth d,
  // [start[d], start[d+1]) in x order; box i and line i of the GPU buffers at base + i.
  struct Set {
    std::uint32_t base = 0;
    std::vector<std::uint32_t> start;
    std::vector<float> x0, x1;         // x1 empty: single points (x1 = x0)
    std::vector<float> parent_x;       // where each one's edge starts
    std::vector<std::uint32_t> first;  // nodes: the (first) id, in increasing order
    std::vector<std::uint32_t> total;  // bins: nodes in it and before it in the set
    std::uint32_t size() const { return start.empty() ? 0 : start.back(); }
  };
  struct Level {
    float bin_w = 0;  // world units; 0 for the nodes themselves
    Set nodes, stubs;
  };
  std::vector<Level> m_levels;
  struct Row {
    std::uint32_t b = 0, e = 0;
    const float *x0 = nullptr, *x1 = nullptr, *px = nullptr;
    const std::uint32_t* first = nullptr;
  };
  Row row(const Set& set, bool nodes, bool raw, std::uint32_t d, const TreeLayout& layout,
          std::uint32_t visible_end) const;
  int m_slot = 0;
  std::uint64_t m_generation = 0;
  const CanvasGpu* m_gpu = nullptr;

  void build_sets(const ViewerState& s, const TreeLayout& layout);
  std::size_t level_for(float zoom) const;
};

}  // namespace kibitz::viewer
