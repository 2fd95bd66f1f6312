// The app behind the viewer: it runs the searches the panels and the APIs ask for and shows
// them. Its other jobs have files of their own: the panels' commands (commands.cpp), the set-up
// form (form.cpp), links (links.cpp), files (files.cpp), searches in the background
// (background.cpp), compare (compare.cpp), the quiz (quiz.cpp), exports (export.cpp) and the
// Experiments window (fe_experiments.cpp). The page's JSON is app/web's.
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
  end_compare();  // a new search: its own view (compare sets the other side again)
}

Done ViewerApp::refuse(const std::exception& e) {
  return show_refusal(failure_text(e));
}

Done ViewerApp::show_refusal(const std::string& message) {
  m_state.error = message;
  return Done::refused(message);
}

Done ViewerApp::run(const SearchSpec& given) {
  try {
    const SearchSpec spec = completed(given);
    check_viewer_size(spec);
    drop_pending();
    std::atomic<bool> stop{false};
    shown(spec, run_search(spec, viewer_recording(&stop)));
    return {};
  } catch (const std::exception& e) {
    return refuse(e);
  }
}

void ViewerApp::shown(const SearchSpec& spec, SearchResult&& r) {
  const std::string partial = note_stopped(r);
  const double seconds = r.seconds;
  show(std::move(r), spec.source_kind());  // throws before anything changes
  m_spec = spec;
  sync_edit_state();
  m_state.search_seconds = seconds;
  m_state.status = "searched " + thousands(m_state.model().node_count()) + " nodes" +
                   (partial.empty() ? "" : " (partial: a limit stopped the search)");
  if (url_changed) url_changed(url_hash());
}

Done ViewerApp::run_given(const SearchSpec& spec, bool background) {
  form_from_spec(spec);  // the form shows the search asked for, even one that cannot run
  try {
    spec.validate();
  } catch (const std::exception& e) {
    return refuse(e);
  }
  return background ? start(spec) : run(spec);
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
