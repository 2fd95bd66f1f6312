#include "games/chess/attacks.hpp"

#include "core/rng.hpp"

namespace kibitz::chess {

namespace {

struct Step {
  int df, dr;
};

constexpr Step k_rook_steps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step k_bishop_steps[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

Bitboard slide(Square s, Bitboard occupied, const Step (&steps)[4]) {
  Bitboard out = 0;
  for (const Step& d : steps) {
    int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
    while (on_board(f, r)) {
      const Square t = make_square(f, r);
      out |= bit(t);
      if (occupied & bit(t)) break;
      f += d.df;
      r += d.dr;
    }
  }
  return out;
}

// The squares whose occupancy matters for a slider on s: its rays without the last square.
Bitboard relevant_mask(Square s, const Step (&steps)[4]) {
  Bitboard out = 0;
  for (const Step& d : steps) {
    int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
    while (on_board(f + d.df, r + d.dr)) {
      out |= bit(make_square(f, r));
      f += d.df;
      r += d.dr;
    }
  }
  return out;
}

Bitboard jumps(Square s, const Step* steps, int n) {
  Bitboard out = 0;
  for (int i = 0; i < n; ++i) {
    const int f = file_of(s) + steps[i].df, r = rank_of(s) + steps[i].dr;
    if (on_board(f, r)) out |= bit(make_square(f, r));
  }
  return out;
}

// Generator seeds per rank, one set per slider. Any seed finds magics; these were picked (by
// trying seeds 1..3000 offline) because with them the search needs few trials, about 180,000
// for all 128 squares instead of some 1.5 million, which keeps start-up short in wasm too.
constexpr std::uint64_t k_rook_seeds[8] = {2317, 2988, 2020, 1989, 2241, 2639, 785, 1400};
constexpr std::uint64_t k_bishop_seeds[8] = {1804, 91, 1067, 807, 1310, 1021, 2189, 849};

// Finds a magic for every square and fills `table` (fancy magics: one slice per square, sized
// 2^popcount(mask)). Trial multipliers are sparse random numbers from a generator seeded per
// square from `seeds`, so the search takes the same path on every platform.
void find_magics(Magic (&magics)[64], std::vector<Bitboard>& table, const Step (&steps)[4],
                 const std::uint64_t (&seeds)[8]) {
  std::vector<Bitboard> occupancy, reference;
  std::vector<unsigned> epoch;
  unsigned attempt = 0;
  std::uint32_t offset = 0;
  for (Square s = 0; s < 64; ++s) {
    Rng rng(seeds[rank_of(s)]);
    Magic& m = magics[s];
    m.mask = relevant_mask(s, steps);
    const int bits = popcount(m.mask);
    m.shift = static_cast<unsigned>(64 - bits);
    m.offset = offset;
    const std::size_t size = std::size_t{1} << bits;
    occupancy.clear();
    reference.clear();
    Bitboard subset = 0;
    do {  // every subset of the mask (Carry-Rippler)
      occupancy.push_back(subset);
      reference.push_back(slide(s, subset, steps));
      subset = (subset - m.mask) & m.mask;
    } while (subset != 0);
    table.resize(offset + size);
    epoch.assign(size, 0);
    for (;;) {
      Bitboard magic = 0;
      while (popcount((m.mask * magic) >> 56) < 6) magic = rng.next() & rng.next() & rng.next();
      m.magic = magic;
      ++attempt;
      bool ok = true;
      for (std::size_t i = 0; i < occupancy.size() && ok; ++i) {
        const unsigned local = m.index(occupancy[i]) - offset;
        if (epoch[local] != attempt) {
          epoch[local] = attempt;
          table[offset + local] = reference[i];
        } else if (table[offset + local] != reference[i]) {
          ok = false;  // a destructive collision: try another multiplier
        }
      }
      if (ok) break;
    }
    offset += static_cast<std::uint32_t>(size);
  }
}

}  // namespace

Bitboard slow_rook_attacks(Square s, Bitboard occupied) {
  return slide(s, occupied, k_rook_steps);
}
Bitboard slow_bishop_attacks(Square s, Bitboard occupied) {
  return slide(s, occupied, k_bishop_steps);
}

AttackTables::AttackTables() {
  static constexpr Step knight_steps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                           {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static constexpr Step king_steps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                         {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  static constexpr Step white_pawn[2] = {{-1, 1}, {1, 1}};
  static constexpr Step black_pawn[2] = {{-1, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    m_knight[s] = jumps(s, knight_steps, 8);
    m_king[s] = jumps(s, king_steps, 8);
    m_pawn[idx(Color::white)][s] = jumps(s, white_pawn, 2);
    m_pawn[idx(Color::black)][s] = jumps(s, black_pawn, 2);
  }
  find_magics(m_rook, m_rook_table, k_rook_steps, k_rook_seeds);
  find_magics(m_bishop, m_bishop_table, k_bishop_steps, k_bishop_seeds);
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      m_between[a][b] = 0;
      m_line[a][b] = 0;
      if (a == b) continue;
      const Bitboard ra = slow_rook_attacks(a, 0), ba = slow_bishop_attacks(a, 0);
      if (ra & bit(b)) {
        m_line[a][b] = (ra & slow_rook_attacks(b, 0)) | bit(a) | bit(b);
        m_between[a][b] = slow_rook_attacks(a, bit(b)) & slow_rook_attacks(b, bit(a));
      } else if (ba & bit(b)) {
        m_line[a][b] = (ba & slow_bishop_attacks(b, 0)) | bit(a) | bit(b);
        m_between[a][b] = slow_bishop_attacks(a, bit(b)) & slow_bishop_attacks(b, bit(a));
      }
    }
  }
}

const AttackTables& attack_tables() {
  static const AttackTables tables;
  return tables;
}

}  // namespace kibitz::chess
