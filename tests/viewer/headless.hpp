// Dear ImGui without a window: a context with a built font atlas, frames driven by hand, and
// synthetic keyboard and mouse input, so the panels can run in a unit test.
#pragma once

#include <imgui.h>

#include "viewer/fonts.hpp"

namespace kibitz::test {

class HeadlessImGui {
 public:
  explicit HeadlessImGui(ImVec2 size = ImVec2(1440, 900)) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60.0f;
    viewer::load_fonts(*io.Fonts, KIBITZ_TEST_FONT, 16.0f);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(1));
    // Key map as imgui_impl_glfw sets it (GLFW codes), so the panels see the same keys.
    io.KeyMap[ImGuiKey_Tab] = 258;
    io.KeyMap[ImGuiKey_LeftArrow] = 263;
    io.KeyMap[ImGuiKey_RightArrow] = 262;
    io.KeyMap[ImGuiKey_UpArrow] = 265;
    io.KeyMap[ImGuiKey_DownArrow] = 264;
    io.KeyMap[ImGuiKey_Home] = 268;
    io.KeyMap[ImGuiKey_End] = 269;
    io.KeyMap[ImGuiKey_Space] = 32;
    io.KeyMap[ImGuiKey_Enter] = 257;
    io.KeyMap[ImGuiKey_Escape] = 256;
    io.KeyMap[ImGuiKey_Backspace] = 259;
    io.KeyMap[ImGuiKey_Delete] = 261;
    io.KeyMap[ImGuiKey_A] = 'A';
    io.KeyMap[ImGuiKey_C] = 'C';
    io.KeyMap[ImGuiKey_V] = 'V';
    io.KeyMap[ImGuiKey_X] = 'X';
    io.KeyMap[ImGuiKey_Y] = 'Y';
    io.KeyMap[ImGuiKey_Z] = 'Z';
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }

  // Runs one frame of `draw`, with the keys in `down` held during it.
  template <class F>
  void frame(F&& draw) {
    ImGui::NewFrame();
    draw();
    ImGui::Render();
    // Keys pressed for one frame are released for the next.
    ImGuiIO& io = ImGui::GetIO();
    for (bool& k : io.KeysDown) k = false;
    io.KeyCtrl = io.KeyShift = false;
    io.MouseWheel = 0.0f;
  }
  void press(int key, bool shift = false, bool ctrl = false) {
    ImGuiIO& io = ImGui::GetIO();
    // A key held in the last frame must be seen released for one frame to be pressed again.
    if (io.KeysDownDuration[key] >= 0.0f) {
      ImGui::NewFrame();
      ImGui::Render();
    }
    io.KeysDown[key] = true;
    io.KeyShift = shift;
    io.KeyCtrl = ctrl;
  }
  void mouse(ImVec2 pos, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = pos;
    io.MouseDown[0] = down;
  }
  const ImDrawData* draw_data() const { return ImGui::GetDrawData(); }
};

}  // namespace kibitz::test
