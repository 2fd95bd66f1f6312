#include <doctest/doctest.h>

#include <set>

#include "core/error.hpp"
#include "games/random_tree.hpp"
#include "search/minimax.hpp"

using namespace kibitz;

namespace {

// Visits every node, checking branching and edge ranges; returns the node count.
long long walk(RandomTreeGame& g, const RandomTreeParams& p, long long& cost_sum) {
  std::vector<RandomTreeGame::Move> moves;
  g.moves(moves);
  long long n = 1;
  if (g.depth() == p.d)
    CHECK(moves.empty());
  else if (g.depth() == 0 && p.root > 0)
    CHECK(moves.size() == static_cast<std::size_t>(p.root));
  else if (p.b > 0)
    CHECK(moves.size() == static_cast<std::size_t>(p.b));
  else
    CHECK((moves.size() >= 1 && moves.size() <= static_cast<std::size_t>(p.B)));
  for (auto m : std::vector<RandomTreeGame::Move>(moves)) {
    const std::int64_t before = g.cost();
    g.make(m);
    const std::int64_t edge = g.cost() - before;
    CHECK(edge >= p.lo);
    CHECK(edge <= p.hi);
    cost_sum += edge;
    n += walk(g, p, cost_sum);
    g.unmake(m);
  }
  return n;
}

}  // namespace

TEST_CASE("random trees respect branching, depth and edge ranges") {
  for (const char* text : {"b=3,d=5,lo=-10,hi=10,seed=1", "B=5,d=5,lo=0,hi=3,seed=2",
                           "B=9,root=5,d=4,lo=-32767,hi=32768,seed=3"}) {
    const RandomTreeParams p = RandomTreeParams::parse(text);
    RandomTreeGame g(p);
    long long cost_sum = 0;
    const long long nodes = walk(g, p, cost_sum);
    if (p.b == 3) CHECK(nodes == 1 + 3 + 9 + 27 + 81 + 243);
    CHECK(nodes > 1);
  }
}

TEST_CASE("the same seed gives the same tree, another seed another") {
  const RandomTreeParams a = RandomTreeParams::parse("B=7,d=6,seed=11");
  RandomTreeGame g1(a), g2(a);
  NullSink sink;
  Minimax<RandomTreeGame> m1(g1, sink), m2(g2, sink);
  const Score v1 = m1.run(100), v2 = m2.run(100);
  CHECK(v1 == v2);
  CHECK(m1.stats().nodes == m2.stats().nodes);
  std::set<long long> sizes;
  for (int seed = 1; seed <= 8; ++seed) {
    RandomTreeParams p = a;
    p.seed = static_cast<std::uint64_t>(seed);
    RandomTreeGame g(p);
    Minimax<RandomTreeGame> m(g, sink);
    m.run(100);
    sizes.insert(m.stats().nodes);
  }
  CHECK(sizes.size() > 4);
}

TEST_CASE("the generator's bits are fixed: a golden tree") {
  // These values pin the hash functions: any change to them changes every random tree, every
  // bench signature and every saved experiment, so it must be deliberate.
  const RandomTreeParams p = RandomTreeParams::parse("B=9,root=5,d=3,lo=-16383,hi=16384,seed=1");
  RandomTreeGame g(p);
  NullSink sink;
  Minimax<RandomTreeGame> m(g, sink);
  const Score v = m.run(100);
  MESSAGE("golden random tree: value " << v << ", nodes " << m.stats().nodes);
  CHECK(m.stats().nodes == 150);
  CHECK(v == 11842);
}

TEST_CASE("a deep random tree needs no memory") {
  const RandomTreeParams p = RandomTreeParams::parse("b=2,d=1000,lo=-10,hi=10,seed=5");
  RandomTreeGame g(p);
  std::vector<RandomTreeGame::Move> moves;
  for (int i = 0; i < 1000; ++i) {
    g.moves(moves);
    REQUIRE(moves.size() == 2);
    g.make(moves[static_cast<std::size_t>(i % 2)]);
  }
  g.moves(moves);
  CHECK(moves.empty());
  CHECK(g.depth() == 1000);
}

TEST_CASE("random tree parameters are checked") {
  auto err = [](const char* text) {
    try {
      RandomTreeParams::parse(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(err("b=5") == "random tree: the depth d is missing (e.g. d=10)");
  CHECK(err("d=5") == "random tree: give exactly one of b (uniform branching) and B (random 1..B)");
  CHECK(err("b=5,B=3,d=2") ==
        "random tree: give exactly one of b (uniform branching) and B (random 1..B)");
  CHECK(err("b=5,d=5,lo=10,hi=1") == "random tree: lo=10 is above hi=1");
  CHECK(err("b=5,d=x") == "random tree: 'x' is not an integer (in d=x)");
  CHECK(err("b=2,d=3,seed=18446744073709551616") ==
        "random tree: seed=18446744073709551616: the number is too large");
  CHECK(err("b=0,d=3") == "random tree: b=0: the branching is at least 1");
  CHECK(err("B=0,d=3") == "random tree: B=0: the branching is at least 1");
  CHECK(err("b=2,d=3,seed=-1") == "random tree: seed=-1: the seed is a whole number, 0 or more");
  CHECK(err("b=5,d=5,q=1") == "random tree: unknown parameter 'q' (b, B, root, d, lo, hi, seed)");
  CHECK(err("b=5,d=5,seed") == "random tree: 'seed' should be name=value (e.g. d=10)");
  CHECK(err("b=100000,d=5") == "random tree: branching above 4096 is not supported");
  CHECK(err("b=2,d=1000,lo=-1000000,hi=1000000").find("beyond the score range") !=
        std::string::npos);
  CHECK(err("b=5,d=10,lo=-16383,hi=16384,seed=1").empty());
  // Extreme bounds are refused before any arithmetic on them (issue 18's F2: they overflowed).
  CHECK(err("B=4,d=0,hi=9223372036854775805") ==
        "random tree: hi=9223372036854775805 is outside the score range "
        "(-50000000..50000000)");
  CHECK(err("b=2,d=2,lo=-9223372036854775807,hi=5").find("lo=-9223372036854775807 is outside") !=
        std::string::npos);
  CHECK(err("b=2,d=2,lo=-9223372036854775808,hi=-9223372036854775808")
            .find("is outside the score range") != std::string::npos);
  CHECK(err("b=2,d=1,lo=-50000000,hi=50000000").find("beyond the score range") !=
        std::string::npos);
  CHECK(RandomTreeParams::parse("B=9,root=5,d=10,lo=-3,hi=4,seed=77").to_text() ==
        "B=9,root=5,d=10,lo=-3,hi=4,seed=77");
}
