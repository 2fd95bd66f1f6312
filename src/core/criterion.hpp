// The cutoff criterion of search! (000_...): break when retval > beta (gt) or retval >= beta (ge).
#pragma once

#include <cstdint>

#include "core/score.hpp"

namespace kibitz {

enum class Criterion : std::uint8_t { gt = 0, ge = 1 };

constexpr bool causes_cutoff(Score retval, Score beta, Criterion c) {
  return c == Criterion::gt ? retval > beta : retval >= beta;
}

const char* criterion_name(Criterion c);                 // "gt", "ge"
const char* criterion_symbol(Criterion c);               // ">", "≥"
bool parse_criterion(const char* text, Criterion& out);  // "gt", ">", "ge", ">=", "≥"

}  // namespace kibitz
