#include "app/desktop/thread_search.hpp"

#include <new>
#include <utility>

#include "app/viewer_app/limits.hpp"
#include "core/error.hpp"

namespace kibitz {

ThreadSearch::ThreadSearch(ViewerApp& app) : m_app(app) {
  app.start_background = [this](const SearchSpec& spec) { start(spec); };
  app.cancel_background = [this] { cancel(); };
}

ThreadSearch::~ThreadSearch() {
  m_app.start_background = nullptr;
  m_app.cancel_background = nullptr;
  finish_thread();
}

void ThreadSearch::finish_thread() {
  if (!m_thread.joinable()) return;
  m_stop = true;
  m_thread.join();
}

void ThreadSearch::start(const SearchSpec& spec) {
  finish_thread();
  m_stop = false;
  m_done = false;
  m_cancelled = false;
  m_events = 0;
  m_nodes = 0;
  m_result.reset();
  m_error.clear();
  m_thread = std::thread([this, spec] {
    std::optional<SearchResult> result;
    std::string error;
    try {
      result = run_search(spec, viewer_recording(&m_stop, [this](std::size_t e, std::size_t n) {
                            m_events = e;
                            m_nodes = n;
                          }));
    } catch (const InputError& e) {
      error = e.what();
    } catch (const std::bad_alloc&) {
      error = "the search ran out of memory: lower the depth or the tree's size";
    } catch (const std::exception& e) {
      error = std::string("the search failed: ") + e.what();
    }
    {
      const std::lock_guard<std::mutex> lock(m_mutex);
      m_result = std::move(result);
      m_error = std::move(error);
    }
    m_done = true;
  });
}

void ThreadSearch::cancel() {
  m_cancelled = true;
  m_stop = true;  // the search stops at its next node; poll() joins it
}

void ThreadSearch::poll() {
  if (!m_thread.joinable()) return;
  if (!m_done) {
    if (!m_cancelled) m_app.background_progress(m_events, m_nodes);
    return;
  }
  m_thread.join();
  if (m_cancelled) return;
  std::optional<SearchResult> result;
  std::string error;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    result = std::move(m_result);
    error = std::move(m_error);
  }
  if (result)
    m_app.background_done(std::move(*result));
  else
    m_app.background_failed(error);
}

}  // namespace kibitz
