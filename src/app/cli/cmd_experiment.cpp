// kibitz experiment NAME: one of the forward-estimation experiments (app/experiments). Prints
// the table (or --json), writes CSV and SVG charts to --out, shows progress on stderr. The
// numbers depend on the seed and the trials only, never on --threads.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "session/experiments/job.hpp"
#include "session/experiments/shards.hpp"
#include "session/experiments/svg.hpp"
#include "trace/kbz_file.hpp"

namespace kibitz::cli {

namespace {

void draw_progress(const ExperimentJob& job) {
  const double f = job.fraction();
  constexpr int k_width = 28;
  const int filled = static_cast<int>(f * k_width + 0.5);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(k_width, '.');
  if (job.finished()) {
    std::fprintf(stderr, "\r[%s] 100%% %s: done%40s", bar.c_str(), job.name().c_str(), "");
  } else {
    std::fprintf(stderr, "\r[%s] %3d%% %s: %s %zu/%zu   ", bar.c_str(),
                 static_cast<int>(f * 100.0 + 0.5), job.name().c_str(), job.stage_text().c_str(),
                 job.stage_done(), job.stage_trials());
  }
  std::fflush(stderr);
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  write_file_bytes(path.string(), std::vector<std::uint8_t>(text.begin(), text.end()));
}

}  // namespace

std::string write_experiment_output(const ExperimentJob& job, const std::filesystem::path& out_dir,
                                    bool json) {
  const ExperimentOutput out = job.output();
  std::string written;
  for (const auto& [name, text] : out.csv) {
    write_text(out_dir / name, text);
    written += " " + (out_dir / name).string();
  }
  for (const Chart& c : out.charts) {
    write_text(out_dir / (c.id + ".svg"), chart_svg(c));
    written += " " + (out_dir / (c.id + ".svg")).string();
  }
  const std::string stdout_text = json ? out.json + "\n" : out.text;
  std::fwrite(stdout_text.data(), 1, stdout_text.size(), stdout);
  return written;
}

std::filesystem::path output_folder(const std::string& dir) {
  const std::filesystem::path out_dir = dir;
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec || !std::filesystem::is_directory(out_dir)) {
    throw InputError("cannot use '" + out_dir.string() + "' as the output folder");
  }
  return out_dir;
}

int cmd_experiment(int argc, char** argv) {
  const Args args(
      argc, argv, 0,
      {"trials", "threads", "seed", "out", "max-horizon", "domain", "order", "fe-root", "shard"},
      {"json", "quiet"});
  if (args.positional().size() != 1) {
    throw InputError("give one experiment name (fe-table1, fe-figure1, fe-figure2, fe-games)");
  }
  ExperimentParams params;
  params.trials = static_cast<int>(args.integer("trials", 0, 1, 1'000'000));
  params.max_horizon = static_cast<int>(args.integer("max-horizon", 0, 1, 30));
  params.domain = args.value_or("domain", "");
  params.order = args.value_or("order", "");
  if (auto root = args.value("fe-root")) {
    if (*root != "on" && *root != "off")
      throw InputError("--fe-root must be on or off, not '" + *root + "'");
    params.fe_root = *root == "on" ? 1 : 0;
  }
  if (auto s = args.value("seed")) {
    char* end = nullptr;
    errno = 0;
    params.seed = std::strtoull(s->c_str(), &end, 10);
    if (s->empty() || *end || errno == ERANGE || (*s)[0] == '-') {
      throw InputError("--seed expects a non-negative integer, not '" + *s + "'");
    }
  }
#ifdef __EMSCRIPTEN__
  const long long hw = 1;  // no threads under node: --threads is accepted and runs on one
#else
  const long long hw = std::max(1u, std::thread::hardware_concurrency());
#endif
  const int threads = static_cast<int>(args.integer("threads", hw, 1, 256));
  auto job = make_experiment(args.positional()[0], params);
  if (auto shard = args.value("shard")) job->set_shard(parse_shard(*shard));
  const std::filesystem::path out_dir = output_folder(args.value_or("out", "."));

  const auto start = std::chrono::steady_clock::now();
  const bool quiet = args.has("quiet");
  job->run(threads, quiet ? std::function<void(const ExperimentJob&)>() : draw_progress);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!quiet) std::fprintf(stderr, "\n");

  if (!job->shard().whole()) {  // a shard's trials, for kibitz merge: no tables of a part
    const std::string name = job->name() + ".shard-" + std::to_string(job->shard().index) + "-of-" +
                             std::to_string(job->shard().count) + ".json";
    write_text(out_dir / name, experiment_shard_json(*job, params));
    if (!quiet) {
      std::fprintf(stderr,
                   "%s: shard %d/%d in %.2f s; wrote %s (kibitz merge puts the shards together)\n",
                   job->name().c_str(), job->shard().index, job->shard().count, seconds,
                   (out_dir / name).string().c_str());
    }
    return 0;
  }
  const std::string written = write_experiment_output(*job, out_dir, args.has("json"));
  if (!quiet) {
    std::fprintf(stderr, "%s: %.2f s on %d thread%s; wrote%s\n", job->name().c_str(), seconds,
                 threads, threads == 1 ? "" : "s", written.c_str());
  }
  return 0;
}

}  // namespace kibitz::cli
