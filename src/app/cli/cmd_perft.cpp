// kibitz perft --game G [--position TEXT | --fen FEN] --depth D [--divide] [--nodes N]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/viewer_app/limits.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "search/perft.hpp"
#include "session/domains.hpp"

namespace kibitz::cli {

namespace {

// Leaves a perft may count unless --nodes says otherwise: chess perft(7), 3.2e9, fits; perft(8)
// would take an hour here.
constexpr long long k_perft_budget = 10'000'000'000LL;

[[noreturn]] void throw_perft_budget(int depth, const std::string& count, long long budget) {
  throw InputError("perft(" + std::to_string(depth) + ") " + count + ", more than the budget of " +
                   thousands(static_cast<unsigned long long>(budget)) +
                   ": raise it with --nodes N (--nodes 0: none)");
}

// Refuses, before counting, a perft whose count would pass the budget: the counts of the
// shallow depths (up to a million leaves) give the growth per ply, extrapolated to the depth.
// Returns the count when the shallow depths reached the depth itself (none: still to count).
template <class Game>
std::optional<std::uint64_t> check_perft_budget(Game& g, int depth, long long budget) {
  std::uint64_t last = 1, before = 1;
  int k = 0;
  while (k < depth && last < 1'000'000) {
    before = last;
    last = perft(g, ++k);
  }
  if (k == depth) {
    if (last > static_cast<std::uint64_t>(budget))
      throw_perft_budget(depth, "counts " + thousands(last) + " leaves", budget);
    return last;
  }
  if (last == 0) return std::nullopt;  // the game ends before the depth: counting is quick
  const double growth = std::max(1.0, static_cast<double>(last) / static_cast<double>(before));
  const double estimate = static_cast<double>(last) * std::pow(growth, depth - k);
  if (estimate <= static_cast<double>(budget)) return std::nullopt;
  char text[64];
  std::snprintf(text, sizeof text, "%.2g leaves (growing %.1fx a ply)", estimate, growth);
  throw_perft_budget(depth, std::string("would count about ") + text, budget);
}

}  // namespace

int cmd_perft(int argc, char** argv) {
  const Args args(argc, argv, 0, {"game", "position", "fen", "depth", "nodes"}, {"divide", "json"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const auto game = args.value("game");
  if (!game) throw InputError(std::string("--game is required (") + known_games() + ")");
  if (args.has("position") && args.has("fen"))
    throw InputError("give --position or --fen, not both");
  if (args.has("fen") && *game != "chess")
    throw InputError("--fen is for --game chess; use --position");
  const std::string position = args.value_or("fen", args.value_or("position", ""));
  if ((args.has("fen") || args.has("position")) &&
      position.find_first_not_of(" \t") == std::string::npos) {
    throw InputError(std::string("--") + (args.has("fen") ? "fen" : "position") +
                     " is empty: give a position, or leave it out for the game's start");
  }
  if (!args.has("depth")) throw InputError("--depth is required");
  const int depth = static_cast<int>(args.integer("depth", 1, 0, 64));
  const bool divide = args.has("divide");
  const long long budget = args.integer("nodes", k_perft_budget, 0, 1LL << 62);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  std::vector<std::pair<std::string, std::uint64_t>> parts;
  visit_game(*game, position, [&](auto& g) {
    const std::optional<std::uint64_t> counted =
        budget > 0 ? check_perft_budget(g, depth, budget) : std::nullopt;
    if (divide && depth > 0) {
      parts = perft_divide(g, depth);
      for (const auto& p : parts) total += p.second;
    } else {
      total = counted ? *counted : perft(g, depth);
    }
    return 0;
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (args.has("json")) {
    std::printf("{\"game\":\"%s\",\"depth\":%d,\"leaves\":%llu,\"seconds\":%.6f", game->c_str(),
                depth, static_cast<unsigned long long>(total), seconds);
    if (divide) {
      std::printf(",\"divide\":{");
      for (std::size_t i = 0; i < parts.size(); ++i) {
        std::printf("%s\"%s\":%llu", i ? "," : "", parts[i].first.c_str(),
                    static_cast<unsigned long long>(parts[i].second));
      }
      std::printf("}");
    }
    std::printf("}\n");
    return 0;
  }
  for (const auto& p : parts)
    std::printf("%s: %llu\n", p.first.c_str(), static_cast<unsigned long long>(p.second));
  if (divide) std::printf("\n");
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  std::fprintf(stderr, "perft(%d) = %llu in %.3f s (%.0f leaves/s)\n", depth,
               static_cast<unsigned long long>(total), seconds,
               seconds > 0 ? static_cast<double>(total) / seconds : 0.0);
  return 0;
}

}  // namespace kibitz::cli
