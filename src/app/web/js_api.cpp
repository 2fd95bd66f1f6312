// The page's JavaScript API (docs/js-api.md): window.Kibitz's calls bound with Embind, each
// guarded (a failure is a message, never an exception), answering the JSON of api.hpp.
#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <algorithm>
#include <new>
#include <string>
#include <utility>

#include "app/web/api.hpp"
#include "app/web/js_bytes.hpp"
#include "app/web/page.hpp"
#include "core/error.hpp"
#include "trace/kbz_file.hpp"
#include "viewer/panels.hpp"

using namespace kibitz::page;

namespace {

std::string js_run_search(const std::string& options) {
  return guarded_json([&] { return kibitz::api::run_search(*g_app, options); });
}
// The same search off the page's thread (the worker); its progress in searchState().
std::string js_start_search(const std::string& options) {
  return guarded_json([&] { return kibitz::api::start_search(*g_app, options); });
}
std::string js_search_state() {
  return guarded_json([] { return kibitz::api::search_state(*g_app); });
}
void js_cancel_search() {
  g_app->state().ask(kibitz::viewer::command::CancelSearch{});
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
    if (!(id >= 0 && id < 4294967295.0)) return kibitz::api::node_state(*g_app, 0xFFFFFFFFu);
    return kibitz::api::node_state(*g_app, static_cast<std::uint32_t>(id));
  });
}
std::string js_view_state() {
  return guarded_json([] { return kibitz::api::view_state(*g_app); });
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
    return kibitz::api::load_trace(*g_app, reinterpret_cast<const std::uint8_t*>(ptr),
                                   static_cast<std::size_t>(size), name);
  });
}
// The page's file `handle`, held by JavaScript (web/kibitz-page.js): indexed where it lies.
std::string js_load_trace_file(int handle, double size, const std::string& name) {
  return guarded_json([&] {
    return kibitz::api::load_trace(
        *g_app, kibitz::web::js_file_bytes(handle, static_cast<std::uint64_t>(size)), name);
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
  return guarded_json([] { return g_app->save_trace_json(); });
}
// Compare: two searches side by side (options as runSearch's); its state; back to one.
std::string js_compare(const std::string& a, const std::string& b) {
  return guarded_json([&] { return kibitz::api::compare(*g_app, a, b); });
}
std::string js_compare_state() {
  return guarded_json([] { return kibitz::api::compare_state(*g_app); });
}
void js_end_compare() {
  g_app->end_compare();
}
// Quiz mode: start one, its state, an answer (JSON each way).
std::string js_start_quiz(const std::string& options) {
  return guarded_json([&] { return kibitz::api::start_quiz(*g_app, options); });
}
std::string js_quiz_state() {
  return guarded_json([] { return kibitz::api::quiz_state(*g_app); });
}
std::string js_answer_quiz(const std::string& answer) {
  return guarded_json([&] { return kibitz::api::answer_quiz(*g_app, answer); });
}
std::string js_quiz_edges() {
  return guarded_json([] { return kibitz::api::quiz_edges(); });
}
std::string js_read_quiz_codes(const std::string& codes) {
  return guarded_json([&] { return kibitz::api::read_quiz_codes(*g_app, codes); });
}
// File → Export…'s file for the options given (JSON), as the page's API has it.
std::string js_export_view(const std::string& options) {
  return guarded_json([&] { return kibitz::api::export_view(*g_app, options); });
}
// A failure the page met (an export it could not encode): shown in the viewer.
void js_note_error(const std::string& message) {
  g_app->state().error = message;
}
std::string js_link() {
  return guarded_json([] { return g_app->url_hash(); });
}
std::string js_apply_link(const std::string& hash) {
  return guarded_json([&] { return kibitz::api::apply_link(*g_app, hash, false); });
}
// A link opened by the page (its address on loading, a hash change): searched in the worker.
std::string js_open_link(const std::string& hash) {
  return guarded_json([&] { return kibitz::api::apply_link(*g_app, hash, true); });
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
  g_app->state().rebuild_fonts = true;
  return true;
}
bool js_set_text_size(double scale) {
  if (!(scale >= 0.6 && scale <= 3.0)) return false;  // NaN too
  g_app->state().font_scale = static_cast<float>(scale);
  g_app->state().rebuild_fonts = true;
  return true;
}
std::string js_node_screen(double id) {
  return guarded_json([&] {
    return kibitz::api::node_screen(
        *g_app, id >= 0 && id < 4294967295.0 ? static_cast<std::uint32_t>(id) : 0xFFFFFFFFu);
  });
}
std::string js_pruned_leaves() {
  return guarded_json([] { return kibitz::api::pruned_leaves(*g_app); });
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
  emscripten::function("loadTraceFile", &Changing<&js_load_trace_file>::call);
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
  emscripten::function("quizEdges", &js_quiz_edges);
  emscripten::function("readQuizCodes", &js_read_quiz_codes);
  emscripten::function("noteError", &Changing<&js_note_error>::call);
  emscripten::function("applyLink", &Changing<&js_apply_link>::call);
  emscripten::function("setPlaying", &Changing<&js_set_playing>::call);
  emscripten::function("setSpeed", &Changing<&js_set_speed>::call);
  emscripten::function("setTheme", &Changing<&js_set_theme>::call);
  emscripten::function("setValueView", &Changing<&js_set_value_view>::call);
  emscripten::function("setTextSize", &Changing<&js_set_text_size>::call);
  emscripten::function("setPresent", &Changing<&js_set_present>::call);
  emscripten::function("prunedLeaves", &js_pruned_leaves);
  emscripten::function("nodeScreen", &js_node_screen);
  emscripten::function("setShowPruned", &Changing<&js_set_show_pruned>::call);
  emscripten::function("searchPrunedBranches", &Changing<&js_search_pruned_branches>::call);
  emscripten::function("setCamera", &Changing<&js_set_camera>::call);
  emscripten::function("fit", &Changing<&js_fit>::call);
  emscripten::function("layoutMs", &js_layout_ms);
  emscripten::function("computeScores", &Changing<&js_compute_scores>::call);
  emscripten::function("paste", &Changing<&js_paste>::call);
  emscripten::function("heapUsed", &js_heap_used);
}
