// The viewer in a web page: the same panels as the desktop, WebGL 2 through Emscripten's
// GLFW, and the JavaScript API (Embind) on the same state as the UI. docs/js-api.md.
#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "app/viewer_app/fonts.hpp"
#include "app/viewer_app/idle_gate.hpp"
#include "app/viewer_app/platform_canvas.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "platform/window.hpp"
#include "session/services.hpp"
#include "trace/kbz_file.hpp"
#include "viewer/panels.hpp"

namespace {

std::unique_ptr<kibitz::platform::Window> g_window;
std::unique_ptr<kibitz::ViewerApp> g_app;
std::string g_last_hash;
double g_last_hash_time = 0.0;
std::string g_paste;  // text of the last browser paste event, typed into the focused field
// A finished search's trace, read from the worker's bytes; shown on the next frame, once the
// page has given the bytes back (the model is built without them in memory).
std::optional<kibitz::SearchResult> g_finished;

// Page hooks, implemented in web/kibitz-page.js.
EM_JS(void, page_error, (const char* message), { window.kibitzShowError(UTF8ToString(message)); });
EM_JS(void, page_ready, (), { window.kibitzOnReady(); });
EM_JS(void, page_download, (const char* name, const void* data, int size, const char* mime), {
  window.kibitzDownload(UTF8ToString(name), HEAPU8.slice(data, data + size), UTF8ToString(mime));
});
EM_JS(void, page_open_picker, (), { window.kibitzOpenPicker(); });
// File → Export…'s PNG or GIF: the SVG frames, drawn and encoded by the page (kibitz-export.js).
EM_JS(void, page_pictures, (const char* json),
      { window.kibitzExportPictures(JSON.parse(UTF8ToString(json))); });
EM_JS(void, page_copy, (const char* text), { window.kibitzCopy(UTF8ToString(text)); });
EM_JS(void, page_set_hash, (const char* hash), { window.kibitzSetHash(UTF8ToString(hash)); });
EM_JS(void, page_start_search, (const char* params),
      { window.kibitzStartSearch(UTF8ToString(params)); });
EM_JS(void, page_cancel_search, (), { window.kibitzCancelSearch(); });
EM_JS(char*, page_initial_hash, (), {
  const h = window.location.hash || "";
  const n = lengthBytesUTF8(h) + 1;
  const p = _malloc(n);
  stringToUTF8(h, p, n);
  return p;
});

const char* get_clipboard(void*) {
  return g_paste.c_str();
}
void set_clipboard(void*, const char* text) {
  page_copy(text);
}

// Anything thrown out of Kibitz's own code becomes a message in the viewer, never an "Uncaught
// <number>" that stops the page; the view stays as it was.
std::string failure_message(const char* what) {
  return "Kibitz could not do that: " + kibitz::printable_message(what) +
         " (the view is as it was)";
}
// Calls of the JavaScript API that change the view (Changing<> below): a frame is drawn after
// them. Reading calls (viewState, nodeState...) leave an idle page idle.
unsigned long long g_api_calls = 0, g_api_calls_seen = 0;
kibitz::IdleGate g_idle;

template <auto F>
struct Changing;
template <class R, class... A, R (*F)(A...)>
struct Changing<F> {
  static R call(A... a) {
    ++g_api_calls;
    return F(std::forward<A>(a)...);
  }
};

template <class F>
auto guarded(F&& f, decltype(f()) fallback) -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    g_app->state().error = failure_message("out of memory");
  } catch (const std::exception& e) {
    g_app->state().error = failure_message(e.what());
  }
  return fallback;
}
// The same for a call that answers JSON: the message as {"error"} when it failed.
template <class F>
std::string guarded_json(F&& f) {
  bool done = false;
  std::string out = guarded(
      [&] {
        std::string r = f();
        done = true;
        return r;
      },
      std::string());
  return done ? out : kibitz::error_json(g_app->state().error);
}

bool draw_frame();

bool frame() {
  return guarded([] { return draw_frame(); }, true);
}

bool draw_frame() {
  // Idle: no input, no API call, nothing changing by itself: no frame drawn.
  const bool input = g_window->input_since_last(0.0) || g_api_calls != g_api_calls_seen;
  g_api_calls_seen = g_api_calls;
  if (!g_idle.draw(input, g_app->state().busy() || g_finished.has_value())) return true;
  const double start = emscripten_get_now();
  if (g_finished) {
    kibitz::SearchResult r = std::move(*g_finished);
    g_finished.reset();
    g_app->background_done(std::move(r));
  }
  auto& s = g_app->state();
  if (s.requests.rebuild_fonts || s.dpi_scale != g_window->pixel_ratio()) {
    s.requests.rebuild_fonts = false;
    kibitz::rebuild_fonts(s, *g_window);
  }
  g_window->begin_frame();
  kibitz::viewer::draw_viewer(s);
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(kibitz::viewer::palette(s.theme).canvas_bg);
  g_window->end_frame(clear);
  g_app->process_requests();
  s.frame_ms = ImGui::GetIO().DeltaTime * 1000.0;
  s.work_ms = emscripten_get_now() - start;
  ++s.frames_drawn;
  // Keep the address bar's link to this view current (at most a few times a second).
  const double now = emscripten_get_now();
  if (now - g_last_hash_time > 400.0) {
    const std::string h = g_app->url_hash();
    if (!h.empty() && h != g_last_hash) {
      page_set_hash(h.c_str());
      g_last_hash = h;
    }
    g_last_hash_time = now;
  }
  return true;
}

// --- the JavaScript API (each call guarded: a failure is a message, never an exception) ---
std::string js_run_search(const std::string& options) {
  return guarded_json([&] { return g_app->run_json(options); });
}
// The same search off the page's thread (the worker); its progress in searchState().
std::string js_start_search(const std::string& options) {
  return guarded_json([&] {
    const kibitz::SearchSpec spec = kibitz::SearchSpec::from_json(options, false);
    g_app->form_from_spec(spec);
    spec.validate();
    g_app->start(spec);
    const auto& s = g_app->state();
    return s.error.empty() ? std::string("{\"started\":true}") : kibitz::error_json(s.error);
  });
}
std::string js_search_state() {
  return guarded_json([] { return g_app->search_state_json(); });
}
void js_cancel_search() {
  g_app->state().requests.cancel_search = true;
}
void js_search_progress(double events, double nodes) {
  g_app->background_progress(static_cast<std::size_t>(events), static_cast<std::size_t>(nodes));
}
void js_search_done(std::uintptr_t ptr, double size, double seconds) {
  guarded(
      [&] {
        kibitz::SearchResult r;
        try {
          r.trace = kibitz::trace::read_kbz(reinterpret_cast<const std::uint8_t*>(ptr),
                                            static_cast<std::size_t>(size));
        } catch (const std::bad_alloc&) {
          g_app->background_failed("the search's trace is too big to show in this tab");
          return 0;
        } catch (const std::exception& e) {
          g_app->background_failed(std::string("the search's trace cannot be read: ") + e.what());
          return 0;
        }
        r.seconds = seconds;
        g_finished = std::move(r);
        return 0;
      },
      0);
}
void js_search_failed(const std::string& message) {
  g_app->background_failed(message);
}
double js_event_count() {
  return static_cast<double>(g_app->state().event_count());
}
double js_seek(double t) {
  auto& s = g_app->state();
  s.playing = false;
  // size_t is 32 bits in wasm32: clamp in double before converting.
  const double last = s.event_count() ? static_cast<double>(s.event_count() - 1) : 0.0;
  s.seek(static_cast<std::size_t>(t != t || t < 0 ? 0.0 : std::min(t, last)));
  return static_cast<double>(s.cursor());
}
double js_cursor() {
  return static_cast<double>(g_app->state().cursor());
}
std::string js_node_state(double id) {
  return guarded_json([&] {
    if (!(id >= 0 && id < 4294967295.0)) return g_app->node_state_json(0xFFFFFFFFu);
    return g_app->node_state_json(static_cast<std::uint32_t>(id));
  });
}
std::string js_view_state() {
  return guarded_json([] { return g_app->view_state_json(); });
}
// Folds node id's subtree, or unfolds it; whether it is folded now.
bool js_toggle_fold(double id) {
  auto& s = g_app->state();
  if (!s.has_trace() || !(id >= 0 && id < s.model().node_count())) return false;
  s.toggle_collapsed(static_cast<std::uint32_t>(id));
  return s.collapsed().count(static_cast<std::uint32_t>(id)) > 0;
}
bool js_select(double id) {
  auto& s = g_app->state();
  if (!s.has_trace() || id < 0 || id >= s.model().node_count()) return false;
  s.selected = static_cast<std::uint32_t>(id);
  return true;
}
std::string js_load_trace(std::uintptr_t ptr, double size, const std::string& name) {
  return guarded_json([&] {
    return g_app->load_trace(reinterpret_cast<const std::uint8_t*>(ptr),
                             static_cast<std::size_t>(size), name);
  });
}
emscripten::val js_save_trace() {
  static std::vector<std::uint8_t> bytes;
  guarded(
      [] {
        bytes = g_app->save_kbz();
        return 0;
      },
      0);
  return emscripten::val(emscripten::typed_memory_view(bytes.size(), bytes.data()));
}
std::string js_save_trace_json() {
  return guarded_json([] { return g_app->save_json(); });
}
// Compare: two searches side by side (options as runSearch's); its state; back to one.
std::string js_compare(const std::string& a, const std::string& b) {
  return guarded_json([&] { return g_app->compare_json(a, b); });
}
std::string js_compare_state() {
  return guarded_json([] { return g_app->compare_state_json(); });
}
void js_end_compare() {
  g_app->end_compare();
}
// Quiz mode: start one, its state, an answer (JSON each way).
std::string js_start_quiz(const std::string& options) {
  return guarded_json([&] { return g_app->start_quiz_json(options); });
}
std::string js_quiz_state() {
  return guarded_json([] { return g_app->quiz_state_json(); });
}
std::string js_answer_quiz(const std::string& answer) {
  return guarded_json([&] { return g_app->answer_quiz_json(answer); });
}
// File → Export…'s file for the options given (JSON), as the page's API has it.
std::string js_export_view(const std::string& options) {
  return guarded_json([&] { return g_app->export_json(options); });
}
// A failure the page met (an export it could not encode): shown in the viewer.
void js_note_error(const std::string& message) {
  g_app->state().error = message;
}
std::string js_link() {
  return guarded_json([] { return g_app->url_hash(); });
}
std::string js_apply_link(const std::string& hash) {
  return guarded_json([&] { return g_app->apply_url_hash(hash); });
}
// A link opened by the page (its address on loading, a hash change): searched in the worker.
std::string js_open_link(const std::string& hash) {
  return guarded_json([&] { return g_app->apply_url_hash(hash, true); });
}
void js_set_playing(bool on) {
  g_app->state().playing = on && g_app->state().has_trace();
}
void js_set_speed(double events_per_second) {
  g_app->state().speed = static_cast<float>(std::max(0.5, std::min(20000.0, events_per_second)));
}
bool js_set_theme(const std::string& theme) {
  if (theme != "light" && theme != "dark") return false;
  g_app->state().theme =
      theme == "light" ? kibitz::viewer::Theme::light : kibitz::viewer::Theme::dark;
  g_app->state().requests.rebuild_fonts = true;
  return true;
}
bool js_set_text_size(double scale) {
  if (!(scale >= 0.6 && scale <= 3.0)) return false;  // NaN too
  g_app->state().font_scale = static_cast<float>(scale);
  g_app->state().requests.rebuild_fonts = true;
  return true;
}
std::string js_pruned_leaves() {
  return guarded_json([] { return g_app->pruned_leaves_json(); });
}
void js_set_show_pruned(bool on) {
  g_app->state().show_pruned = on;
}
int js_search_pruned_branches() {
  return guarded([] { return static_cast<int>(g_app->state().search_pruned_branches()); }, 0);
}
void js_set_present(bool on) {
  g_app->state().set_present(on);
}
bool js_set_value_view(const std::string& view) {
  kibitz::trace::ValueView v;
  if (!kibitz::trace::parse_value_view(view, v)) return false;
  g_app->state().set_value_view(v);
  return true;
}
void js_set_camera(double x, double y, double zoom) {
  auto& c = g_app->state().camera;
  c.x = static_cast<float>(x);
  c.y = static_cast<float>(y);
  if (zoom > 0) c.zoom = static_cast<float>(zoom);
  c.ui_scale = g_app->state().ui_scale();  // this zoom, for the text size as it is
  c.follow = false;
  c.fit_pending = false;
}
void js_fit() {
  g_app->state().camera.fit_all_pending = true;
  if (auto* other = g_app->state().compare_with) other->camera.fit_all_pending = true;
}
double js_layout_ms() {
  return guarded(
      [] {
        auto& s = g_app->state();
        return s.has_trace() ? s.layout().build_ms() : 0.0;
      },
      0.0);
}
bool js_compute_scores() {
  return guarded([] { return g_app->compute_scores(); }, false);
}
// Bytes of the heap in use (malloc's count; the heap itself only grows).
double js_heap_used() {
  return static_cast<double>(mallinfo().uordblks);
}
void js_paste(const std::string& text) {
  g_paste = text;
  ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
}

}  // namespace

EMSCRIPTEN_BINDINGS(kibitz) {
  emscripten::function("runSearch", &Changing<&js_run_search>::call);
  emscripten::function("startSearch", &Changing<&js_start_search>::call);
  emscripten::function("searchState", &js_search_state);
  emscripten::function("cancelSearch", &Changing<&js_cancel_search>::call);
  emscripten::function("searchProgress", &Changing<&js_search_progress>::call);
  emscripten::function("searchDone", &Changing<&js_search_done>::call);
  emscripten::function("searchFailed", &Changing<&js_search_failed>::call);
  emscripten::function("openLink", &Changing<&js_open_link>::call);
  emscripten::function("eventCount", &js_event_count);
  emscripten::function("seek", &Changing<&js_seek>::call);
  emscripten::function("cursor", &js_cursor);
  emscripten::function("nodeState", &js_node_state);
  emscripten::function("viewState", &js_view_state);
  emscripten::function("select", &Changing<&js_select>::call);
  emscripten::function("toggleFold", &Changing<&js_toggle_fold>::call);
  emscripten::function("loadTraceBytes", &Changing<&js_load_trace>::call);
  emscripten::function("saveTraceView", &js_save_trace);
  emscripten::function("saveTraceJson", &js_save_trace_json);
  emscripten::function("link", &js_link);
  emscripten::function("exportView", &js_export_view);
  emscripten::function("startQuiz", &Changing<&js_start_quiz>::call);
  emscripten::function("compare", &Changing<&js_compare>::call);
  emscripten::function("compareState", &js_compare_state);
  emscripten::function("endCompare", &Changing<&js_end_compare>::call);
  emscripten::function("quizState", &js_quiz_state);
  emscripten::function("answerQuiz", &Changing<&js_answer_quiz>::call);
  emscripten::function("noteError", &Changing<&js_note_error>::call);
  emscripten::function("applyLink", &Changing<&js_apply_link>::call);
  emscripten::function("setPlaying", &Changing<&js_set_playing>::call);
  emscripten::function("setSpeed", &Changing<&js_set_speed>::call);
  emscripten::function("setTheme", &Changing<&js_set_theme>::call);
  emscripten::function("setValueView", &Changing<&js_set_value_view>::call);
  emscripten::function("setTextSize", &Changing<&js_set_text_size>::call);
  emscripten::function("setPresent", &Changing<&js_set_present>::call);
  emscripten::function("prunedLeaves", &js_pruned_leaves);
  emscripten::function("setShowPruned", &Changing<&js_set_show_pruned>::call);
  emscripten::function("searchPrunedBranches", &Changing<&js_search_pruned_branches>::call);
  emscripten::function("setCamera", &Changing<&js_set_camera>::call);
  emscripten::function("fit", &Changing<&js_fit>::call);
  emscripten::function("layoutMs", &js_layout_ms);
  emscripten::function("computeScores", &Changing<&js_compute_scores>::call);
  emscripten::function("paste", &Changing<&js_paste>::call);
  emscripten::function("heapUsed", &js_heap_used);
}

int main() {
  kibitz::install_services();
  try {
    g_window = std::make_unique<kibitz::platform::Window>(kibitz::platform::WindowOptions{});
  } catch (const std::exception& e) {
    page_error((std::string("Kibitz cannot start: ") + e.what()).c_str());
    return 1;
  }
  g_app = std::make_unique<kibitz::ViewerApp>("/assets");
  auto& s = g_app->state();
  static const auto canvas_gpu = kibitz::install_canvas_gpu(s.error);
  s.is_web = true;
  s.dpi_scale = g_window->pixel_ratio();
  s.requests.rebuild_fonts = true;
  g_app->download = [](const std::string& name, const std::vector<std::uint8_t>& bytes,
                       const std::string& mime) {
    page_download(name.c_str(), bytes.data(), static_cast<int>(bytes.size()), mime.c_str());
  };
  g_app->open_picker = [] { page_open_picker(); };
  g_app->pictures = [](const kibitz::viewer::ViewerState::ExportOptions& o,
                       std::vector<kibitz::viewer::ExportScene>&& scenes) {
    nlohmann::json j;
    j["format"] = o.format;
    j["name"] = "kibitz-tree." + o.format;
    j["width"] = o.width;
    j["delay_cs"] = o.delay_cs;
    j["frames"] = nlohmann::json::array();
    for (const auto& sc : scenes) j["frames"].push_back(kibitz::viewer::export_svg(sc, o.width));
    page_pictures(j.dump().c_str());
  };
  g_app->copy_text = [](const std::string& hash) { page_copy(hash.c_str()); };
  g_app->start_background = [](const std::string& params) { page_start_search(params.c_str()); };
  g_app->cancel_background = [] {
    g_finished.reset();  // a result not shown yet is the cancelled search's
    page_cancel_search();
  };
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  // A link to a view: run what it describes; otherwise open on the first example.
  char* hash = page_initial_hash();
  const std::string initial = hash;
  std::free(hash);
  if (initial.size() > 1) {
    g_app->apply_url_hash(initial, true);
  } else if (!s.examples.empty()) {
    s.requests.run = true;
  }
  page_ready();
  kibitz::platform::run_main_loop(frame);
  return 0;
}
