// Everything the panels show and edit: the loaded trace and its model, the cursor, the
// selection, the camera, playback, the set-up form and the requests the panels make of the
// app (run a search, open or save a file). Panels read the model only; the app owns the
// engine and answers the requests between frames.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <variant>
#include <vector>

#include <imgui.h>

#include "trace/minimax_form.hpp"
#include "trace/model.hpp"
#include "trace/trace.hpp"
#include "viewer/fe_view.hpp"
#include "viewer/game_services.hpp"
#include "viewer/layout.hpp"
#include "viewer/quiz.hpp"
#include "viewer/setup_form.hpp"
#include "viewer/theme.hpp"

namespace kibitz::viewer {

class AlgorithmView;  // views/view.hpp

// A well-known position of a game, from assets/positions/<game>.txt.
struct GamePosition {
  std::string game, name, text;
};

struct Example {
  std::string name;         // file stem, e.g. "textbook-3x3"
  std::string title;        // "Textbook: three MIN nodes"
  std::string description;  // a sentence for the set-up panel
  std::string tree;         // bracket text
};

struct Camera {
  float x = 0.0f, y = 0.0f;  // world point at the centre of the canvas
  float zoom = 1.0f;
  bool follow = true;                     // keep the current node in view
  bool glide_x = false, glide_y = false;  // follow is moving the camera to centre the node
  bool fit_pending = true;  // size the view for the final tree (readable zoom) on the next frame
  bool fit_all_pending = false;  // fit (F): a wide tree's active path first, then all of it
  bool fitted_near = false;      // the last fit was a wide tree's active path
  float ui_scale = 0.0f;  // the text size the zoom was set for: a larger text zooms in with it
};

// What a panel asks of the app, done between frames in the order asked
// (ViewerApp::process_requests). One type per request: adding one is a struct here and its
// handler in the app (app/viewer_app/commands.cpp); the compiler lists the handlers missing.
namespace command {
struct Run {};            // search the set-up form
struct ComputeScores {};  // unpruned minimax scores for the inspector
struct OpenPicker {};     // web: the browser's file picker
struct Open {             // desktop: a path to open
  std::string path;
};
struct Save {  // desktop: a path to save (.kbz or .json by extension)
  std::string path;
};
struct Download {  // web: the trace, as .kbz or JSON
  bool json = false;
};
struct Export {};      // File → Export…: make the picture of export_options
struct QuizPractice {  // View → Quiz: a new practice tree quizzed at this level
  int level = 1;
};
struct ComparePreset {  // View → Compare: one of compare_presets()
  int index = 0;
};
struct EndCompare {};
struct CompareWith {  // View → Compare: this search against another algorithm ("minimax",
                      // "alphabeta", "pvs") or the other criterion ("criterion")
  std::string what;
};
struct CopyLink {  // web: copy the URL of this view, at this step or from the start
  bool from_start = false;
};
struct FullScreen {};    // web: the page full screen, or back
struct CancelSearch {};  // stop the search running in the background (its result dropped)
struct EditNode {        // edit by hand (node_editor.cpp): the shown tree's node, searched again
  enum class Kind { set_value, rename, add_successor, remove, move_left, move_right };
  Kind kind = Kind::set_value;
  std::uint32_t node = 0;
  Score value = 0;   // set_value, from MAX's point of view
  std::string name;  // rename
};
struct UndoEdit {};
struct RedoEdit {};
struct NewTree {};  // File → New tree: a root and two leaves to build from
}  // namespace command

using Command =
    std::variant<command::Run, command::ComputeScores, command::OpenPicker, command::Open,
                 command::Save, command::Download, command::Export, command::QuizPractice,
                 command::ComparePreset, command::EndCompare, command::CompareWith,
                 command::CopyLink, command::FullScreen, command::CancelSearch, command::EditNode,
                 command::UndoEdit, command::RedoEdit, command::NewTree>;

// A search running off the UI thread (the desktop's thread, the page's Web Worker): the app
// starts it and reports its progress; the viewer shows it with a Cancel button.
struct SearchProgress {
  bool running = false;
  std::string what;  // "alpha-beta on random b=4,d=10"
  std::size_t nodes = 0, events = 0;
  std::size_t max_nodes = 0, max_events = 0;  // the limits at which it stops
  double started = 0;                         // ImGui::GetTime() when first shown (0: not yet)
};

class ViewerState {
 public:
  ViewerState();

  // Takes a trace (a search just run, or a file): builds the model, resets the cursor to the
  // start, clears scores and selection. Throws InputError if the trace's events do not nest.
  void set_trace(std::unique_ptr<trace::Trace> t, std::string origin);
  // The same trace, grown (a live stream's newer snapshot: the same events and more): the
  // camera, selection and collapsed subtrees stay; the cursor stays, or goes to the new last
  // event when it was at the old one (follow the search). Throws as set_trace.
  void grow_trace(std::unique_ptr<trace::Trace> t);
  bool has_trace() const { return m_model != nullptr; }
  const trace::Model& model() const { return *m_model; }
  // The trace: its facts, strings and events as recorded (the model derives the rest from them).
  const trace::Trace& trace() const { return *m_trace; }
  // Sets one of the shown trace's facts (the cursor a saved file reopens at).
  void set_trace_fact(const std::string& key, const std::string& value) {
    if (m_trace) m_trace->meta.set(key, value);
  }
  const std::string& origin() const { return m_origin; }
  // Different for every trace shown: what a cache of a trace's figures is keyed by.
  std::uint64_t trace_generation() const { return m_trace_generation; }
  // The views (views/view.hpp) that apply to the trace shown, in the registry's order.
  const std::vector<const AlgorithmView*>& views() const { return m_views; }

  std::size_t event_count() const { return m_model ? m_model->event_count() : 0; }
  std::size_t cursor() const { return m_cursor; }
  void seek(std::size_t t);  // clamps to the trace
  void step(long long delta);
  // The next / previous event of a kind (enter, leave, cutoff...) from the cursor.
  void seek_next(trace::EventType type, bool forward);

  // The layout for the cursor: for a small tree, the tidy layout of the nodes entered so far,
  // rebuilt when that changes; for a big one (or LayoutMode::final_shape), the whole tree's,
  // built once, in which the nodes entered by the cursor appear in place (grows_in_place()).
  const TreeLayout& layout();
  bool grows_in_place() const;
  // Above this many nodes in the root shown, a tree grows in place (a rebuild per step would
  // cost more than a frame).
  static constexpr std::uint32_t k_growing_layout_max = 20000;
  // The layout of the whole trace (its final shape), built once per trace.
  const TreeLayout& final_layout();
  // The layout the canvas drew last (for where a node is on screen).
  const TreeLayout& shown_layout() const { return m_layout; }

  // Playback: advances the cursor by speed * dt events.
  void update_playback(double dt_seconds);

  std::optional<std::vector<Score>> scores;  // per node id, when computed
  std::uint32_t selected = trace::k_no_node;
  std::uint32_t hovered = trace::k_no_node;
  Camera camera;
  bool playing = false;
  float speed = 4.0f;  // events per second
  LayoutMode layout_mode = LayoutMode::growing;
  // Which root the canvas shows when the trace has several (iterative deepening): the one the
  // cursor is in (k_iteration_cursor), all side by side (k_iteration_all), or root number k.
  static constexpr int k_iteration_cursor = -1, k_iteration_all = -2;
  int iteration_view = k_iteration_cursor;
  // The node range [first, end) of the root shown at event t (all roots: [0, visible)).
  void shown_range(std::size_t t, std::uint32_t& first, std::uint32_t& end) const;
  std::uint32_t shown_root_end(std::uint32_t first) const;
  LayoutMetrics metrics;
  Theme theme_before_present = Theme::dark;

  // The Find tab: the text of "go to", the condition, the last results.
  struct FindView {
    std::string text;
    std::string error;
    int condition = 0;  // FindCondition
    int min_k = 1;
    int lo = -100, hi = 100;
    int kind = 0;      // SearchKind
    std::string what;  // the text to find
    std::vector<std::uint32_t> results;
    std::size_t total = 0;
    bool searched = false;
  } find;
  // The Shape tab (shape_panel.cpp): the icicle's top node (k_no_node: the shown root), kept
  // while the trace of `generation` grows (the same origin, as many nodes or more: a live
  // stream's snapshots); the ply its largest subtrees are listed at; what the last icicle cost.
  struct ShapeView {
    std::uint32_t zoom = trace::k_no_node;
    std::uint64_t generation = 0;
    std::string origin;
    std::uint32_t nodes = 0;
    int ply = 2;
    int boxes = 0;
    double draw_ms = 0.0;
    double sizes_ms = 0.0;  // the subtree sizes' one pass, once per trace
  } shape;
  // Shows node id: its root's iteration, the cursor at its entry if it was not entered yet,
  // selected, and the camera on it at a readable zoom (the Find tab, Z).
  void go_to(std::uint32_t id);

  // Collapsed subtrees: a collapsed node stands for its subtree on the canvas (X or a
  // double-click toggles it; go_to opens the subtrees around a node it goes to).
  const std::unordered_set<std::uint32_t>& collapsed() const { return m_collapsed; }
  void toggle_collapsed(std::uint32_t id);
  void expand_all();
  // F on a tree too wide to read: the subtrees beside the active path (root to `current`) are
  // folded, each its node with "+N folded", so that the path and its siblings read and the rest
  // is summarised; unfold_beside_path() opens those again (not the user's own folds).
  void fold_beside_path(std::uint32_t current);
  void unfold_beside_path();
  bool folded_beside_path() const { return !m_path_folds.empty(); }

  SetupForm setup;
  std::vector<AlgorithmChoice> algorithms;  // what the set-up form offers (the app's registry)
  std::vector<Example> examples;
  std::vector<GamePosition> positions;
  // The panels' requests of the app since it last took them (process_requests).
  std::vector<Command> commands;
  void ask(Command c) { commands.push_back(std::move(c)); }
  template <class C>
  bool asked() const {
    for (const Command& c : commands)
      if (std::holds_alternative<C>(c)) return true;
    return false;
  }
  // The fonts must be built again (the text size or the pixel ratio changed): the platform's.
  bool rebuild_fonts = false;
  SearchProgress search;

  // The values shown: the textbook's MAX/MIN form or the seed's negamax form. Each trace opens
  // in its default (trace/minimax_form.hpp) until the user chooses one; then the choice stays.
  trace::ValueView value_view = trace::ValueView::minimax;
  bool value_view_chosen = false;
  void set_value_view(trace::ValueView v) {
    value_view = v;
    value_view_chosen = true;
  }
  bool minimax_view() const { return value_view == trace::ValueView::minimax; }
  // Textbook mode (textbook.hpp): no node kinds, (α, β) on the edges, MAX-VALUE/MIN-VALUE
  // pseudocode and the rule table, for alpha-beta and minimax over trees in the minimax view.
  bool textbook = true;
  bool textbook_applies() const { return m_textbook_applies && minimax_view(); }
  bool textbook_mode() const { return textbook && textbook_applies(); }

  Theme theme = Theme::dark;
  float font_scale = 1.0f;  // the user's Ctrl +/- factor
  float dpi_scale = 1.0f;   // device pixels per CSS/logical pixel
  float ui_scale() const { return font_scale * dpi_scale; }
  bool show_legend = true;
  // The side panels (each toggled on its own: [ and ]) and projector mode (P): both panels
  // hidden, the light theme, the narration in large type, the tree fitted to the canvas.
  bool show_left_panel = true, show_right_panel = true;
  bool present = false;
  void set_present(bool on);
  // Projector mode's cards (narrow leaves with their value large, text 1.4 times larger, taller
  // boxes) also for a small tree at any size: read at 1024x768 with the panels shown.
  static constexpr std::uint32_t k_large_cards_max = 64;  // nodes, pruned branches included
  bool large_cards() const { return present || m_small_tree; }
  // A node's text size on the canvas at zoom 1 (world units): larger with large cards.
  float node_text() const { return 15.0f * (large_cards() ? 1.4f : 1.0f); }
  // A small tree whose whole input is known (a bracket or random tree: every pruned branch
  // made again) is laid out whole from the start, drawn faint where the search has not been:
  // the tree as typed, no value or kind from the future (View menu; canvas_preview.cpp).
  bool show_input_tree = true;
  bool previews_input_tree() const { return show_input_tree && m_small_tree && m_input_known; }
  bool left_panel_shown() const { return show_left_panel && !present && !embed; }
  bool right_panel_shown() const { return show_right_panel && !present && !embed; }
  // Embed mode (embed=1 in a link: an iframe in slides or a course page): the canvas, the
  // replay bar and the narration only, no menu bar or panels.
  bool embed = false;
  bool show_overview = true;  // the minimap over the canvas when the tree is bigger than the view
  std::string open_tab;       // a tab to bring forward on the next frame: setup, inspector, legend,
                              // events, stats
  bool show_file_browser = false;
  // File → Export…: the picture asked for (export_panel.cpp), made by the app.
  struct ExportOptions {
    std::string format = "png";   // png, svg, tikz, dot, gif
    int width = 1920;             // pixels (SVG: its nominal width)
    std::string shape = "tree";   // the picture's: "tree" (the tree's own), "16:9", "4:3" (slides)
    bool caption = false;         // the narration under the tree
    long long from = 0, to = -1;  // a GIF's events (-1: the cursor)
    int step = 1, delay_cs = 50;  // a GIF's events per frame, hundredths of a second a frame
    std::string path;             // desktop: where to write it
  } export_options;
  bool show_export = false;
  // Compare (compare.hpp): the other search, drawn beside this one (owned by the app), what
  // each side searched (its title), and by node id the nodes the other side never entered.
  ViewerState* compare_with = nullptr;
  int canvas_slot = 0;     // its canvas's GPU instances (canvas_scene.hpp): compare's B has 1
  bool fit_whole = false;  // fitting shows the whole tree however small (compare's sides)
  std::string compare_title;
  std::vector<std::uint8_t> only_here;
  // Edit by hand (node_editor.cpp): the shown search is of a tree's text the app can edit; what
  // can be undone; by node id, the nodes whose outcome the last edit changed (ringed).
  bool tree_editable = false;
  bool can_undo_edit = false, can_redo_edit = false;
  std::vector<std::uint8_t> changed;
  // Quiz mode (quiz.hpp): while it runs, the cursor never passes the current question's event.
  Quiz quiz;
  void start_quiz(int level, int round = 0);  // round: which 12 questions (Quiz::start)
  int quiz_on_next_trace = 0;                 // a quiz level asked for before any search was shown
  // Answers the current question and, once it is settled, shows its event (the answer).
  QuizFeedback answer_quiz(const Answer& a);
  // The replay has reached the current question (a settled answer leaves it at what the search
  // did then; Next question, a step or Play goes on to the next): the question is shown only
  // then, so it never names a node the tree does not show yet.
  bool at_quiz_question() const { return quiz.current() != nullptr && m_cursor >= quiz.wait_at(); }
  bool is_web = false;

  FeView fe;              // forward estimation: estimate bars, the Experiments window
  GameServices services;  // what the app answers about game positions
  // The branches a search of a bracket or random tree never entered, by the node they were
  // pruned at (from services.pruned_branches, once per trace), and whether the canvas shows them.
  std::map<std::uint32_t, std::vector<PrunedNode>> pruned;
  bool show_pruned = true;
  // A game's pruned branches, searched again from its positions on request (bracket and random
  // trees have theirs from the start): the number of nodes they were pruned at.
  std::size_t search_pruned_branches();
  bool pruned_searched = false;  // they were (links say so: pruned=search)
  // Whether the branches pruned at `parent` are drawn as ghost boxes.
  bool ghosts_shown(std::uint32_t parent) const {
    return show_pruned && m_ghost_widths.count(parent) > 0;
  }

  std::string error;      // the last failure, shown until the next success
  std::string status;     // a short note ("opened t.kbz")
  bool live = false;      // a live stream is arriving (the app's live.cpp): frames go on
  std::string live_text;  // what the canvas's banner says of it while it arrives

  // Widget rectangles of the last frame, by name, for tests and the JS API.
  std::map<std::string, ImVec4> widgets;
  void note_widget(const char* name);  // the last ImGui item
  std::string focused_widget;          // the noted widget with the keyboard's focus ring, or ""

  // Whether the view is changing by itself (playback, a search or an experiment running, the
  // camera gliding or about to fit, a request to answer): frames must go on without input.
  bool busy() const {
    const bool camera_moving = has_trace() && (camera.glide_x || camera.glide_y ||
                                               camera.fit_pending || camera.fit_all_pending);
    return playing || live || search.running || fe.experiments.running || camera_moving ||
           !commands.empty();
  }
  long long frames_drawn = 0;  // frames the platform loop drew (an idle viewer draws none)

  double search_seconds = -1.0;  // how long the shown search took (-1: not run here)
  double frame_ms = 0.0;         // time between frames, set by the platform loop
  double work_ms = 0.0;  // time of Kibitz's own work in the last frame (UI, drawing, GL calls)

 private:
  std::unique_ptr<trace::Trace> m_trace;
  std::unique_ptr<trace::Model> m_model;
  // The ghost rows' widths by Cut node (from `pruned`), and whether the layouts were built
  // with them.
  std::unordered_map<std::uint32_t, GhostExtent> m_ghost_widths;
  bool m_layouts_ghosted = false;
  void sync_ghosts();
  bool m_textbook_applies = false;
  std::uint64_t m_trace_generation = 0;
  bool m_small_tree = false;   // at most k_large_cards_max nodes, pruned branches included
  bool m_input_known = false;  // every branch not entered is in `pruned`
  void apply_metrics();        // projector's or large cards' or the default metrics
  std::string m_origin;
  std::vector<const AlgorithmView*> m_views;
  std::size_t m_cursor = 0;
  double m_play_accum = 0.0;
  TreeLayout m_layout;
  TreeLayout m_final_layout;
  bool m_final_valid = false;
  bool m_layout_final = false;  // m_layout is the final shape
  std::unordered_set<std::uint32_t> m_collapsed;
  std::vector<std::uint32_t> m_path_folds;  // the folds fold_beside_path made
  std::uint32_t m_collapse_generation = 0, m_layout_generation = 0;
  std::uint32_t m_layout_cutoffs = 0;
  bool m_layout_valid = false;
};

}  // namespace kibitz::viewer
