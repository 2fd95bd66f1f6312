// What every fuzz target shares (tests/fuzz/README.md): an input a parser refuses must be an
// InputError with a message; any other exception, a crash, a sanitizer report, a hang or a
// runaway allocation is a finding. What a parsed input leads to (a capped search, a model and
// its seeks, narration) runs too, under small budgets so that each input takes milliseconds.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>

#include "core/error.hpp"

namespace kibitz::fuzz {

constexpr long long k_node_budget = 2000;  // per search an input leads to

// Runs f, accepting an InputError (a clean refusal); anything else escaping is a finding.
template <class F>
void guarded(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    if (std::string(e.what()).empty()) {
      std::fprintf(stderr, "finding: an InputError without a message\n");
      std::abort();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "finding: %s escaped: %s\n", typeid(e).name(), e.what());
    std::abort();
  }
}

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace kibitz::fuzz
