// Tab through every control (panels.hpp). Dear ImGui 1.86 tabs only between text fields, and
// only inside one child window, and draws no focus ring unless its keyboard navigation is on
// (which would take the arrow keys the replay steps with). Here Tab and Shift+Tab move a focus
// ring over buttons, tabs, checkboxes and fields alike, in the order they are drawn across the
// panels (their child windows are flattened for navigation); Space or Enter presses the
// control under the ring; a click or a mouse move hides it, and Space is Play again.
#include <imgui.h>
#include <imgui_internal.h>

#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace {
bool g_ring = false;       // Tab was the last way of moving: the ring is shown
bool g_text_only = false;  // this frame's Tab leaves a multi-line field: to the next field
bool g_alive = true;       // the control with the focus was drawn in the last frame
constexpr const char* k_host_window = "Kibitz";  // viewer.cpp's window, holding the panels
}  // namespace

bool keyboard_focus_shown() {
  const ImGuiContext& g = *GImGui;
  return g_ring && g.NavId != 0 && g.ActiveId == 0 && g.NavWindow != nullptr;
}

void keyboard_focus_begin() {
  ImGuiContext& g = *GImGui;
  const ImGuiIO& io = g.IO;
  if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0 || ImGui::IsAnyMouseDown()) g_ring = false;
  const bool tab =
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Tab), true) && !io.KeyCtrl && !io.KeyAlt;
  g_text_only = false;
  if (tab && g.NavWindow != nullptr && (g.NavWindow->Flags & ImGuiWindowFlags_NoNavInputs)) {
    // A window out of the Tab order (the quiz's answer box beside a node, typed in with the
    // mouse): Tab goes on in the main window, from its first control.
    ImGui::ClearActiveID();
    if (ImGuiWindow* host = ImGui::FindWindowByName(k_host_window)) {
      g.NavWindow = host;
      g.NavId = 0;
      g.NavTabbingDir = 0;
      ImGui::NavMoveRequestSubmit(ImGuiDir_None, ImGuiDir_Down, ImGuiNavMoveFlags_Tabbing,
                                  ImGuiScrollFlags_KeepVisibleEdgeY);
      g.NavTabbingResultFirst.Clear();
      g.NavTabbingCounter = -1;
    }
  }
  if (tab && g.ActiveId != 0 && g.NavWindow != nullptr) {
    // Tab leaves a text field for the next control, as in a web page: the field stops editing
    // (what was typed is kept), and a multi-line one, which keeps Tab to itself (and types
    // nothing with it), no longer traps the keyboard.
    const bool requested = g.NavMoveScoringItems && (g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing);
    // A multi-line field's id is met twice (the field, then its child window's end), so
    // tabbing over every control would land on it again: this one Tab goes to the next field.
    for (const ImGuiWindow* w : g.Windows)
      if ((w->Flags & ImGuiWindowFlags_ChildWindow) && w->ChildId == g.ActiveId) g_text_only = true;
    ImGui::ClearActiveID();
    if (!requested) {
      g.NavTabbingDir = io.KeyShift ? -1 : +1;
      ImGui::NavMoveRequestSubmit(
          ImGuiDir_None, io.KeyShift ? ImGuiDir_Up : ImGuiDir_Down, ImGuiNavMoveFlags_Tabbing,
          ImGuiScrollFlags_KeepVisibleEdgeX | ImGuiScrollFlags_KeepVisibleEdgeY);
      g.NavTabbingResultFirst.Clear();
      g.NavTabbingCounter = -1;
    }
  }
  // NewFrame made Tab a request for the next text field: every control is a stop instead, and
  // from a control with the focus the next one (not the first again: a button is never
  // "active", which is what Dear ImGui tabs on from).
  if (!g.NavMoveScoringItems || !(g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing) ||
      (g.NavMoveFlags & ImGuiNavMoveFlags_FocusApi) || g_text_only)
    return;
  g.NavMoveFlags |= ImGuiNavMoveFlags_FocusApi;
  // From the control with the focus; if it is gone (a button that answered a question), from
  // the first control again rather than nowhere.
  if (!g_alive && g.NavTabbingDir > 0) g.NavTabbingDir = 0;
  if (g.NavTabbingDir == 0 && g.NavId != 0 && g_alive) g.NavTabbingDir = +1;
  g_ring = true;
}

bool press_focused_control() {
  if (!keyboard_focus_shown()) return false;
  const bool space = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false),
             enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
  if (!space && !enter) return false;
  ImGui::ActivateItem(GImGui->NavId);
  return true;
}

bool last_item_has_keyboard_focus() {
  return keyboard_focus_shown() && GImGui->LastItemData.ID == GImGui->NavId;
}

void draw_keyboard_focus() {
  const ImGuiContext& g = *GImGui;
  g_alive = g.NavId == 0 || g.NavIdIsAlive;
  if (!keyboard_focus_shown() || !g_alive) return;
  const ImRect r = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
  const float pad = 3.0f, width = 3.0f;
  ImGui::GetForegroundDrawList()->AddRect(
      ImVec2(r.Min.x - pad, r.Min.y - pad), ImVec2(r.Max.x + pad, r.Max.y + pad),
      ImGui::GetColorU32(ImGuiCol_NavHighlight), 4.0f, 0, width);
}

}  // namespace kibitz::viewer
