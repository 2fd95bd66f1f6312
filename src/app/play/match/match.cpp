#include "app/play/match/match.hpp"
#include "core/file_io.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <limits>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "app/play/match/move_clock.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "session/domains.hpp"
#include "trace/kbz_file.hpp"

namespace kibitz::match {

namespace {

constexpr int k_default_max_plies = 300;

// The position text after `label` is played from `text` (docs/games.md forms).
std::string append_move(const std::string& game, const std::string& text,
                        const std::string& label) {
  if (game == "connect4") {
    // A sequence of columns grows in place; a board form takes a sequence after a space.
    if (text.empty() || text.find_first_not_of("1234567") == std::string::npos ||
        text.find(' ') != std::string::npos) {
      return text + label;
    }
    return text + " " + label;
  }
  if (text.find("moves") != std::string::npos) return text + " " + label;
  return text + (text.empty() ? "moves " : " moves ") + label;
}

// The state of a position: its legal moves' labels, and the result for the side to move once
// over (+1 won, 0 drawn, -1 lost).
struct Situation {
  std::vector<std::string> labels;
  int result = 0;
};

Situation situation(const std::string& game, const std::string& text) {
  return visit_game(game, text, [&](auto& g) {
    Situation s;
    std::vector<typename std::decay_t<decltype(g)>::Move> moves;
    g.moves(moves);
    for (const auto m : moves) s.labels.push_back(g.move_label(m));
    if (moves.empty()) {
      const Score v = g.evaluate();
      s.result = v > 0 ? 1 : v < 0 ? -1 : 0;
    }
    return s;
  });
}

GameRecord play(const MatchSpec& spec, MoveWatchdog& dog, int pair, bool a_first,
                const std::string& opening) {
  GameRecord r;
  r.pair = pair;
  r.a_first = a_first;
  r.opening = opening;
  Player a(parse_player(spec.a)), b(parse_player(spec.b));
  const int max_plies = spec.max_plies > 0 ? spec.max_plies : k_default_max_plies;
  std::string text = opening;
  for (int ply = 0;; ++ply) {
    const Situation s = situation(spec.game, text);
    const bool a_to_move = (ply % 2 == 0) == a_first;
    if (s.labels.empty()) {
      r.result = a_to_move ? s.result : -s.result;
      r.plies = ply;
      return r;
    }
    if (ply >= max_plies) {
      r.result = 0;
      r.adjudicated = true;
      r.plies = ply;
      return r;
    }
    Player& p = a_to_move ? a : b;
    MoveWatchdog::Move clock(dog);
    Budget budget = spec.budget;
    if (budget.seconds > 0) budget.stop = clock.stop();
    const MoveChoice c = p.choose(spec.game, text, budget);
    (a_to_move ? r.time_a_ns : r.time_b_ns) += clock.elapsed_ns();
    if (c.move_index < 0 || c.move_index >= static_cast<int>(s.labels.size())) {
      throw std::logic_error("a player chose move " + std::to_string(c.move_index) + " of " +
                             std::to_string(s.labels.size()));
    }
    (a_to_move ? r.nodes_a : r.nodes_b) += c.nodes;
    ++(a_to_move ? r.moves_a : r.moves_b);
    if (c.capped) ++(a_to_move ? r.capped_a : r.capped_b);
    const std::string& label = s.labels[static_cast<std::size_t>(c.move_index)];
    r.moves += (r.moves.empty() ? "" : " ") + label;
    text = append_move(spec.game, text, label);
  }
}

// The pairs the games hold, each once, in order (a shard's, or all).
std::vector<int> pairs_of(const std::vector<GameRecord>& games) {
  std::vector<int> pairs;
  for (const GameRecord& g : games) pairs.push_back(g.pair);
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

std::size_t slot_of(const std::vector<int>& pairs, int pair) {
  return static_cast<std::size_t>(std::lower_bound(pairs.begin(), pairs.end(), pair) -
                                  pairs.begin());
}

// Nodes and CPU time per move, with errors from the spread of the pairs' own per-move figures.
void summarise_cost(MatchResult& out, const std::vector<int>& pairs) {
  struct Sums {
    double nodes = 0, ns = 0, moves = 0;
  };
  std::vector<Sums> a(pairs.size()), b(a.size());
  Sums ta, tb;
  for (const GameRecord& g : out.games) {
    const std::size_t k = slot_of(pairs, g.pair);
    for (auto [s, nodes, ns, moves] :
         {std::tuple<Sums*, long long, std::int64_t, int>{&a[k], g.nodes_a, g.time_a_ns, g.moves_a},
          {&b[k], g.nodes_b, g.time_b_ns, g.moves_b},
          {&ta, g.nodes_a, g.time_a_ns, g.moves_a},
          {&tb, g.nodes_b, g.time_b_ns, g.moves_b}}) {
      s->nodes += static_cast<double>(nodes);
      s->ns += static_cast<double>(ns);
      s->moves += moves;
    }
  }
  auto per_move = [](const Sums& s, double Sums::*field, double scale) {
    return s.moves > 0 ? s.*field / s.moves / scale : 0.0;
  };
  auto spread = [&](const std::vector<Sums>& v, double Sums::*field, double scale) {
    std::vector<double> xs;
    for (const Sums& s : v)
      if (s.moves > 0) xs.push_back(per_move(s, field, scale));
    return error95(xs);
  };
  out.nodes_a_per_move = per_move(ta, &Sums::nodes, 1);
  out.nodes_b_per_move = per_move(tb, &Sums::nodes, 1);
  out.ms_a_per_move = per_move(ta, &Sums::ns, 1e6);
  out.ms_b_per_move = per_move(tb, &Sums::ns, 1e6);
  out.nodes_a_error = spread(a, &Sums::nodes, 1);
  out.nodes_b_error = spread(b, &Sums::nodes, 1);
  out.ms_a_error = spread(a, &Sums::ns, 1e6);
  out.ms_b_error = spread(b, &Sums::ns, 1e6);
}

}  // namespace

Budget parse_budget(const std::string& text) {
  Budget b;
  std::set<std::string> seen;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    pos = comma + 1;
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq),
                      value = eq == std::string::npos ? "" : item.substr(eq + 1);
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(value.c_str(), &end, 10);
    if (eq == std::string::npos || value.empty() || *end || errno == ERANGE || v <= 0) {
      throw InputError("budget '" + item +
                       "' should be nodes=K, depth=D, limit=L or time=MS with a positive integer");
    }
    if (!seen.insert(key).second) throw InputError("budget: " + key + " is given twice");
    if (key == "nodes")
      b.nodes = v;
    else if (key == "depth" && v <= 64)
      b.depth = static_cast<int>(v);
    else if (key == "limit" && v < 1'000'000'000)
      b.limit = v;
    else if (key == "time" && v <= 3'600'000)
      b.seconds = static_cast<double>(v) / 1000.0;
    else
      throw InputError("budget '" + item +
                       "' should be nodes=K, depth=D (at most 64), limit=L (below 10^9) or "
                       "time=MS (CPU milliseconds per move, at most an hour)");
    if (comma >= text.size()) break;
  }
  return b;
}

std::vector<std::string> random_openings(const std::string& game, int count, std::uint64_t seed) {
  const int plies = game == "chess" || game == "othello" ? 4 : game == "connect4" ? 2 : 1;
  Rng rng(mix64(seed ^ 0x0DDB1A5E5BAD5EEDull));
  std::vector<std::string> out;
  std::set<std::string> seen;
  // Distinct openings while there are enough (tic-tac-toe has only 9 after one ply).
  for (int tries = 0; static_cast<int>(out.size()) < count; ++tries) {
    std::string text;
    bool over = false;
    for (int i = 0; i < plies && !over; ++i) {
      const Situation s = situation(game, text);
      if (s.labels.empty()) {
        over = true;
        break;
      }
      text = append_move(game, text,
                         s.labels[static_cast<std::size_t>(
                             rng.uniform(0, static_cast<std::int64_t>(s.labels.size()) - 1))]);
    }
    if (over || situation(game, text).labels.empty()) continue;
    if (!seen.insert(text).second && tries < 50 * count) continue;
    out.push_back(text);
  }
  return out;
}

std::vector<std::string> read_openings(const std::string& game, const std::string& path) {
  const auto bytes = read_file_bytes(path);
  const std::string all(bytes.begin(), bytes.end());
  std::vector<std::string> out;
  std::size_t pos = 0;
  int line_no = 0;
  while (pos < all.size()) {
    std::size_t end = all.find('\n', pos);
    if (end == std::string::npos) end = all.size();
    std::string line = all.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    line.erase(0, line.find_first_not_of(" \t"));
    if (line.empty() || line[0] == '#') continue;
    try {
      if (situation(game, line).labels.empty()) throw InputError("the game is already over");
    } catch (const InputError& e) {
      throw InputError("openings file " + path + ", line " + std::to_string(line_no) + ": " +
                       e.what());
    }
    out.push_back(line);
  }
  if (out.empty()) throw InputError("openings file " + path + " has no openings");
  return out;
}

void summarise(MatchResult& out) {
  const std::vector<int> held = pairs_of(out.games);
  const int pairs = static_cast<int>(held.size());
  out.wins = out.draws = out.losses = out.capped_a = out.capped_b = 0;
  std::vector<double> pair_score(held.size(), 0.0);
  for (const GameRecord& g : out.games) {
    if (g.result > 0)
      ++out.wins;
    else if (g.result < 0)
      ++out.losses;
    else
      ++out.draws;
    pair_score[slot_of(held, g.pair)] += g.result > 0 ? 1.0 : g.result == 0 ? 0.5 : 0.0;
    out.capped_a += g.capped_a;
    out.capped_b += g.capped_b;
  }
  const double n = pairs;
  double sum = 0;
  for (double s : pair_score) sum += s / 2;
  out.score = sum / n;
  double var = 0;
  for (double s : pair_score) var += (s / 2 - out.score) * (s / 2 - out.score);
  // With one pair, or when every pair scored the same, the spread says nothing about the
  // error (it would read as zero): no estimate.
  const double se =
      pairs > 1 && var > 0 ? std::sqrt(var / (n - 1) / n) : std::numeric_limits<double>::infinity();
  const double t = t95(pairs - 1);  // Student's t: a few pairs give a wider interval
  out.score_error = t * se;
  // A score of 0 or 1 has no finite Elo: clamp to half a game from the end.
  const double eps = 0.25 / n;
  const double p = std::min(1 - eps, std::max(eps, out.score));
  out.elo = -400.0 * std::log10(1.0 / p - 1.0) + 0.0;  // + 0.0: an even score is 0, not -0
  out.elo_error = t * se * 400.0 / (std::log(10.0) * p * (1 - p));
  summarise_cost(out, held);
}

MatchResult run_match(const MatchSpec& spec) {
  if (spec.pairs < 1 || spec.pairs > 100000) throw InputError("pairs must be between 1 and 100000");
  if (spec.threads < 1 || spec.threads > 256) throw InputError("threads must be between 1 and 256");
  situation(spec.game, "");  // an unknown game fails here
  // Unknown players or options, or a player for another game, fail here, before any thread.
  Player(parse_player(spec.a)).check_game(spec.game);
  Player(parse_player(spec.b)).check_game(spec.game);
  const std::vector<std::string> openings =
      spec.openings.empty() ? random_openings(spec.game, spec.pairs, spec.seed) : spec.openings;
  std::vector<int> todo;  // the games played: every pair's two, or a shard's pairs'
  for (int i = 0; i < 2 * spec.pairs; ++i)
    if (spec.shard.has(static_cast<std::size_t>(i / 2))) todo.push_back(i);
  if (todo.empty()) {
    throw InputError("shard " + std::to_string(spec.shard.index) + "/" +
                     std::to_string(spec.shard.count) + " has no pairs: the match has " +
                     std::to_string(spec.pairs));
  }
  const int games = static_cast<int>(todo.size());
  MatchResult out;
  out.games.resize(todo.size());
  std::atomic<int> next{0};
  std::exception_ptr
      failure;  // the first game's failure, rethrown as it was (InputError stays one)
  std::atomic<bool> failed{false};
  const int threads = std::min(spec.threads, games);
  MoveWatchdog dog(static_cast<std::int64_t>(spec.budget.seconds * 1e9 + 0.5), threads);
  std::mutex progress_mutex;
  MatchProgress progress;
  progress.games = games;
  auto worker = [&]() {
    for (int k = next++; k < games && !failed; k = next++) {
      const int i = todo[static_cast<std::size_t>(k)], pair = i / 2;
      try {
        GameRecord& g = out.games[static_cast<std::size_t>(k)];
        g = play(spec, dog, pair, i % 2 == 0,
                 openings[static_cast<std::size_t>(pair) % openings.size()]);
        if (spec.progress) {
          std::lock_guard<std::mutex> lock(progress_mutex);
          ++progress.games_done;
          ++(g.result > 0 ? progress.wins : g.result < 0 ? progress.losses : progress.draws);
          spec.progress(progress);
        }
      } catch (...) {
        if (!failed.exchange(true)) failure = std::current_exception();
      }
    }
  };
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  worker();  // no threads in this build: the same games one after another
#else
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
#endif
  if (failed) std::rethrow_exception(failure);
  summarise(out);
  return out;
}

}  // namespace kibitz::match
