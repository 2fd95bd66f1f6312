// The app behind the viewer: it answers the panels' requests between frames and runs the
// searches they ask for. Its other jobs have files of their own: the set-up form
// (viewer_app_form.cpp), links (viewer_app_links.cpp), files (viewer_app_files.cpp), the JSON
// views of the page's API (viewer_app_json.cpp) and the Experiments window (viewer_app_fe.cpp).
#include "app/viewer_app.hpp"

#include <algorithm>

#include "app/viewer_app_fe.hpp"
#include "app/viewer_services.hpp"
#include "core/error.hpp"

namespace kibitz {

ViewerApp::ViewerApp(const std::string& assets_dir) {
  m_state.services = viewer_game_services();
  for (const AlgorithmEntry* a : algorithms()) {
    viewer::AlgorithmChoice c;
    c.name = a->name;
    c.label = a->label;
    c.options = a->options;
    c.criterion = a->criterion;
    c.scores = a->scores;
    m_state.algorithms.push_back(c);
  }
  load_examples(assets_dir);
  load_positions(assets_dir);
}

void ViewerApp::show(SearchResult&& result, const std::string& origin) {
  auto t = std::make_unique<trace::Trace>(std::move(result.trace));
  m_state.set_trace(std::move(t), origin);
}

namespace {

// A viewer trace of tens of millions of events would not fit a browser tab: refuse early.
constexpr long long k_max_nodes = 3'000'000;
// The Greenblatt search records every move's plausibility: its traces grow by events.
constexpr std::size_t k_max_events = 24'000'000;

void check_size_before(const SearchSpec& spec) {
  if (!spec.random || spec.algorithm().prunes) return;
  const double b = spec.random->b > 0 ? spec.random->b : (spec.random->B + 1) / 2.0;
  double nodes = 1, level = 1;
  const int d = std::min(spec.random->d, spec.search_depth());
  for (int i = 0; i < d && nodes <= k_max_nodes; ++i) nodes += (level *= b);
  if (nodes > k_max_nodes) {
    throw InputError("this random tree has more than " + std::to_string(k_max_nodes) +
                     " nodes: too many to replay with " + spec.algorithm().noun +
                     ", which searches every node; lower b or d, or use alpha-beta");
  }
}

void check_size_after(const SearchResult& r) {
  if (r.stats.nodes > k_max_nodes) {
    throw InputError("the search visited " + std::to_string(r.stats.nodes) +
                     " nodes: too many to replay (limit " + std::to_string(k_max_nodes) + ")");
  }
  if (r.trace.events.size() > k_max_events) {
    throw InputError("the search recorded " + std::to_string(r.trace.events.size()) +
                     " events: too many to replay (limit " + std::to_string(k_max_events) +
                     "); lower the depth or the widths");
  }
}

}  // namespace

std::string ViewerApp::run(const SearchSpec& given) {
  try {
    const SearchSpec spec = completed(given);
    check_size_before(spec);
    SearchResult r = run_search(spec, true);
    check_size_after(r);
    const double seconds = r.seconds;
    m_spec = spec;
    show(std::move(r), spec.source_kind());
    m_state.search_seconds = seconds;
    m_state.status = "searched " + std::to_string(m_state.model().node_count()) + " nodes";
    if (url_changed) url_changed(url_hash());
    return summary_json();
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
}

std::string ViewerApp::run_json(const std::string& options_json) {
  try {
    // The form shows the search asked for, even one that cannot run (then with the message).
    const SearchSpec spec = SearchSpec::from_json(options_json, false);
    form_from_spec(spec);
    spec.validate();
    return run(spec);
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
}

void ViewerApp::process_requests() {
  viewer::Requests& r = m_state.requests;
  if (r.run) {
    r.run = false;
    try {
      run(spec_from_form());
    } catch (const InputError& e) {
      m_state.error = e.what();
    }
  }
  if (r.compute_scores) {
    r.compute_scores = false;
    if (!compute_scores())
      m_state.error = "cannot compute scores: the trace does not say how to search it again";
  }
  process_file_requests();
  if (r.open_picker) {
    r.open_picker = false;
    if (open_picker) open_picker();
  }
  if (r.copy_link) {
    r.copy_link = false;
    if (copy_text) copy_text(url_hash());
  }
  fe_process_experiments(m_state.fe.experiments, m_experiment, 12.0);
}

void ViewerApp::start_experiment(const std::string& name, int trials) {
  auto& view = m_state.fe.experiments;
  view.open = true;
  if (view.names.empty()) view.names = experiment_names();
  const auto it = std::find(view.names.begin(), view.names.end(), name);
  if (it != view.names.end()) view.selected = static_cast<int>(it - view.names.begin());
  view.trials = trials;
  fe_start_experiment(view, m_experiment, name, trials);
}

}  // namespace kibitz
