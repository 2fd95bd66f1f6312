#include "games/chess/zobrist.hpp"

#include "core/rng.hpp"

namespace kibitz::chess {

namespace {

constexpr ZobristKeys make_keys() {
  ZobristKeys z{};
  Rng rng(0x5A6F627269737431ull);  // "Zobrist1"
  for (auto& piece : z.piece_square) {
    for (auto& k : piece) k = rng.next();
  }
  // Castling: one key per right, combined by xor, so toggling a right is one xor.
  std::uint64_t rights[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
  for (int set = 0; set < 16; ++set) {
    z.castling[set] = 0;
    for (int b = 0; b < 4; ++b) {
      if (set & (1 << b)) z.castling[set] ^= rights[b];
    }
  }
  for (auto& k : z.ep_file) k = rng.next();
  z.black_to_move = rng.next();
  return z;
}

}  // namespace

constexpr ZobristKeys k_zobrist_value = make_keys();
const ZobristKeys k_zobrist = k_zobrist_value;

}  // namespace kibitz::chess
