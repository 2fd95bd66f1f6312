#include "trace/positions.hpp"

#include "trace/trace.hpp"

namespace kibitz::trace {

namespace {
PositionDeriver g_deriver = nullptr;
}  // namespace

void set_position_deriver(PositionDeriver deriver) {
  g_deriver = deriver;
}

std::string derive_position(const Meta& meta, const std::vector<std::uint16_t>& move_indices) {
  const std::string* game = meta.find("game");
  if (!g_deriver || !game || game->empty()) return "";
  return g_deriver(*game, meta.get("position"), move_indices);
}

}  // namespace kibitz::trace
