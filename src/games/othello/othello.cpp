// Othello rules and keys: make and unmake with incremental Zobrist keys.
#include "games/othello/othello.hpp"

#include <algorithm>

#include <array>
#include <cassert>

#include "games/zobrist.hpp"

namespace kibitz {

using namespace oth;

namespace {

// 64 words for black discs, 64 for white, then the side-to-move word.
constexpr auto k_zobrist = zobrist_keys<129>(0x07E1102000003ull);
constexpr std::uint64_t k_zobrist_white_to_move = k_zobrist[128];

constexpr std::uint64_t zobrist(bool black, int sq) {
  return k_zobrist[static_cast<std::size_t>((black ? 0 : 64) + sq)];
}

// Turning a disc over swaps its black word for its white word.
constexpr std::array<std::uint64_t, 64> flip_keys() {
  std::array<std::uint64_t, 64> k{};
  for (int sq = 0; sq < 64; ++sq)
    k[static_cast<std::size_t>(sq)] = zobrist(true, sq) ^ zobrist(false, sq);
  return k;
}
constexpr auto k_flip_keys = flip_keys();

std::uint64_t flip_key(Bits flipped) {
  std::uint64_t k = 0;
  for (; flipped; flipped &= flipped - 1)
    k ^= k_flip_keys[static_cast<std::size_t>(lowest_square(flipped))];
  return k;
}

}  // namespace

OthelloGame::OthelloGame() {
  // d4 (27) and e5 (36) white, e4 (28) and d5 (35) black.
  m_player = (1ull << 28) | (1ull << 35);
  m_opponent = (1ull << 27) | (1ull << 36);
  m_key = compute_key();
}

// Fastest-first: a move leaving the opponent fewer replies first (the fewer, the smaller the
// subtree and the likelier a cutoff), then corners, then a move into a region (quadrant) with
// an odd number of empties, whose last square the mover then tends to get (parity).
void OthelloGame::order_for_endgame(std::vector<Move>& out) const {
  const Bits empty = ~(m_player | m_opponent);
  constexpr Bits k_quadrants[4] = {0x0F0F0F0Full, 0xF0F0F0F0ull, 0x0F0F0F0F00000000ull,
                                   0xF0F0F0F000000000ull};
  constexpr Bits k_corner_bits = 0x8100000000000081ull;
  int key[64];
  for (std::size_t i = 0; i < out.size(); ++i) {
    const Bits bit = Bits{1} << out[i];
    const Bits f = flips(bit, m_player, m_opponent);
    const Bits me = m_player | f | bit, them = m_opponent & ~f;
    int k = 16 * popcount(legal_moves(them, me));
    if (bit & k_corner_bits) k -= 8;
    for (Bits q : k_quadrants) {
      if ((bit & q) && (popcount(empty & q) & 1)) k -= 4;
    }
    key[out[i]] = k;
  }
  std::stable_sort(out.begin(), out.end(), [&](Move a, Move b) { return key[a] < key[b]; });
}

void OthelloGame::make(Move m) {
  if (m != k_pass) {
    assert(m < 64 && (legal_moves(m_player, m_opponent) & (1ull << m)));
    const Bits bit = 1ull << m;
    const Bits f = flips(bit, m_player, m_opponent);
    m_player |= bit | f;
    m_opponent ^= f;
    m_flipped.push_back(f);
    m_key ^= zobrist(m_black_to_move, m) ^ flip_key(f);
  }
  const Bits t = m_player;
  m_player = m_opponent;
  m_opponent = t;
  m_black_to_move = !m_black_to_move;
  m_key ^= k_zobrist_white_to_move;
  ++m_ply;
}

void OthelloGame::unmake(Move m) {
  const Bits t = m_player;
  m_player = m_opponent;
  m_opponent = t;
  m_black_to_move = !m_black_to_move;
  m_key ^= k_zobrist_white_to_move;
  --m_ply;
  if (m != k_pass) {
    assert(!m_flipped.empty());
    const Bits f = m_flipped.back();
    m_flipped.pop_back();
    const Bits bit = 1ull << m;
    m_player &= ~(bit | f);
    m_opponent |= f;
    m_key ^= zobrist(m_black_to_move, m) ^ flip_key(f);
  }
}

char OthelloGame::square(int sq) const {
  const Bits bit = 1ull << sq;
  if (black() & bit) return 'x';
  if (white() & bit) return 'o';
  return '.';
}

std::uint64_t OthelloGame::compute_key() const {
  std::uint64_t k = m_black_to_move ? 0 : k_zobrist_white_to_move;
  for (Bits b = black(); b; b &= b - 1) k ^= zobrist(true, lowest_square(b));
  for (Bits w = white(); w; w &= w - 1) k ^= zobrist(false, lowest_square(w));
  return k;
}

}  // namespace kibitz
