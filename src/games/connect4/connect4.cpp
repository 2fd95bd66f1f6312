// Connect-four rules, keys and evaluation (text forms are in connect4_text.cpp).
#include "games/connect4/connect4.hpp"

#include <cassert>

#include "games/zobrist.hpp"

namespace kibitz {

using namespace c4;

namespace {

constexpr int k_bits = k_width * k_stride;

// Two words per bit index (x, o), then the side-to-move word.
constexpr auto k_zobrist = zobrist_keys<2 * k_bits + 1>(0xC0443C7F0002ull);
constexpr std::uint64_t k_zobrist_o_to_move = k_zobrist[2 * k_bits];

constexpr std::uint64_t zobrist(int side, int bit) {
  return k_zobrist[static_cast<std::size_t>(side * k_bits + bit)];
}

constexpr std::uint64_t k_even_rows = k_board & ~k_odd_rows;

int centre_sum(std::uint64_t stones) {
  int s = 0;
  for (; stones; stones &= stones - 1) s += lines_through(lowest_bit(stones));
  return s;
}

}  // namespace

Connect4Game::Connect4Game() : m_key(compute_key()) {}

void Connect4Game::make(Move col) {
  assert(col < k_width && can_play(col) && !over());
  const std::uint64_t bit = (m_mask + bottom_mask(col)) & column_mask(col);
  m_key ^= zobrist(m_stones & 1, lowest_bit(bit)) ^ k_zobrist_o_to_move;
  m_current ^= m_mask;  // the opponent's stones: it is their turn next
  m_mask |= bit;
  ++m_stones;
  ++m_ply;
  if (m_from_start) m_sequence += static_cast<char>('1' + col);
}

void Connect4Game::unmake(Move col) {
  // The column's stones sit contiguously from the bottom, so the top one is half the cell
  // above them.
  const std::uint64_t top = ((m_mask & column_mask(col)) + bottom_mask(col)) >> 1;
  assert(top & m_mask);
  m_mask ^= top;
  m_current ^= m_mask;
  --m_stones;
  --m_ply;
  m_key ^= zobrist(m_stones & 1, lowest_bit(top)) ^ k_zobrist_o_to_move;
  if (m_from_start) m_sequence.pop_back();
}

char Connect4Game::cell(int col, int row) const {
  const std::uint64_t bit = 1ull << bit_index(col, row);
  if (!(m_mask & bit)) return '.';
  const bool mover = (m_current & bit) != 0;
  return mover == x_to_move() ? 'x' : 'o';
}

std::uint64_t Connect4Game::compute_key() const {
  std::uint64_t k = x_to_move() ? 0 : k_zobrist_o_to_move;
  const std::uint64_t x = x_to_move() ? m_current : m_current ^ m_mask;
  for (std::uint64_t m = m_mask; m; m &= m - 1) {
    const int b = lowest_bit(m);
    k ^= zobrist((x >> b) & 1 ? 0 : 1, b);
  }
  return k;
}

Score Connect4Game::evaluate() const {
  const std::uint64_t me = m_current;
  const std::uint64_t them = m_current ^ m_mask;
  if (has_four(them)) return -(k_score_win - m_ply);
  if (m_stones == k_cells) return 0;
  int s = centre_sum(me) - centre_sum(them);
  const std::uint64_t my_threats = winning_cells(me, m_mask);
  const std::uint64_t their_threats = winning_cells(them, m_mask);
  const std::uint64_t my_rows = x_to_move() ? k_odd_rows : k_even_rows;
  const std::uint64_t their_rows = x_to_move() ? k_even_rows : k_odd_rows;
  s += 20 * (popcount(my_threats) - popcount(their_threats));
  s += 10 * (popcount(my_threats & my_rows) - popcount(their_threats & their_rows));
  const std::uint64_t playable = playable_cells(m_mask);
  if (my_threats & playable) {
    s += 500;
  } else if (popcount(their_threats & playable) >= 2) {
    s -= 500;
  }
  return s;
}

}  // namespace kibitz
