// The viewer in a web page: the same panels as the desktop, WebGL 2 through Emscripten's
// GLFW, the frame loop and the page's hooks. The JavaScript API is js_api.cpp's.
#include <emscripten.h>
#include <emscripten/bind.h>

#include <cstdio>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/viewer_app/fonts.hpp"
#include "app/viewer_app/platform_canvas.hpp"
#include "app/web/api.hpp"
#include "app/web/page.hpp"
#include "core/error.hpp"
#include "session/services.hpp"
#include "viewer/panels.hpp"
#include "viewer/spoken.hpp"

namespace kibitz::page {

std::unique_ptr<platform::Window> g_window;
std::unique_ptr<ViewerApp> g_app;
std::string g_paste;
std::optional<SearchResult> g_finished;
unsigned long long g_api_calls = 0;

std::string failure_message(const char* what) {
  return "Kibitz could not do that: " + printable_message(what) + " (the view is as it was)";
}

std::string guarded_json(const std::function<std::string()>& f) {
  bool done = false;
  std::string out = guarded(
      [&] {
        std::string r = f();
        done = true;
        return r;
      },
      std::string());
  return done ? out : api::error(g_app->state().error);
}

}  // namespace kibitz::page

using namespace kibitz::page;

namespace {

std::string g_last_hash;
std::string g_spoken;  // the narration and summary last put in the page
double g_last_hash_time = 0.0;
unsigned long long g_api_calls_seen = 0;
kibitz::IdleGate g_idle;

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
EM_JS(int, page_toggle_full_screen, (), { return window.kibitzToggleFullscreen() ? 1 : 0; });
// The screen reader's text (viewer/spoken.hpp) into the page's live region and node summary.
EM_JS(void, page_speak, (const char* narration, const char* summary), {
  document.getElementById('narration').textContent = UTF8ToString(narration);
  document.getElementById('node-summary').textContent = UTF8ToString(summary);
});
EM_JS(void, page_set_hash, (const char* hash), { window.kibitzSetHash(UTF8ToString(hash)); });
EM_JS(void, page_start_search, (const char* params),
      { window.kibitzStartSearch(UTF8ToString(params)); });
EM_JS(void, page_cancel_search, (), { window.kibitzCancelSearch(); });
EM_JS(void, page_text_field, (int on), { window.kibitzTextField(!!on); });
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

bool draw_frame();

// The phone keyboard's proxy field (kibitz-page.js): its text and its editing keys, given to the
// viewer's active field. A key is down for one frame, then up.
std::vector<int> g_keys_down, g_keys_to_press;
bool g_text_field = false;

void press_proxy_keys() {
  ImGuiIO& io = ImGui::GetIO();
  for (int k : g_keys_down) io.KeysDown[k] = false;
  g_keys_down.swap(g_keys_to_press);
  g_keys_to_press.clear();
  for (int k : g_keys_down) io.KeysDown[k] = true;
}

// Tells the page when a text field starts or stops being edited (its keyboard opens or closes).
void report_text_field() {
  const bool on = ImGui::GetIO().WantTextInput;
  if (on == g_text_field) return;
  g_text_field = on;
  page_text_field(on ? 1 : 0);
}

// Tells the page's live region the narration when it changes (a screen reader speaks it), and
// the selected node's summary.
void speak(const kibitz::viewer::ViewerState& s) {
  const std::string narration = kibitz::viewer::narration_sentence(s);
  const std::string summary = kibitz::viewer::node_summary(s, s.selected);
  if (narration + '\n' + summary == g_spoken) return;
  g_spoken = narration + '\n' + summary;
  page_speak(narration.c_str(), summary.c_str());
}

bool frame() {
  return guarded([] { return draw_frame(); }, true);
}

bool draw_frame() {
  g_app->live_tick(emscripten_get_now() / 1000.0);  // a live stream's news (js_live.cpp)
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
  if (s.rebuild_fonts || s.dpi_scale != g_window->pixel_ratio()) {
    s.rebuild_fonts = false;
    kibitz::rebuild_fonts(s, *g_window);
  }
  press_proxy_keys();
  g_window->begin_frame();
  kibitz::viewer::draw_viewer(s);
  const ImVec4 clear = ImGui::ColorConvertU32ToFloat4(kibitz::viewer::palette(s.theme).canvas_bg);
  g_window->end_frame(clear);
  g_app->process_requests();
  s.frame_ms = ImGui::GetIO().DeltaTime * 1000.0;
  s.work_ms = emscripten_get_now() - start;
  ++s.frames_drawn;
  speak(s);
  report_text_field();
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

void type_text(const std::string& text) {
  ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
  ++g_api_calls;  // a frame to show it
}
void key_tap(int glfw_key) {
  if (glfw_key < 0 || glfw_key >= 512) return;  // io.KeysDown's range
  g_keys_to_press.push_back(glfw_key);
  ++g_api_calls;
}

}  // namespace

EMSCRIPTEN_BINDINGS(kibitz_page_input) {
  emscripten::function("typeText", &type_text);
  emscripten::function("keyTap", &key_tap);
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
  s.rebuild_fonts = true;
  g_app->download = [](const std::string& name, const std::vector<std::uint8_t>& bytes,
                       const std::string& mime) {
    page_download(name.c_str(), bytes.data(), static_cast<int>(bytes.size()), mime.c_str());
  };
  g_app->open_picker = [] { page_open_picker(); };
  g_app->pictures = [](const kibitz::viewer::ViewerState::ExportOptions& o,
                       std::vector<kibitz::viewer::ExportScene>&& scenes) {
    page_pictures(kibitz::api::pictures(o, scenes).c_str());
  };
  g_app->copy_text = [](const std::string& hash) { page_copy(hash.c_str()); };
  g_app->toggle_full_screen = [] { return page_toggle_full_screen() != 0; };
  // The worker takes the search as link parameters: the one place its spec is text (a message
  // between threads of the page).
  g_app->start_background = [](const kibitz::SearchSpec& spec) {
    page_start_search(spec.link_params().c_str());
  };
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
  if (initial.rfind("#live=", 0) == 0) {
    s.status = "live: connecting to the relay";  // web/kibitz-live.js connects once ready
  } else if (initial.size() > 1) {
    g_app->apply_url_hash(initial, true);
  } else if (!s.examples.empty()) {
    s.ask(kibitz::viewer::command::Run{});
  }
  page_ready();
  kibitz::platform::run_main_loop(frame);
  return 0;
}
