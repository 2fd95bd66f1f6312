#include "search/transposition_table.hpp"

namespace kibitz {

namespace {
constexpr Score k_mate_zone = k_score_win - 100'000;  // scores beyond this are wins or losses
}

TranspositionTable::TranspositionTable(std::size_t entries) {
  std::size_t n = 1;
  while (n * 2 <= entries) n *= 2;
  m_slots.assign(n, TtEntry{});
  m_mask = n - 1;
}

Score TranspositionTable::to_table(Score v, int ply) {
  if (v >= k_mate_zone) return v + ply;
  if (v <= -k_mate_zone) return v - ply;
  return v;
}

Score TranspositionTable::from_table(Score v, int ply) {
  if (v >= k_mate_zone) return v - ply;
  if (v <= -k_mate_zone) return v + ply;
  return v;
}

const TtEntry* TranspositionTable::probe(std::uint64_t key, int ply, TtEntry& out) const {
  ++m_probes;
  const TtEntry& e = m_slots[key & m_mask];
  if (e.depth < 0 || e.key != key) return nullptr;
  ++m_hits;
  out = e;
  out.value = from_table(e.value, ply);
  return &out;
}

void TranspositionTable::store(std::uint64_t key, int ply, int depth, Score value, Bound bound,
                               int best) {
  TtEntry& e = m_slots[key & m_mask];
  if (e.depth >= 0 && e.key != key && e.depth > depth) return;  // keep the deeper other position
  if (e.key == key && e.depth > depth) return;                  // keep the deeper result for it
  e.key = key;
  e.value = to_table(value, ply);
  e.depth = static_cast<std::int16_t>(depth > 32767 ? 32767 : depth);
  e.bound = bound;
  e.best = static_cast<std::int16_t>(best > 32767 ? -1 : best);
  ++m_stores;
}

}  // namespace kibitz
