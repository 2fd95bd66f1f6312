// Searches off the UI thread (viewer_app.hpp): the platform runs them (the desktop on a thread,
// the page in a Web Worker) and reports here, on the UI thread, so the page never freezes and
// Cancel works while a search runs.
#include <utility>

#include "app/viewer_app/limits.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "session/estimate.hpp"

namespace kibitz {

namespace {

// "alpha-beta on random b=4,d=10"
std::string describe(const SearchSpec& spec) {
  std::string source = spec.source_kind();
  if (spec.random) source += " " + spec.random->to_text();
  if (!spec.game.empty() && spec.depth >= 0) source += " to depth " + std::to_string(spec.depth);
  return std::string(spec.algorithm().noun) + " on " + source;
}

// Whether a search is surely small (its whole tree at most this many nodes): then it runs here,
// in a few milliseconds, and the page does not fetch the worker's module for it (the first
// screen's tree: the page's first visit transfers the page's module only, docs/publish.md).
constexpr double k_small_search_nodes = 20'000;

bool surely_small(const SearchSpec& given) {
  try {
    SearchSpec whole = completed(given);
    whole.set_algorithm("minimax");  // every node: a bound on what any algorithm visits
    const double n = estimated_nodes(whole);
    return n >= 0 && n <= k_small_search_nodes;
  } catch (const std::exception&) {
    return false;  // the background path says what is wrong
  }
}

}  // namespace

Done ViewerApp::start(const SearchSpec& given, std::size_t seek_to) {
  m_pending_view = {};  // a link's view is for its own search (apply_url_hash sets it after)
  if (!start_background || surely_small(given)) {
    const Done d = run(given);
    if (d.ok()) m_state.seek(seek_to);
    return d;
  }
  try {
    const SearchSpec spec = completed(given);  // once, here: the platform runs it as it is
    check_viewer_size(spec);
    drop_pending();  // a new search replaces it
    m_pending = spec;
    m_pending_seek = seek_to;
    viewer::SearchProgress& p = m_state.search;
    p = viewer::SearchProgress{};
    p.running = true;
    p.what = describe(spec);
    p.max_nodes = k_viewer_limits.max_nodes;
    p.max_events = k_viewer_limits.max_events;
    m_state.error.clear();
    start_background(spec);
    return {};
  } catch (const std::exception& e) {
    return refuse(e);
  }
}

void ViewerApp::drop_pending() {
  if (!m_pending) return;
  if (cancel_background) cancel_background();
  m_pending.reset();
  m_state.search = viewer::SearchProgress{};
}

void ViewerApp::background_progress(std::size_t events, std::size_t nodes) {
  if (!m_pending) return;
  m_state.search.events = events;
  m_state.search.nodes = nodes;
}

void ViewerApp::background_done(SearchResult&& result) {
  if (!m_pending) return;  // cancelled meanwhile
  const SearchSpec spec = std::move(*m_pending);
  m_pending.reset();
  m_state.search = viewer::SearchProgress{};
  try {
    shown(spec, std::move(result));
    if (m_state.has_trace()) {
      m_state.seek(m_pending_seek);
      apply_link_view(m_pending_view);
    }
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
  }
}

void ViewerApp::background_failed(const std::string& message) {
  if (!m_pending) return;
  m_pending.reset();
  m_state.search = viewer::SearchProgress{};
  m_state.error = message + (m_state.has_trace() ? " (the view is as it was)" : "");
}

}  // namespace kibitz
