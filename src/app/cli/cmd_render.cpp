// kibitz render FILE|--link L [--at N | --from A --to B] --format png|svg|tikz|dot|gif
//   [--view minimax|negamax] [--width W] [--shape tree|16:9|4:3] [--theme light|dark]
//   [--layout growing|final]
//   [--present] [--caption] [--delay CS] [--step K] --out F
// The tree as the viewer shows it at an event, as a picture for slides and papers: the same
// layout, cards and marks (viewer/export_scene.hpp). PNG and GIF need the native build.
#include <cstdio>
#include <fstream>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/viewer_app/assets_dir.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "trace/minimax_form.hpp"
#include "viewer/export_formats.hpp"
#include "viewer/export_scene.hpp"
#ifndef __EMSCRIPTEN__
#include "app/cli/render/raster.hpp"
#endif

namespace kibitz::cli {

namespace {

const viewer::ExportFormat& format_of(const Args& args, const std::string& out) {
  std::string f = args.value_or("format", "");
  if (f.empty()) {
    const std::size_t dot = out.rfind('.');
    f = dot == std::string::npos ? "" : out.substr(dot + 1);
  }
  if (const viewer::ExportFormat* format = viewer::find_export_format(f)) return *format;
  throw InputError(
      "--format: " + viewer::export_format_names() +
      (f.empty() ? std::string(" (or an --out name ending so)") : ", not '" + f + "'"));
}

// The view the options ask for, applied to the app's state.
void apply_view(const Args& args, ViewerApp& app) {
  viewer::ViewerState& s = app.state();
  if (args.has("view")) {
    trace::ValueView v;
    if (!trace::parse_value_view(args.value_or("view", ""), v))
      throw InputError("--view: minimax or negamax, not '" + args.value_or("view", "") + "'");
    s.set_value_view(v);
  }
  const std::string theme = args.value_or("theme", "light");
  if (theme != "light" && theme != "dark") throw InputError("--theme: light or dark");
  s.theme = theme == "light" ? viewer::Theme::light : viewer::Theme::dark;
  const std::string layout = args.value_or("layout", "growing");
  if (layout != "growing" && layout != "final") throw InputError("--layout: growing or final");
  s.layout_mode = layout == "final" ? viewer::LayoutMode::final_shape : viewer::LayoutMode::growing;
  if (args.has("present")) {
    s.set_present(true);
    s.theme = viewer::Theme::light;
  }
}

// The trace: a file (.kbz or JSON) or a link searched here.
void load(const Args& args, ViewerApp& app) {
  if (args.has("link")) {
    const Done d = app.apply_url_hash(args.value_or("link", ""), false);
    if (!d.ok()) throw InputError("--link: " + d.error);
    if (!app.state().has_trace() || !app.state().error.empty())
      throw InputError("--link: " + (app.state().error.empty() ? "no trace" : app.state().error));
    return;
  }
  if (args.positional().size() != 1)
    throw InputError("give one trace file (kibitz render FILE.kbz ...) or --link '#tree=...'");
  const std::string path = args.positional()[0];
  refuse_overwrite(path, args.value_or("out", ""), "--out");
  const auto bytes = read_file_bytes(path);
  const Done d = app.load_trace(bytes.data(), bytes.size(), path);
  if (!d.ok()) throw InputError(d.error);  // named: "F.kbz: ..."
}

void write_text(const std::string& out, const std::string& text) {
  if (out == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  std::ofstream f(out, std::ios::binary);
  f << text;
  if (!f) throw InputError("could not write " + out);
}

viewer::ExportScene scene_at(ViewerApp& app, std::size_t t, bool caption, float aspect) {
  app.state().seek(t);
  viewer::ExportScene sc = viewer::make_export_scene(app.state());
  if (!caption) sc.caption.clear();
  sc.aspect = aspect;
  return sc;
}

}  // namespace

int cmd_render(int argc, char** argv) {
  const Args args(argc, argv, 0,
                  {"at", "from", "to", "format", "view", "width", "shape", "theme", "layout",
                   "delay", "step", "out", "link", "assets"},
                  {"present", "caption"});
  const std::string out = args.value_or("out", "");
  if (out.empty()) throw InputError("--out F is required (- for standard output)");
  const viewer::ExportFormat& format = format_of(args, out);
  if (format.animated && args.has("at"))
    throw InputError("--at is for one picture; a GIF is --from A --to B");
  if (!format.animated && (args.has("from") || args.has("to") || args.has("step")))
    throw InputError("--from, --to and --step are for a GIF; one picture is --at N");
  if (format.picture && out == "-")
    throw InputError("--out - is for text formats: " + std::string(format.name) +
                     " needs a file name");
  ViewerApp app(args.value_or("assets", assets_dir(nullptr, KIBITZ_ASSETS_DIR)));
  load(args, app);
  apply_view(args, app);
  const long long last = static_cast<long long>(app.state().event_count()) - 1;
  const bool caption = args.has("caption");
  const float aspect = viewer::export_aspect(args.value_or("shape", "tree"));
  const int width =
      static_cast<int>(args.integer("width", format.picture ? 1920 : 1200, 64, 16384));
  if (format.animated) {
    const long long from = args.integer("from", 0, 0, last);
    const long long to = args.integer("to", last, from, last);
    const long long step = args.integer("step", 1, 1, 1000000);
    if ((to - from) / step + 1 > 2000)
      throw InputError("an animation of at most 2000 frames: raise --step or narrow --from/--to");
    std::vector<viewer::ExportScene> frames;
    for (long long t = from; t <= to; t += step)
      frames.push_back(scene_at(app, static_cast<std::size_t>(t), caption, aspect));
#ifdef __EMSCRIPTEN__
    throw InputError("GIF needs the native kibitz (or the page's File → Export)");
#else
    render::write_gif(std::move(frames), width,
                      static_cast<int>(args.integer("delay", 50, 1, 6000)), out);
#endif
    std::printf("wrote %s (%lld frames)\n", out.c_str(), (to - from) / step + 1);
    return 0;
  }
  const viewer::ExportScene sc =
      scene_at(app, static_cast<std::size_t>(args.integer("at", last, 0, last)), caption, aspect);
  if (format.text) return write_text(out, format.text(sc, static_cast<float>(width))), 0;
#ifdef __EMSCRIPTEN__
  throw InputError("PNG needs the native kibitz (or the page's File → Export)");
#else
  render::write_png(sc, width, out);
  std::printf("wrote %s\n", out.c_str());
  return 0;
#endif
}

}  // namespace kibitz::cli
