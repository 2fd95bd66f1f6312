// The UCI protocol (the Universal Chess Interface) over a pair of streams, so Kibitz's chess
// searches can be played in any chess GUI: `kibitz uci --algo A`, A any algorithm that plays
// (uci_engine.hpp).
//
// The search runs on its own thread and the reader keeps reading (as Stockfish does): "stop"
// ends it at once (the best move of the deepest finished depth is played; before a first
// depth, a one-ply search's, session/play.hpp), "isready" is answered at any time, "go
// infinite" and "go ponder" hold their bestmove until "stop" or "ponderhit". Supported: uci,
// isready, ucinewgame, setoption (Hash: the table made at once, off the clock; Clear Hash;
// RecordDir: each search recorded as it is played; the searcher's own), position
// startpos|fen ... [moves ...], go [searchmoves M...] [depth N] [nodes N] [mate N] [movetime
// MS] [wtime MS btime MS winc MS binc MS movestogo N] [infinite] [ponder], stop, ponderhit,
// quit (and the end of the input). A position where a draw could be claimed is still searched
// (the GUI claims, not the engine). Bad input (a bad FEN, an illegal move, an unknown command
// or option) is answered with one "info string" line, as the protocol asks, when it comes;
// "go" without a valid position answers "bestmove 0000". In the WebAssembly build (no
// threads) a search runs to its end before the next command is read.
#pragma once

#include <atomic>
#include <condition_variable>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/play/uci/uci_engine.hpp"
#include "games/chess/chess_game.hpp"
#include "session/record_options.hpp"

namespace kibitz::uci {

// What one "go" asks for.
struct GoRequest {
  Limits limits;
  bool hold = false;         // infinite or ponder: the bestmove waits for stop or ponderhit
  bool ponder = false;       // ponder: the clock starts at ponderhit
  double clock_seconds = 0;  // the time limit the session's clock enforces (0: none)
};

class Session {
 public:
  // Throws InputError for an unknown algorithm.
  Session(const std::string& algo, std::ostream& out);
  ~Session();  // stops a running search

  // Handles one line; false after "quit". A "go" returns at once (the search runs on).
  bool command(const std::string& line);
  // Reads commands until "quit" or the end of the input, which is "quit" too: a running search
  // is stopped (its move said), so a GUI that died leaves no search running.
  void run(std::istream& in);
  // Until no search runs (its bestmove said); an infinite or pondering one is stopped.
  void wait();
  // Writes each search's trace into `dir` (RecordDir; "" for none).
  // Throws InputError when it cannot be made or written.
  void set_record_dir(const std::string& dir);

 private:
  // uci_session.cpp: the commands.
  void go(const std::string& args);
  GoRequest parse_go(const std::string& args);
  void position(const std::string& args);
  void set_option(const std::string& args);
  void say(const std::string& line);
  // uci_search_thread.cpp: the search's thread and clock.
  void start(GoRequest request, ChessGame game);
  void search(GoRequest request, ChessGame game, std::string position_text);
  void stop_search();
  void ponderhit();
  void start_clock(double seconds);
  // RecordDir: a move's file, opened before its search and named with the move after it.
  struct MoveRecording {
    std::string stem;  // the path without ".kbz"
    RecordOptions options;
  };
  MoveRecording begin_recording(const ChessGame& game, Limits& limits);
  void end_recording(const MoveRecording& r, const std::string& move);
  // Checks RecordDir (made when missing); "" when it can be written, else why not.
  static std::string check_record_dir(const std::string& dir);
  std::string info_line(const Report& r) const;

  Engine m_engine;
  std::ostream& m_out;
  std::mutex m_out_mutex;           // the search thread and the reader both write
  std::optional<ChessGame> m_game;  // empty after a bad "position"
  std::string m_position_text;      // the text m_game was read from
  std::string m_record_dir;
  std::string m_record_stem;       // ALGO-YYYYMMDD-HHMMSS-PID: this session's recordings
  RecordOptions m_record_options;  // the running search's recording
  int m_game_number = 1;           // ucinewgame counts games
  bool m_searched_in_game = false;
  std::map<std::string, int> m_record_count;  // recordings per game and ply

  std::thread m_worker, m_clock;
  std::atomic<bool> m_stop{false};
  std::mutex m_mutex;  // guards the four flags below
  std::condition_variable m_cv;
  bool m_hold = false;        // the running search's bestmove waits for stop or ponderhit
  bool m_done = true;         // the running search has finished choosing
  double m_ponder_clock = 0;  // a pondering search's time limit, started at ponderhit
};

// "score cp 25" (within +-30000) or "score mate -3" for a value in evaluation units (a pawn
// is 128).
std::string score_text(Score v);

}  // namespace kibitz::uci
