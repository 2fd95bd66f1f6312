// kibitz-desktop --listen PORT: recorders stream their searches to the window. Each connection
// is saved as it arrives (app/live/spool.hpp, in --spool DIR) on the listener's thread; the
// newest one is shown, its bytes handed to the app on the UI thread (poll).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/live/engine_listener.hpp"
#include "app/live/spool.hpp"

namespace kibitz {

class ViewerApp;

class DesktopLive {
 public:
  // Throws InputError when the port cannot be listened on or the folder written.
  DesktopLive(int port, std::string spool_dir);
  ~DesktopLive();
  int port() const { return m_listener->port(); }
  // On the UI thread, every loop: what arrived goes to the app, which shows it (live_tick).
  void poll(ViewerApp& app, double now_seconds);
  // Streams that have ended, shown or not (a test exits after so many).
  int streams_ended() const { return m_ended; }

 private:
  struct Arrival {
    enum class Kind { begin, bytes, end } kind;
    std::uint64_t id = 0;
    std::string text;  // begin: the name; end: the spool's error, if any
    std::string saved_to;
    std::vector<std::uint8_t> bytes;
  };
  void push(Arrival a);

  std::string m_dir;
  std::mutex m_mutex;
  std::deque<Arrival> m_queue;
  std::vector<std::pair<std::uint64_t, std::unique_ptr<live::Spool>>> m_spools;  // thread's own
  std::uint64_t m_shown = 0;  // the connection the app shows
  int m_ended = 0;
  std::unique_ptr<live::EngineListener> m_listener;  // last: stopped first
};

}  // namespace kibitz
