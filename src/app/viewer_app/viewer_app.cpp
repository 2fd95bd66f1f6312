// The app behind the viewer: it answers the panels' requests between frames and runs the
// searches they ask for. Its other jobs have files of their own: the set-up form
// (viewer_app_form.cpp), links (viewer_app_links.cpp), files (viewer_app_files.cpp), the JSON
// views of the page's API (viewer_app_json.cpp) and the Experiments window (viewer_app_fe.cpp).
#include "app/viewer_app/viewer_app.hpp"
#include "core/text.hpp"
#include "viewer/compare.hpp"

#include <algorithm>
#include <atomic>

#include "app/viewer_app/fe_experiments.hpp"
#include "app/viewer_app/limits.hpp"
#include "app/viewer_app/services.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"

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
  end_compare();  // a new search: its own view (compare_specs sets the other side again)
}

std::string ViewerApp::run(const SearchSpec& given) {
  try {
    const SearchSpec spec = completed(given);
    check_viewer_size(spec);
    drop_pending();
    std::atomic<bool> stop{false};
    return shown(spec, run_search(spec, viewer_recording(&stop)));
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
    return error_json(failure_text(e));
  }
}

std::string ViewerApp::shown(const SearchSpec& spec, SearchResult&& r) {
  const std::string partial = note_stopped(r);
  const double seconds = r.seconds;
  show(std::move(r), spec.source_kind());  // throws before anything changes
  m_spec = spec;
  m_state.search_seconds = seconds;
  m_state.status = "searched " + thousands(m_state.model().node_count()) + " nodes" +
                   (partial.empty() ? "" : " (partial: a limit stopped the search)");
  if (url_changed) url_changed(url_hash());
  return summary_json();
}

std::string ViewerApp::run_json(const std::string& options_json) {
  try {
    // The form shows the search asked for, even one that cannot run (then with the message).
    const SearchSpec spec = SearchSpec::from_json(options_json, false);
    form_from_spec(spec);
    spec.validate();
    return run(spec);
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
    return error_json(failure_text(e));
  }
}

void ViewerApp::process_requests() {
  viewer::Requests& r = m_state.requests;
  if (r.run) {
    r.run = false;
    try {
      start(spec_from_form());
    } catch (const std::exception& e) {
      m_state.error = failure_text(e);
    }
  }
  if (r.cancel_search) {
    r.cancel_search = false;
    if (m_pending) {
      drop_pending();
      m_state.status = "search cancelled: the view is as it was";
    }
  }
  if (r.compute_scores) {
    r.compute_scores = false;
    try {
      if (!compute_scores())
        m_state.error = "cannot compute scores: the trace does not say how to search it again";
    } catch (const std::exception& e) {  // too big to score: the view stays as it was
      m_state.error = "cannot compute scores: " + failure_text(e);
    }
  }
  process_file_requests();
  process_export();
  if (!r.compare_this.empty()) {  // View → Compare → this search against another way
    const std::string what = r.compare_this;
    r.compare_this.clear();
    if (m_spec) {
      SearchSpec a = *m_spec, b = *m_spec;
      if (what == "criterion")
        b.criterion = a.criterion == Criterion::ge ? Criterion::gt : Criterion::ge;
      else {
        b.algo = what;
        b.options = {};  // the other algorithm's own options are its defaults
      }
      compare_specs(a, b);
    } else {
      m_state.error = "compare: this trace does not say how to search it again";
    }
  }
  if (r.compare_preset != -1) {  // View → Compare
    const int i = r.compare_preset;
    r.compare_preset = -1;
    const auto& presets = viewer::compare_presets();
    if (i == -2)
      end_compare();
    else if (i >= 0 && static_cast<std::size_t>(i) < presets.size())
      compare_json(presets[static_cast<std::size_t>(i)].a, presets[static_cast<std::size_t>(i)].b);
  }
  if (r.quiz_practice > 0) {  // View → Quiz → a practice tree: the next seed's
    const int level = r.quiz_practice;
    r.quiz_practice = 0;
    PracticeSpec p = practice.value_or(PracticeSpec{});
    p.seed = practice ? p.seed + 1 : 1;
    const std::string j = start_quiz_json("{\"level\":" + std::to_string(level) +
                                          ",\"practice\":\"" + p.to_text() + "\"}");
    if (j.rfind("{\"error\"", 0) == 0) m_state.error = j;
  }
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
