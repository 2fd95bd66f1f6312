// The kibitz subcommands. Each takes argv from the subcommand's first argument, prints its
// output on stdout and returns the exit code; bad input throws InputError (exit code 2).
#pragma once

#include <string>

namespace kibitz::cli {

std::string search_usage();  // from the algorithm registry

int cmd_search(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_export(int argc, char** argv);
int cmd_render(int argc, char** argv);  // app/render/cmd_render.cpp, with the viewer only
int cmd_bench(int argc, char** argv);
int cmd_perft(int argc, char** argv);
int cmd_experiment(int argc, char** argv);  // forward estimation's experiments
int cmd_uci(int argc, char** argv);
int cmd_greenblatt_workload(int argc, char** argv);
int cmd_match(int argc, char** argv);

}  // namespace kibitz::cli
