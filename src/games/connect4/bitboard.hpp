// Connect-four bitboards in Pascal Pons' layout: column c (0 = the leftmost, column "1") owns
// bits 7c .. 7c+6, its bottom cell first; the 7th bit of each column stays empty as a
// sentinel, so that shifts never carry a line from one column into the next. A position is
// two words: the stones of one side and the mask of all stones.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace kibitz::c4 {

constexpr int k_width = 7;
constexpr int k_height = 6;
constexpr int k_stride = k_height + 1;  // bits per column
constexpr int k_cells = k_width * k_height;

constexpr int bit_index(int col, int row) {
  return col * k_stride + row;
}  // row 0 = bottom
constexpr std::uint64_t bottom_mask(int col) {
  return 1ull << (col * k_stride);
}
constexpr std::uint64_t top_mask(int col) {
  return 1ull << (col * k_stride + k_height - 1);
}
constexpr std::uint64_t column_mask(int col) {
  return ((1ull << k_height) - 1) << (col * k_stride);
}

constexpr std::uint64_t all_bottoms() {
  std::uint64_t m = 0;
  for (int c = 0; c < k_width; ++c) m |= bottom_mask(c);
  return m;
}
constexpr std::uint64_t k_bottom = all_bottoms();
constexpr std::uint64_t k_board = k_bottom * ((1ull << k_height) - 1);

// Cells of rows 1, 3, 5 counted from the bottom (row index 0, 2, 4).
constexpr std::uint64_t k_odd_rows = k_bottom * 0b010101ull;

// True when `stones` hold four in a row (any direction).
constexpr bool has_four(std::uint64_t stones) {
  // Shifts by 1 (vertical), 7 (horizontal), 6 and 8 (the two diagonals).
  for (int d : {1, k_stride, k_stride - 1, k_stride + 1}) {
    const std::uint64_t pairs = stones & (stones >> d);
    if (pairs & (pairs >> (2 * d))) return true;
  }
  return false;
}

// The empty cells (on the board, playable now or not) where a stone would complete four in a
// row for `stones`: the cells a side "threatens".
constexpr std::uint64_t winning_cells(std::uint64_t stones, std::uint64_t mask) {
  // Vertical: three stones right below.
  std::uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);
  for (int d : {k_stride, k_stride - 1, k_stride + 1}) {
    // The gap is at either end or in one of the two middle places of the four.
    std::uint64_t p = (stones << d) & (stones << (2 * d));
    r |= p & (stones << (3 * d));
    r |= p & (stones >> d);
    p = (stones >> d) & (stones >> (2 * d));
    r |= p & (stones << d);
    r |= p & (stones >> (3 * d));
  }
  return r & (k_board ^ mask);
}

// The cells where a stone can be dropped now (one per column that is not full).
constexpr std::uint64_t playable_cells(std::uint64_t mask) {
  return (mask + k_bottom) & k_board;
}

namespace detail {
constexpr std::array<int, k_width * k_stride> lines_through_table() {
  std::array<int, k_width * k_stride> w{};
  const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : dirs) {
    for (int c = 0; c < k_width; ++c) {
      for (int r = 0; r < k_height; ++r) {
        const int ec = c + 3 * d[0], er = r + 3 * d[1];
        if (ec < 0 || ec >= k_width || er < 0 || er >= k_height) continue;
        for (int i = 0; i < 4; ++i)
          ++w[static_cast<std::size_t>(bit_index(c + i * d[0], r + i * d[1]))];
      }
    }
  }
  return w;
}
inline constexpr std::array<int, k_width* k_stride> k_lines_through = lines_through_table();
}  // namespace detail

// The number of four-cell lines through the cell at bit index `bit` (3 in a corner, 13 in the
// middle of the centre column): how much a stone there can still take part in. The
// evaluation's centre term and the interest of a move both weigh cells by it.
constexpr int lines_through(int bit) {
  return detail::k_lines_through[static_cast<std::size_t>(bit)];
}
static_assert(lines_through(bit_index(3, 2)) == 13 && lines_through(bit_index(0, 0)) == 3);

inline int popcount(std::uint64_t x) {
  return __builtin_popcountll(x);
}
inline int lowest_bit(std::uint64_t x) {
  return __builtin_ctzll(x);
}

}  // namespace kibitz::c4
