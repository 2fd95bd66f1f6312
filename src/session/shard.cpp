#include "session/shard.hpp"

#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

Shard parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  auto number = [&](const std::string& part) {
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    return part.empty() || *end || part[0] == '-' || part.size() > 6 ? -1L : v;
  };
  const long i = slash == std::string::npos ? -1 : number(text.substr(0, slash));
  const long n = slash == std::string::npos ? -1 : number(text.substr(slash + 1));
  if (i < 0 || n < 1 || n > 100000 || i >= n) {
    throw InputError(
        "--shard I/N: I from 0 to N-1 and N from 1 to 100000 (e.g. 0/4 .. 3/4), not '" + text +
        "'");
  }
  return Shard{static_cast<int>(i), static_cast<int>(n)};
}

void check_all_shards(const std::set<int>& seen, int count) {
  std::string missing;
  for (int i = 0; i < count; ++i)
    if (!seen.count(i))
      missing += (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(count);
  if (!missing.empty()) throw InputError("shards missing: " + missing);
}

}  // namespace kibitz
