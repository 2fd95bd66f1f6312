#include "app/play/uci/uci_session.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <vector>

#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

#include "core/error.hpp"
#include "core/failure.hpp"
#include "games/chess/notation.hpp"

namespace kibitz::uci {

namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A non-negative integer argument of "go", or nothing.
// A non-negative number; one too large for 64 bits reads as the largest (a limit that large is
// no limit), never as the wrapped value strtoll's ERANGE would leave unnoticed.
std::optional<long long> number(const std::string& s) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || v < 0) return std::nullopt;
  if (errno == ERANGE) return std::numeric_limits<long long>::max();
  return v;
}

// "fen FEN [moves ...]" with the castling rights the FEN cannot use dropped (what the search is
// given again).
std::string without_dropped_rights(const std::vector<std::string>& w) {
  const auto moves = std::find(w.begin(), w.end(), "moves");
  std::string fen;
  for (auto i = w.begin() + 1; i != moves; ++i) fen += (fen.empty() ? "" : " ") + *i;
  std::vector<std::string> dropped;
  std::string text = "fen " + chess::Position::from_fen(fen, &dropped).fen();
  for (auto i = moves; i != w.end(); ++i) text += " " + *i;
  return text;
}

long long process_id() {
#ifdef _WIN32
  return _getpid();
#else
  return static_cast<long long>(getpid());
#endif
}

bool is_go_keyword(const std::string& k) {
  for (const char* w : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo",
                        "depth", "nodes", "mate", "movetime", "infinite"})
    if (k == w) return true;
  return false;
}

}  // namespace

std::string score_text(Score v) {
  if (is_game_result(v)) {
    const int plies = k_score_win - (v > 0 ? v : -v);
    const int moves = (plies + 1) / 2;
    return "score mate " + std::to_string(v > 0 ? moves : -moves);
  }
  // 128 units a pawn; centipawns rounded to nearest, as they are: a clamp would make a large
  // material lead (the Greenblatt evaluation's ratio term) look like the mate scores some GUIs
  // turn mates into.
  const long long cp = (static_cast<long long>(v) * 100 + (v >= 0 ? 64 : -64)) / 128;
  return "score cp " + std::to_string(cp);
}

Session::Session(const std::string& algo, std::ostream& out) : m_engine(algo), m_out(out) {
  m_game = ChessGame();
  const std::time_t now = std::time(nullptr);
  char stamp[32] = "";
  std::tm utc{};
#ifdef _WIN32
  gmtime_s(&utc, &now);
#else
  gmtime_r(&now, &utc);
#endif
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  // Unique to this session: its start, the process, and a count of sessions in the process.
  static std::atomic<int> sessions{0};
  const int session = ++sessions;
  m_record_stem = std::string(m_engine.name()) + "-" + stamp + "-" + std::to_string(process_id()) +
                  (session > 1 ? "-" + std::to_string(session) : "");
}

void Session::set_record_dir(const std::string& dir) {
  if (!dir.empty()) {
    std::error_code failed;
    std::filesystem::create_directories(dir, failed);
    if (failed || !std::filesystem::is_directory(dir))
      throw InputError("RecordDir '" + dir + "' cannot be made" +
                       (failed ? " (" + failed.message() + ")" : std::string(": not a folder")));
    const std::filesystem::path probe = std::filesystem::path(dir) / (m_record_stem + ".probe");
    std::FILE* f = std::fopen(probe.string().c_str(), "wb");
    if (!f) throw InputError("RecordDir '" + dir + "' cannot be written to");
    std::fclose(f);
    std::filesystem::remove(probe, failed);
  }
  m_record_dir = dir;
}

Session::~Session() {
  stop_search();
}

void Session::say(const std::string& line) {
  const std::lock_guard<std::mutex> lock(m_out_mutex);
  m_out << line << '\n' << std::flush;
}

void Session::run(std::istream& in) {
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!command(line)) return;
  }
  stop_search();  // the end of the input is "quit" (a GUI that died must not leave a search)
}

bool Session::command(const std::string& line) {
  const std::vector<std::string> w = words(line);
  if (w.empty()) return true;
  const std::string& cmd = w[0];
  const std::string rest = line.substr(std::min(line.size(), line.find(cmd) + cmd.size()));
  if (cmd == "isready") {  // at once, even while searching
    say("readyok");
  } else if (cmd == "stop") {
    stop_search();
  } else if (cmd == "ponderhit") {
    ponderhit();
  } else if (cmd == "quit") {
    stop_search();
    return false;
  } else if (cmd == "uci") {
    say(std::string("id name Kibitz ") + m_engine.name());
    say("id author the Kibitz developers");
    for (const std::string& o : m_engine.option_lines()) say(o);
    say("option name Clear Hash type button");
    say("option name RecordDir type string default <empty>");
    say("uciok");
  } else if (cmd == "go" || cmd == "position" || cmd == "ucinewgame" || cmd == "setoption") {
    stop_search();  // a GUI stops first; one that does not gets the same
    if (cmd == "go") go(rest);
    if (cmd == "position") position(rest);
    if (cmd == "ucinewgame") {
      m_game = ChessGame();
      m_engine.new_game();
      if (m_searched_in_game) ++m_game_number;  // the first game's ucinewgame starts game 1
      m_searched_in_game = false;
    }
    if (cmd == "setoption") set_option(rest);
  } else if (cmd == "debug" || cmd == "register") {
    // No debug output; nothing to register.
  } else {
    say("info string unknown command '" + cmd + "'");
  }
  return true;
}

void Session::position(const std::string& args) {
  // ChessGame reads "startpos [moves ...]" and "fen <FEN> [moves ...]" as they are.
  try {
    const std::vector<std::string> w = words(args);
    if (w.empty() || (w[0] != "startpos" && w[0] != "fen")) {
      throw InputError("expected 'position startpos' or 'position fen <FEN>'");
    }
    std::vector<std::string> dropped;
    m_game = ChessGame::from_text(args, &dropped);
    for (const std::string& d : dropped) say("info string position: " + d);
    m_position_text = dropped.empty() ? args : without_dropped_rights(w);
  } catch (const std::exception& e) {
    m_game.reset();
    say(std::string("info string bad position: ") + failure_text(e));
  }
}

void Session::set_option(const std::string& args) {
  // setoption name <name> [value <value>]; names are case-insensitive.
  const std::size_t n = args.find("name");
  if (n == std::string::npos) {
    say("info string setoption needs 'name'");
    return;
  }
  const std::size_t v = args.find(" value ", n);
  std::string given = args.substr(n + 4, v == std::string::npos ? std::string::npos : v - n - 4);
  given.erase(0, given.find_first_not_of(' '));
  while (!given.empty() && given.back() == ' ') given.pop_back();
  std::string name = lower(given);  // messages name the option as the GUI wrote it
  std::string value = v == std::string::npos ? "" : args.substr(v + 7);
  value.erase(0, value.find_first_not_of(' '));
  while (!value.empty() && value.back() == ' ') value.pop_back();
  if (name == "clear hash") {
    m_engine.new_game();
    return;
  }
  if (name == "recorddir") {
    try {
      set_record_dir(value == "<empty>" ? "" : value);
    } catch (const std::exception& e) {
      say("info string " + failure_text(e) + "; RecordDir stays '" + m_record_dir + "'");
    }
    return;
  }
  if (value.empty() && v == std::string::npos && args.find(" value", n) != std::string::npos) {
    // "setoption name Hash value": the value is missing, not part of the name.
    say("info string bad option value: " + given.substr(0, given.rfind(" value")) +
        " is given no value after 'value'");
    return;
  }
  try {
    if (!m_engine.set_option(name, value)) say("info string unknown option '" + given + "'");
  } catch (const std::exception& e) {
    say(std::string("info string bad option value: ") + failure_text(e));
  }
}

// The limits of a "go": a time limit from movetime (less a margin) or a share of the clock.
// The least time a move is given, however little the clock shows (the clock also waits for a
// first finished depth: uci_search_thread.cpp).
constexpr double k_min_seconds = 0.01;

GoRequest Session::parse_go(const std::string& args) {
  GoRequest r;
  Limits& limits = r.limits;
  long long wtime = -1, btime = -1, winc = 0, binc = 0, movestogo = 0, movetime = -1;
  const std::vector<std::string> w = words(args);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (k == "infinite" || k == "ponder") {
      r.hold = true;
      r.ponder = r.ponder || k == "ponder";
      continue;
    }
    if (k == "searchmoves") {  // moves up to the next keyword
      bool any = false;
      for (; i + 1 < w.size() && !is_go_keyword(w[i + 1]); ++i) {
        const chess::ParsedMove m = chess::parse_uci(m_game->position(), w[i + 1]);
        if (m.status == chess::ParseStatus::ok) {
          r.limits.searchmoves.push_back(m.move);
        } else {
          say("info string go searchmoves: '" + w[i + 1] + "' is not a legal move here");
        }
        any = true;
      }
      if (any && r.limits.searchmoves.empty()) {
        say("info string go searchmoves: no legal move given; every move is searched");
      }
      continue;
    }
    if (!is_go_keyword(k)) {
      say("info string go: unknown parameter '" + k + "' ignored");
      continue;
    }
    std::optional<long long> v = i + 1 < w.size() ? number(w[i + 1]) : std::nullopt;
    const bool negative = !v && i + 1 < w.size() && w[i + 1].size() > 1 && w[i + 1][0] == '-' &&
                          number(w[i + 1].substr(1));
    // A clock below zero (GUIs send one once a flag falls) is no time left: move at once.
    const bool clock = k == "wtime" || k == "btime" || k == "winc" || k == "binc";
    if (negative && clock) v = 0;
    if (!v) {
      say("info string go: '" + k + "' needs a non-negative number" +
          (negative ? ", not " + w[i + 1] : std::string()));
      if (negative) ++i;  // the bad value is not a parameter of its own
      continue;
    }
    ++i;
    if (k == "depth")
      limits.depth = static_cast<int>(std::min(*v, 64LL));
    else if (k == "mate")
      limits.depth = static_cast<int>(std::min(*v, 32LL) * 2);  // mate in n: 2n plies
    else if (k == "nodes")
      limits.nodes = *v;
    else if (k == "movetime")
      movetime = *v;
    else if (k == "wtime")
      wtime = *v;
    else if (k == "btime")
      btime = *v;
    else if (k == "winc")
      winc = *v;
    else if (k == "binc")
      binc = *v;
    else
      movestogo = *v;
  }
  const bool white = m_game->position().side_to_move() == chess::Color::white;
  const long long clock = white ? wtime : btime, inc = white ? winc : binc;
  if (movetime >= 0) {
    r.clock_seconds = std::max(k_min_seconds, std::min(movetime, 1LL << 40) / 1000.0 * 0.95);
  } else if (clock >= 0) {
    // A simple time manager: the clock shared over the moves to go (30 when not said), half
    // the increment, never more than half of what is left.
    const double c = static_cast<double>(std::min(clock, 1LL << 40)) / 1000.0;
    const double share = c / static_cast<double>(movestogo > 0 ? movestogo : 30) +
                         static_cast<double>(std::min(inc, 1LL << 40)) / 1000.0 * 0.5;
    r.clock_seconds = std::max(k_min_seconds, std::min(share, c * 0.5));
  }
  limits.seconds = r.ponder ? 0 : r.clock_seconds;
  limits.unlimited = r.hold;
  return r;
}

void Session::go(const std::string& args) {
  if (!m_game) {
    say("info string no valid position: send 'position startpos' or 'position fen <FEN>'");
    say("bestmove 0000");
    return;
  }
  GoRequest r = parse_go(args);
  std::vector<chess::Move> legal;
  ChessGame root = *m_game;
  root.make_root();
  root.set_root_plays_on(true);
  root.moves(legal);
  if (legal.empty()) {
    // As Stockfish answers it: an info line (mated: mate 0; otherwise a draw) before the move.
    const bool mated = m_game->status() == ChessGame::Status::checkmate;
    say(std::string("info depth 0 score ") + (mated ? "mate 0" : "cp 0"));
    say(std::string("info string the game is over: ") + ChessGame::status_name(m_game->status()));
    say("bestmove 0000");
    return;
  }
  m_searched_in_game = true;
  start(std::move(r), *m_game);
}

}  // namespace kibitz::uci
