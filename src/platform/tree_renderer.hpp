// The tree canvas on the GPU: two instance stores (boxes and lines, core/canvas_gpu.hpp, kept
// in RGBA32UI data textures that the vertex shaders read by gl_VertexID) and the shaders of
// shaders/, drawn inside ImGui's render pass through a draw-list callback, so
// that the canvas's GPU part lands between its background and the text ImGui draws over it.
// OpenGL 3.3 core natively, WebGL 2 in the browser; the same GLSL for both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/canvas_gpu.hpp"

namespace kibitz::platform {

class TreeRenderer {
 public:
  // Needs the window's GL context current. Throws std::runtime_error with the compiler's log
  // if a shader does not build.
  TreeRenderer();
  ~TreeRenderer();
  TreeRenderer(const TreeRenderer&) = delete;
  TreeRenderer& operator=(const TreeRenderer&) = delete;

  // Sizes the instance stores (their old contents are dropped), then fills them in parts.
  // Past the GL's texture size limit (33.5M instances at 8192 texels) the rest is not drawn.
  void resize(std::size_t boxes, std::size_t lines);
  void write_boxes(std::size_t offset, const gpu::BoxInstance* data, std::size_t n);
  void write_lines(std::size_t offset, const gpu::LineInstance* data, std::size_t n);
  // Adds the draw to dl (drawn when ImGui renders dl, in its clip rectangle), then tells
  // ImGui's backend to set its own GL state again.
  void add_to(ImDrawList* dl, const gpu::CanvasDraw& draw);

 private:
  static void callback(const ImDrawList* dl, const ImDrawCmd* cmd);
  void render(const gpu::CanvasDraw& draw, const ImDrawCmd* cmd);
  void draw_boxes(const gpu::CanvasDraw& draw, const gpu::DrawRange& r);
  void draw_lines(const gpu::CanvasDraw& draw, const gpu::DrawRange& r);

  struct Program {
    unsigned id = 0;
    int canvas = -1, camera = -1, display = -1, t = -1, data = -1, first = -1;
  };
  std::size_t allocate(unsigned texture, std::size_t instances);
  void upload(unsigned texture, std::size_t offset, const std::uint32_t* texels, std::size_t n);
  void draw_range(const Program& p, unsigned texture, const gpu::DrawRange& r);
  Program m_box, m_line;
  int m_box_half = -1, m_box_leaf_half = -1, m_box_min_px = -1, m_box_style = -1, m_box_kind = -1,
      m_box_bg = -1, m_box_bg_open = -1, m_box_border = -1, m_box_stub = -1;
  int m_line_width = -1, m_line_dash = -1, m_line_colour = -1;
  static constexpr std::uint32_t k_batch = 1u << 14;  // instances a draw call
  unsigned m_vao = 0, m_indices = 0, m_box_data = 0, m_line_data = 0;
  int m_width = 0, m_max_rows = 0;  // the stores' row width (texels) and most rows
  std::size_t m_boxes = 0, m_lines = 0;
  std::vector<std::uint32_t> m_scratch;  // a part's texels on their way to the GPU
  // The draws of the frame being built, each the user data of its callback.
  struct Pending {
    TreeRenderer* self;
    gpu::CanvasDraw draw;
  };
  std::vector<std::unique_ptr<Pending>> m_draws;
  int m_frame = -1;
};

}  // namespace kibitz::platform
