// The page's searches, in a Web Worker (web/kibitz-worker.js) so the page stays live while they
// run: a search given as link parameters (the spec, serialised to cross into the worker) is run
// with the viewer's limits, its progress posted
// per event chunk, and its trace posted back as .kbz bytes (or the message of what went wrong).
#include <emscripten.h>
#include <emscripten/bind.h>

#include <atomic>
#include <new>
#include <string>

#include "app/viewer_app/limits.hpp"
#include "core/error.hpp"
#include "session/run.hpp"
#include "session/services.hpp"
#include "trace/kbz_file.hpp"

namespace {

EM_JS(void, post_progress, (double events, double nodes),
      { postMessage({type : 'progress', events : events, nodes : nodes}); });
EM_JS(void, post_done, (const void* data, int size, double seconds), {
  const bytes = HEAPU8.slice(data, data + size);
  postMessage({type : 'done', bytes : bytes, seconds : seconds}, [bytes.buffer]);
});
EM_JS(void, post_error, (const char* message),
      { postMessage({type : 'error', message : UTF8ToString(message)}); });

void search(const std::string& link_params) {
  try {
    // The page completed and checked the spec (ViewerApp::start); links carry it whole.
    const kibitz::SearchSpec spec = kibitz::SearchSpec::from_link_params(link_params);
    std::atomic<bool> stop{false};
    kibitz::SearchResult r = kibitz::run_search(
        spec, kibitz::viewer_recording(&stop, [](std::size_t events, std::size_t nodes) {
          post_progress(static_cast<double>(events), static_cast<double>(nodes));
        }));
    kibitz::note_stopped(r);
    const std::vector<std::uint8_t> bytes = kibitz::trace::write_kbz(r.trace);
    post_done(bytes.data(), static_cast<int>(bytes.size()), r.seconds);
  } catch (const kibitz::InputError& e) {
    post_error(e.what());
  } catch (const std::bad_alloc&) {
    post_error("the search ran out of memory: lower the depth or the tree's size");
  } catch (const std::exception& e) {
    post_error((std::string("the search failed: ") + e.what()).c_str());
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(kibitz_worker) {
  emscripten::function("search", &search);
}

int main() {
  kibitz::install_services();
  return 0;
}
