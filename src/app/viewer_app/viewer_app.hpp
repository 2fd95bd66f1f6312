// The app behind the viewer, shared by the desktop program and the web page: it answers the
// panels' requests between frames (run a search, compute scores, open and save traces), and
// offers the operations of the JavaScript API, which act on the same state as the UI.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/viewer_app/practice_tree.hpp"
#include "core/byte_source.hpp"
#include "session/experiments/job.hpp"
#include "session/run.hpp"
#include "session/search_spec.hpp"
#include "trace/live_stream.hpp"
#include "viewer/export_formats.hpp"
#include "viewer/export_scene.hpp"
#include "viewer/quiz.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz {

// What an operation did: done, or refused with a message saying why (in most cases also shown
// in the viewer: the set-up panel, or the canvas's banner). The JavaScript API turns it into
// {"error": ...}; C++ callers read it as it is.
struct Done {
  std::string error;  // "" when done
  bool ok() const { return error.empty(); }
  static Done refused(std::string why) { return Done{std::move(why)}; }
};

// An export's file (File → Export…, Kibitz.exportFile): the text of a text format, or the SVG
// frames of a picture the platform draws (one for PNG, a GIF's many).
struct ExportFile {
  const viewer::ExportFormat* format = nullptr;
  std::string name;  // "kibitz-tree.svg"
  std::string text;
  std::vector<std::string> frames;
  int width = 0, delay_cs = 0;
};

class ViewerApp {
 public:
  // assets_dir holds examples/*.tree.
  explicit ViewerApp(const std::string& assets_dir);

  viewer::ViewerState& state() { return m_state; }
  const viewer::ViewerState& state() const { return m_state; }

  // Acts on what the panels asked for during the last frame (their commands, viewer_state.hpp).
  void process_requests();

  // Runs and shows a search, on this thread. A search surely too big is refused; one that
  // reaches the viewer's limits is shown partial (limits.hpp).
  Done run(const SearchSpec& spec);
  // The same off the UI thread when the platform can (start_background), else as run(); the
  // cursor goes to event seek_to once it is shown (background.cpp).
  Done start(const SearchSpec& spec, std::size_t seek_to = 0);
  // A search as a user gave it (the page's runSearch and startSearch, the desktop's --options):
  // shown in the set-up form even when it cannot run (its message beside it, nothing the user
  // typed lost), then validated and run here or in the background.
  Done run_given(const SearchSpec& spec, bool background = false);
  // Shows a refusal found outside (a page's options that are not JSON) as the app's own are
  // shown, and returns it.
  Done show_refusal(const std::string& message);
  // The set-up form as a search; throws InputError naming the bad field.
  SearchSpec spec_from_form() const;
  void form_from_spec(const SearchSpec& spec);
  // What the shown trace searched, when it says (a search run here, a file with its set-up).
  const std::optional<SearchSpec>& shown_spec() const { return m_spec; }
  // Shows a trace read from bytes (.kbz or JSON), copied.
  Done load_trace(const std::uint8_t* data, std::size_t size, const std::string& name);
  // The same from bytes that stay where they lie (a mapped file, the page's file): a .kbz file
  // is indexed and its events read a page at a time as they are shown.
  Done load_trace(std::shared_ptr<const ByteSource> bytes, const std::string& name);
  std::vector<std::uint8_t> save_kbz();
  std::string save_trace_json();  // the trace as a JSON file (format 2)
  // Unpruned minimax scores of the shown trace's nodes (from its metadata); false if the
  // trace does not say how to search it again.
  bool compute_scores();

  // The view as a URL fragment: "#tree=...&algo=alphabeta&criterion=ge&t=42" (links.cpp).
  // at_cursor false: the same view from the search's start (t=0, nothing selected).
  std::string url_hash(bool at_cursor = true) const;
  // Applies a fragment like the above: runs the search it describes and seeks. In the
  // background (start()) when asked: the page's own link on opening.
  Done apply_url_hash(const std::string& hash, bool background = false);
  // The view a saved trace was saved with (its "view_link" fact, a link): value view, theme,
  // text size, selection, camera, layout, pruned branches, panels. False if unreadable.
  bool apply_saved_view(const std::string& hash);

  // File → Export… (export.cpp). The scenes an export asks for: the view at the cursor, or a
  // GIF's frames over one extent; the cursor is left where it was. Throws InputError on an
  // absurd request (over 2000 frames).
  std::vector<viewer::ExportScene> export_scenes(const viewer::ViewerState::ExportOptions& o);
  // The file of an export (options checked here: format, width, range).
  Done export_file(const viewer::ViewerState::ExportOptions& o, ExportFile& out);
  // Pictures (PNG, GIF) made from scenes: the desktop writes them with app/cli/render, the page
  // draws them in the browser. Unset: PNG and GIF are refused with a message.
  std::function<void(const viewer::ViewerState::ExportOptions&, std::vector<viewer::ExportScene>&&)>
      pictures;

  // Quiz mode (quiz.cpp): a practice tree made from the seed, searched by alpha-beta and
  // quizzed, else the search shown, at level 1..5.
  Done start_quiz(int level, const std::optional<PracticeSpec>& practice_tree, int round = 0);
  // An answer to the question asked: its feedback.
  Done answer_quiz(const viewer::Answer& answer, viewer::QuizFeedback& feedback);
  // The practice tree shown (links give it as practice=..., not as its text), if any.
  std::optional<PracticeSpec> practice;
  // Whether the shown tree is the practice tree (the quiz's state names it then).
  bool showing_practice() const;

  // Compare (compare.cpp): A shown as usual, B beside it, B's cursor following A's.
  Done compare(const SearchSpec& a, const SearchSpec& b);
  // B's side while comparing, else nullptr.
  const viewer::ViewerState* compare_side() const { return m_compare.get(); }
  void end_compare();

  // Edit by hand (tree_edits.cpp): the shown tree's node edited in its text, searched again
  // with the cursor and selection kept; undo and redo (redo = true); a blank tree.
  Done edit_tree(const viewer::command::EditNode& c);
  Done undo_edit(bool redo = false);
  Done new_tree();

  // Live (live.cpp): a recorder's stream arriving (the desktop's --listen, the page's relay).
  // live_begin starts a new one (the view switches to it as soon as it has events; saved_to: the
  // file the listener saves it to, "" if none); live_feed takes bytes as they arrive; live_end
  // says the connection closed. live_tick, once a frame, shows what has
  // arrived, at a pace that keeps the model's rebuilds a small share of the time.
  void live_begin(const std::string& name, const std::string& saved_to);
  void live_feed(const std::uint8_t* data, std::size_t size);
  void live_end();
  void live_tick(double now_seconds);
  bool live_active() const { return m_live != nullptr; }
  // Streams begun and bytes received in all; the snapshots and events of the last stream.
  struct LiveFigures {
    std::uint64_t streams = 0, bytes = 0, snapshots = 0;
    std::size_t events = 0;
    double last_snapshot_ms = 0;
  };
  const LiveFigures& live_figures() const { return m_live_figures; }
  // Told when a stream shown has ended and its last snapshot is on screen (what the status bar
  // says: whole or cut short, nodes, events, the file).
  std::function<void(const std::string&)> live_ended;

  // Forward estimation's Experiments window: opens it and starts an experiment's small version.
  void start_experiment(const std::string& name, int trials = 0);

  // Platform hooks (set by the web page; the desktop uses paths).
  std::function<void(const std::string& name, const std::vector<std::uint8_t>& bytes,
                     const std::string& mime)>
      download;
  std::function<void()> open_picker;
  std::function<void(const std::string&)> copy_text;
  // The page full screen, or back to the window: true when it asked to enter.
  std::function<bool()> toggle_full_screen;
  std::function<void(const std::string&)> url_changed;
  // A search off the UI thread: the platform starts it (the spec completed and checked) and
  // reports on the UI thread through background_progress, then background_done or
  // background_failed; cancel_background drops it.
  std::function<void(const SearchSpec& spec)> start_background;
  std::function<void()> cancel_background;
  void background_progress(std::size_t events, std::size_t nodes);
  void background_done(SearchResult&& result);
  void background_failed(const std::string& message);

  // What a link says of the view besides the search and the cursor, applied once its trace is
  // shown (links.cpp).
  struct LinkViewParts {
    std::optional<std::uint32_t> selected;
    std::optional<float> cam_x, cam_y, zoom;
    bool final_layout = false;
    bool search_pruned = false;  // pruned=search: a game's pruned branches searched again
    int quiz_level = 0;          // quiz=N: quiz mode at that level once the search is shown
  };

 private:
  void show(SearchResult&& result, const std::string& origin);
  void shown(const SearchSpec& spec, SearchResult&& result);  // run()'s second half
  Done refuse(const std::exception& e);  // the failure's message, in the view and returned
  void drop_pending();  // the background search, if any, is cancelled: something else is shown
  void load_examples(const std::string& assets_dir);
  void load_positions(const std::string& assets_dir);
  // The panels' commands (commands.cpp).
  void execute(const viewer::Command& c);
  void save_to(const std::string& path);
  void download_trace(bool json);
  void compare_with(const std::string& what);
  void export_now();
  Done search_edited(const std::string& text, const std::string& what);
  void back_to_one_search();
  void sync_edit_state();  // the viewer's editable and undo flags, from m_spec and the stacks

  // What a link says of the view besides the search and the cursor, applied once its trace is
  // shown (links.cpp).
  void apply_link_view(const LinkViewParts& v);

  viewer::ViewerState m_state;
  std::unique_ptr<viewer::ViewerState> m_compare;  // compare mode's B side
  std::optional<SearchSpec> m_compare_spec;
  std::optional<SearchSpec> m_spec;             // what the shown trace searched, when known
  std::unique_ptr<ExperimentJob> m_experiment;  // the Experiments window's (fe_experiments.cpp)
  std::optional<SearchSpec> m_pending;          // the search running in the background
  std::size_t m_pending_seek = 0;
  LinkViewParts m_pending_view;
  std::vector<std::string> m_undo, m_redo;    // tree texts before the edits (tree_edits.cpp)
  std::optional<SearchSpec> m_return_spec;    // shown again by 'Back to one search'
  std::unique_ptr<trace::LiveStream> m_live;  // the stream arriving, if any (live.cpp)
  trace::LivePace m_live_pace;
  LiveFigures m_live_figures;
  bool m_live_shown = false;  // its first snapshot is shown (later ones grow the view)
  // The trace generation the last snapshot made: another means the user opened something
  // else, and the stream goes on to its file unseen.
  std::uint64_t m_live_generation = 0;
};

}  // namespace kibitz
