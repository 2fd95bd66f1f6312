// Builds the Game of a SearchSpec and hands it to a generic function: the single place that
// maps a source to a domain type. f is called as f(game) with the game at its root position.
#pragma once

#include <utility>

#include "app/search_spec.hpp"
#include "core/error.hpp"
#include "games/explicit_tree.hpp"
#include "games/random_tree.hpp"

namespace kibitz {

template <class F>
decltype(auto) visit_domain(const SearchSpec& spec, F&& f) {
  if (!spec.tree.empty()) {
    const ExplicitTree tree = ExplicitTree::parse(spec.tree);
    ExplicitTreeGame game(tree);
    return f(game);
  }
  if (spec.random) {
    RandomTreeGame game(*spec.random);
    return f(game);
  }
  throw InputError("unknown game '" + spec.game + "'");
}

}  // namespace kibitz
