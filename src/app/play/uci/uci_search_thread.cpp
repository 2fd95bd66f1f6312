// The UCI session's search thread and clock (uci_session.hpp): a "go" starts the search on
// its own thread; the reader keeps reading, so "stop" and "isready" are answered at once. The
// clock is one more thread that sleeps until the time limit (or the search's end) and then
// sets the stop flag every searcher polls.
#include <chrono>
#include <cstdio>
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
  bool told = false;  // an info line said for this search
  std::optional<MoveRecording> recording;
  try {
    if (!m_record_dir.empty()) recording = begin_recording(game, request.limits);
    c = m_engine.choose(game, position_text, request.limits, [&](const Report& r) {
      say(info_line(r));
      told = true;
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
  if (c.move.is_null()) {  // the search failed: the one-ply choice all the same
    c = m_engine.quick(game);
    told = false;
  }
  if (!told && !c.move.is_null()) say(info_line(c.last));  // every bestmove follows an info line
  const std::string move = c.move.is_null() ? "0000" : chess::to_uci(c.move);
  if (recording) end_recording(*recording, move);
  say("bestmove " + move);
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
    // Time is up. A search that finished no depth plays the one-ply choice (quick_choice).
    m_stop = true;
  });
}

// RecordDir: each move's search recorded as it is played, into
// DIR/ALGO-YYYYMMDD-HHMMSS-PID-gGAME-plyPLY.kbz, renamed with the move played added once it is
// chosen (a file left without one: the engine died during that search). The recorder's cost is
// on the clock (docs/uci.md); an event budget stops a search that would write more.
constexpr std::size_t k_record_event_budget = std::size_t{1} << 26;

Session::MoveRecording Session::begin_recording(const ChessGame& game, Limits& limits) {
  const chess::Position& pos = game.position();
  const int ply = 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == chess::Color::black) + 1;
  char tail[48];
  std::snprintf(tail, sizeof tail, "-g%d-ply%03d", m_game_number, ply);
  const std::filesystem::path dir(m_record_dir);
  // Never overwrite: a position searched again in this session (a GUI's analysis) gets -2, -3.
  const int again = ++m_record_count[tail];
  std::string stem = m_record_stem + tail + (again > 1 ? "-" + std::to_string(again) : "");
  for (int n = again + 1; std::filesystem::exists(dir / (stem + ".kbz")); ++n)
    stem = m_record_stem + tail + "-" + std::to_string(n);
  MoveRecording r;
  r.stem = (dir / stem).string();
  r.options.mode = kibitz::Recording::on;
  r.options.stream = r.stem + ".kbz";
  r.options.memory_chunks = 1;
  r.options.stop = &m_stop;  // the event budget stops the search (a move is then played)
  r.options.max_events = k_record_event_budget;
  m_record_options = r.options;
  limits.record = &m_record_options;
  limits.record_facts = {{"uci_game", std::to_string(m_game_number)},
                         {"uci_ply", std::to_string(ply)}};
  return r;
}

void Session::end_recording(const MoveRecording& r, const std::string& move) {
  std::error_code failed;
  const std::string path = r.stem + "-" + move + ".kbz";
  if (!std::filesystem::exists(path, failed))
    std::filesystem::rename(r.options.stream, path, failed);
  if (failed) say("info string recorded as " + r.options.stream + " (" + failed.message() + ")");
}

}  // namespace kibitz::uci
