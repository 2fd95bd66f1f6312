// Practice trees (practice_tree.hpp): values from the seed's generator, kept when alpha-beta
// (the engine's own, over the bracket tree) cuts off at least once.
#include "app/viewer_app/practice_tree.hpp"

#include <cstdlib>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "session/run.hpp"

namespace kibitz {

namespace {

void subtree(const PracticeSpec& p, Rng& rng, int depth, std::string& out) {
  if (depth == 0) {
    out += std::to_string(rng.uniform(p.lo, p.hi));
    return;
  }
  const int b = p.vary ? static_cast<int>(rng.uniform(2, p.branching)) : p.branching;
  out += '(';
  for (int k = 0; k < b; ++k) {
    if (k) out += ' ';
    subtree(p, rng, depth - 1, out);
  }
  out += ')';
}

long long cutoffs_of(const std::string& tree) {
  SearchSpec spec;
  spec.tree = tree;
  spec.algo = "alphabeta";
  return run_search(spec, false).stats.cutoffs;
}

int number(const std::string& key, const std::string& v, int lo, int hi) {
  char* end = nullptr;
  const long x = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end || x < lo || x > hi)
    throw InputError("practice: " + key + " must be " + std::to_string(lo) + ".." +
                     std::to_string(hi) + ", not '" + v + "'");
  return static_cast<int>(x);
}

}  // namespace

PracticeSpec PracticeSpec::parse(const std::string& text) {
  PracticeSpec p;
  std::vector<std::string> seen;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t end = text.find(',', at);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(at, end - at);
    at = end + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq),
                      v = eq == std::string::npos ? "" : item.substr(eq + 1);
    for (const std::string& k : seen)
      if (k == key) throw InputError("practice: " + key + " is given twice");
    seen.push_back(key);
    if (key == "b")
      p.branching = number(key, v, 2, 5);
    else if (key == "d")
      p.depth = number(key, v, 1, 5);
    else if (key == "lo")
      p.lo = number(key, v, -999, 999);
    else if (key == "hi")
      p.hi = number(key, v, -999, 999);
    else if (key == "seed")
      p.seed = static_cast<std::uint64_t>(number(key, v, 0, 999999999));
    else if (key == "vary" && eq == std::string::npos)
      p.vary = true;
    else if (key == "plain" && eq == std::string::npos)
      p.interesting = false;
    else
      throw InputError("practice: '" + item + "' is not b=, d=, lo=, hi=, seed=, vary or plain");
  }
  if (p.lo >= p.hi) throw InputError("practice: lo must be below hi");
  return p;
}

std::string PracticeSpec::to_text() const {
  return "b=" + std::to_string(branching) + ",d=" + std::to_string(depth) +
         ",lo=" + std::to_string(lo) + ",hi=" + std::to_string(hi) +
         ",seed=" + std::to_string(seed) + (vary ? ",vary" : "") + (interesting ? "" : ",plain");
}

std::string practice_tree(const PracticeSpec& p) {
  std::string tree;
  for (std::uint64_t attempt = 0; attempt < 64; ++attempt) {
    Rng rng(mix64(p.seed * 64 + attempt));
    tree.clear();
    subtree(p, rng, p.depth, tree);
    if (!p.interesting || cutoffs_of(tree) > 0) break;
  }
  return tree;
}

}  // namespace kibitz
