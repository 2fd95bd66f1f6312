#include "viewer/export_formats.hpp"

namespace kibitz::viewer {

namespace {

std::string svg_text(const ExportScene& scene, float width) {
  return export_svg(scene, width);
}
std::string tikz_text(const ExportScene& scene, float) {
  return export_tikz(scene);
}
std::string dot_text(const ExportScene& scene, float) {
  return export_dot(scene);
}

}  // namespace

const std::vector<ExportFormat>& export_formats() {
  // name, label, extension, mime, picture, animated, width, caption, text
  static const std::vector<ExportFormat> formats = {
      {"png", "PNG", ".png", "image/png", true, false, true, true, nullptr},
      {"svg", "SVG", ".svg", "text/plain", false, false, true, true, svg_text},
      {"tikz", "TikZ (LaTeX)", ".tex", "text/plain", false, false, false, false, tikz_text},
      {"dot", "DOT (Graphviz)", ".dot", "text/plain", false, false, false, false, dot_text},
      {"gif", "GIF (a replay)", ".gif", "image/gif", true, true, true, true, nullptr},
  };
  return formats;
}

const ExportFormat* find_export_format(const std::string& name) {
  for (const ExportFormat& f : export_formats()) {
    if (name == f.name || "." + name == f.extension) return &f;
  }
  if (name == "gv") return find_export_format("dot");  // Graphviz's other extension
  return nullptr;
}

std::string export_format_names() {
  std::string s;
  const auto& all = export_formats();
  for (std::size_t i = 0; i < all.size(); ++i)
    s += std::string(i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].name;
  return s;
}

}  // namespace kibitz::viewer
