// The UCI session's search thread and clock (uci_session.hpp): a "go" starts the search on
// its own thread; the reader keeps reading, so "stop" and "isready" are answered at once. The
// clock is one more thread that sleeps until the time limit (or the search's end) and then
// sets the stop flag every searcher polls.
#include <chrono>
#include <filesystem>

#include "app/play/uci/uci_session.hpp"
#include "core/failure.hpp"
#include "games/chess/notation.hpp"
#include "session/budgets.hpp"
#include "session/run.hpp"

namespace kibitz::uci {

std::string Session::info_line(const Report& report) const {
  const DepthReport& r = report.depth;
  std::string line = "info depth " + std::to_string(r.depth) + " seldepth " +
                     std::to_string(std::max(r.depth, r.seldepth)) + " " + score_text(r.value) +
                     " nodes " + std::to_string(r.nodes);
  if (r.seconds > 0)
    line +=
        " nps " + std::to_string(static_cast<long long>(static_cast<double>(r.nodes) / r.seconds));
  line += " time " + std::to_string(static_cast<long long>(r.seconds * 1000));
  if (r.hashfull >= 0) line += " hashfull " + std::to_string(r.hashfull);
  if (!report.pv.empty()) {
    line += " pv";
    for (const std::string& m : report.pv) line += " " + m;
  }
  return line;
}

void Session::start(GoRequest request, ChessGame game) {
  m_stop = false;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_hold = request.hold;
    m_done = false;
    m_first_depth = false;
    m_ponder_clock = request.ponder ? request.clock_seconds : 0;
  }
  request.limits.stop = &m_stop;
#ifdef __EMSCRIPTEN__
  // No threads here: the search runs to its own limits before the next command is read.
  request.limits.unlimited = false;
  request.hold = false;
  m_hold = false;
  search(std::move(request), std::move(game), m_position_text);
#else
  if (!request.ponder && request.clock_seconds > 0) start_clock(request.clock_seconds);
  m_worker = std::thread(
      [this, r = std::move(request), g = std::move(game), text = m_position_text]() mutable {
        search(std::move(r), std::move(g), std::move(text));
      });
#endif
}

void Session::search(GoRequest request, ChessGame game, std::string position_text) {
  Choice c;
  // currmove once the search has run a second (as GUIs expect: not a line per move at once).
  const auto started = std::chrono::steady_clock::now();
  request.limits.on_currmove = [&](const std::string& uci, int number) {
    if (std::chrono::steady_clock::now() - started >= std::chrono::seconds(1))
      say("info currmove " + uci + " currmovenumber " + std::to_string(number));
  };
  try {
    c = m_engine.choose(game, position_text, request.limits, [&](const Report& r) {
      say(info_line(r));
      const std::lock_guard<std::mutex> lock(m_mutex);
      m_first_depth = true;
      m_cv.notify_all();
    });
  } catch (const std::exception& e) {
    say("info string error: " + failure_text(e));
  }
  {
    // The clock can stop waiting; an infinite or pondering search holds its move.
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done = true;
    m_cv.notify_all();
    m_cv.wait(lock, [&] { return !m_hold; });
  }
  if (c.move.is_null()) {  // stopped before anything was chosen: a legal move all the same
    std::vector<chess::Move> legal;
    game.make_root();
    game.set_root_plays_on(true);
    game.moves(legal);
    if (!legal.empty()) c.move = legal.front();
  }
  const std::string move = c.move.is_null() ? "0000" : chess::to_uci(c.move);
  say("bestmove " + move);
  if (!m_record_dir.empty() && !c.move.is_null()) record(c.last, position_text, move);
}

void Session::stop_search() {
  m_stop = true;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_hold = false;
  }
  m_cv.notify_all();
  if (m_worker.joinable()) m_worker.join();
  if (m_clock.joinable()) m_clock.join();
}

void Session::wait() {
  bool held = false;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    held = m_hold;
  }
  if (held) return stop_search();  // nothing more will come to release it
  if (m_worker.joinable()) m_worker.join();
  if (m_clock.joinable()) m_clock.join();
}

void Session::ponderhit() {
  double clock = 0;
  {
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_hold) return;  // nothing is pondering
    m_hold = false;       // the move the search makes is now ours to play
    clock = m_ponder_clock;
    m_ponder_clock = 0;
  }
  m_cv.notify_all();
  if (clock > 0) start_clock(clock);
}

void Session::start_clock(double seconds) {
  if (m_clock.joinable()) m_clock.join();
  m_clock = std::thread([this, seconds] {
    std::unique_lock<std::mutex> lock(m_mutex);
    const auto limit = std::chrono::duration<double>(seconds);
    if (m_cv.wait_for(lock, limit, [&] { return m_done; })) return;
    // Time is up, but never before a first depth: a clock at zero still plays a searched move
    // (a GUI's stop still ends the search at once).
    m_cv.wait(lock, [&] { return m_done || m_first_depth; });
    m_stop = true;
  });
}

// RecordDir: the search of the last finished depth made again with the recorder, after the
// bestmove (the GUI's clock does not pay for it), as DIR/NNN-MOVE.kbz.
void Session::record(const Report& last, const std::string& position_text,
                     const std::string& move) {
  try {
    SearchSpec spec = m_engine.spec();  // the player's options: the search it played
    spec.game = "chess";
    spec.position = position_text.empty() ? "startpos" : position_text;
    spec.depth = std::max(1, last.depth.depth);
    spec.iterative = spec.algorithm().iterative;
    std::filesystem::create_directories(m_record_dir);
    char name[32];
    std::snprintf(name, sizeof name, "%03d-", ++m_recorded);
    const std::string path =
        (std::filesystem::path(m_record_dir) / (name + move + ".kbz")).string();
    RecordOptions r;
    r.mode = Recording::on;
    r.stream = path;
    r.summary = true;
    r.memory_chunks = 1;
    r.stop = &m_stop;  // the next command ends it: the file is then marked partial
    r.max_events = default_event_budget(false);
    run_search(spec, r);  // nothing said after the bestmove: clients read it as the last line
  } catch (const std::exception& e) {
    say("info string not recorded: " + failure_text(e));
  }
}

}  // namespace kibitz::uci
