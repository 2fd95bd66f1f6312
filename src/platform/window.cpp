#include "platform/window.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "platform/gl.hpp"
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#endif
#include <GLFW/glfw3.h>

namespace kibitz::platform {

namespace {

void glfw_error(int code, const char* text) {
  std::fprintf(stderr, "GLFW error %d: %s\n", code, text);
}

#ifdef __EMSCRIPTEN__
// Emscripten 3.1.6's GLFW passes a wheel event's raw deltaY (pixels, lines or pages, positive
// downwards) as the scroll offset, where desktop GLFW gives about one unit per notch, positive
// upwards: one notch zoomed to the limit, the wrong way. The page's wheel events are read here
// instead, in notches, and GLFW's scroll callback is left out.
EM_BOOL wheel_callback(int, const EmscriptenWheelEvent* e, void* window) {
  if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(static_cast<GLFWwindow*>(window))))
    self->note_input();
  const double per_notch = e->deltaMode == DOM_DELTA_PIXEL  ? 100.0
                           : e->deltaMode == DOM_DELTA_LINE ? 3.0
                                                            : 1.0;
  ImGui_ImplGlfw_ScrollCallback(static_cast<GLFWwindow*>(window), -e->deltaX / per_notch,
                                -e->deltaY / per_notch);
  return EM_TRUE;  // the page itself does not scroll
}
void no_scroll(GLFWwindow*, double, double) {}

// Resizes the canvas's back buffer and tells GLFW, as glfwSetWindowSize would, without what
// Emscripten's glfwSetWindowSize also does: when the size asked equals the screen's (a window
// made full screen by F11 or a presentation), it calls the Fullscreen API every frame, outside
// any user gesture: "Permissions check failed" errors, the UI drawn lower in the old aspect,
// clicks landing off, and a boxed layout after leaving. Our own full screen is the page's
// (kibitz-page.js), of the whole page, so the canvas just follows its CSS size.
EM_JS(void, resize_canvas, (int w, int h), {
  const canvas = Module['canvas'];
  if (canvas.width != w) canvas.width = w;
  if (canvas.height != h) canvas.height = h;
  if (typeof GLFW != 'undefined' && GLFW.active) {
    GLFW.active.width = w;
    GLFW.active.height = h;
    GLFW.onWindowSizeChanged();
    GLFW.onFramebufferSizeChanged();
  }
});

// The canvas back-buffer size that makes one back-buffer pixel one device pixel.
void wanted_canvas_size(int& w, int& h, float& ratio) {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  ratio = static_cast<float>(emscripten_get_device_pixel_ratio());
  if (ratio <= 0) ratio = 1.0f;
  w = std::max(1, static_cast<int>(std::lround(css_w * ratio)));
  h = std::max(1, static_cast<int>(std::lround(css_h * ratio)));
}
#endif

}  // namespace

Window::Window(const WindowOptions& options) {
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) throw std::runtime_error("cannot initialise GLFW (is there a display?)");
#ifdef __EMSCRIPTEN__
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  int w = options.width, h = options.height;
  wanted_canvas_size(w, h, m_pixel_ratio);
  m_window = glfwCreateWindow(w, h, options.title.c_str(), nullptr, nullptr);
  const char* glsl = "#version 300 es";
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  m_window =
      glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
  const char* glsl = "#version 330 core";
#endif
  if (!m_window) {
    glfwTerminate();
    throw std::runtime_error("cannot create a window with OpenGL 3.3 (WebGL 2 in a browser)");
  }
  glfwMakeContextCurrent(m_window);
  glfwSwapInterval(1);
#ifndef __EMSCRIPTEN__
  float sx = 1.0f, sy = 1.0f;
  glfwGetWindowContentScale(m_window, &sx, &sy);
  m_pixel_ratio = std::max(1.0f, std::max(sx, sy));
#endif
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is computed each frame; nothing to remember
  ImGui_ImplGlfw_InitForOpenGL(m_window, true);
  ImGui_ImplOpenGL3_Init(glsl);
  // Our key and character callbacks in front of the backend's (see feed_input).
  glfwSetWindowUserPointer(m_window, this);
  glfwSetKeyCallback(m_window, key_callback);
  glfwSetCharCallback(m_window, char_callback);
  // In front of the backend's too, to note that something happened (idle frames are skipped).
  glfwSetMouseButtonCallback(m_window, [](GLFWwindow* w, int button, int action, int mods) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
    ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
  });
  glfwSetWindowSizeCallback(m_window, [](GLFWwindow* w, int, int) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
  });
#ifndef __EMSCRIPTEN__
  // Uncovered, restored, focused or moved to a screen of another scale: draw again.
  glfwSetWindowRefreshCallback(m_window, [](GLFWwindow* w) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
  });
  glfwSetWindowIconifyCallback(m_window, [](GLFWwindow* w, int) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
  });
  glfwSetWindowContentScaleCallback(m_window, [](GLFWwindow* w, float, float) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
  });
  glfwSetWindowFocusCallback(m_window, [](GLFWwindow* w, int focused) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
    ImGui_ImplGlfw_WindowFocusCallback(w, focused);
  });
#endif
#ifndef __EMSCRIPTEN__
  glfwSetScrollCallback(m_window, [](GLFWwindow* w, double dx, double dy) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w))) self->note_input();
    ImGui_ImplGlfw_ScrollCallback(w, dx, dy);
  });
#endif
#ifdef __EMSCRIPTEN__
  glfwSetScrollCallback(m_window, no_scroll);
  emscripten_set_wheel_callback("#canvas", m_window, EM_TRUE, wheel_callback);
#endif
}

void Window::key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window));
  if (!self) return ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
  self->note_input();
  if (action == GLFW_REPEAT) return;  // ImGui makes its own repeats from held keys
  self->m_input.push_back({false, key, scancode, action, mods, 0});
}

void Window::char_callback(GLFWwindow* window, unsigned int c) {
  auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window));
  if (!self) return ImGui_ImplGlfw_CharCallback(window, c);
  self->note_input();
  self->m_input.push_back({true, 0, 0, 0, 0, c});
}

void Window::feed_input() {
  std::vector<int> changed;
  bool keys = false, chars = false;
  while (!m_input.empty()) {
    const InputEvent e = m_input.front();
    if (e.is_char) {
      if (keys) break;
      chars = true;
      ImGui_ImplGlfw_CharCallback(m_window, e.c);
    } else {
      if (chars || std::find(changed.begin(), changed.end(), e.key) != changed.end()) break;
      keys = true;
      changed.push_back(e.key);
      ImGui_ImplGlfw_KeyCallback(m_window, e.key, e.scancode, e.action, e.mods);
    }
    m_input.pop_front();
  }
}

Window::~Window() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(m_window);
  glfwTerminate();
}

bool Window::should_close() const {
  return glfwWindowShouldClose(m_window) != 0;
}
void Window::request_close() {
  glfwSetWindowShouldClose(m_window, 1);
}

bool Window::input_since_last(double wait_seconds) {
#ifdef __EMSCRIPTEN__
  (void)wait_seconds;  // the browser calls us back once a display frame; nothing to wait for
  int w = 0, h = 0, cw = 0, ch = 0;
  float ratio = 1.0f;
  wanted_canvas_size(w, h, ratio);
  glfwGetWindowSize(m_window, &cw, &ch);
  if (w != cw || h != ch || ratio != m_pixel_ratio) note_input();
#else
  if (wait_seconds > 0)
    glfwWaitEventsTimeout(wait_seconds);
  else
    glfwPollEvents();
#endif
  double x = 0, y = 0;
  glfwGetCursorPos(m_window, &x, &y);
  if (x != m_cursor_x || y != m_cursor_y || !m_input.empty()) note_input();
  m_cursor_x = x;
  m_cursor_y = y;
  const bool any = m_inputs != m_inputs_seen;
  m_inputs_seen = m_inputs;
  return any;
}

void Window::begin_frame() {
  glfwPollEvents();
  feed_input();
#ifdef __EMSCRIPTEN__
  int w = 0, h = 0, cw = 0, ch = 0;
  float ratio = 1.0f;
  wanted_canvas_size(w, h, ratio);
  glfwGetWindowSize(m_window, &cw, &ch);
  if (w != cw || h != ch) resize_canvas(w, h);
  m_pixel_ratio = ratio;
#endif
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void Window::end_frame(ImVec4 clear) {
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(m_window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(clear.x, clear.y, clear.z, clear.w);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (m_capture) {
    m_pixels.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, m_pixels.data());
    m_pixels_w = w;
    m_pixels_h = h;
  }
  glfwSwapBuffers(m_window);
}

std::vector<std::uint8_t> Window::last_frame_rgba(int& width, int& height) const {
  width = m_pixels_w;
  height = m_pixels_h;
  // GL rows go bottom-up; images go top-down.
  std::vector<std::uint8_t> out(m_pixels.size());
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height; ++y) {
    std::copy(m_pixels.begin() + static_cast<std::ptrdiff_t>(row * (height - 1 - y)),
              m_pixels.begin() + static_cast<std::ptrdiff_t>(row * (height - y)),
              out.begin() + static_cast<std::ptrdiff_t>(row * y));
  }
  for (std::size_t i = 3; i < out.size(); i += 4) out[i] = 255;  // opaque
  return out;
}

void Window::upload_fonts() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

#ifdef __EMSCRIPTEN__
namespace {
std::function<bool()>* g_frame = nullptr;
void web_frame() {
  if (!(*g_frame)()) emscripten_cancel_main_loop();
}
}  // namespace

void run_main_loop(std::function<bool()> frame) {
  g_frame = new std::function<bool()>(std::move(frame));
  emscripten_set_main_loop(web_frame, 0, true);
}
#else
void run_main_loop(std::function<bool()> frame) {
  while (frame()) {
  }
}
#endif

}  // namespace kibitz::platform
