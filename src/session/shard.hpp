// A part of an experiment's trials or a match's pairs, for runs split across machines
// (docs/experiments.md): shard `index` of `count` runs the trials (pairs) i with
// i % count == index; `kibitz merge` puts the shards together into the output one run gives.
#pragma once

#include <cstddef>
#include <set>
#include <string>

namespace kibitz {

struct Shard {
  int index = 0, count = 1;
  bool has(std::size_t i) const {
    return static_cast<int>(i % static_cast<std::size_t>(count)) == index;
  }
  bool whole() const { return count == 1; }
};

// Throws InputError "shards missing: 1/4, 3/4" unless `seen` holds every index below `count`
// (kibitz merge, for experiments and matches alike).
void check_all_shards(const std::set<int>& seen, int count);

// "I/N" with 0 <= I < N <= 100000 (the shards are 0/N .. N-1/N); InputError otherwise.
Shard parse_shard(const std::string& text);

}  // namespace kibitz
