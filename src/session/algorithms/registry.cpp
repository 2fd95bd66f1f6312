// Every algorithm, one line each, in the set-up form's order. An algorithm defines
// `const AlgorithmEntry k_<name>_algorithm` in its own file (algorithm.hpp).
#include "session/algorithms/algorithm.hpp"

#include "core/error.hpp"

namespace kibitz {

#define KIBITZ_ALGORITHMS(X) \
  X(minimax)                 \
  X(alphabeta)               \
  X(alphabeta_bounds)        \
  X(pvs)                     \
  X(forward_estimation)      \
  X(greenblatt)              \
  X(interest)

#define KIBITZ_DECLARE_ALGORITHM(name) extern const AlgorithmEntry k_##name##_algorithm;
KIBITZ_ALGORITHMS(KIBITZ_DECLARE_ALGORITHM)
#undef KIBITZ_DECLARE_ALGORITHM

const std::vector<const AlgorithmEntry*>& algorithms() {
#define KIBITZ_LIST_ALGORITHM(name) &k_##name##_algorithm,
  static const std::vector<const AlgorithmEntry*> all = {KIBITZ_ALGORITHMS(KIBITZ_LIST_ALGORITHM)};
#undef KIBITZ_LIST_ALGORITHM
  return all;
}

const OptionList& AlgorithmEntry::option_list() const {
  static const OptionList none;
  return options ? *options : none;
}

const AlgorithmEntry* find_algorithm(const std::string& name) {
  for (const AlgorithmEntry* a : algorithms()) {
    if (name == a->name) return a;
  }
  return nullptr;
}

const AlgorithmEntry& algorithm(const std::string& name) {
  if (const AlgorithmEntry* a = find_algorithm(name)) return *a;
  throw InputError("unknown algorithm '" + name + "' (" + algorithm_names() + ")");
}

std::string algorithm_names(const char* separator) {
  std::string s;
  for (const AlgorithmEntry* a : algorithms())
    s += (s.empty() ? "" : separator) + std::string(a->name);
  return s;
}

const AlgorithmEntry* option_owner(const std::string& key, const AlgorithmEntry* except) {
  for (const AlgorithmEntry* a : algorithms()) {
    if (a != except && find_option(a->option_list(), key)) return a;
  }
  return nullptr;
}

}  // namespace kibitz
