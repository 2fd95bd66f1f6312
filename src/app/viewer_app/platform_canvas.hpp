// Wires the viewer's canvas to the platform's GPU renderer: the viewer writes instances and
// asks for draws through viewer::CanvasGpu, the platform's TreeRenderer does them in GL.
#pragma once

#include <memory>
#include <string>

#include "platform/tree_renderer.hpp"
#include "viewer/canvas_scene.hpp"

namespace kibitz {

class PlatformCanvasGpu : public viewer::CanvasGpu {
 public:
  void resize(std::size_t boxes, std::size_t lines) override { m_r.resize(boxes, lines); }
  void write_boxes(std::size_t offset, const gpu::BoxInstance* data, std::size_t n) override {
    m_r.write_boxes(offset, data, n);
  }
  void write_lines(std::size_t offset, const gpu::LineInstance* data, std::size_t n) override {
    m_r.write_lines(offset, data, n);
  }
  void draw(ImDrawList* dl, const gpu::CanvasDraw& d) override { m_r.add_to(dl, d); }

 private:
  platform::TreeRenderer m_r;
};

// A renderer for each canvas slot (compare mode draws two canvases in a frame).
struct PlatformCanvasGpus {
  PlatformCanvasGpu slots[viewer::k_canvas_slots];
};

// Makes the renderers (the window's GL context current) and hands them to the canvas; on
// failure (a shader the driver rejects), says why in `error` and the canvas shows text only.
inline std::unique_ptr<PlatformCanvasGpus> install_canvas_gpu(std::string& error) {
  try {
    auto gpus = std::make_unique<PlatformCanvasGpus>();
    for (int i = 0; i < viewer::k_canvas_slots; ++i) viewer::set_canvas_gpu(&gpus->slots[i], i);
    return gpus;
  } catch (const std::exception& e) {
    error = std::string("the tree canvas cannot draw on this GPU: ") + e.what();
    return nullptr;
  }
}

}  // namespace kibitz
