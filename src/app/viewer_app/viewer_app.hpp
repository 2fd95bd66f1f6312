// The app behind the viewer, shared by the desktop program and the web page: it answers the
// panels' requests between frames (run a search, compute scores, open and save traces), and
// offers the operations of the JavaScript API, which act on the same state as the UI.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/viewer_app/practice_tree.hpp"
#include "session/experiments/job.hpp"
#include "session/run.hpp"
#include "session/search_spec.hpp"
#include "viewer/export_scene.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz {

class ViewerApp {
 public:
  // assets_dir holds examples/*.tree.
  explicit ViewerApp(const std::string& assets_dir);

  viewer::ViewerState& state() { return m_state; }
  const viewer::ViewerState& state() const { return m_state; }

  // Acts on what the panels asked for during the last frame.
  void process_requests();

  // Runs and shows a search, on this thread. Returns the summary JSON ({"value","nodes",
  // "events",...}) or {"error": "..."} for bad input (also shown in the set-up panel). A search
  // surely too big is refused; one that reaches the viewer's limits is shown partial
  // (viewer_limits.hpp).
  std::string run(const SearchSpec& spec);
  // The same off the UI thread when the platform can (start_background), else as run(); the
  // cursor goes to event seek_to once it is shown (viewer_app_background.cpp).
  // False (with the message in the state) when it could not start.
  bool start(const SearchSpec& spec, std::size_t seek_to = 0);
  std::string run_json(const std::string& options_json);
  // The set-up form as a search; throws InputError naming the bad field.
  SearchSpec spec_from_form() const;
  void form_from_spec(const SearchSpec& spec);
  // Shows a trace read from bytes (.kbz or JSON); summary or {"error"}.
  std::string load_trace(const std::uint8_t* data, std::size_t size, const std::string& name);
  std::vector<std::uint8_t> save_kbz();
  std::string save_json();
  // Unpruned minimax scores of the shown trace's nodes (from its metadata); false if the
  // trace does not say how to search it again.
  bool compute_scores();

  std::string summary_json() const;
  // {"running","what","nodes","events","error","status"}: the background search, if any.
  std::string search_state_json() const;
  std::string view_state_json() const;
  std::string node_state_json(std::uint32_t id) const;
  // [{"path","name","value"}]: the leaves the search never evaluated, where the whole tree is
  // known (a bracket tree), values from MAX's point of view, in path order.
  std::string pruned_leaves_json() const;  // the CLI's nodes_table entry at the cursor

  // The view as a URL fragment: "#tree=...&algo=alphabeta&criterion=ge&t=42"
  // (viewer_app_links.cpp).
  std::string url_hash() const;
  // Applies a fragment like the above: runs the search it describes and seeks; summary or
  // {"error"} naming the bad part.
  // In the background (start()) when asked: the page's own link on opening.
  std::string apply_url_hash(const std::string& hash, bool background = false);
  // The view a saved trace was saved with (its "view_link" fact, a link): value view, theme,
  // text size, selection, camera, layout, pruned branches, panels. False if unreadable.
  bool apply_saved_view(const std::string& hash);

  // File → Export… (viewer_app_export.cpp). The scenes an export asks for: the view at the
  // cursor, or a GIF's frames over one extent; the cursor is left where it was. Throws
  // InputError on an absurd request (over 2000 frames).
  std::vector<viewer::ExportScene> export_scenes(const viewer::ViewerState::ExportOptions& o);
  // {"format","name","text"} for SVG, TikZ and DOT; {"format","name","width","delay_cs",
  // "frames":[svg...]} for PNG and GIF (the page draws them); {"error"}. Options as JSON:
  // {"format","width","caption","from","to","step","delay"}, each optional.
  std::string export_json(const std::string& options_json);
  // Pictures (PNG, GIF) made from scenes: the desktop writes them with app/render, the page
  // draws them in the browser. Unset: PNG and GIF are refused with a message.
  std::function<void(const viewer::ViewerState::ExportOptions&, std::vector<viewer::ExportScene>&&)>
      pictures;

  // Quiz mode (viewer_app_quiz.cpp). Options {"level": 1..5 or "values", "pruning",
  // "windows", "kinds", "negamax"; "practice": "b=3,d=3,lo=0,hi=20,seed=7"}: a practice tree
  // made from the seed, searched by alpha-beta and quizzed, else the search shown. The quiz's
  // state, or {"error"}.
  std::string start_quiz_json(const std::string& options);
  std::string quiz_state_json() const;
  // {"value": 3} | {"alpha": 3, "beta": "+inf"} | {"cutoff": true, "pruned": 2} |
  // {"kind": "Cut"} | {"reveal": true} | {"skip": true}: the feedback, or {"error"}.
  std::string answer_quiz_json(const std::string& answer);
  // The practice tree shown (links give it as practice=..., not as its text), if any.
  std::optional<PracticeSpec> practice;

  // Compare (viewer_app_compare.cpp): A shown as usual, B beside it, B's cursor following
  // A's; options as runSearch takes them. compare_state_json: {active, a: {title, cursor,
  // figures: {nodes, leaves, cutoffs, pv, cut, all}}, b: {...}, only_a, only_b}.
  std::string compare_json(const std::string& a, const std::string& b);
  std::string compare_specs(const SearchSpec& a, const SearchSpec& b);
  std::string compare_state_json() const;
  void end_compare();

  // Forward estimation's Experiments window: opens it and starts an experiment's small version.
  void start_experiment(const std::string& name, int trials = 0);

  // Platform hooks (set by the web page; the desktop uses paths).
  std::function<void(const std::string& name, const std::vector<std::uint8_t>& bytes,
                     const std::string& mime)>
      download;
  std::function<void()> open_picker;
  std::function<void(const std::string&)> copy_text;
  std::function<void(const std::string&)> url_changed;
  // A search off the UI thread: the platform starts it (the spec as link parameters) and
  // reports on the UI thread through background_progress, then background_done or
  // background_failed; cancel_background drops it.
  std::function<void(const std::string& link_params)> start_background;
  std::function<void()> cancel_background;
  void background_progress(std::size_t events, std::size_t nodes);
  void background_done(SearchResult&& result);
  void background_failed(const std::string& message);

  // What a link says of the view besides the search and the cursor, applied once its trace is
  // shown (viewer_app_links.cpp).
  struct LinkViewParts {
    std::optional<std::uint32_t> selected;
    std::optional<float> cam_x, cam_y, zoom;
    bool final_layout = false;
    bool search_pruned = false;  // pruned=search: a game's pruned branches searched again
    int quiz_level = 0;          // quiz=N: quiz mode at that level once the search is shown
  };

 private:
  void show(SearchResult&& result, const std::string& origin);
  std::string shown(const SearchSpec& spec, SearchResult&& result);  // run()'s second half
  void drop_pending();  // the background search, if any, is cancelled: something else is shown
  void process_file_requests();  // viewer_app_files.cpp
  void process_export();         // viewer_app_export.cpp
  void load_examples(const std::string& assets_dir);
  void load_positions(const std::string& assets_dir);

  // What a link says of the view besides the search and the cursor, applied once its trace is
  // shown (viewer_app_links.cpp).
  void apply_link_view(const LinkViewParts& v);

  viewer::ViewerState m_state;
  std::unique_ptr<viewer::ViewerState> m_compare;  // compare mode's B side
  std::optional<SearchSpec> m_compare_spec;
  std::optional<SearchSpec> m_spec;             // what the shown trace searched, when known
  std::unique_ptr<ExperimentJob> m_experiment;  // the Experiments window's (viewer_app_fe.cpp)
  std::optional<SearchSpec> m_pending;          // the search running in the background
  std::size_t m_pending_seek = 0;
  LinkViewParts m_pending_view;
};

// {"error": message} (viewer_app_json.cpp).
std::string error_json(const std::string& message);

}  // namespace kibitz
