// The transposition table's records (search/tt_support.hpp): what a probe found, what was
// stored. Encoded as tt_probe and tt_store events (trace/event.hpp).
#pragma once

#include <cstdint>

#include "core/bound.hpp"
#include "core/score.hpp"

namespace kibitz {

enum class TtProbe : std::uint8_t { miss = 0, move = 1, cutoff = 2 };

// A probe at the node just entered: nothing (miss), an entry whose best move goes first
// (move), or an entry that settles the node (cutoff).
struct TableProbeRecord {
  TtProbe result = TtProbe::miss;
  int depth = -1;  // the entry's depth (-1 on a miss)
  Score value = 0;
  int best = -1;  // the entry's best move, generation index (-1: none)
  Bound bound = Bound::exact;
};

// The node's result stored on the way out.
struct TableStoreRecord {
  int depth = 0;
  Score value = 0;
  int best = -1;
  Bound bound = Bound::exact;
};

}  // namespace kibitz
