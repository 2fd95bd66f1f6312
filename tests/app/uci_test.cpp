// The UCI engine driven through its streams: the handshake, positions, go with each limit,
// info lines, and every kind of bad input answered with one "info string" line.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "app/play/uci/uci_session.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "games/chess/chess_game.hpp"
#include "games/chess/notation.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"

using namespace kibitz;

namespace {

// The engine's output for `input`, each finite search waited for before the next command (a
// GUI's next "position" would stop it: with threads, how far it got would depend on timing).
// The end of the input itself is "quit", which stops a search: its test reads through
// Session::run.
std::string run(const std::string& algo, const std::string& input) {
  std::ostringstream out;
  std::istringstream in(input);
  uci::Session session(algo, out);
  for (std::string line; std::getline(in, line);) {
    if (!session.command(line)) return out.str();
    const bool held =
        line.find("infinite") != std::string::npos || line.find("ponder") != std::string::npos;
    if (line.rfind("go", 0) == 0 && !held) session.wait();
  }
  session.wait();
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string bestmove(const std::string& text) {
  for (const std::string& l : lines_of(text)) {
    if (l.rfind("bestmove ", 0) == 0) return l.substr(9);
  }
  return "";
}

bool legal_in(const std::string& position, const std::string& uci_move) {
  const ChessGame g = ChessGame::from_text(position);
  return chess::parse_uci(g.position(), uci_move).status == chess::ParseStatus::ok;
}

}  // namespace

TEST_CASE("uci: handshake and options") {
  const std::string out = run("greenblatt", "uci\nisready\nquit\n");
  const auto l = lines_of(out);
  REQUIRE(l.size() >= 4);
  CHECK(l[0] == "id name Kibitz greenblatt");
  CHECK(out.find("option name Widths type string default tournament") != std::string::npos);
  CHECK(out.find("uciok\nreadyok\n") != std::string::npos);
  CHECK(run("alphabeta", "uci\n").find("id name Kibitz alphabeta") != std::string::npos);
  // Every engine's options come from its registry entry: its search options and play options.
  const std::string interest = run("interest", "uci\n");
  CHECK(interest.find("option name Deepen type check default true") != std::string::npos);
  CHECK(interest.find("option name Tallies type combo default split var split var joint") !=
        std::string::npos);
  CHECK(run("pvs", "uci\n").find("id name Kibitz pvs") != std::string::npos);
  // A bad value is refused when it is set, and the old one stays; options that do not go
  // together are refused too.
  const std::string bad = run("interest",
                              "setoption name Iterations value 99\nsetoption name Extension value "
                              "2\nsetoption name Depth cap value none\nuci\n");
  CHECK(bad.find("info string bad option value: iterations must be an integer from 0 to 64") !=
        std::string::npos);
  CHECK(bad.find("info string bad option value: cap=none cannot take an extension") !=
        std::string::npos);
  CHECK(bad.find("option name Iterations type spin default 0") != std::string::npos);
  CHECK(bad.find("option name Depth cap type combo default auto") != std::string::npos);
  CHECK_THROWS_AS(run("best", "uci\n"), InputError);
}

TEST_CASE("uci: go depth plays a legal move, with one info line per depth") {
  for (const char* algo : {"greenblatt", "alphabeta"}) {
    CAPTURE(algo);
    const std::string out = run(algo, "position startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
    CHECK(legal_in("startpos moves e2e4 e7e5 g1f3", bestmove(out)));
    int infos = 0;
    for (const std::string& l : lines_of(out)) {
      if (l.rfind("info depth ", 0) != 0) continue;
      ++infos;
      CHECK(l.find(" score cp ") != std::string::npos);
      CHECK(l.find(" nodes ") != std::string::npos);
      CHECK(l.find(" pv ") != std::string::npos);
    }
    CHECK(infos == 3);
  }
}

TEST_CASE("uci: interest search plays its own way (by limit), one info line per iteration") {
  const std::string out = run("interest", "position startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
  CHECK(legal_in("startpos moves e2e4 e7e5 g1f3", bestmove(out)));
  std::vector<std::string> infos;
  for (const std::string& l : lines_of(out))
    if (l.rfind("info depth ", 0) == 0) infos.push_back(l);
  REQUIRE(infos.size() == 3);  // iterations 1, 2, 3 deepen to depths 1, 2, 3
  CHECK(infos[2].rfind("info depth 3 seldepth ", 0) == 0);
  CHECK(infos[2].find(" score cp ") != std::string::npos);
  CHECK(infos[2].find(" pv " + bestmove(out)) != std::string::npos);
  // A node budget, with a fixed limit.
  const std::string budget = run("interest",
                                 "setoption name Limit value inf\nposition startpos\ngo nodes "
                                 "500\n");
  CHECK(legal_in("startpos", bestmove(budget)));
  long long nodes = -1;
  for (const std::string& l : lines_of(budget)) {
    const std::size_t at = l.find(" nodes ");
    if (l.rfind("info depth ", 0) == 0 && at != std::string::npos)
      nodes = std::stoll(l.substr(at + 7));
  }
  CHECK(nodes > 0);
  CHECK(nodes <= 500);
  // The mate in one is found.
  const std::string mate =
      run("interest",
          "position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR "
          "w KQkq - 4 4\ngo depth 2\n");
  CHECK(bestmove(mate) == "h5f7");
}

TEST_CASE("uci: mate scores, node budgets and clocks") {
  const char* scholar =
      "position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n";
  const std::string mate = run("greenblatt", std::string(scholar) + "go depth 2\n");
  CHECK(mate.find("score mate 1") != std::string::npos);
  CHECK(bestmove(mate) == "h5f7");
  CHECK(bestmove(run("alphabeta", std::string(scholar) + "go depth 2\n")) == "h5f7");
  // A node budget: the same move twice (deterministic), and a legal one.
  const std::string a = run("greenblatt", "position startpos\ngo nodes 800\n");
  CHECK(legal_in("startpos", bestmove(a)));
  CHECK(bestmove(a) == bestmove(run("greenblatt", "position startpos\ngo nodes 800\n")));
  // Clocks and movetime end in a move (no assumption about how long it takes).
  CHECK(legal_in(
      "startpos",
      bestmove(run("greenblatt", "position startpos\ngo wtime 2000 btime 2000 winc 0 binc 0\n"))));
  CHECK(legal_in("startpos", bestmove(run("alphabeta", "position startpos\ngo movetime 50\n"))));
  CHECK(uci::score_text(128) == "score cp 100");
  CHECK(uci::score_text(-64) == "score cp -50");
  CHECK(uci::score_text(k_score_win - 3) == "score mate 2");
  CHECK(uci::score_text(-(k_score_win - 2)) == "score mate -1");
}

TEST_CASE("uci: bad input is answered on one info string line") {
  const std::string out = run("greenblatt",
                              "position fen not-a-fen\n"
                              "go depth 1\n"
                              "position startpos moves e2e5\n"
                              "position somewhere\n"
                              "setoption name Widths value 0\n"
                              "setoption name Feedover value 99\n"
                              "setoption name Colour value red\n"
                              "setoption\n"
                              "frobnicate\n"
                              "position startpos\n"
                              "go depth x nodes 300 sideways\n"
                              "go wtime -5 btime 100 movetime -7 nodes 300\n"
                              "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n"
                              "go depth 1\n"
                              "quit\n"
                              "isready\n");
  const auto l = lines_of(out);
  auto has = [&](const std::string& prefix) {
    return std::any_of(l.begin(), l.end(),
                       [&](const std::string& x) { return x.rfind(prefix, 0) == 0; });
  };
  CHECK(has("info string bad position: FEN"));
  CHECK(has("info string no valid position"));
  CHECK(has("info string bad position: move 1 'e2e5' is illegal in"));
  CHECK(has("info string bad position: expected 'position startpos' or 'position fen <FEN>'"));
  CHECK(has("info string bad option value: width schedule '0'"));
  CHECK(has("info string bad option value: feedover must be an integer from 0 to 8"));
  CHECK(has("info string unknown option 'Colour'"));
  CHECK(has("info string setoption needs 'name'"));
  CHECK(has("info string unknown command 'frobnicate'"));
  CHECK(has("info string go: 'depth' needs a non-negative number"));
  CHECK(has("info string go: unknown parameter 'sideways' ignored"));
  // A clock below zero is no time left (said nothing of); another negative value once, by name.
  CHECK_FALSE(has("info string go: 'wtime'"));
  CHECK(has("info string go: 'movetime' needs a non-negative number, not -7"));
  CHECK_FALSE(has("info string go: unknown parameter '-7'"));
  CHECK_FALSE(has("info string go: unknown parameter '-5'"));
  CHECK(has("info string the game is over: checkmate"));
  // Every bestmove line is a move or 0000; nothing is read after quit.
  CHECK(std::count_if(l.begin(), l.end(),
                      [](const std::string& x) { return x == "bestmove 0000"; }) == 2);
  CHECK_FALSE(has("readyok"));
  for (const std::string& x : l) CHECK((x.rfind("info ", 0) == 0 || x.rfind("bestmove ", 0) == 0));
}

TEST_CASE("uci: go mate with a number too large for 64 bits is a deep search, not an overflow") {
  // 'go mate 4611686018427387904' doubled past 2^63; one past 2^63 left strtoll's ERANGE unseen.
  for (const char* n : {"4611686018427387904", "99999999999999999999999"}) {
    CAPTURE(n);
    const std::string out =
        run("alphabeta", std::string("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\n") + "go mate " +
                             n + " nodes 2000\nquit\n");
    CHECK(legal_in("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", bestmove(out)));
  }
}

TEST_CASE("uci: searchmoves, claimable draws, pvs, clamped scores, Clear Hash and RecordDir") {
  // Told to search only a2a3 and b2b3, it plays one of them (it played d2d4).
  for (const char* algo : {"alphabeta", "pvs", "greenblatt"}) {
    CAPTURE(algo);
    const std::string m =
        bestmove(run(algo, "position startpos\ngo depth 3 searchmoves a2a3 b2b3\n"));
    CHECK((m == "a2a3" || m == "b2b3"));
  }
  // A halfmove clock of 100 and a threefold repetition: a draw may be claimed, not forced; a
  // legal move all the same (it answered bestmove 0000).
  const std::string fifty = "fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
  CHECK(legal_in(fifty, bestmove(run("alphabeta", "position " + fifty + "\ngo depth 2\n"))));
  const std::string rep = "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
  CHECK(legal_in(rep, bestmove(run("greenblatt", "position " + rep + "\ngo depth 2\n"))));
  // Scores as they are, not clamped to 30000 (which GUIs read as a mate); mates as mates.
  CHECK(uci::score_text(5276000 * 128 / 100) == "score cp 5276000");
  CHECK(uci::score_text(-k_score_eval_max) ==
        "score cp -" + std::to_string(k_score_eval_max * 100LL / 128));
  CHECK(uci::score_text(-(k_score_win - 1)) == "score mate -1");
  CHECK(uci::score_text(k_score_win - 3) == "score mate 2");
}

// The files RecordDir holds, sorted.
std::vector<std::string> files_in(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE(
    "uci: RecordDir records the search as played, names files by game and ply, never "
    "overwrites, and a stopped search's file opens marked partial") {
  const std::string dir = "uci_record_test";
  std::filesystem::remove_all(dir);
  const std::string out =
      run("greenblatt", "uci\nsetoption name Clear Hash\nsetoption name RecordDir value " + dir +
                            "\nposition startpos moves e2e4\ngo depth 3\n");
  CHECK(out.find("option name Clear Hash type button") != std::string::npos);
  CHECK(out.find("unknown option") == std::string::npos);
  const auto l = lines_of(out);
  CHECK(l.back().rfind("bestmove ", 0) == 0);  // nothing after it (node-uci reads the last line)
  // The same position again (a GUI's analysis), then a new game: three files, none overwritten.
  run("greenblatt", "setoption name RecordDir value " + dir +
                        "\nposition startpos moves e2e4\ngo depth 3\nposition startpos moves "
                        "e2e4\ngo depth 2\nucinewgame\nposition startpos\ngo depth 1\n");
  const std::vector<std::string> files = files_in(dir);
  REQUIRE(files.size() == 4);
  auto named = [&](const std::string& part) {
    return std::count_if(files.begin(), files.end(),
                         [&](const std::string& f) { return f.find(part) != std::string::npos; });
  };
  CHECK(named("-g1-ply002-" + bestmove(out) + ".kbz") == 2);  // each session's first search
  CHECK(named("-g1-ply002-2-") == 1);  // the second session's second search of it
  CHECK(named("-g2-ply001-") == 1);
  // The recorded search is the played one: the Greenblatt search's tournament widths, the last
  // finished depth's line starting with the move played.
  const auto played_file = std::find_if(files.begin(), files.end(), [&](const std::string& f) {
    return f.find("-g1-ply002-" + bestmove(out) + ".kbz") != std::string::npos;
  });
  REQUIRE(played_file != files.end());
  const trace::Trace t = trace::read_kbz(read_file_bytes(*played_file));
  CHECK(t.meta.get("widths") == "tournament");
  CHECK(t.meta.get("uci_ply") == "2");
  const std::string played = t.meta.get("played");
  ChessGame g = ChessGame::from_text("startpos moves e2e4");
  CHECK(chess::to_uci(chess::parse_move(g.position(), played).move) == bestmove(out));
  const trace::Model model(t);
  CHECK(model.node_count() > 20);
  CHECK(model.roots().size() == 3);  // depths 1, 2 and 3
  std::filesystem::remove_all(dir);
#ifndef __EMSCRIPTEN__  // the page's build has no threads: its search ends before "stop" is read
  // Stopped at once: the file opens, marked partial, and the move is still a searched one.
  std::ostringstream stopped_out;
  {
    uci::Session s("pvs", stopped_out);
    s.command("setoption name RecordDir value " + dir);
    s.command("position startpos");
    s.command("go depth 40");
    s.command("stop");
  }
  const std::vector<std::string> stopped = files_in(dir);
  REQUIRE(stopped.size() == 1);
  const trace::Trace st = trace::read_kbz(read_file_bytes(stopped[0]));
  CHECK(st.meta.get("stopped").find("stopped by the clock (or the GUI's stop)") == 0);
  CHECK(legal_in("startpos", bestmove(stopped_out.str())));
  std::filesystem::remove_all(dir);
#endif
  // A folder that cannot be made is refused when it is set, before any search.
  const std::string bad = run("alphabeta", "setoption name RecordDir value /proc/kibitz/x\n");
  CHECK(bad.find("info string RecordDir '/proc/kibitz/x' cannot be made") == 0);
}

#ifndef __EMSCRIPTEN__  // no threads in the page's build: a search ends before the input does
TEST_CASE("uci: the end of the input is quit: a search stops with a searched move") {
  std::ostringstream out;
  std::istringstream in("position startpos\ngo depth 60\n");
  uci::Session session("alphabeta", out);
  session.run(in);  // returns at once (it searched on for minutes)
  const auto l = lines_of(out.str());
  REQUIRE(l.size() >= 2);
  CHECK(l[l.size() - 2].rfind("info depth ", 0) == 0);  // an info line before every bestmove
  CHECK(legal_in("startpos", bestmove(out.str())));
}
#endif

TEST_CASE("uci: the Greenblatt engine mated in one says mate -1, not mate 0") {
  // One legal move (Ke7), re-searched by the secondary search, which finds Qd7#: the first
  // search's penalty of 4 was taken off the mate too (a value past k_score_win: "mate 0").
  const std::string pos =
      "startpos moves g1f3 d7d5 d2d4 b8c6 b2b3 c8f5 e2e3 g8f6 f1b5 a7a6 b5c6 b7c6 h2h3 e7e6 "
      "b1d2 c6c5 c1b2 c5d4 g2g4 d4e3 g4f5 e3d2 d1d2 e6f5 e1c1 f6e4 d2e1 c7c5 c1b1 d8d6 c2c4 "
      "d6f4 f3e5 d5c4 e5c4 f4f2 e1a5 f5f4 h1e1 f2f3 a5a4";
  const std::string out = run("greenblatt", "position " + pos + "\ngo depth 1\n");
  CHECK(out.find("info depth 1 seldepth 2 score mate -1 ") == 0);
  CHECK(bestmove(out) == "e8e7");
}

TEST_CASE("uci: small things a GUI sends") {
  // A castling right without its rook is dropped, as Stockfish reads it, and said.
  const std::string fen = "r3k3/8/8/8/8/8/8/4K2R w KQq - 0 1";
  const std::string c = run("pvs", "position fen " + fen + "\ngo depth 2\n");
  CHECK(c.find("info string position: FEN field 3 (castling): 'Q' dropped, the white rook is "
               "not on a1") == 0);
  CHECK(legal_in("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", bestmove(c)));
  // "value" with nothing after it; searchmoves with no legal move.
  const std::string v = run("alphabeta", "setoption name Hash value\n");
  CHECK(v == "info string bad option value: Hash is given no value after 'value'\n");
  const std::string sm = run("alphabeta", "position startpos\ngo searchmoves e2e5 depth 1\n");
  CHECK(sm.find("info string go searchmoves: 'e2e5' is not a legal move here\ninfo string go "
                "searchmoves: no legal move given; every move is searched") == 0);
}

TEST_CASE("uci: go infinite holds its bestmove until stop; isready is answered meanwhile") {
  // The input ends while the search holds: run() stops it, and the bestmove comes last.
  const std::string out = run("alphabeta", "position startpos\ngo infinite\nisready\n");
  const auto l = lines_of(out);
  REQUIRE_FALSE(l.empty());
#ifndef __EMSCRIPTEN__  // the page's build has no threads: its search ends before isready
  CHECK(l.back().rfind("bestmove ", 0) == 0);
#endif
  const auto ready = std::find(l.begin(), l.end(), "readyok");
  CHECK(ready != l.end());
  CHECK(legal_in("startpos", bestmove(out)));
  // Ponder, then ponderhit with a clock of 50 ms: a move comes without a stop.
  const std::string ponder =
      run("pvs", "position startpos\ngo ponder wtime 1500 btime 1500\nponderhit\n");
  CHECK(legal_in("startpos", bestmove(ponder)));
}

#ifndef __EMSCRIPTEN__  // currmove comes after a second of searching; the page's build is single
                        // threaded and these searches would hold the test
TEST_CASE("uci: a long search names the root move it is on (currmove)") {
  for (const std::string algo : {"alphabeta", "pvs", "greenblatt"}) {
    CAPTURE(algo);
    const std::string out = run(algo, "position startpos moves e2e4\ngo movetime 2500\n");
    int seen = 0, last_number = 0;
    bool ordered = true;
    for (const std::string& l : lines_of(out)) {
      std::istringstream words(l);
      std::string info, key, move, key2;
      int number = 0;
      if (!(words >> info >> key) || info != "info" || key != "currmove") continue;
      words >> move >> key2 >> number;
      ++seen;
      CHECK(legal_in("startpos moves e2e4", move));
      CHECK(key2 == "currmovenumber");
      // within one depth the numbers count up (the first line may come mid-depth)
      if (seen > 1 && number != 1 && number != last_number + 1) ordered = false;
      last_number = number;
    }
    CHECK(seen > 0);
    CHECK(ordered);
    CHECK(legal_in("startpos moves e2e4", bestmove(out)));
  }
}
#endif

TEST_CASE("uci: a clock at zero still gets a searched move, not the first legal one") {
  // Two pieces can take on f7 (the queen mates); the first legal move in generation order does
  // not. The clock never stops a search before its first depth (the end of input waits).
  const std::string fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  for (const char* algo : {"alphabeta", "pvs", "interest", "greenblatt"}) {
    CAPTURE(algo);
    const std::string move =
        bestmove(run(algo, "position fen " + fen + "\ngo wtime 0 btime 1000\n"));
    CHECK(move.size() == 4);
    CHECK(move.substr(2) == "f7");
  }
}
