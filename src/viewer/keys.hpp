// Keys in Dear ImGui 1.86: io.KeysDown[] is indexed by the backend's key codes, which are
// GLFW's (imgui_impl_glfw on the desktop, Emscripten's GLFW in the browser). Named keys go
// through io.KeyMap; the others are GLFW codes, which for letters and digits are ASCII.
#pragma once

#include <imgui.h>

namespace kibitz::viewer::keys {

constexpr int k_a = 'A', k_c = 'C', k_f = 'F', k_g = 'G', k_k = 'K', k_l = 'L', k_m = 'M',
              k_o = 'O', k_p = 'P', k_s = 'S', k_t = 'T', k_v = 'V', k_x = 'X', k_y = 'Y',
              k_z = 'Z';
constexpr int k_left_bracket = '[', k_right_bracket = ']';
constexpr int k_0 = '0', k_equal = '=', k_minus = '-';
constexpr int k_kp_subtract = 333, k_kp_add = 334;

inline bool pressed(int glfw_code, bool repeat = true) {
  return ImGui::IsKeyPressed(glfw_code, repeat);
}
inline bool pressed_named(ImGuiKey key, bool repeat = true) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index, repeat);
}

}  // namespace kibitz::viewer::keys
