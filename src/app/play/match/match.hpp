// `kibitz match`: paired games between two players (session/play.hpp: any algorithm that plays,
// "name:key=value,..."). Each opening is played twice,
// player A moving first in one game and second in the other (in chess: A has White, then
// Black). The result is A's wins, draws and losses, its score with a 95% error, the Elo
// difference that score means with its error, and the nodes each searched per move.
//
// Error bars come from the spread of the pairs' scores (each pair's two games together),
// which accounts for the openings the two games share: se = sd(pair score / 2) / sqrt(pairs),
// score +- t se (t: Student's 95% quantile with pairs - 1 degrees of freedom, 1.984 at 100
// pairs, wider with a few), Elo = -400 log10(1/score - 1) and its error t se * 400 / (ln 10 *
// score * (1 - score)). Nodes and time per move have t-intervals over the pairs' own figures.
//
// Deterministic: the openings come from the seed (or a file), every game starts its players
// afresh, and games are collected by their index, so the result is the same whatever the
// number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "session/play.hpp"
#include "session/shard.hpp"

namespace kibitz::match {

// How far a match has come, after each game (for a progress bar).
struct MatchProgress {
  int games_done = 0, games = 0;
  int wins = 0, draws = 0, losses = 0;  // A's, so far
};

struct MatchSpec {
  std::string game;  // "chess", "othello", "connect4", "tictactoe"
  std::string a, b;  // player specs
  int pairs = 10;
  std::vector<std::string> openings;  // position texts; empty: random openings from the seed
  std::string openings_file;          // where they were read from ("" for random ones)
  Budget budget;
  int threads = 1;
  std::uint64_t seed = 1;
  int max_plies = 0;  // a game still going after this many plies is a draw; 0: the game's default
  Shard shard;        // play only the pairs p with shard.has(p) (kibitz merge joins the shards)
  std::function<void(const MatchProgress&)> progress;  // called after each game, one at a time
};

struct GameRecord {
  int pair = 0;
  bool a_first = true;  // A moved first from the opening
  std::string opening;
  int result = 0;            // for A: +1 won, 0 drawn, -1 lost
  bool adjudicated = false;  // drawn by the ply limit
  int plies = 0;
  long long nodes_a = 0, nodes_b = 0;
  std::int64_t time_a_ns = 0, time_b_ns = 0;  // CPU time choosing moves (move_clock.hpp)
  int moves_a = 0, moves_b = 0;
  int capped_a = 0, capped_b = 0;  // moves stopped by Budget::max_nodes
  std::string moves;               // the moves played, in the game's notation
};

struct MatchResult {
  std::vector<GameRecord> games;  // pair 0 A first, pair 0 B first, pair 1 ... (a shard's pairs)
  int wins = 0, draws = 0, losses = 0;
  double score = 0, score_error = 0;  // A's score (0..1) and the half-width of its 95% interval
  double elo = 0, elo_error = 0;      // error: infinite with fewer than two pairs
  // Per move, over all games (total / moves), with the half-widths of 95% intervals from the
  // spread of the pairs' own figures; and B's per move over A's (the node and time ratios).
  double nodes_a_per_move = 0, nodes_b_per_move = 0, nodes_a_error = 0, nodes_b_error = 0;
  double ms_a_per_move = 0, ms_b_per_move = 0, ms_a_error = 0, ms_b_error = 0;
  int capped_a = 0, capped_b = 0;  // moves stopped by Budget::max_nodes, over all games
};

// Throws InputError for an unknown game or player, a bad budget or opening.
MatchResult run_match(const MatchSpec& spec);
// The figures (wins ... errors) of `games`, over the pairs they hold (a shard's, or all).
void summarise(MatchResult& out);

// `count` distinct openings: a few random legal moves from the start (chess and Othello 4
// plies, connect four 2, tic-tac-toe 1), drawn from the seed.
std::vector<std::string> random_openings(const std::string& game, int count, std::uint64_t seed);
// One position text per line ('#' comments and blank lines skipped); each must be a position
// of `game` that is not over. InputError: "openings file F, line N: ...".
std::vector<std::string> read_openings(const std::string& game, const std::string& path);
// "nodes=K", "depth=D", "limit=L", "time=MS" (or several, comma-separated).
Budget parse_budget(const std::string& text);

}  // namespace kibitz::match
