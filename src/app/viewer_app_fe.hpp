// Forward estimation in the app behind the viewer: the set-up form's options to and from a
// SearchSpec and a link, and the Experiments window's experiment, run a few trials a frame.
#pragma once

#include <memory>
#include <string>

#include "app/experiments/job.hpp"
#include "app/search_spec.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz {

void fe_spec_from_form(const viewer::SetupForm& f, SearchSpec& spec);
void fe_form_from_spec(const SearchSpec& spec, viewer::SetupForm& f);
// "&bounds=exact&delta=0.5" for a forward-estimation spec, "" otherwise.
std::string fe_link_part(const SearchSpec& spec);
// Reads bounds=, delta= and likely= of a link; false for another key. Throws InputError.
bool fe_link_key(const std::string& key, const std::string& value, SearchSpec& spec);

// The Experiments window's requests; steps a running experiment for about budget_ms.
void fe_process_experiments(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                            double budget_ms);
// Starts an experiment's small version (what the window's Run does).
void fe_start_experiment(viewer::FeExperimentsView& view, std::unique_ptr<ExperimentJob>& job,
                         const std::string& name, int trials);

}  // namespace kibitz
