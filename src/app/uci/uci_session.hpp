// The UCI protocol (the Universal Chess Interface) over a pair of streams, so Kibitz's chess
// searches can be played in any chess GUI: `kibitz uci --algo greenblatt|alphabeta`.
//
// Supported: uci, isready, ucinewgame, setoption (Hash, and for the Greenblatt search Widths,
// Feedover, Secondary), position startpos|fen ... [moves ...], go [depth N] [nodes N]
// [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N] [infinite], stop, quit.
// Searches run to completion before the next command is read: "go infinite" and a bare "go"
// search to the searcher's default depth, and "stop" has nothing to stop. Bad input (a bad
// FEN, an illegal move, an unknown command or option) is answered with one "info string"
// line, as the protocol asks; "go" without a valid position answers "bestmove 0000".
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "app/uci/uci_searchers.hpp"
#include "games/chess/chess_game.hpp"

namespace kibitz::uci {

class Session {
 public:
  // Throws InputError for an unknown algorithm.
  Session(const std::string& algo, std::ostream& out);

  // Handles one line; false after "quit".
  bool command(const std::string& line);
  // Reads commands until "quit" or the end of the input.
  void run(std::istream& in);

 private:
  void go(const std::string& args);
  void position(const std::string& args);
  void set_option(const std::string& args);
  void say(const std::string& line);

  std::unique_ptr<Searcher> m_searcher;
  std::ostream& m_out;
  std::optional<ChessGame> m_game;  // empty after a bad "position"
  std::string m_position_text;      // the text m_game was read from
};

// "score cp 25" or "score mate -3" for a value in evaluation units (a pawn is 128).
std::string score_text(Score v);

}  // namespace kibitz::uci
