// What a search may use beyond its game and sink: a transposition table (alpha-beta only, for
// games with a key()) and a node budget. Both default to off, which is the seed's search!.
#pragma once

#include <type_traits>
#include <utility>

#include "search/transposition_table.hpp"

namespace kibitz {

struct SearchOptions {
  TranspositionTable* tt = nullptr;
  long long node_budget = 0;  // stop once this many nodes were entered (0: no limit)
};

template <class G, class = void>
struct has_key : std::false_type {};
template <class G>
struct has_key<G, std::void_t<decltype(std::declval<const G&>().key())>> : std::true_type {};

}  // namespace kibitz
