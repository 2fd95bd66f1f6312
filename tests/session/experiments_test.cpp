// The experiment runner: the same numbers for any thread count, run to the end or step by step,
// and run twice; the report's LB against a perfectly ordered alpha-beta; the SVG writer; bad
// input.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "core/error.hpp"
#include "games/random_tree.hpp"
#include "search/minimax.hpp"
#include "session/experiments/fe_experiments.hpp"
#include "session/experiments/svg.hpp"

using namespace kibitz;

namespace {

// Everything an experiment writes, as one string.
std::string everything(const ExperimentOutput& o) {
  std::string s = o.text + "\n" + o.json + "\n";
  for (const auto& [name, text] : o.csv) s += name + "\n" + text;
  for (const Chart& c : o.charts) s += chart_svg(c);
  return s;
}

std::string run(const std::string& name, ExperimentParams p, int threads) {
  auto job = make_experiment(name, p);
  int calls = 0;
  job->run(threads, [&](const ExperimentJob&) { ++calls; });
  CHECK(job->finished());
  CHECK(calls >= 1);
  return everything(job->output());
}

std::string run_stepwise(const std::string& name, ExperimentParams p, std::size_t units) {
  auto job = make_experiment(name, p);
  int steps = 0;
  while (!job->finished()) {
    job->step(units);
    ++steps;
    REQUIRE(steps < 100'000);
  }
  return everything(job->output());
}

// Alpha-beta (criterion >=) with successors in perfect order, best first by their minimax
// values; counts successors reached.
long long perfect_alphabeta(RandomTreeGame& g, int depth, Score alpha, Score beta) {
  std::vector<RandomTreeGame::Move> moves;
  if (depth > 0) g.moves(moves);
  if (moves.empty()) return 0;
  std::vector<std::pair<Score, RandomTreeGame::Move>> order;
  NullSink sink;
  for (auto m : moves) {
    g.make(m);
    Minimax<RandomTreeGame> mm(g, sink);
    order.push_back({mm.run(depth - 1), m});  // the successor's own value: lowest is best for us
    g.unmake(m);
  }
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  long long count = 0;
  Score best = -k_score_inf;
  for (const auto& [v, m] : order) {
    ++count;
    g.make(m);
    (void)v;
    // The value of the subtree is -v whatever the window; count the subtree's own search.
    const long long below = perfect_alphabeta(g, depth - 1, -beta, -std::max(alpha, best));
    g.unmake(m);
    count += below;
    best = std::max(best, static_cast<Score>(-v));
    if (best >= beta) break;
  }
  return count;
}

}  // namespace

TEST_CASE(
    "fe-table1 gives the same output on 1, 2 and 3 threads, step by step, and when run again") {
  ExperimentParams p;
  p.trials = 12;
  p.seed = 5;
  const std::string one = run("fe-table1", p, 1);
  CHECK(one == run("fe-table1", p, 2));
  CHECK(one == run("fe-table1", p, 3));
  CHECK(one == run("fe-table1", p, 1));
  CHECK(one == run_stepwise("fe-table1", p, 5));
  CHECK(one.find("\"rows\":[{\"depth\":1,\"algo\":\"fe-exact\",\"decision_quality\":") !=
        std::string::npos);
  CHECK(one.find("18387.580") != std::string::npos);  // the report's column beside ours
  // Another seed gives other trees.
  p.seed = 6;
  CHECK(one != run("fe-table1", p, 2));
}

TEST_CASE("fe-figure1, fe-figure2 and fe-games do not depend on the thread count") {
  ExperimentParams p;
  p.small = true;
  p.trials = 3;
  CHECK(run("fe-figure1", p, 1) == run("fe-figure1", p, 2));
  CHECK(run("fe-figure2", p, 1) == run_stepwise("fe-figure2", p, 2));
  ExperimentParams g;
  g.trials = 4;
  g.max_horizon = 2;
  g.domain = "random";
  const std::string a = run("fe-games", g, 1);
  CHECK(a == run("fe-games", g, 2));
  CHECK(a == run_stepwise("fe-games", g, 3));
  CHECK(a.find("\"ab_horizon\":2") != std::string::npos);
  g.domain = "othello";
  g.max_horizon = 1;
  const std::string o = run("fe-games", g, 2);
  CHECK(o == run("fe-games", g, 1));
  CHECK(o.find("\"domain\":\"othello\"") != std::string::npos);
}

TEST_CASE("LB: Knuth and Moore's minimal tree is what a perfectly ordered alpha-beta generates") {
  for (int b : {2, 3, 4}) {
    for (int d = 1; d <= 6; ++d) {
      RandomTreeParams p;
      p.b = b;
      p.d = d;
      p.lo = -32767;
      p.hi = 32768;
      p.seed = static_cast<std::uint64_t>(b * 100 + d);
      RandomTreeGame g(p);
      INFO("b=" << b << " d=" << d);
      CHECK(static_cast<double>(perfect_alphabeta(g, d, -k_score_inf, k_score_inf)) ==
            perfect_ordering_nodes(b, d));
    }
  }
  CHECK(perfect_ordering_nodes(5, 1) == 5);
  CHECK(perfect_ordering_nodes(5, 2) == 5 + 9);
}

TEST_CASE("experiment names and parameters are checked") {
  ExperimentParams p;
  CHECK_THROWS_WITH_AS(make_experiment("fe-table2", p),
                       doctest::Contains("unknown experiment 'fe-table2'"), InputError);
  p.trials = -1;
  CHECK_THROWS_AS(make_experiment("fe-table1", p), InputError);
  p.trials = 0;
  p.domain = "chess";
  CHECK_THROWS_WITH_AS(make_experiment("fe-games", p), doctest::Contains("random or othello"),
                       InputError);
  p.domain = "";
  p.max_horizon = 3;
  CHECK_THROWS_WITH_AS(make_experiment("fe-table1", p), doctest::Contains("apply to fe-games"),
                       InputError);
  CHECK(experiment_names().size() == 4);
}

TEST_CASE("charts: log axes at powers of ten, SVG with one polyline per series") {
  Chart c;
  c.id = "t";
  c.title = "a <title> & more";
  c.log_y = true;
  ChartSeries s;
  s.name = "ours";
  s.x = {1, 2, 3};
  s.y = {5, 170, 20000};
  c.series.push_back(s);
  s.name = "report";
  s.dashed = true;
  c.series.push_back(s);
  const ChartAxis y = chart_y_axis(c);
  CHECK(y.lo == 1);
  CHECK(y.hi == 100000);
  CHECK(y.ticks.size() == 6);
  CHECK(y.map(1000) == doctest::Approx(0.6));
  const ChartAxis x = chart_x_axis(c);
  CHECK(x.lo <= 1);
  CHECK(x.hi >= 3);
  const std::string svg = chart_svg(c);
  CHECK(svg.rfind("<svg", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(std::count(svg.begin(), svg.end(), '\n') > 20);
  std::size_t lines = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos;
       at = svg.find("<polyline", at + 1))
    ++lines;
  CHECK(lines == 2);
  CHECK(svg.find("a &lt;title&gt; &amp; more") != std::string::npos);
  CHECK(svg.find("stroke-dasharray") != std::string::npos);
}
