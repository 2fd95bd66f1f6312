// The app behind the viewer, its exports (File → Export…, Kibitz.exportView): the scenes of
// the view, written as SVG, TikZ and DOT here, drawn as PNG and GIF by the platform.
#include <nlohmann/json.hpp>

#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "core/file_io.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

using Options = viewer::ViewerState::ExportOptions;

const char* extension(const std::string& format) {
  return format == "tikz"  ? ".tex"
         : format == "dot" ? ".dot"
         : format == "svg" ? ".svg"
         : format == "gif" ? ".gif"
                           : ".png";
}

std::string text_of(const Options& o, const viewer::ExportScene& sc) {
  if (o.format == "svg") return viewer::export_svg(sc, static_cast<float>(o.width));
  if (o.format == "tikz") return viewer::export_tikz(sc);
  return viewer::export_dot(sc);
}

Options options_from_json(const std::string& text, const viewer::ViewerState& s) {
  check_json_depth(text, 4, "export options");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.empty() ? "{}" : text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("export options are not valid JSON: " + json_error_text(e));
  }
  if (!j.is_object()) throw InputError("export options: a JSON object");
  Options o = s.export_options;
  o.path.clear();
  for (const auto& [key, v] : j.items()) {
    if (key == "format" && v.is_string())
      o.format = v.get<std::string>();
    else if (key == "width" && v.is_number_integer())
      o.width = v.get<int>();
    else if (key == "caption" && v.is_boolean())
      o.caption = v.get<bool>();
    else if (key == "from" && v.is_number_integer())
      o.from = v.get<long long>();
    else if (key == "to" && v.is_number_integer())
      o.to = v.get<long long>();
    else if (key == "step" && v.is_number_integer())
      o.step = v.get<int>();
    else if (key == "delay" && v.is_number_integer())
      o.delay_cs = v.get<int>();
    else
      throw InputError("export options: '" + key +
                       "' is not one (format, width, caption, "
                       "from, to, step, delay), or not of its type");
  }
  if (o.format != "png" && o.format != "svg" && o.format != "tikz" && o.format != "dot" &&
      o.format != "gif")
    throw InputError("export: the format is png, svg, tikz, dot or gif, not '" + o.format + "'");
  if (o.width < 64 || o.width > 16384) throw InputError("export: a width of 64 to 16384 pixels");
  if (o.step < 1 || o.delay_cs < 1 || o.delay_cs > 6000)
    throw InputError("export: step at least 1, delay 1 to 6000 hundredths of a second");
  return o;
}

}  // namespace

std::vector<viewer::ExportScene> ViewerApp::export_scenes(const Options& o) {
  viewer::ViewerState& s = m_state;
  std::vector<viewer::ExportScene> scenes;
  if (!s.has_trace()) throw InputError("export: no search is shown");
  const std::size_t cursor = s.cursor();
  auto scene = [&](std::size_t t) {
    s.seek(t);
    viewer::ExportScene sc = viewer::make_export_scene(s);
    if (!o.caption) sc.caption.clear();
    return sc;
  };
  if (o.format != "gif") {
    scenes.push_back(scene(cursor));
    return scenes;
  }
  const long long last = static_cast<long long>(s.event_count()) - 1;
  if (o.to > last)
    throw InputError("export: 'to' is past the last event (" + std::to_string(last) + ")");
  const long long to = o.to < 0 ? static_cast<long long>(cursor) : o.to;
  if (o.from < 0 || o.from > to)
    throw InputError("export: 'from' must be an event from 0 to 'to' (" + std::to_string(to) + ")");
  const long long from = o.from;
  if ((to - from) / o.step + 1 > 2000)
    throw InputError("export: at most 2000 frames (" + std::to_string((to - from) / o.step + 1) +
                     " asked): a larger step or a shorter range");
  for (long long t = from; t <= to; t += o.step)
    scenes.push_back(scene(static_cast<std::size_t>(t)));
  s.seek(cursor);
  viewer::share_extent(scenes);
  return scenes;
}

std::string ViewerApp::export_json(const std::string& options_json) {
  try {
    const Options o = options_from_json(options_json, m_state);
    std::vector<viewer::ExportScene> scenes = export_scenes(o);
    nlohmann::json j;
    j["format"] = o.format;
    j["name"] = std::string("kibitz-tree") + extension(o.format);
    if (o.format == "svg" || o.format == "tikz" || o.format == "dot") {
      j["text"] = text_of(o, scenes[0]);
    } else {
      j["width"] = o.width;
      j["delay_cs"] = o.delay_cs;
      j["frames"] = nlohmann::json::array();
      for (const viewer::ExportScene& sc : scenes)
        j["frames"].push_back(viewer::export_svg(sc, static_cast<float>(o.width)));
    }
    return j.dump();
  } catch (const std::exception& e) {
    return error_json(failure_text(e));
  }
}

void ViewerApp::process_export() {
  viewer::Requests& r = m_state.requests;
  if (!r.export_now) return;
  r.export_now = false;
  const Options& o = m_state.export_options;
  try {
    std::vector<viewer::ExportScene> scenes = export_scenes(o);
    if (o.format == "png" || o.format == "gif") {
      if (!pictures) throw InputError("export: this build makes no PNG or GIF");
      pictures(o, std::move(scenes));
      if (!m_state.is_web) {
        m_state.error.clear();
        m_state.status = "exported " + o.path;
      }
      return;
    }
    const std::string text = text_of(o, scenes[0]);
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    if (m_state.is_web) {
      if (download) download(std::string("kibitz-tree") + extension(o.format), bytes, "text/plain");
      return;
    }
    write_file_bytes(o.path, bytes);
    m_state.error.clear();  // an earlier failed export's message is stale now
    m_state.status = "exported " + o.path;
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
  }
}

}  // namespace kibitz
