// The desktop's searches on a thread of their own (ViewerApp::start_background), so the window
// stays live and Cancel works while a big search runs. Progress and the result reach the app on
// the UI thread through poll(), called every frame.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/viewer_app/viewer_app.hpp"

namespace kibitz {

class ThreadSearch {
 public:
  explicit ThreadSearch(ViewerApp& app);  // installs itself as the app's background
  ~ThreadSearch();                        // stops a running search and waits for it
  ThreadSearch(const ThreadSearch&) = delete;
  ThreadSearch& operator=(const ThreadSearch&) = delete;

  // Hands the app the progress, then the result or the failure, of the search running.
  void poll();

 private:
  void start(const SearchSpec& spec);
  void cancel();
  void finish_thread();  // stops and joins the thread, if any

  ViewerApp& m_app;
  std::thread m_thread;
  std::atomic<bool> m_stop{false};
  std::atomic<bool> m_done{false};
  bool m_cancelled = false;
  std::atomic<std::size_t> m_events{0}, m_nodes{0};
  std::mutex m_mutex;  // guards the two below
  std::optional<SearchResult> m_result;
  std::string m_error;
};

}  // namespace kibitz
