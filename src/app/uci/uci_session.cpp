#include "app/uci/uci_session.hpp"

#include <cerrno>
#include <cstdlib>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <vector>

#include "app/failure.hpp"
#include "core/error.hpp"
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

}  // namespace

std::string score_text(Score v) {
  if (is_game_result(v)) {
    const int plies = k_score_win - (v > 0 ? v : -v);
    const int moves = (plies + 1) / 2;
    return "score mate " + std::to_string(v > 0 ? moves : -moves);
  }
  // 128 units a pawn; centipawns rounded to nearest.
  const long long cp = (static_cast<long long>(v) * 100 + (v >= 0 ? 64 : -64)) / 128;
  return "score cp " + std::to_string(cp);
}

Session::Session(const std::string& algo, std::ostream& out)
    : m_searcher(make_searcher(algo)), m_out(out) {
  m_game = ChessGame();
}

void Session::say(const std::string& line) {
  m_out << line << '\n' << std::flush;
}

void Session::run(std::istream& in) {
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!command(line)) return;
  }
}

bool Session::command(const std::string& line) {
  const std::vector<std::string> w = words(line);
  if (w.empty()) return true;
  const std::string& cmd = w[0];
  const std::string rest = line.substr(std::min(line.size(), line.find(cmd) + cmd.size()));
  if (cmd == "uci") {
    say(std::string("id name Kibitz ") + m_searcher->name());
    say("id author the Kibitz developers");
    for (const std::string& o : m_searcher->option_lines()) say(o);
    say("uciok");
  } else if (cmd == "isready") {
    say("readyok");
  } else if (cmd == "ucinewgame") {
    m_game = ChessGame();
  } else if (cmd == "position") {
    position(rest);
  } else if (cmd == "go") {
    try {  // a GUI waits for bestmove whatever happens
      go(rest);
    } catch (const std::exception& e) {
      say("info string error: " + failure_text(e));
      say("bestmove 0000");
    }
  } else if (cmd == "setoption") {
    set_option(rest);
  } else if (cmd == "quit") {
    return false;
  } else if (cmd == "stop" || cmd == "ponderhit" || cmd == "debug" || cmd == "register") {
    // Searches finish before the next command is read: nothing to stop; no debug output.
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
    m_game = ChessGame::from_text(args);
    m_position_text = args;
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
  std::string name =
      lower(args.substr(n + 4, v == std::string::npos ? std::string::npos : v - n - 4));
  name.erase(0, name.find_first_not_of(' '));
  while (!name.empty() && name.back() == ' ') name.pop_back();
  std::string value = v == std::string::npos ? "" : args.substr(v + 7);
  value.erase(0, value.find_first_not_of(' '));
  while (!value.empty() && value.back() == ' ') value.pop_back();
  try {
    if (!m_searcher->set_option(name, value)) say("info string unknown option '" + name + "'");
  } catch (const std::exception& e) {
    say(std::string("info string bad option value: ") + failure_text(e));
  }
}

void Session::go(const std::string& args) {
  Limits limits;
  long long wtime = -1, btime = -1, winc = 0, binc = 0, movestogo = 0, movetime = -1;
  const std::vector<std::string> w = words(args);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (k == "infinite" || k == "ponder") continue;
    if (k != "depth" && k != "nodes" && k != "movetime" && k != "wtime" && k != "btime" &&
        k != "winc" && k != "binc" && k != "movestogo" && k != "mate") {
      say("info string go: unknown parameter '" + k + "' ignored");
      continue;
    }
    const std::optional<long long> v = i + 1 < w.size() ? number(w[i + 1]) : std::nullopt;
    if (!v) {
      say("info string go: '" + k + "' needs a non-negative number");
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
  if (!m_game) {
    say("info string no valid position: send 'position startpos' or 'position fen <FEN>'");
    say("bestmove 0000");
    return;
  }
  // Time: movetime as given (less a margin), else a share of the clock.
  const bool white = m_game->position().side_to_move() == chess::Color::white;
  const long long clock = white ? wtime : btime, inc = white ? winc : binc;
  if (movetime >= 0) {
    limits.seconds = std::max(0.001, movetime / 1000.0 * 0.9);
  } else if (clock >= 0) {
    const double share =
        clock / 1000.0 / static_cast<double>(movestogo > 0 ? movestogo : 30) + inc / 1000.0 * 0.5;
    limits.seconds = std::max(0.001, std::min(share, clock / 1000.0 * 0.5));
  }
  const ChessGame::Status status = m_game->status();
  if (status != ChessGame::Status::ongoing) {
    say(std::string("info string the game is over: ") + ChessGame::status_name(status));
    say("bestmove 0000");
    return;
  }
  auto info = [&](const DepthReport& r) {
    std::string line = "info depth " + std::to_string(r.depth) + " " + score_text(r.value) +
                       " nodes " + std::to_string(r.nodes) + " time " +
                       std::to_string(static_cast<long long>(r.seconds * 1000));
    if (r.seconds > 0)
      line += " nps " +
              std::to_string(static_cast<long long>(static_cast<double>(r.nodes) / r.seconds));
    if (!r.pv.empty()) {
      line += " pv";
      for (const std::string& m : r.pv) line += " " + m;
    }
    say(line);
  };
  m_searcher->set_position_text(m_position_text);
  const Choice c = m_searcher->choose(*m_game, limits, info);
  if (c.move.is_null()) {
    say("bestmove 0000");
    return;
  }
  say("bestmove " + chess::to_uci(c.move));
}

}  // namespace kibitz::uci
