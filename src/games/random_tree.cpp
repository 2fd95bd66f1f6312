#include "games/random_tree.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <utility>

#include "core/error.hpp"

namespace kibitz {

void RandomTreeParams::validate() const {
  auto bad = [](const std::string& what) { throw InputError("random tree: " + what); };
  if ((b > 0) == (B > 0)) bad("give exactly one of b (uniform branching) and B (random 1..B)");
  if (b < 0 || B < 0) bad("branching must be positive");
  if (b > k_max_branching || B > k_max_branching) {
    bad("branching above " + std::to_string(k_max_branching) + " is not supported");
  }
  if (root < 0 || root > k_max_branching) {
    bad("root branching must be in 1.." + std::to_string(k_max_branching));
  }
  if (d < 0 || d > k_max_depth) bad("depth d must be in 0.." + std::to_string(k_max_depth));
  // Each bound in the score range first, so that nothing below can overflow.
  for (const auto& [name, v] : {std::pair<const char*, std::int64_t>{"lo", lo}, {"hi", hi}}) {
    if (v < -k_score_eval_max || v > k_score_eval_max) {
      bad(std::string(name) + "=" + std::to_string(v) + " is outside the score range (-" +
          std::to_string(k_score_eval_max) + ".." + std::to_string(k_score_eval_max) + ")");
    }
  }
  if (lo > hi) bad("lo=" + std::to_string(lo) + " is above hi=" + std::to_string(hi));
  if (hi - lo >= (std::int64_t{1} << 32)) bad("the edge range hi - lo must be below 2^32");
  const std::int64_t extreme = std::max(std::llabs(lo), std::llabs(hi)) * std::max(d, 1);
  if (extreme >= k_score_eval_max) {
    bad("edge costs times depth reach " + std::to_string(extreme) + ", beyond the score range (" +
        std::to_string(k_score_eval_max) + ")");
  }
}

std::string RandomTreeParams::to_text() const {
  std::ostringstream s;
  if (b > 0)
    s << "b=" << b;
  else
    s << "B=" << B;
  if (root > 0) s << ",root=" << root;
  s << ",d=" << d << ",lo=" << lo << ",hi=" << hi << ",seed=" << seed;
  return s.str();
}

RandomTreeParams RandomTreeParams::parse(const std::string& text) {
  RandomTreeParams p;
  bool have_lo = false, have_hi = false;
  bool have_d = false;
  std::vector<std::string> seen;  // the keys given, each once
  std::size_t pos = 0;
  if (text.empty()) throw InputError("random tree: empty parameter list (try b=5,d=10,seed=1)");
  while (pos <= text.size()) {
    std::size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(pos, comma - pos);
    pos = comma + 1;
    if (item.empty()) {
      if (comma >= text.size()) break;
      continue;
    }
    std::size_t eq = item.find('=');
    if (eq == std::string::npos) {
      throw InputError("random tree: '" + item + "' should be name=value (e.g. d=10)");
    }
    std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      throw InputError("random tree: " + key + " is given twice (in " + text + ")");
    seen.push_back(key);
    char* end = nullptr;
    errno = 0;
    long long v = 0;
    unsigned long long u = 0;
    if (key == "seed") {
      u = std::strtoull(value.c_str(), &end, 10);
    } else {
      v = std::strtoll(value.c_str(), &end, 10);
    }
    if (key == "seed" && !value.empty() && value[0] == '-')
      throw InputError("random tree: " + item + ": the seed is a whole number, 0 or more");
    if (!value.empty() && *end == '\0' && errno == ERANGE)
      throw InputError("random tree: " + item + ": the number is too large");
    if (value.empty() || *end != '\0' || errno == ERANGE) {
      throw InputError("random tree: '" + value + "' is not an integer (in " + item + ")");
    }
    if ((key == "b" || key == "B") && v == 0)
      throw InputError("random tree: " + item + ": the branching is at least 1");
    auto small = [&](int& field) {
      if (v < 0 || v > 1'000'000) throw InputError("random tree: " + item + " is out of range");
      field = static_cast<int>(v);
    };
    if (key == "b")
      small(p.b);
    else if (key == "B")
      small(p.B);
    else if (key == "root")
      small(p.root);
    else if (key == "d") {
      small(p.d);
      have_d = true;
    } else if (key == "lo") {
      p.lo = v;
      have_lo = true;
    } else if (key == "hi") {
      p.hi = v;
      have_hi = true;
    } else if (key == "seed")
      p.seed = u;
    else
      throw InputError("random tree: unknown parameter '" + key +
                       "' (b, B, root, d, lo, hi, seed)");
    if (comma >= text.size()) break;
  }
  if (!have_d) throw InputError("random tree: the depth d is missing (e.g. d=10)");
  (void)have_lo;
  (void)have_hi;
  p.validate();
  return p;
}

RandomTreeGame::RandomTreeGame(const RandomTreeParams& p)
    : m_params(p), m_range(static_cast<std::uint64_t>(p.hi - p.lo) + 1) {
  m_stack.reserve(static_cast<std::size_t>(p.d) + 2);
  m_stack.push_back(Frame{mix64(p.seed), 0, 0, 0});
}

std::string RandomTreeGame::position_text() const {
  std::string s = "path ";
  if (m_stack.size() == 1) s += "(root)";
  for (std::size_t i = 1; i < m_stack.size(); ++i) {
    if (i > 1) s += '.';
    s += std::to_string(m_stack[i].index);
  }
  s += ", cost " + std::to_string(m_stack.back().cost);
  return s;
}

}  // namespace kibitz
