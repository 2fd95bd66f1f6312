// The page's live streams (web/kibitz-live.js): the WebSocket's messages from `kibitz serve`
// handed to the app, and what has arrived as figures.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "app/web/page.hpp"
#include "trace/json_text.hpp"

using namespace kibitz::page;

namespace {

void js_live_begin(const std::string& name, const std::string& saved_to) {
  guarded(
      [&] {
        g_app->live_begin(name, saved_to);
        return 0;
      },
      0);
}
void js_live_feed(std::uintptr_t ptr, double size) {
  guarded(
      [&] {
        g_app->live_feed(reinterpret_cast<const std::uint8_t*>(ptr),
                         static_cast<std::size_t>(size));
        return 0;
      },
      0);
}
void js_live_end() {
  guarded(
      [] {
        g_app->live_end();
        return 0;
      },
      0);
}
// A line for the status bar while no stream arrives (connecting, the relay gone).
void js_live_note(const std::string& text) {
  g_app->state().status = text;
}
std::string js_live_state() {
  return guarded_json([] {
    const auto& f = g_app->live_figures();
    kibitz::JsonWriter w;
    w.begin_object();
    w.key("active");
    w.boolean(g_app->live_active());
    w.key("streams");
    w.number(static_cast<long long>(f.streams));
    w.key("bytes");
    w.number(static_cast<long long>(f.bytes));
    w.key("events");
    w.number(static_cast<long long>(f.events));
    w.key("snapshots");
    w.number(static_cast<long long>(f.snapshots));
    w.key("last_snapshot_ms");
    w.number(f.last_snapshot_ms);
    w.key("status");
    w.string(g_app->state().status);
    w.end_object();
    return w.take();
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(kibitz_page_live) {
  emscripten::function("liveBegin", &Changing<&js_live_begin>::call);
  emscripten::function("liveFeed", &Changing<&js_live_feed>::call);
  emscripten::function("liveEnd", &Changing<&js_live_end>::call);
  emscripten::function("liveNote", &Changing<&js_live_note>::call);
  emscripten::function("liveState", &js_live_state);
}
