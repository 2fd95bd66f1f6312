#include "app/viewer_app/fe_experiments.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/error.hpp"
#include "core/failure.hpp"

namespace kibitz {

namespace {

void publish(viewer::FeExperimentsView& view, const ExperimentJob& job) {
  ExperimentOutput out = job.output();
  view.charts = std::move(out.charts);
  view.header = std::move(out.header);
  view.rows = std::move(out.rows);
  view.summary = std::move(out.summary);
}

}  // namespace

void fe_start_experiment(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                         const std::string& name, int trials) {
  ExperimentParams params;
  params.small = true;
  params.trials = trials;
  try {
    job = make_experiment(name, params);
  } catch (const std::exception& e) {
    view.error = failure_text(e);
    job.reset();
    return;
  }
  view.error.clear();
  view.running = true;
  view.progress = 0.0f;
  view.seconds = 0.0;
  view.stage = "starting";
  view.charts.clear();
  view.header.clear();
  view.rows.clear();
  view.summary.clear();
  view.chart = 0;
}

void fe_process_experiments(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                            double budget_ms) {
  if (view.names.empty()) view.names = experiment_names();
  if (view.request_stop) {
    view.request_stop = false;
    job.reset();
    view.running = false;
    view.stage = "stopped";
  }
  if (view.request_start) {
    view.request_start = false;
    const std::size_t i = static_cast<std::size_t>(
        std::clamp(view.selected, 0, static_cast<int>(view.names.size()) - 1));
    fe_start_experiment(view, job, view.names[i], view.trials);
  }
  if (!job || !view.running) return;
  // A trial at a time until the frame's budget is spent: the page stays responsive.
  const auto start = std::chrono::steady_clock::now();
  const std::size_t stage_before = job->stage_trials();
  bool stage_ended = false;
  do {
    const std::size_t done = job->stage_done();
    job->step(1);
    stage_ended = stage_ended || job->finished() || job->stage_done() < done + 1 ||
                  job->stage_trials() != stage_before;
  } while (
      !job->finished() &&
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() <
          budget_ms);
  view.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  view.progress = static_cast<float>(job->fraction());
  if (job->finished()) {
    publish(view, *job);
    view.running = false;
    view.stage = job->name();
    job.reset();
    return;
  }
  view.stage = job->name() + ": " + job->stage_text() + " " + std::to_string(job->stage_done()) +
               "/" + std::to_string(job->stage_trials());
  if (stage_ended) publish(view, *job);  // tournaments show as they finish
}

}  // namespace kibitz
