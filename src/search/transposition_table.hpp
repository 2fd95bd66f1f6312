// A transposition table: per position (64-bit key) the depth searched, the value and what it
// is (exact, lower or upper bound: a Pv, Cut or All node), and the best move's index in the
// game's generation order. Depth-preferred replacement in one slot per key (a newer search
// of equal or greater depth replaces).
//
// Values of won and lost positions are stored relative to the node (plies to the end of the
// game), and converted back on the way out, so a mate found through a transposition keeps
// its distance from the root.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/bound.hpp"
#include "core/score.hpp"

namespace kibitz {

struct TtEntry {
  std::uint64_t key = 0;
  Score value = 0;
  std::int16_t depth = -1;  // -1: empty
  std::int16_t best = -1;   // generation index of the best move, -1 if none
  Bound bound = Bound::exact;
};

class TranspositionTable {
 public:
  // entries is rounded down to a power of two (at least 1).
  explicit TranspositionTable(std::size_t entries);

  // The entry for key, with its value converted to a node `ply` plies from the root; nullptr
  // if the slot holds another position or nothing.
  const TtEntry* probe(std::uint64_t key, int ply, TtEntry& out) const;
  void store(std::uint64_t key, int ply, int depth, Score value, Bound bound, int best);

  std::size_t size() const { return m_slots.size(); }
  // Empties every slot (the memory stays: a player's next move starts afresh at no cost).
  void clear() {
    std::fill(m_slots.begin(), m_slots.end(), TtEntry{});
    m_probes = m_hits = m_stores = 0;
  }
  std::uint64_t probes() const { return m_probes; }
  std::uint64_t hits() const { return m_hits; }
  std::uint64_t stores() const { return m_stores; }
  // Slots in use per thousand, from the first thousand (UCI's hashfull).
  int per_mille_used() const {
    const std::size_t n = std::min<std::size_t>(1000, m_slots.size());
    std::size_t used = 0;
    for (std::size_t i = 0; i < n; ++i) used += m_slots[i].depth >= 0 ? 1 : 0;
    return n ? static_cast<int>(used * 1000 / n) : 0;
  }

  static Score to_table(Score v, int ply);
  static Score from_table(Score v, int ply);

 private:
  std::vector<TtEntry> m_slots;
  std::uint64_t m_mask;
  mutable std::uint64_t m_probes = 0, m_hits = 0;
  std::uint64_t m_stores = 0;
};

}  // namespace kibitz
