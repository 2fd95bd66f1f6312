// The kibitz subcommands. Each takes argv from the subcommand's first argument, prints its
// output on stdout and returns the exit code; bad input throws InputError (exit code 2).
#pragma once

#include <filesystem>
#include <string>

namespace kibitz {
class ExperimentJob;
}

namespace kibitz::cli {

std::string search_usage();  // from the algorithm registry

int cmd_search(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_stats(int argc, char** argv);  // an engine author's figures (trace/search_stats.hpp)
int cmd_export(int argc, char** argv);
int cmd_render(int argc, char** argv);  // app/render/cmd_render.cpp, with the viewer only
int cmd_bench(int argc, char** argv);
int cmd_perft(int argc, char** argv);
int cmd_experiment(int argc, char** argv);  // forward estimation's experiments
int cmd_uci(int argc, char** argv);
int cmd_greenblatt_workload(int argc, char** argv);
int cmd_match(int argc, char** argv);
int cmd_merge(int argc, char** argv);  // shards of experiments and matches put together
int cmd_serve(int argc, char** argv);  // app/live/cmd_serve.cpp, native only

// cmd_experiment.cpp: an experiment's tables on stdout (JSON with `json`), its CSV files and
// charts in `out_dir`; returns the files written. The folder, made when missing (InputError
// when it cannot be).
std::string write_experiment_output(const ExperimentJob& job, const std::filesystem::path& out_dir,
                                    bool json);
std::filesystem::path output_folder(const std::string& dir);

}  // namespace kibitz::cli
