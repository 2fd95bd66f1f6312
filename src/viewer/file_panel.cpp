// Desktop file browser: open a .kbz or JSON trace, or save the current one, by path.
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "viewer/panels.hpp"

namespace kibitz::viewer {

namespace fs = std::filesystem;

void draw_file_browser(ViewerState& s) {
  if (!s.show_file_browser) return;
  static std::string dir;
  static std::string name = "trace.kbz";
  static std::string listing_error;
  if (dir.empty()) {
    std::error_code ec;
    dir = fs::current_path(ec).string();
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 34, ImGui::GetFontSize() * 26),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Open or save a trace", &s.show_file_browser)) {
    ImGui::End();
    return;
  }
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4);
  ImGui::InputText("##dir", &dir);
  ImGui::SameLine();
  if (ImGui::Button("Up")) dir = fs::path(dir).parent_path().string();
  // Folders first, then traces (.kbz, .json).
  std::vector<fs::directory_entry> entries;
  std::error_code ec;
  for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    const auto& e = *it;
    const std::string ext = e.path().extension().string();
    std::error_code ec2;
    if (e.is_directory(ec2) || ext == ".kbz" || ext == ".json") entries.push_back(e);
  }
  listing_error = ec ? "cannot list " + dir + ": " + ec.message() : "";
  std::sort(entries.begin(), entries.end(),
            [](const fs::directory_entry& a, const fs::directory_entry& b) {
              std::error_code e1, e2;
              const bool da = a.is_directory(e1), db = b.is_directory(e2);
              if (da != db) return da;
              return a.path().filename() < b.path().filename();
            });
  ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2.2f), true);
  if (!listing_error.empty())
    ImGui::TextColored(ImVec4(0.95f, 0.35f, 0.25f, 1), "%s", listing_error.c_str());
  for (const auto& e : entries) {
    std::error_code ec2;
    const bool is_dir = e.is_directory(ec2);
    const std::string label = (is_dir ? "[dir] " : "") + e.path().filename().string();
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick)) {
      if (is_dir) {
        dir = e.path().string();
      } else {
        name = e.path().filename().string();
        if (ImGui::IsMouseDoubleClicked(0)) {
          s.ask(command::Open{e.path().string()});
          s.show_file_browser = false;
        }
      }
    }
  }
  ImGui::EndChild();
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 9);
  ImGui::InputText("##name", &name);
  ImGui::SameLine();
  if (ImGui::Button("Open")) {
    s.ask(command::Open{(fs::path(dir) / name).string()});
    s.show_file_browser = false;
  }
  ImGui::SameLine();
  if (!s.has_trace()) ImGui::BeginDisabled();
  if (ImGui::Button("Save")) {
    s.ask(command::Save{(fs::path(dir) / name).string()});
    s.show_file_browser = false;
  }
  if (!s.has_trace()) ImGui::EndDisabled();
  ImGui::TextDisabled("Save writes JSON when the name ends in .json, else .kbz.");
  ImGui::End();
}

}  // namespace kibitz::viewer
