// Practice trees for the quiz: bracket trees made from a seed, so that a teacher hands a whole
// class the same quiz in a link (practice=b=3,d=3,lo=0,hi=20,seed=7), the same tree natively and
// in the page (core/rng.hpp: no floating point). "Interesting" trees are ones alpha-beta prunes:
// the seed's first tree that does (trying the next variant of the seed, up to 64).
#pragma once

#include <cstdint>
#include <string>

namespace kibitz {

struct PracticeSpec {
  int branching = 3;    // successors of each inner node (2..5)
  int depth = 3;        // levels below the root (1..5)
  int lo = 0, hi = 20;  // leaf values, inclusive (-999..999)
  std::uint64_t seed = 1;
  bool vary = false;        // each inner node 2..branching successors, not all branching
  bool interesting = true;  // one that alpha-beta prunes

  // "b=3,d=3,lo=0,hi=20,seed=7[,vary][,plain]"; throws InputError naming a bad part.
  static PracticeSpec parse(const std::string& text);
  std::string to_text() const;
};

// The practice tree's bracket text: "((3 12 8) (2 4 6) (14 5 2))".
std::string practice_tree(const PracticeSpec& p);

}  // namespace kibitz
