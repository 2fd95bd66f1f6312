// kibitz perft --game G [--position TEXT | --fen FEN] --depth D [--divide]
#include <chrono>
#include <cstdio>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/domains.hpp"
#include "core/error.hpp"
#include "search/perft.hpp"

namespace kibitz::cli {

int cmd_perft(int argc, char** argv) {
  const Args args(argc, argv, 0, {"game", "position", "fen", "depth"}, {"divide", "json"});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const auto game = args.value("game");
  if (!game) throw InputError(std::string("--game is required (") + known_games() + ")");
  if (args.has("position") && args.has("fen"))
    throw InputError("give --position or --fen, not both");
  if (args.has("fen") && *game != "chess")
    throw InputError("--fen is for --game chess; use --position");
  const std::string position = args.value_or("fen", args.value_or("position", ""));
  if (!args.has("depth")) throw InputError("--depth is required");
  const int depth = static_cast<int>(args.integer("depth", 1, 0, 64));
  const bool divide = args.has("divide");
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  std::vector<std::pair<std::string, std::uint64_t>> parts;
  visit_game(*game, position, [&](auto& g) {
    if (divide && depth > 0) {
      parts = perft_divide(g, depth);
      for (const auto& p : parts) total += p.second;
    } else {
      total = perft(g, depth);
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
