// kibitz: the command-line front end of the engine and recorder.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/cli/help.hpp"
#include "app/play/uci/uci_engine.hpp"
#include "core/error.hpp"
#include "session/play.hpp"
#include "session/services.hpp"

namespace {

struct Command {
  const char* name;
  int (*run)(int, char**);
  const char* usage;                      // fixed text, or:
  std::string (*make_usage)() = nullptr;  // made from the registries
};

// The usage lines the registries make: the algorithms that play and their options.
std::string uci_usage() {
  return "uci [--algo " + kibitz::uci::engine_names("|") +
         " (default greenblatt)] [--record DIR]   (a UCI chess engine on stdin and stdout)";
}
std::string match_usage() {
  return std::string(
             "match --game chess|othello|connect4|tictactoe --a SPEC --b SPEC [--pairs N] "
             "[--openings FILE]\n") +
         "         [--budget nodes=K|depth=D|limit=L|time=MS] [--threads T] [--seed S] "
         "[--max-plies P] [--max-nodes N] [--json] [--games] [--progress|--no-progress]\n" +
         "         [--shard I/N (play pairs I, I+N, ...: JSON for kibitz merge)]\n" +
         "         SPEC: an algorithm that plays, with its options (lists with /):\n" +
         kibitz::player_usage("           ");
}

const Command k_commands[] = {
    {"search", kibitz::cli::cmd_search, nullptr, kibitz::cli::search_usage},
    {"replay", kibitz::cli::cmd_replay,
     "replay FILE.kbz [--at N (default: the last event)] [--view minimax|negamax] [--json]"},
    {"stats", kibitz::cli::cmd_stats,
     "stats FILE.kbz... [--json] [--findings [--explosion-ratio R (8)] [--explosion-min N "
     "(1000)] [--storm-min K (3)]]\n"
     "         (per iteration and ply: nodes, leaves, quiescence, branching, first-move cutoff "
     "rate, cutoff positions, probes and re-searches, table hits and cuts, kinds as expected; "
     "findings: explosions, false fail-highs, re-search and aspiration storms, best-move "
     "changes)"},
    {"export", kibitz::cli::cmd_export,
     "export FILE(.kbz|.json) --json [--out F] | --kbz --out F.kbz  [--v1]   (format 2, or 1 "
     "with every step)"},
#ifdef KIBITZ_RENDER
    {"render", kibitz::cli::cmd_render,
     "render FILE.kbz|--link '#tree=...' [--at N | --from A --to B [--step K] [--delay CS]]\n"
     "         --format png|svg|tikz|dot|gif [--view minimax|negamax] [--width W] [--theme "
     "light|dark]\n"
     "         [--layout growing|final] [--present] [--caption] --out F   (the tree as the viewer "
     "shows it)"},
#endif
    {"bench", kibitz::cli::cmd_bench,
     "bench [--json] [--rounds N] | bench --perft [--json]   (deep perft: chess start 6, Kiwipete "
     "5, Othello 10)"},
    {"uci", kibitz::cli::cmd_uci, nullptr, uci_usage},
    {"greenblatt-workload", kibitz::cli::cmd_greenblatt_workload,
     "greenblatt-workload [--depth D] [--widths W] [--feedover N] [--json]   (nodes with and "
     "without alpha-beta)"},
    {"match", kibitz::cli::cmd_match, nullptr, match_usage},
    {"merge", kibitz::cli::cmd_merge,
     "merge SHARD... [--out DIR] [--json] [--games]   (the shards of an experiment or a match "
     "run with --shard I/N, put together)"},
#ifdef KIBITZ_SERVE
    {"serve", kibitz::cli::cmd_serve,
     "serve [--listen PORT (7720)] [--ws PORT (7721)] [--spool DIR (.)] [--streams N]   (live: "
     "recorders' streams relayed to the page, #live=PORT)"},
#endif
    {"perft", kibitz::cli::cmd_perft,
     "perft --game chess|othello|connect4|tictactoe [--position TEXT | --fen FEN] --depth D "
     "[--divide] [--json] [--nodes N (default 10^10 leaves, 0: none)]"},
    {"experiment", kibitz::cli::cmd_experiment,
     "experiment fe-table1|fe-figure1|fe-figure2|fe-games [--trials N] [--threads T] [--seed S] "
     "[--out DIR]\n"
     "         [--json] [--quiet] [--order interior|generation|static] [--fe-root on|off] "
     "[--max-horizon H] [--domain random|othello]\n"
     "         [--shard I/N (trials I, I+N, ...: a shard file in --out for kibitz merge)]"},
};

std::vector<kibitz::cli::CommandInfo> command_infos() {
  std::vector<kibitz::cli::CommandInfo> out;
  for (const Command& c : k_commands)
    out.push_back({c.name, c.usage ? c.usage : c.make_usage(), c.run});
  return out;
}

void usage(std::FILE* to) {
  std::fprintf(to, "usage: kibitz COMMAND [options]\n\n");
  for (const Command& c : k_commands) {
    const std::string text = c.usage ? c.usage : c.make_usage();
    std::fprintf(to, "  kibitz %s%s", text.c_str(),
                 text.empty() || text.back() != '\n' ? "\n" : "");
  }
  std::fprintf(to,
               "  kibitz completion bash   (a bash completion script)\n"
               "  kibitz --version\n\n"
               "kibitz COMMAND --help: the command's options.\n");
}

#ifndef KIBITZ_VERSION
#define KIBITZ_VERSION "unknown"
#endif

// kibitz --version, kibitz completion bash: 0 when argv[1] was one of them, -1 otherwise.
int meta_command(int argc, char** argv) {
  const std::string a = argv[1];
  if (a == "--version" || a == "version") {
    std::printf("kibitz %s\n", KIBITZ_VERSION);
    return 0;
  }
  if (a != "completion") return -1;
  if (argc == 3 && (!std::strcmp(argv[2], "--help") || !std::strcmp(argv[2], "-h"))) {
    std::printf(
        "usage: kibitz completion bash   (a bash completion script on stdout: source it, "
        "or install it as share/bash-completion/completions/kibitz)\n");
    return 0;
  }
  if (argc != 3 || std::strcmp(argv[2], "bash") != 0) {
    std::fprintf(stderr, "kibitz completion: only bash is supported: kibitz completion bash\n");
    return 2;
  }
  std::fputs(kibitz::cli::bash_completion(command_infos()).c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  kibitz::install_services();
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
      !std::strcmp(argv[1], "help")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (const int status = meta_command(argc, argv); status >= 0) return status;
  for (const Command& c : k_commands) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    try {
      const int status = c.run(argc - 2, argv + 2);
      // A report lost (a full disk, a closed stdout) is said, not passed over with exit 0.
      if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::fprintf(stderr, "kibitz %s: cannot write standard output: %s\n", c.name,
                     std::strerror(errno));
        return 1;
      }
      return status;
    } catch (const kibitz::cli::HelpRequested& flags) {
      const std::string text = c.usage ? c.usage : c.make_usage();
      std::fputs(kibitz::cli::command_help({c.name, text, c.run}, flags).c_str(), stdout);
      return 0;
    } catch (const kibitz::InputError& e) {
      std::fprintf(stderr, "kibitz %s: %s\n", c.name, e.what());
      return 2;
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr, "kibitz %s: out of memory (is the tree or trace too large?)\n", c.name);
      return 2;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kibitz %s: internal error: %s\n", c.name,
                   kibitz::printable_message(e.what()).c_str());
      return 1;
    }
  }
  std::string names;
  for (const Command& c : k_commands) names += std::string(names.empty() ? "" : ", ") + c.name;
  std::fprintf(stderr, "kibitz: unknown command '%s' (%s, completion; kibitz --help)\n", argv[1],
               names.c_str());
  return 2;
}
