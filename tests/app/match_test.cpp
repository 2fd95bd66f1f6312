// kibitz match: players, budgets, openings, determinism whatever the threads, the statistics.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>

#include "app/play/match/match.hpp"
#include "core/error.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/play.hpp"

using namespace kibitz;
using namespace kibitz::match;

TEST_CASE("a match is the same whatever the number of threads") {
  MatchSpec spec;
  spec.game = "connect4";
  spec.a = "interest:depth=5";
  spec.b = "alphabeta:depth=5";
  spec.pairs = 6;
  spec.seed = 3;
  spec.threads = 1;
  const MatchResult one = run_match(spec);
  spec.threads = 3;
  const MatchResult three = run_match(spec);
  REQUIRE(one.games.size() == 12);
  REQUIRE(three.games.size() == 12);
  for (std::size_t i = 0; i < one.games.size(); ++i) {
    CHECK(one.games[i].moves == three.games[i].moves);
    CHECK(one.games[i].result == three.games[i].result);
    CHECK(one.games[i].nodes_a == three.games[i].nodes_a);
  }
  CHECK(one.wins + one.draws + one.losses == 12);
  CHECK(one.score == three.score);
  // Each opening is played twice with the first move swapped.
  for (int p = 0; p < spec.pairs; ++p) {
    const GameRecord& g0 = one.games[static_cast<std::size_t>(2 * p)];
    const GameRecord& g1 = one.games[static_cast<std::size_t>(2 * p + 1)];
    CHECK(g0.opening == g1.opening);
    CHECK(g0.a_first);
    CHECK_FALSE(g1.a_first);
  }
  // Another seed, other openings.
  spec.seed = 4;
  CHECK(run_match(spec).games[0].opening != one.games[0].opening);
}

TEST_CASE("a player against itself scores half; the statistics follow the pairs") {
  MatchSpec spec;
  spec.game = "tictactoe";
  spec.a = "alphabeta:depth=9";
  spec.b = "alphabeta:depth=9";
  spec.pairs = 4;
  const MatchResult r = run_match(spec);
  CHECK(r.draws == 8);  // perfect play draws
  CHECK(r.score == doctest::Approx(0.5));
  CHECK(r.elo == doctest::Approx(0.0));
  // Every pair scored the same: the spread gives no error estimate (not a zero error).
  CHECK_FALSE(std::isfinite(r.score_error));
  CHECK_FALSE(std::isfinite(r.elo_error));
  CHECK(r.nodes_a_per_move == doctest::Approx(r.nodes_b_per_move));
}

TEST_CASE("the score's error is Student's t over the pairs' scores") {
  MatchSpec spec;
  spec.game = "tictactoe";
  spec.a = "alphabeta:depth=1";
  spec.b = "alphabeta:depth=2";
  spec.pairs = 6;
  const MatchResult r = run_match(spec);
  std::vector<double> pair(static_cast<std::size_t>(spec.pairs), 0.0);
  for (const GameRecord& g : r.games)
    pair[static_cast<std::size_t>(g.pair)] += (g.result > 0 ? 1.0 : g.result == 0 ? 0.5 : 0.0) / 2;
  double mean = 0, var = 0;
  for (double p : pair) mean += p / spec.pairs;
  for (double p : pair) var += (p - mean) * (p - mean) / (spec.pairs - 1);
  REQUIRE(var > 0);  // the openings must give the pairs different scores
  CHECK(r.score == doctest::Approx(mean));
  CHECK(r.score_error == doctest::Approx(2.571 * std::sqrt(var / spec.pairs)).epsilon(1e-3));
}

TEST_CASE("budgets: nodes per move bound what a player searches") {
  MatchSpec spec;
  spec.game = "othello";
  spec.a = "interest:depth=6,ext=1";
  spec.b = "alphabeta";
  spec.pairs = 2;
  spec.budget = parse_budget("nodes=400");
  const MatchResult r = run_match(spec);
  for (const GameRecord& g : r.games) {
    CHECK(g.nodes_a <= 400LL * g.moves_a);
    CHECK(g.nodes_b <= 400LL * g.moves_b);
  }
  CHECK(r.nodes_a_per_move > 200);  // the budget is used, not ignored
  // A depth budget replaces the players' own depth: one ply is the root and its successors.
  spec.budget = parse_budget("depth=1");
  spec.a = "interest:limit=inf";
  const MatchResult d1 = run_match(spec);
  for (const GameRecord& g : d1.games) {
    CHECK(g.nodes_b <= 33LL * g.moves_b);
    CHECK(g.nodes_a <= 33LL * g.moves_a);
  }
  spec.budget = parse_budget("depth=3");
  CHECK(run_match(spec).nodes_b_per_move > 2 * d1.nodes_b_per_move);
  CHECK(parse_budget("limit=5000").limit == 5000);
  CHECK(parse_budget("nodes=10,depth=3").depth == 3);
}

TEST_CASE("a cap on every move's nodes ends players that would search for ever") {
  MatchSpec spec;
  spec.game = "chess";
  spec.pairs = 1;
  spec.max_plies = 4;
  spec.budget.max_nodes = 5000;
  for (const char* player :
       {"alphabeta:depth=64", "interest:depth=64,limit=inf", "greenblatt:depth=64"}) {
    CAPTURE(player);
    spec.a = player;
    spec.b = "alphabeta:depth=1";
    const MatchResult r = run_match(spec);
    CHECK(r.capped_a == 4);  // every move of A's two games reached the cap
    CHECK(r.capped_b == 0);
    for (const GameRecord& g : r.games) CHECK(g.nodes_a <= 2 * (5000 + 64));  // give or take a leaf
  }
  // A node budget (deepen until spent) larger than the cap is capped too; a smaller one is not.
  spec.a = "alphabeta";
  spec.budget.nodes = 100000;
  MatchResult r = run_match(spec);
  CHECK(r.capped_a == 4);
  for (const GameRecord& g : r.games) CHECK(g.nodes_a <= 2 * (5000 + 64));
  spec.budget.nodes = 2000;
  r = run_match(spec);
  CHECK(r.capped_a == 0);
  spec.budget.nodes = 0;
  // The same move whatever the run: a node cap is deterministic.
  spec.a = "alphabeta:depth=64";
  CHECK(run_match(spec).games[0].moves == run_match(spec).games[0].moves);
}

TEST_CASE("match input errors are one-line InputErrors") {
  MatchSpec spec;
  spec.game = "chess";
  spec.a = "interest";
  spec.b = "alphabeta";
  spec.pairs = 1;
  // Player A as written, and what the message must say.
  const std::pair<const char*, const char*> players[] = {
      {"minimaxx", "unknown player 'minimaxx'"},
      {"interest:depth=4,colour=red", "unknown option 'colour'"},
      {"interest:tallies=both", "tallies must be split or joint"},
      {"interest:depth", "should be key=value"},
      {"interest:limit=10,start=5", "give one of limit="},
      {"alphabeta:depth=0", "depth must be an integer from 1 to 64"},
      {"interest:cap=maybe",
       "player interest:cap=maybe: cap must be auto, depth or none, not 'maybe'"},
      {"interest:cap=none,ext=1",
       "player interest:cap=none,ext=1: cap=none cannot take an extension"},
      {"interest:cap=none,limit=inf",
       "player interest:cap=none,limit=inf: cap=none needs finite interest limits"},
  };
  for (const auto& p : players) {
    MatchSpec s = spec;
    s.a = p.first;
    CHECK_THROWS_WITH_AS(run_match(s), doctest::Contains(p.second), InputError);
  }
  MatchSpec s = spec;
  s.game = "go";
  CHECK_THROWS_WITH_AS(run_match(s), doctest::Contains("unknown game 'go'"), InputError);
  const std::pair<const char*, const char*> budgets[] = {
      {"nodes=-5", "positive integer"},   {"speed=5", "nodes=K, depth=D"},
      {"time=0", "positive integer"},     {"time=4000000", "at most an hour"},
      {"nodes=5,nodes=6", "given twice"},
  };
  for (const auto& b : budgets)
    CHECK_THROWS_WITH_AS(parse_budget(b.first), doctest::Contains(b.second), InputError);
  const std::string path = "match_test_openings.txt";
  {
    std::ofstream f(path);
    f << "# two openings and a bad one\nmoves e4 e5\n\nstartpos moves d4\nmoves e4 e4\n";
  }
  CHECK_THROWS_WITH_AS(
      read_openings("chess", path),
      doctest::Contains("openings file match_test_openings.txt, line 5: move 2 'e4'"), InputError);
  {
    std::ofstream f(path);
    f << "moves e4 e5\nstartpos moves d4\n";
  }
  CHECK(read_openings("chess", path).size() == 2);
  std::remove(path.c_str());
}

TEST_CASE("interest players: uncapped by default, iterations added, the cap on request") {
  MatchSpec spec;
  spec.game = "tictactoe";
  spec.pairs = 2;
  spec.a = "interest:depth=2,start=1000,factor=2";
  spec.b = "interest:depth=2,start=1000,factor=2,cap=depth";
  const MatchResult r = run_match(spec);
  // Uncapped, lines run past the nominal depth 2: more nodes than the capped player's.
  CHECK(r.nodes_a_per_move > r.nodes_b_per_move);
  // An iteration more (at the last nominal depth, the limit doubled) searches more.
  spec.b = "interest:depth=2,start=1000,factor=2,iterations=3";
  const MatchResult more = run_match(spec);
  CHECK(more.nodes_b_per_move > more.nodes_a_per_move);
  // Interest off (an infinite limit) is capped at the depth under auto, as before.
  spec.b = "interest:depth=2,limit=inf";
  spec.a = "interest:depth=2,limit=inf,cap=depth";
  const MatchResult off = run_match(spec);
  CHECK(off.nodes_a_per_move == doctest::Approx(off.nodes_b_per_move));
}

TEST_CASE("time budgets stop every move; CPU time per move is measured; progress is reported") {
  MatchSpec spec;
  spec.game = "othello";
  spec.a = "alphabeta";
  spec.b = "interest:start=250,factor=1.5";
  spec.pairs = 1;
  spec.threads = 2;
  spec.budget = parse_budget("time=20");
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  // No threads for the watchdog: refused with a message, not a hang.
  CHECK_THROWS_WITH_AS(run_match(spec), doctest::Contains("a time budget needs threads"),
                       InputError);
  return;
#endif
  std::vector<MatchProgress> seen;
  spec.progress = [&](const MatchProgress& p) { seen.push_back(p); };
  const MatchResult r = run_match(spec);
  REQUIRE(seen.size() == 2);
  CHECK(seen.back().games_done == 2);
  CHECK(seen.back().games == 2);
  CHECK(seen.back().wins + seen.back().draws + seen.back().losses == 2);
  CHECK(r.ms_a_per_move > 0);
  CHECK(r.ms_b_per_move > 0);
  // The budget is spent (both deepen while time remains) and the searches stop near it: a
  // generous bound on CPU time, which the watchdog reads every millisecond.
  CHECK(r.ms_a_per_move > 5);
  CHECK(r.ms_a_per_move < 60);
  CHECK(r.ms_b_per_move < 60);
  // Without a time budget the players keep their own depth: far fewer nodes than in 20 ms.
  spec.budget = Budget{};
  spec.a = "alphabeta:depth=1";
  spec.progress = nullptr;
  CHECK(run_match(spec).nodes_a_per_move < r.nodes_a_per_move);
}

TEST_CASE("every playing algorithm plays a match; PVS plays tic-tac-toe perfectly") {
  // PVS searches the whole game as alpha-beta does: perfect play against perfect play draws.
  MatchSpec spec;
  spec.game = "tictactoe";
  spec.a = "pvs:depth=9";
  spec.b = "alphabeta:depth=9";
  spec.pairs = 3;
  const MatchResult r = run_match(spec);
  CHECK(r.draws == 6);
  CHECK(r.nodes_a_per_move > 0);
  // Every algorithm the registry says plays is a match player, with no match code of its own:
  // chess for the Greenblatt program (it plays chess only), connect four for the others.
  for (const AlgorithmEntry* e : playing_algorithms()) {
    CAPTURE(e->name);
    MatchSpec m;
    m.game = std::string(e->name) == "greenblatt" ? "chess" : "connect4";
    m.a = std::string(e->name) + ":depth=2";
    m.b = "alphabeta:depth=2";
    m.pairs = 1;
    m.max_plies = 12;
    const MatchResult g = run_match(m);
    REQUIRE(g.games.size() == 2);
    CHECK(g.wins + g.draws + g.losses == 2);
    CHECK(g.nodes_a_per_move > 0);
    for (const GameRecord& game : g.games) CHECK_FALSE(game.moves.empty());
  }
}
