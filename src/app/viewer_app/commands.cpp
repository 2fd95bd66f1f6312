// The panels' commands (viewer/viewer_state.hpp, command::*), done between frames: one handler
// per command type, chosen by the type.
#include <filesystem>

#include "app/viewer_app/fe_experiments.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "core/file_io.hpp"
#include "games/explicit_tree_edit.hpp"
#include "viewer/compare.hpp"

namespace kibitz {

namespace {

template <class... F>
struct Handlers : F... {
  using F::operator()...;
};
template <class... F>
Handlers(F...) -> Handlers<F...>;

}  // namespace

void ViewerApp::process_requests() {
  std::vector<viewer::Command> commands;
  commands.swap(m_state.commands);  // a handler may ask for more: they wait for the next frame
  for (const viewer::Command& c : commands) execute(c);
  fe_process_experiments(m_state.fe.experiments, m_experiment, 12.0);
}

void ViewerApp::execute(const viewer::Command& c) {
  namespace cmd = viewer::command;
  try {
    std::visit(Handlers{
                   [&](const cmd::Run&) {
                     m_return_spec.reset();  // the form's search is the one to come back to
                     try {
                       start(spec_from_form());
                     } catch (const std::exception& e) {
                       m_state.error = failure_text(e);
                     }
                   },
                   [&](const cmd::ComputeScores&) {
                     try {
                       if (!compute_scores())
                         m_state.error =
                             "cannot compute scores: the trace does not say how to search it again";
                     } catch (const std::exception& e) {  // too big to score: the view stays
                       m_state.error = "cannot compute scores: " + failure_text(e);
                     }
                   },
                   [&](const cmd::OpenPicker&) {
                     if (open_picker) open_picker();
                   },
                   [&](const cmd::Open& o) {
                     load_trace(map_file(o.path),  // indexed where it lies
                                std::filesystem::path(o.path).filename().string());
                   },
                   [&](const cmd::Save& o) { save_to(o.path); },
                   [&](const cmd::Download& o) { download_trace(o.json); },
                   [&](const cmd::Export&) { export_now(); },
                   [&](const cmd::QuizPractice& q) {  // a practice tree: the next seed's
                     PracticeSpec p = practice.value_or(PracticeSpec{});
                     p.seed = practice ? p.seed + 1 : 1;
                     start_quiz(q.level, p);
                   },
                   [&](const cmd::ComparePreset& p) {
                     const auto& presets = viewer::compare_presets();
                     if (p.index < 0 || static_cast<std::size_t>(p.index) >= presets.size()) return;
                     const viewer::ComparePreset& pair = presets[static_cast<std::size_t>(p.index)];
                     const SearchSpec a = SearchSpec::from_json(pair.a),
                                      b = SearchSpec::from_json(pair.b);
                     if (m_spec && !m_return_spec) m_return_spec = m_spec;  // for "Back"
                     form_from_spec(a);
                     compare(a, b);
                   },
                   [&](const cmd::EndCompare&) { back_to_one_search(); },
                   [&](const cmd::CompareWith& w) { compare_with(w.what); },
                   [&](const cmd::CopyLink& l) {
                     if (!copy_text) return;
                     copy_text(url_hash(!l.from_start));
                     m_state.status = l.from_start ? "link copied: this search, from its start"
                                                   : "link copied: this view, at event " +
                                                         std::to_string(m_state.cursor());
                   },
                   [&](const cmd::FullScreen&) {
                     if (!toggle_full_screen) return;
                     m_state.status = toggle_full_screen()
                                          ? "full screen: Esc or View \u2192 Full screen leaves it"
                                          : "full screen left";
                   },
                   [&](const cmd::EditNode& e) { edit_tree(e); },
                   [&](const cmd::UndoEdit&) { undo_edit(false); },
                   [&](const cmd::RedoEdit&) { undo_edit(true); },
                   [&](const cmd::NewTree&) { new_tree(); },
                   [&](const cmd::CancelSearch&) {
                     if (!m_pending) return;
                     drop_pending();
                     m_state.status = "search cancelled: the view is as it was";
                   },
               },
               c);
  } catch (const std::exception& e) {
    m_state.error = failure_text(e);
  }
}

void ViewerApp::download_trace(bool json) {
  if (!download || !m_state.has_trace()) return;
  if (json) {
    const std::string text = save_trace_json();
    download("kibitz-trace.json", std::vector<std::uint8_t>(text.begin(), text.end()),
             "application/json");
  } else {
    download("kibitz-trace.kbz", save_kbz(), "application/octet-stream");
  }
}

void ViewerApp::compare_with(const std::string& what) {  // this search against another way
  if (!m_spec) {
    m_state.error = "compare: this trace does not say how to search it again";
    return;
  }
  if (what == "ordering") {  // this tree at its best move ordering against its worst
    const SearchSpec mine = m_return_spec ? *m_return_spec : *m_spec;
    if (mine.tree.empty()) {
      m_state.error = "compare: best and worst ordering are for a tree typed or from the examples";
      return;
    }
    SearchSpec a = mine, b = mine;
    a.tree = ordered_tree_text(mine.tree, true);
    b.tree = ordered_tree_text(mine.tree, false);
    m_return_spec = mine;  // "Back to one search" shows the tree as it was
    compare(a, b);
    return;
  }
  SearchSpec b = *m_spec;
  if (what == "criterion") {
    b.criterion = b.criterion == Criterion::ge ? Criterion::gt : Criterion::ge;
  } else {
    b.algo = what;
    b.options = {};  // the other algorithm's own options are its defaults
  }
  compare(*m_spec, b);
}

// "Back to one search": B goes; a compare that replaced the shown tree (a preset, best and worst
// ordering) gives the tree and set-up shown before it back.
void ViewerApp::back_to_one_search() {
  end_compare();
  if (!m_return_spec) return;
  const SearchSpec back = *m_return_spec;
  m_return_spec.reset();
  if (m_spec && back.link_params() == m_spec->link_params()) return;
  if (run(back).ok()) form_from_spec(back);
}

void ViewerApp::save_to(const std::string& path) {
  if (std::filesystem::path(path).extension() == ".json") {
    const std::string json = save_trace_json();
    write_file_bytes(path, std::vector<std::uint8_t>(json.begin(), json.end()));
  } else {
    write_file_bytes(path, save_kbz());
  }
  m_state.status = "saved " + path;
}

}  // namespace kibitz
