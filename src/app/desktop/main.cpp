// kibitz-desktop [FILE] [options]: the viewer as a desktop program, for offline use.
//   --at T            start at event T          --select ID   inspect node ID
//   --run TREE        search a bracket tree     --algo A  --criterion gt|ge
//   --options JSON    search what the JSON says (the web API's runSearch options)
//   --random PARAMS   search a random tree      --depth D  --bounds exact|online|offline  --delta D
//   --experiment NAME open the Experiments window and run NAME's small version (--trials N);
//                     with --frames, the frames are counted once it has finished
//   --theme light|dark  --size WxH  --font-scale F  --present (projector mode)
//   --tab setup|inspector|board|plausibility|legend|events|stats|toplevel
//   --listen PORT     show recorders' live streams (record.h's tcp://127.0.0.1:PORT), each saved
//                     as it arrives in --spool DIR (default: the current folder); --streams N
//                     exits once N streams have ended and been drawn (tests)
//   --frames N        render N frames, then exit (0: run until closed)
//   --screenshot PNG  write the last frame to PNG (with --frames)
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "app/cli/render/raster.hpp"
#include "app/desktop/live_listen.hpp"
#include "app/desktop/thread_search.hpp"
#include "app/viewer_app/assets_dir.hpp"
#include "app/viewer_app/fonts.hpp"
#include "app/viewer_app/idle_gate.hpp"
#include "app/viewer_app/platform_canvas.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "core/file_io.hpp"
#include "platform/png_writer.hpp"
#include "platform/window.hpp"
#include "session/services.hpp"
#include "trace/kbz_file.hpp"
#include "viewer/compare.hpp"
#include "viewer/panels.hpp"

namespace {

struct Options {
  std::string file, screenshot, run_tree, options, algo = "alphabeta", criterion = "gt",
                                                   theme = "dark", tab;
  std::string random, bounds, delta, experiment;  // forward estimation
  std::string spool = ".";                        // --listen's folder
  long long at = -1, select = -1, depth = -1, trials = 0;
  int listen = -1, streams = 0;
  int frames = 0, width = 1440, height = 900, quiz = 0, compare = 0;
  float font_scale = 1.0f;
  bool present = false;
};

// The value v of option a as an integer from lo to hi.
long long parse_number(const std::string& a, const std::string& v, long long lo, long long hi) {
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end || x < lo || x > hi) {
    throw kibitz::InputError(a + " expects a number from " + std::to_string(lo) + " to " +
                             std::to_string(hi));
  }
  return x;
}

// The value v of option a as a number from lo to hi.
double parse_fraction(const std::string& a, const std::string& v, double lo, double hi) {
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end || !(x >= lo && x <= hi)) {
    throw kibitz::InputError(a + " expects a number from " + std::to_string(lo).substr(0, 3) +
                             " to " + std::to_string(hi).substr(0, 3) + ", not '" + v + "'");
  }
  return x;
}

// --help: the usage, on standard output.
void print_usage() {
  std::printf(
      "usage: kibitz-desktop [FILE.kbz|FILE.json] [--at T] [--select ID] [--run TREE [--algo "
      "A] [--criterion gt|ge]]\n"
      "                      [--random PARAMS [--algo A] [--depth D] [--bounds B] [--delta "
      "D]]\n"
      "                      [--experiment fe-table1|fe-figure1|fe-figure2|fe-games [--trials "
      "N]]\n"
      "                      [--theme light|dark] [--size WxH] [--font-scale F] [--tab NAME] "
      "[--present] [--quiz LEVEL] [--compare N] [--frames N] [--screenshot PNG]\n"
      "                      [--listen PORT [--spool DIR] [--streams N]]   (live: recorders "
      "stream to tcp://127.0.0.1:PORT)\n");
}

// The checks of the options read that need all of them: the theme and the tab's name.
void check_options(const Options& o) {
  if (o.theme != "light" && o.theme != "dark") throw kibitz::InputError("--theme is light or dark");
  if (!o.tab.empty() && o.tab != "setup" && o.tab != "inspector" && o.tab != "legend" &&
      o.tab != "events" && o.tab != "stats" && o.tab != "board" && o.tab != "plausibility" &&
      o.tab != "toplevel" && o.tab != "find" && o.tab != "tree" && o.tab != "shape") {
    throw kibitz::InputError(
        "--tab is one of tree (a narrow window's), setup, inspector, board, plausibility, shape, "
        "legend, events, find, stats, toplevel");
  }
  // One thing to show: a second would be dropped without a word.
  const int sources = !o.file.empty() + !o.run_tree.empty() + !o.random.empty() +
                      !o.options.empty() + (o.compare > 0);
  if (sources > 1)
    throw kibitz::InputError(
        "give one of a trace file, --run, --random, --options and --compare, not several");
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw kibitz::InputError(a + " needs a value");
      return argv[++i];
    };
    auto number = [&](long long lo, long long hi) { return parse_number(a, value(), lo, hi); };
    auto fraction = [&](double lo, double hi) { return parse_fraction(a, value(), lo, hi); };
    if (a == "--at")
      o.at = number(0, 1LL << 40);
    else if (a == "--quiz")  // quiz mode at a level (1 values .. 5 negamax)
      o.quiz = static_cast<int>(number(1, 5));
    else if (a == "--compare")  // one of View → Compare's pairs, from 1
      o.compare = static_cast<int>(
          number(1, static_cast<long long>(kibitz::viewer::compare_presets().size())));
    else if (a == "--select")
      o.select = number(0, 1LL << 32);
    else if (a == "--frames")
      o.frames = static_cast<int>(number(0, 1000000));
    else if (a == "--screenshot")
      o.screenshot = value();
    else if (a == "--listen" || a == "--streams")  // live: a port; streams a test waits for
      (a == "--listen" ? o.listen : o.streams) = static_cast<int>(number(0, 65535));
    else if (a == "--spool")
      o.spool = value();
    else if (a == "--run")
      o.run_tree = value();
    else if (a == "--options")
      o.options = value();
    else if (a == "--random")
      o.random = value();
    else if (a == "--depth")
      o.depth = number(0, 10000);
    else if (a == "--bounds")
      o.bounds = value();
    else if (a == "--delta")
      o.delta = value();
    else if (a == "--experiment")
      o.experiment = value();
    else if (a == "--trials")
      o.trials = number(1, 100000);
    else if (a == "--algo")
      o.algo = value();
    else if (a == "--criterion")
      o.criterion = value();
    else if (a == "--theme")
      o.theme = value();
    else if (a == "--tab")
      o.tab = value();
    else if (a == "--present")
      o.present = true;
    else if (a == "--font-scale")
      o.font_scale = static_cast<float>(fraction(1.0, 3.0));
    else if (a == "--size") {
      const std::string v = value();
      if (std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 320 ||
          o.height < 240 || o.width > 10000 || o.height > 10000) {
        throw kibitz::InputError("--size expects WIDTHxHEIGHT, e.g. 1440x900");
      }
    } else if (a == "--help" || a == "-h") {
      print_usage();
      std::exit(0);
    } else if (a == "--version") {
      std::printf("kibitz-desktop %s\n", KIBITZ_VERSION);
      std::exit(0);
    } else if (!a.empty() && a[0] == '-') {
      throw kibitz::InputError("unknown option " + a);
    } else if (o.file.empty()) {
      o.file = a;
    } else {
      throw kibitz::InputError("give one trace file, not '" + o.file + "' and '" + a + "'");
    }
  }
  check_options(o);
  if (!o.screenshot.empty() && o.frames == 0) o.frames = 3;
  return o;
}

// The window, as large as asked; nullptr (after saying why) when it cannot be opened.
std::unique_ptr<kibitz::platform::Window> open_window(const Options& o) {
  try {
    kibitz::platform::WindowOptions wo;
    wo.width = o.width;
    wo.height = o.height;
    return std::make_unique<kibitz::platform::Window>(wo);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kibitz-desktop: %s\n", e.what());
    return nullptr;
  }
}

// A file or a tree from the command line, then the experiment if one is asked for; an error is
// shown in the window (and exits with code 2 in the unattended --frames mode). Returns the exit
// status: 0, or 2 on an error.
int open_from_command_line(kibitz::ViewerApp& app, const Options& o) {
  auto& s = app.state();
  int status = 0;
  if (!o.file.empty()) {
    try {
      // Mapped, not read: a big trace is indexed where it lies.
      if (!app.load_trace(kibitz::map_file(o.file),
                          std::filesystem::path(o.file).filename().string())
               .ok())
        status = 2;
      if (s.has_trace() && !s.trace().notice.empty())
        std::fprintf(stderr, "kibitz-desktop: %s: %s\n", o.file.c_str(), s.trace().notice.c_str());
    } catch (const kibitz::InputError& e) {
      s.error = e.what();
      status = 2;
    }
  } else if (!o.options.empty()) {
    try {  // the page's runSearch options, shown in the form even when they cannot run
      if (!app.run_given(kibitz::SearchSpec::from_json(o.options, false)).ok()) status = 2;
    } catch (const std::exception& e) {
      app.show_refusal(kibitz::failure_text(e));
      status = 2;
    }
  } else if (!o.random.empty()) {
    // As a link, so that the set-up form shows the random tree and the algorithm's options.
    std::string link = "#random=" + kibitz::url_encode(o.random) +
                       "&algo=" + kibitz::url_encode(o.algo) +
                       "&criterion=" + kibitz::url_encode(o.criterion);
    if (o.depth >= 0) link += "&depth=" + std::to_string(o.depth);
    if (!o.bounds.empty()) link += "&bounds=" + kibitz::url_encode(o.bounds);
    if (!o.delta.empty()) link += "&delta=" + kibitz::url_encode(o.delta);
    if (!app.apply_url_hash(link).ok()) status = 2;
  } else if (!o.run_tree.empty()) {
    kibitz::SearchSpec spec;
    try {
      spec.tree = o.run_tree;
      spec.set("algo", o.algo);
      spec.set("criterion", o.criterion);
      if (o.depth >= 0) spec.depth = o.depth;
      if (!app.run_given(spec).ok()) status = 2;
    } catch (const std::exception& e) {
      app.show_refusal(kibitz::failure_text(e));
      status = 2;
    }
  } else if (!s.examples.empty()) {
    s.ask(kibitz::viewer::command::Run{});  // open on the first example, searched
  }
  if (!o.experiment.empty()) {
    app.start_experiment(o.experiment, static_cast<int>(o.trials));
    if (!s.fe.experiments.error.empty()) {
      s.error = s.fe.experiments.error;
      status = 2;
    }
  }
  return status;
}

// One frame: the fonts rebuilt if asked for, the viewer drawn, the requests it made processed,
// and the frame's times noted for the stats.
void render_frame(kibitz::ViewerApp& app, kibitz::platform::Window& window) {
  auto& s = app.state();
  if (s.rebuild_fonts) {
    s.rebuild_fonts = false;
    kibitz::rebuild_fonts(s, window);
  }
  const auto work_start = std::chrono::steady_clock::now();
  window.begin_frame();
  kibitz::viewer::draw_viewer(s);
  const auto& pal = kibitz::viewer::palette(s.theme);
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(pal.canvas_bg);
  window.end_frame(clear);
  app.process_requests();
  s.frame_ms = ImGui::GetIO().DeltaTime * 1000.0;
  s.work_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - work_start)
          .count();
  ++s.frames_drawn;
}

// --screenshot: writes the last frame to the PNG file; on failure says why and sets status 1.
void write_screenshot(const kibitz::platform::Window& window, const std::string& path,
                      int& status) {
  int w = 0, h = 0;
  const auto rgba = window.last_frame_rgba(w, h);
  try {
    kibitz::platform::write_png(path, rgba, w, h);
    std::printf("wrote %s (%dx%d)\n", path.c_str(), w, h);
  } catch (const kibitz::InputError& e) {
    std::fprintf(stderr, "kibitz-desktop: %s\n", e.what());
    status = 1;
  }
}

// --listen: recorders' streams shown as they arrive; nullptr (after saying why) when the port or
// the folder cannot be used.
std::unique_ptr<kibitz::DesktopLive> listen(kibitz::ViewerApp& app, const Options& o) {
  try {
    auto live = std::make_unique<kibitz::DesktopLive>(o.listen, o.spool);
    app.live_ended = [&app](const std::string& what) {
      const auto& f = app.live_figures();
      std::printf("kibitz-desktop: %s (%llu snapshots shown, the last made in %.0f ms)\n",
                  what.c_str(), static_cast<unsigned long long>(f.snapshots), f.last_snapshot_ms);
      std::fflush(stdout);
    };
    std::printf("kibitz-desktop: listening for recorders at tcp://127.0.0.1:%d\n", live->port());
    std::fflush(stdout);
    return live;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kibitz-desktop: %s\n", e.what());
    return nullptr;
  }
}

}  // namespace

int main(int argc, char** argv) {
  kibitz::install_services();
  Options o;
  try {
    o = parse(argc, argv);
  } catch (const kibitz::InputError& e) {
    std::fprintf(stderr, "kibitz-desktop: %s\n", e.what());
    return 2;
  }
  const std::unique_ptr<kibitz::platform::Window> window = open_window(o);
  if (!window) return 1;
  kibitz::ViewerApp app(kibitz::assets_dir(argv[0], KIBITZ_ASSETS_DIR));
  auto& s = app.state();
  const auto canvas_gpu = kibitz::install_canvas_gpu(s.error);
  kibitz::ThreadSearch searches(app);  // the window's own searches run off the UI thread
  // File → Export…'s pictures: librsvg and cairo draw them, giflib animates them.
  app.pictures = [](const kibitz::viewer::ViewerState::ExportOptions& eo,
                    std::vector<kibitz::viewer::ExportScene>&& scenes) {
    if (eo.format == "gif")
      kibitz::render::write_gif(std::move(scenes), eo.width, eo.delay_cs, eo.path);
    else
      kibitz::render::write_png(scenes.front(), eo.width, eo.path);
  };
  s.theme = o.theme == "light" ? kibitz::viewer::Theme::light : kibitz::viewer::Theme::dark;
  s.font_scale = o.font_scale;
  s.open_tab = o.tab;
  s.dpi_scale = window->pixel_ratio();
  s.rebuild_fonts = true;
  int status = open_from_command_line(app, o);
  if (status != 0) std::fprintf(stderr, "kibitz-desktop: %s\n", s.error.c_str());
  if (o.compare > 0) {   // the pair's two searches, then --at as for one
    s.commands.clear();  // not the first example: the pair is what is shown
    s.ask(kibitz::viewer::command::ComparePreset{o.compare - 1});
    app.process_requests();
  }
  if (o.at >= 0 && s.has_trace()) s.seek(static_cast<std::size_t>(o.at));
  if (o.select >= 0 && s.has_trace() && o.select < s.model().node_count())
    s.selected = static_cast<std::uint32_t>(o.select);
  if (o.present) s.set_present(true);  // projector mode (P)
  if (o.quiz > 0 && s.has_trace())
    s.start_quiz(o.quiz);
  else if (o.quiz > 0)
    s.quiz_on_next_trace = o.quiz;  // the first example, once it has been searched
  window->set_capture(!o.screenshot.empty());
  std::unique_ptr<kibitz::DesktopLive> live;
  if (o.listen >= 0 && !(live = listen(app, o))) return 2;
  const auto started = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };

  int frame = 0;
  kibitz::IdleGate idle;
  kibitz::platform::run_main_loop([&]() {
    if (window->should_close()) return false;
    searches.poll();
    if (live) live->poll(app, seconds());
    // Asleep until input when nothing changes (never while a scripted run counts its frames).
    const bool input = window->input_since_last(idle.sleeping() ? 0.25 : 0.0);
    if (o.frames == 0 && !idle.draw(input, s.busy())) return true;
    render_frame(app, *window);
    ++frame;
    // An experiment started from the command line is waited for, and drawn twice once done.
    static int settle = 0;
    if (s.fe.experiments.running || s.search.running)
      settle = 2;
    else if (settle > 0)
      --settle;
    // --streams N: a test's live session, ended when its streams have been shown in full.
    const bool streams_done =
        !live || o.streams == 0 || (live->streams_ended() >= o.streams && !app.live_active());
    if (o.frames > 0 && frame >= o.frames && streams_done &&
        ((!s.fe.experiments.running && !s.search.running && settle == 0) || frame >= 1000000)) {
      if (!o.screenshot.empty()) write_screenshot(*window, o.screenshot, status);
      return false;
    }
    return true;
  });
  return status;
}
