// Forward estimation's Experiments window in the app behind the viewer: the experiment, run a
// few trials a frame.
#pragma once

#include <memory>
#include <string>

#include "session/experiments/job.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz {

// The Experiments window's requests; steps a running experiment for about budget_ms.
void fe_process_experiments(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                            double budget_ms);
// Starts an experiment's small version (what the window's Run does).
void fe_start_experiment(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                         const std::string& name, int trials);

}  // namespace kibitz
