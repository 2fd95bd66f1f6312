// The experiment runner: an experiment is a sequence of stages, each a number of independent
// trials. A trial's numbers depend only on (the experiment's seed, its stage, its index), so
// trials can run in any order on any number of threads; a stage's results are aggregated in
// trial order once all of them are in, which may start the next stage (the game tournaments
// choose their horizons from the last one). So every thread count gives the same output.
//
// The same job runs to the end on threads (the CLI) or a few trials at a time (step(), the
// viewer's Experiments window; the browser has no threads).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/chart.hpp"
#include "session/shard.hpp"

namespace kibitz {

struct ExperimentParams {
  int trials = 0;  // 0: the experiment's default
  std::uint64_t seed = 1;
  int max_horizon = 0;  // fe-games: the last alpha-beta horizon (0: the default)
  std::string domain;   // fe-games: "random", "othello" or "" for both
  bool small = false;   // the viewer's quick version (fewer trials and depths)
  // Tree experiments' set-up (docs/experiments.md): the successor order and how nodes are
  // counted, "interior" (the report's, as a review reconstructed it: the default when empty),
  // "generation" (Kibitz's first set-up) or "static"; and whether forward estimation tests the
  // root's successors (-1: the default, off, as the report's depth-2 row shows).
  std::string order;
  int fe_root = -1;
};

// What an experiment produces.
struct ExperimentOutput {
  std::string text;                 // the printed tables, ours beside the report's
  std::vector<std::string> header;  // the main table again, as cells (the viewer's)
  std::vector<std::vector<std::string>> rows;
  std::string summary;                                   // a line or two worth reading first
  std::string json;                                      // {"rows": [...], ...}
  std::vector<std::pair<std::string, std::string>> csv;  // file name, contents
  std::vector<Chart> charts;                             // written as <id>.svg
};

// The seed of one trial: a function of the experiment's seed, a stream (which tree family,
// which stage) and the trial's index only.
std::uint64_t trial_seed(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

class ExperimentJob {
 public:
  explicit ExperimentJob(std::string name) : m_name(std::move(name)) {}
  virtual ~ExperimentJob() = default;

  const std::string& name() const { return m_name; }
  bool finished() const { return m_finished; }
  // Trials done in the current stage, of how many; a line saying what the stage is.
  std::size_t stage_done() const { return m_done; }
  std::size_t stage_trials() const { return m_finished ? 0 : stage_size(); }
  virtual std::string stage_text() const { return "trials"; }
  // An estimate of the whole experiment's completion, 0..1.
  virtual double fraction() const;

  // Runs up to `units` trials on this thread (and ends stages as they complete).
  void step(std::size_t units);
  // Runs to the end on `threads` threads (1 in the browser), calling progress about ten times
  // a second from this thread. Rethrows the first exception a trial threw.
  void run(int threads, const std::function<void(const ExperimentJob&)>& progress = {});

  // The tables and charts: complete once finished, with the stages done so far before.
  virtual ExperimentOutput output() const = 0;

  // Splitting (Shard): whether the trials can be split (a stage set up from the one before
  // cannot), the shard to run (InputError when it does not split), one trial's numbers (those
  // the output is made from) and setting them back, and finishing with every trial's set.
  virtual bool splits() const { return false; }
  void set_shard(Shard s);
  const Shard& shard() const { return m_shard; }
  std::size_t trial_count() const { return stage_size(); }
  virtual std::vector<long long> trial_values(std::size_t i) const;
  virtual void set_trial_values(std::size_t i, const std::vector<long long>& values);
  void finish_merged();

 protected:
  virtual std::size_t stage_size() const = 0;
  // Trial i of the current stage; called concurrently for different i: it may only write the
  // stage's slot i.
  virtual void trial(std::size_t i) = 0;
  // Every trial of the stage is done: aggregate in trial order; false when the experiment is
  // over, true when a next stage was set up.
  virtual bool end_stage() = 0;

 private:
  void finish_stage();

  void run_trial(std::size_t i) {
    if (m_shard.has(i)) trial(i);
  }

  std::string m_name;
  std::size_t m_done = 0;
  bool m_finished = false;
  Shard m_shard;
};

// The experiments: "fe-table1", "fe-figure1", "fe-figure2", "fe-games".
const std::vector<std::string>& experiment_names();
// Throws InputError for an unknown name or bad parameters.
std::unique_ptr<ExperimentJob> make_experiment(const std::string& name,
                                               const ExperimentParams& params);

// Helpers for the output: numbers with fixed decimals, CSV fields, text tables.
std::string fixed(double v, int decimals);
std::string csv_line(const std::vector<std::string>& fields);
std::string text_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<std::string>>& rows);

}  // namespace kibitz
