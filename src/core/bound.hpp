// What a returned value says about the score (000_..., "Values returned by search"):
// exact (ret = score), lower (score >= ret) or upper (score <= ret). The seed's encoding
// upper = -1, exact = 0, lower = +1 makes invert a negation and join a maximum.
#pragma once

#include <cstdint>

namespace kibitz {

enum class Bound : std::int8_t { upper = -1, exact = 0, lower = 1 };

// The bound of -x given the bound of x.
constexpr Bound invert(Bound d) {
  return static_cast<Bound>(-static_cast<int>(d));
}

// The bound of max(x0, x1) when x0 = x1 carry bounds d0 and d1.
constexpr Bound join(Bound d0, Bound d1) {
  return static_cast<int>(d0) > static_cast<int>(d1) ? d0 : d1;
}

const char* bound_name(Bound d);  // "exact", "lower", "upper"
bool parse_bound(const char* text, Bound& out);

// Whether `score` is consistent with `ret` carrying bound `d`.
template <class T>
constexpr bool bound_holds(Bound d, T ret, T score) {
  switch (d) {
    case Bound::exact:
      return score == ret;
    case Bound::lower:
      return score >= ret;
    case Bound::upper:
      return score <= ret;
  }
  return false;
}

}  // namespace kibitz
