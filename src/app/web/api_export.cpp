// The JavaScript API's exports (api.hpp): File → Export…'s options from JSON, the file (text,
// or a picture's SVG frames for the page to draw) as JSON.
#include <nlohmann/json.hpp>

#include "app/web/api.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "trace/json_text.hpp"

namespace kibitz::api {

namespace {

using Options = viewer::ViewerState::ExportOptions;

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
    else if (key == "shape" && v.is_string())
      o.shape = v.get<std::string>();
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
                       "' is not one (format, width, shape, caption, "
                       "from, to, step, delay), or not of its type");
  }
  return o;  // checked by the app
}

}  // namespace

std::string export_view(ViewerApp& app, const std::string& options) {
  Options o;
  try {
    o = options_from_json(options, app.state());
  } catch (const std::exception& e) {
    return error(failure_text(e));
  }
  ExportFile f;
  const Done d = app.export_file(o, f);
  if (!d.ok()) return error(d.error);
  nlohmann::json j;
  j["format"] = f.format->name;
  j["name"] = f.name;
  if (!f.format->picture) {
    j["text"] = f.text;
  } else {
    j["width"] = f.width;
    j["delay_cs"] = f.delay_cs;
    j["frames"] = f.frames;
  }
  return j.dump();
}

std::string pictures(const Options& o, const std::vector<viewer::ExportScene>& scenes) {
  nlohmann::json j;
  j["format"] = o.format;
  j["name"] = "kibitz-tree." + o.format;
  j["width"] = o.width;
  j["delay_cs"] = o.delay_cs;
  j["frames"] = nlohmann::json::array();
  for (const auto& sc : scenes)
    j["frames"].push_back(viewer::export_svg(sc, static_cast<float>(o.width)));
  return j.dump();
}

}  // namespace kibitz::api
