// The page's shared state (main.cpp, js_api.cpp): the window, the app, the searches finished in
// the worker, and how the JavaScript API's calls are guarded and counted.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/viewer_app/idle_gate.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "platform/window.hpp"

namespace kibitz::page {

extern std::unique_ptr<platform::Window> g_window;
extern std::unique_ptr<ViewerApp> g_app;
extern std::string g_paste;  // text of the last browser paste event, typed into the focused field
// A finished search's trace, read from the worker's bytes; shown on the next frame, once the
// page has given the bytes back (the model is built without them in memory).
extern std::optional<SearchResult> g_finished;
// Calls of the JavaScript API that change the view (Changing<> below): a frame is drawn after
// them. Reading calls (viewState, nodeState...) leave an idle page idle.
extern unsigned long long g_api_calls;

// Anything thrown out of Kibitz's own code becomes a message in the viewer, never an "Uncaught
// <number>" that stops the page; the view stays as it was.
std::string failure_message(const char* what);

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
std::string guarded_json(const std::function<std::string()>& f);

}  // namespace kibitz::page
