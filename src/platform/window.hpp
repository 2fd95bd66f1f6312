// One window with an OpenGL context and Dear ImGui, on the desktop (GLFW + OpenGL 3.3) and in
// the browser (Emscripten's GLFW + WebGL 2), and one main loop for both.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

struct GLFWwindow;

namespace kibitz::platform {

struct WindowOptions {
  std::string title = "Kibitz";
  int width = 1440;
  int height = 900;
};

class Window {
 public:
  // Throws std::runtime_error naming what failed (no display, no OpenGL 3.3 / WebGL 2).
  explicit Window(const WindowOptions& options);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  bool should_close() const;
  void request_close();
  // Polls input and starts an ImGui frame. In the browser, first matches the canvas
  // back-buffer to its CSS size times the device pixel ratio.
  void begin_frame();
  // Renders the ImGui frame over the clear colour and presents it.
  void end_frame(ImVec4 clear);
  // The current frame's pixels (call between ImGui::Render and the swap: end_frame keeps the
  // last frame's pixels for this).
  std::vector<std::uint8_t> last_frame_rgba(int& width, int& height) const;

  // Device pixels per logical pixel (HiDPI screens, browser zoom).
  float pixel_ratio() const { return m_pixel_ratio; }
  // Uploads ImGui's font atlas again, after whoever owns the fonts rebuilt it.
  void upload_fonts();
  void set_capture(bool on) { m_capture = on; }

  // Whether any input came since the last call (keys, characters, buttons, the wheel, the
  // pointer moving, the window or the page resized). On the desktop, first waits up to
  // wait_seconds for some (0: only polls), so that an idle viewer sleeps instead of drawing.
  bool input_since_last(double wait_seconds);
  void note_input() { ++m_inputs; }

 private:
  // Dear ImGui 1.86 samples key state once per frame, so a key pressed and released between
  // two frames would be lost, and typed characters could overtake a shortcut typed before
  // them. Key and character events are queued here and fed to ImGui in order, a frame at a
  // time: a frame takes no second transition of the same key, and never keys and characters
  // together.
  static void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods);
  static void char_callback(GLFWwindow* window, unsigned int c);
  void feed_input();
  struct InputEvent {
    bool is_char;
    int key, scancode, action, mods;
    unsigned int c;
  };
  std::deque<InputEvent> m_input;

  std::uint64_t m_inputs = 0, m_inputs_seen = 0;
  double m_cursor_x = -1, m_cursor_y = -1;

  GLFWwindow* m_window = nullptr;
  float m_pixel_ratio = 1.0f;
  bool m_capture = false;
  std::vector<std::uint8_t> m_pixels;
  int m_pixels_w = 0, m_pixels_h = 0;
};

// Runs frame() until it returns false: a loop on the desktop, requestAnimationFrame in the
// browser (where this call does not return).
void run_main_loop(std::function<bool()> frame);

}  // namespace kibitz::platform
