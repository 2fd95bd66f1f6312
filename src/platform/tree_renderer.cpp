#include "platform/tree_renderer.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "platform/gl.hpp"
#include "platform/shaders.hpp"  // generated from shaders/ in the build tree

namespace kibitz::platform {

namespace {

#ifdef __EMSCRIPTEN__
constexpr const char* k_version = "#version 300 es\n";
#else
constexpr const char* k_version = "#version 330 core\n";
#endif

unsigned compile(GLenum type, const char* source, const char* name) {
  const GLuint s = glCreateShader(type);
  const char* parts[2] = {k_version, source};
  glShaderSource(s, 2, parts, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    glDeleteShader(s);
    throw std::runtime_error(std::string("shader ") + name + " does not compile: " + log);
  }
  return s;
}

unsigned link(const char* vert, const char* frag, const char* name) {
  const GLuint v = compile(GL_VERTEX_SHADER, vert, name);
  const GLuint f = compile(GL_FRAGMENT_SHADER, frag, name);
  const GLuint p = glCreateProgram();
  glAttachShader(p, v);
  glAttachShader(p, f);
  glLinkProgram(p);
  glDeleteShader(v);
  glDeleteShader(f);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    glDeleteProgram(p);
    throw std::runtime_error(std::string("shader program ") + name + " does not link: " + log);
  }
  return p;
}

void colour(int location, std::uint32_t c) {
  glUniform4f(
      location, static_cast<float>(c & 0xFF) / 255.0f, static_cast<float>((c >> 8) & 0xFF) / 255.0f,
      static_cast<float>((c >> 16) & 0xFF) / 255.0f, static_cast<float>((c >> 24) & 0xFF) / 255.0f);
}

}  // namespace

TreeRenderer::TreeRenderer() {
  m_box.id = link(shaders::k_tree_box_vert, shaders::k_tree_box_frag, "tree_box");
  m_line.id = link(shaders::k_tree_line_vert, shaders::k_tree_line_frag, "tree_line");
  for (Program* p : {&m_box, &m_line}) {
    p->canvas = glGetUniformLocation(p->id, "u_canvas");
    p->camera = glGetUniformLocation(p->id, "u_camera");
    p->display = glGetUniformLocation(p->id, "u_display");
    p->t = glGetUniformLocation(p->id, "u_t");
  }
  m_box_half = glGetUniformLocation(m_box.id, "u_half");
  m_box_min_px = glGetUniformLocation(m_box.id, "u_min_px");
  m_box_leaf_half = glGetUniformLocation(m_box.id, "u_leaf_half_w");
  m_box_style = glGetUniformLocation(m_box.id, "u_style");
  m_box_kind = glGetUniformLocation(m_box.id, "u_kind");
  m_box_bg = glGetUniformLocation(m_box.id, "u_node_bg");
  m_box_bg_open = glGetUniformLocation(m_box.id, "u_node_bg_open");
  m_box_border = glGetUniformLocation(m_box.id, "u_node_border");
  m_box_stub = glGetUniformLocation(m_box.id, "u_stub");
  m_line_width = glGetUniformLocation(m_line.id, "u_width");
  m_line_dash = glGetUniformLocation(m_line.id, "u_dash");
  m_line_colour = glGetUniformLocation(m_line.id, "u_colour");
  for (Program* p : {&m_box, &m_line}) {
    p->data = glGetUniformLocation(p->id, "u_data");
    p->first = glGetUniformLocation(p->id, "u_first");
  }
  glGenVertexArrays(1, &m_vao);
  // The quads' index buffer, part of the VAO: corners 4q+0, +1, +2 and 4q+2, +1, +3.
  glBindVertexArray(m_vao);
  glGenBuffers(1, &m_indices);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_indices);
  std::vector<std::uint32_t> index(6 * static_cast<std::size_t>(k_batch));
  for (std::uint32_t q = 0; q < k_batch; ++q) {
    const std::uint32_t c = 4 * q, quad[6] = {c, c + 1, c + 2, c + 2, c + 1, c + 3};
    std::copy(quad, quad + 6, index.begin() + 6 * static_cast<std::ptrdiff_t>(q));
  }
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(index.size() * sizeof(std::uint32_t)), index.data(),
               GL_STATIC_DRAW);
  glBindVertexArray(0);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  m_width = std::clamp(max_size, 256, 8192) & ~1;
  m_max_rows = std::max(max_size, 1);
  for (unsigned* t : {&m_box_data, &m_line_data}) {
    glGenTextures(1, t);
    glBindTexture(GL_TEXTURE_2D, *t);
    // Integer textures are read with texelFetch only: no filtering, no mipmaps.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  resize(0, 0);
}

TreeRenderer::~TreeRenderer() {
  glDeleteTextures(1, &m_box_data);
  glDeleteTextures(1, &m_line_data);
  glDeleteBuffers(1, &m_indices);
  glDeleteVertexArrays(1, &m_vao);
  glDeleteProgram(m_box.id);
  glDeleteProgram(m_line.id);
}

void TreeRenderer::resize(std::size_t boxes, std::size_t lines) {
  m_boxes = allocate(m_box_data, boxes);
  m_lines = allocate(m_line_data, lines);
}

// An instance store: an RGBA32UI texture, two texels an instance, rows of m_width texels.
// Returns how many instances it holds (fewer than asked past the GL's texture size limit).
std::size_t TreeRenderer::allocate(unsigned texture, std::size_t instances) {
  const std::size_t per_row = static_cast<std::size_t>(m_width) / 2;
  const std::size_t rows = std::clamp<std::size_t>((instances + per_row - 1) / per_row, 1,
                                                   static_cast<std::size_t>(m_max_rows));
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, m_width, static_cast<GLsizei>(rows), 0,
               GL_RGBA_INTEGER, GL_UNSIGNED_INT, nullptr);
  glBindTexture(GL_TEXTURE_2D, 0);
  return std::min(instances, rows * per_row);
}

// Writes texels [2 offset, 2 (offset + n)) row by row.
void TreeRenderer::upload(unsigned texture, std::size_t offset, const std::uint32_t* texels,
                          std::size_t n) {
  glBindTexture(GL_TEXTURE_2D, texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  const std::size_t w = static_cast<std::size_t>(m_width);
  std::size_t at = 2 * offset, left = 2 * n;
  while (left > 0) {
    const std::size_t x = at % w, run = std::min(left, w - x);
    glTexSubImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(x), static_cast<GLint>(at / w),
                    static_cast<GLsizei>(run), 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels);
    texels += 4 * run;
    at += run;
    left -= run;
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

namespace {
std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
}  // namespace

void TreeRenderer::write_boxes(std::size_t offset, const gpu::BoxInstance* data, std::size_t n) {
  if (n == 0 || offset + n > m_boxes) return;
  m_scratch.resize(8 * n);
  std::uint32_t* t = m_scratch.data();
  for (std::size_t i = 0; i < n; ++i, t += 8) {
    const gpu::BoxInstance& b = data[i];
    const std::uint32_t bytes =
        b.kind | (b.expected << 8) | (b.flags << 16) | (static_cast<std::uint32_t>(b.weight) << 24);
    const std::uint32_t texels[8] = {bits(b.x0), bits(b.x1), bits(b.y), b.t_show,
                                     b.t_leave,  b.t_cut,    bytes,     0};
    std::copy(texels, texels + 8, t);
  }
  upload(m_box_data, offset, m_scratch.data(), n);
}

void TreeRenderer::write_lines(std::size_t offset, const gpu::LineInstance* data, std::size_t n) {
  if (n == 0 || offset + n > m_lines) return;
  m_scratch.resize(8 * n);
  std::uint32_t* t = m_scratch.data();
  for (std::size_t i = 0; i < n; ++i, t += 8) {
    const gpu::LineInstance& l = data[i];
    const std::uint32_t texels[8] = {bits(l.x0), bits(l.y0), bits(l.x1), bits(l.y1),
                                     l.t_show,   l.flags,    0,          0};
    std::copy(texels, texels + 8, t);
  }
  upload(m_line_data, offset, m_scratch.data(), n);
}

void TreeRenderer::add_to(ImDrawList* dl, const gpu::CanvasDraw& draw) {
  if (ImGui::GetFrameCount() != m_frame) {  // a new frame: the last one's draws were rendered
    m_draws.clear();
    m_frame = ImGui::GetFrameCount();
  }
  m_draws.push_back(std::make_unique<Pending>(Pending{this, draw}));
  dl->AddCallback(&TreeRenderer::callback, m_draws.back().get());
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);  // ImGui's GL state again
}

void TreeRenderer::callback(const ImDrawList*, const ImDrawCmd* cmd) {
  const auto* pending = static_cast<const Pending*>(cmd->UserCallbackData);
  pending->self->render(pending->draw, cmd);
}

void TreeRenderer::render(const gpu::CanvasDraw& draw, const ImDrawCmd* cmd) {
  const ImDrawData* data = ImGui::GetDrawData();
  const ImVec2 pos = data->DisplayPos, size = data->DisplaySize, scale = data->FramebufferScale;
  const float fb_h = size.y * scale.y;
  // The command's clip rectangle (the canvas), in framebuffer pixels, bottom-up.
  const float x0 = (cmd->ClipRect.x - pos.x) * scale.x, y0 = (cmd->ClipRect.y - pos.y) * scale.y;
  const float x1 = (cmd->ClipRect.z - pos.x) * scale.x, y1 = (cmd->ClipRect.w - pos.y) * scale.y;
  if (x1 <= x0 || y1 <= y0) return;
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(x0), static_cast<GLint>(fb_h - y1), static_cast<GLsizei>(x1 - x0),
            static_cast<GLsizei>(y1 - y0));
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glBindVertexArray(m_vao);
  const gpu::CanvasView& v = draw.view;
  for (const Program* p : {&m_box, &m_line}) {
    glUseProgram(p->id);
    glUniform4f(p->canvas, v.origin_x, v.origin_y, v.width, v.height);
    glUniform3f(p->camera, v.cam_x, v.cam_y, v.zoom);
    glUniform4f(p->display, pos.x, pos.y, size.x, size.y);
    glUniform1ui(p->t, v.t);
  }
  glUseProgram(m_box.id);
  glUniform4f(m_box_half, v.half_w, v.half_h, v.stub_half_w, v.stub_h);
  glUniform1f(m_box_min_px, v.min_px);
  glUniform1f(m_box_leaf_half, v.leaf_half_w);
  for (int k = 0; k < 5; ++k) colour(m_box_kind + k, v.colours.kind[k]);
  colour(m_box_bg, v.colours.node_bg);
  colour(m_box_bg_open, v.colours.node_bg_open);
  colour(m_box_border, v.colours.node_border);
  colour(m_box_stub, v.colours.stub);
  for (const gpu::DrawRange& r : draw.ranges) {
    if (r.count == 0) continue;
    if (r.of == gpu::DrawRange::Of::boxes)
      draw_boxes(draw, r);
    else
      draw_lines(draw, r);
  }
  glBindVertexArray(0);
}

void TreeRenderer::draw_boxes(const gpu::CanvasDraw&, const gpu::DrawRange& r) {
  if (r.first + static_cast<std::size_t>(r.count) > m_boxes) return;
  glUseProgram(m_box.id);
  glUniform1i(m_box_style, static_cast<int>(r.style));
  draw_range(m_box, m_box_data, r);
}

void TreeRenderer::draw_lines(const gpu::CanvasDraw& draw, const gpu::DrawRange& r) {
  if (r.first + static_cast<std::size_t>(r.count) > m_lines) return;
  glUseProgram(m_line.id);
  glUniform1f(m_line_width, r.line_px);
  glUniform1f(m_line_dash, std::max(3.0f, 6.0f * draw.view.zoom));
  colour(m_line_colour, r.colour);
  draw_range(m_line, m_line_data, r);
}

// Four corners an instance, two triangles by the shared index buffer (a software rasteriser's
// vertex cache then shades each corner once), no attributes: the vertex shader reads its
// instance's texels. In batches of at most k_batch instances.
void TreeRenderer::draw_range(const Program& p, unsigned texture, const gpu::DrawRange& r) {
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glUniform1i(p.data, 0);
  for (std::uint32_t done = 0; done < r.count; done += k_batch) {
    const std::uint32_t n = std::min<std::uint32_t>(k_batch, r.count - done);
    glUniform1i(p.first, static_cast<GLint>(r.first + done));
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(6 * n), GL_UNSIGNED_INT, nullptr);
  }
}

}  // namespace kibitz::platform
