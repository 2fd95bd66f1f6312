#include "app/viewer_app/assets_dir.hpp"

#include <filesystem>

namespace kibitz {

std::string assets_dir(const char* argv0, const std::string& fallback) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) exe = fs::path(argv0 ? argv0 : "");
  for (const fs::path& dir :
       {exe.parent_path() / "assets", exe.parent_path() / ".." / "share" / "kibitz" / "assets"}) {
    if (fs::is_directory(dir / "examples", ec)) return dir.lexically_normal().string();
  }
  return fallback;
}

}  // namespace kibitz
