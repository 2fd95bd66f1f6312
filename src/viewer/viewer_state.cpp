#include "viewer/viewer_state.hpp"

#include <algorithm>
#include <cmath>

#include "trace/interest_index.hpp"
#include "viewer/panels.hpp"
#include "viewer/textbook.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

ViewerState::ViewerState() = default;

namespace {
std::size_t pruned_node_count(const std::map<std::uint32_t, std::vector<PrunedNode>>& pruned) {
  std::size_t n = 0;
  for (const auto& [parent, nodes] : pruned) n += nodes.size();
  return n;
}

// Whether the whole input tree is the trace's nodes and the pruned branches: every node left,
// its successors known, those never entered made again (a cutoff's) and none pruned by a test.
bool input_tree_known(const trace::Model& m,
                      const std::map<std::uint32_t, std::vector<PrunedNode>>& pruned) {
  if (m.node_count() > ViewerState::k_large_cards_max) return false;
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const trace::ModelNode& n = m.node(id);
    if (n.leave_t == trace::k_never || n.pruned > 0 || (!n.leaf && n.succ_count < 0)) return false;
    std::int32_t searched = 0, last_k = -1;  // successors entered (a re-search shares its k)
    for (std::uint32_t c = 0; c < m.child_count(id); ++c) {
      const std::int32_t k = m.k(m.child(id, c));
      if (k != last_k) ++searched, last_k = k;
    }
    if (n.succ_count > searched && pruned.count(id) == 0) return false;
  }
  return true;
}
}  // namespace

void ViewerState::set_trace(std::unique_ptr<trace::Trace> t, std::string origin) {
  auto model = std::make_unique<trace::Model>(*t);  // throws before anything changes
  quiz.stop();                                      // its questions were the last trace's
  m_layout.clear();
  m_layout_valid = false;
  m_final_layout.clear();
  m_final_valid = false;
  m_model = std::move(model);
  m_trace = std::move(t);
  if (!value_view_chosen) value_view = trace::default_value_view(m_trace->meta);
  pruned.clear();
  if (services.pruned_branches) pruned = services.pruned_branches(*m_model, false);
  pruned_searched = false;
  m_input_known = input_tree_known(*m_model, pruned);
  m_textbook_applies = viewer::textbook_applies(*m_model);
  m_small_tree = m_model->node_count() + pruned_node_count(pruned) <= k_large_cards_max;
  apply_metrics();
  m_ghost_widths.clear();
  m_layouts_ghosted = false;  // made again for this trace's pruned branches
  sync_ghosts();
  m_origin = std::move(origin);
  m_views = applicable_views(*m_model);
  m_cursor = 0;
  m_play_accum = 0.0;
  scores.reset();
  selected = m_model->node_count() ? 0 : trace::k_no_node;
  hovered = trace::k_no_node;
  camera.fit_pending = true;
  error.clear();
  m_collapsed.clear();
  m_path_folds.clear();
  changed.clear();                        // an edit marks its nodes after this
  static std::uint64_t traces_shown = 0;  // across states: compare's two sides differ too
  m_trace_generation = ++traces_shown;
  ++m_collapse_generation;
  find.results.clear();  // ids of the last trace
  find.total = 0;
  find.searched = false;
  find.error.clear();
  if (quiz_on_next_trace > 0) {  // asked for before there was a search to quiz
    start_quiz(quiz_on_next_trace);
    quiz_on_next_trace = 0;
  }
}

void ViewerState::grow_trace(std::unique_ptr<trace::Trace> t) {
  if (!has_trace()) return set_trace(std::move(t), m_origin);
  const bool at_end = m_cursor + 1 >= event_count();
  const std::size_t cursor = m_cursor;
  std::uint32_t root_before = 0, end_before = 0;
  shown_range(cursor, root_before, end_before);
  const std::uint32_t keep_selected = selected;
  const Camera keep_camera = camera;
  const bool first_fit_done = !camera.fit_pending;
  auto keep_collapsed = m_collapsed;
  const trace::ValueView keep_view = value_view;
  set_trace(std::move(t), m_origin);
  value_view = keep_view;
  if (first_fit_done) camera = keep_camera;
  for (std::uint32_t id : keep_collapsed)
    if (id < m_model->node_count()) m_collapsed.insert(id);
  if (keep_selected < m_model->node_count()) selected = keep_selected;
  seek(at_end && event_count() ? event_count() - 1 : cursor);
  // Following the search into a new iteration: its root is fitted (the camera was on the last).
  std::uint32_t root_after = 0, end_after = 0;
  shown_range(m_cursor, root_after, end_after);
  if (at_end && first_fit_done && root_after != root_before) camera.fit_pending = true;
}

void ViewerState::set_present(bool on) {
  if (on == present) return;
  present = on;
  if (on) {
    theme_before_present = theme;
    theme = Theme::light;  // the high-contrast one on a projector
  } else {
    theme = theme_before_present;
  }
  apply_metrics();
  rebuild_fonts = true;
  camera.fit_pending = true;  // the canvas changed size: fit the tree to it again
}

// Large cards: text 1.4 times larger (canvas_node.cpp) in taller boxes, leaves narrow with
// their value only, subtrees closer: a tree of 40 nodes (27 leaves) fits across a 1280x800
// projector with its text at 24 pixels or more.
void ViewerState::apply_metrics() {
  LayoutMetrics m;
  if (large_cards()) {
    m.node_width = 112.0f;
    m.leaf_width = m.stub_width = 34.0f;
    m.gap = 4.0f;
    m.node_height = 104.0f;
    m.level_height = 132.0f;
  }
  if (m.node_width == metrics.node_width && m.gap == metrics.gap) return;
  metrics = m;
  m_layouts_ghosted = false;  // the ghost rows' widths are the metrics' too
  sync_ghosts();
  m_layout_valid = m_final_valid = false;
}

void ViewerState::seek(std::size_t t) {
  const std::size_t n = event_count();
  m_cursor = n == 0 ? 0 : std::min(t, n - 1);
  if (quiz.active() && m_cursor > quiz.wait_at()) {  // the quiz asks before it shows
    m_cursor = quiz.wait_at();
    playing = false;
  }
}

void ViewerState::start_quiz(int level, int round) {
  if (!has_trace()) return;
  quiz.start(*m_model, level, round);
  set_value_view(quiz.view());
  playing = false;
  m_cursor = 0;
  seek(quiz.wait_at());
  camera.fit_pending = true;  // the canvas is shorter: the quiz is docked under it
}

QuizFeedback ViewerState::answer_quiz(const Answer& a) {
  const Question* q = quiz.current();
  if (!q) return {};
  const std::size_t t = q->t;
  const QuizFeedback f = quiz.answer(a);
  if (quiz.current() != q || quiz.done()) seek(t);  // settled: show what the search did
  return f;
}

void ViewerState::step(long long delta) {
  const long long t = static_cast<long long>(m_cursor) + delta;
  seek(t < 0 ? 0 : static_cast<std::size_t>(t));
}

void ViewerState::seek_next(trace::EventType type, bool forward) {
  const std::size_t n = event_count();
  if (n == 0) return;
  if (forward) {
    for (std::size_t t = m_cursor + 1; t < n; ++t) {
      if (m_model->event(t).type == type) {
        seek(t);
        return;
      }
    }
    seek(n - 1);
  } else {
    for (std::size_t t = m_cursor; t-- > 0;) {
      if (m_model->event(t).type == type) {
        seek(t);
        return;
      }
    }
    seek(0);
  }
}

void ViewerState::shown_range(std::size_t t, std::uint32_t& first, std::uint32_t& end) const {
  const std::uint32_t visible = m_model->nodes_visible_at(t);
  const auto& roots = m_model->roots();
  if (roots.size() <= 1 || iteration_view == k_iteration_all) {
    first = 0;
    end = visible;
    return;
  }
  std::size_t index = 0;
  if (iteration_view >= 0) {
    index = std::min(static_cast<std::size_t>(iteration_view), roots.size() - 1);
  } else {
    while (index + 1 < roots.size() && m_model->enter_t(roots[index + 1]) <= t) ++index;
  }
  first = roots[index];
  const std::uint32_t next = index + 1 < roots.size() ? roots[index + 1] : m_model->node_count();
  end = std::max(first, std::min(next, visible));
}

// Where the nodes shown with `first` end once the whole trace is in: the next root, or the
// end of the trace when all roots are shown.
std::uint32_t ViewerState::shown_root_end(std::uint32_t first) const {
  const auto& roots = m_model->roots();
  if (roots.size() <= 1 || iteration_view == k_iteration_all) return m_model->node_count();
  const auto it = std::upper_bound(roots.begin(), roots.end(), first);
  return it == roots.end() ? m_model->node_count() : *it;
}

bool ViewerState::grows_in_place() const {
  if (!m_model) return false;
  if (layout_mode == LayoutMode::final_shape || previews_input_tree()) return true;
  std::uint32_t first = 0, end = 0;
  shown_range(m_cursor, first, end);
  return shown_root_end(first) - first > k_growing_layout_max;
}

std::size_t ViewerState::search_pruned_branches() {
  if (!m_model || !services.pruned_branches) return 0;
  pruned = services.pruned_branches(*m_model, true);
  show_pruned = true;
  pruned_searched = true;
  m_layouts_ghosted = pruned.empty();  // not what sync_ghosts wants: the layouts are made again
  sync_ghosts();
  return pruned.size();
}

// The layouts make room for the pruned branches' ghosts while they are shown.
void ViewerState::sync_ghosts() {
  const bool want = show_pruned && !pruned.empty() && m_model;
  if (want == m_layouts_ghosted) return;
  m_ghost_widths.clear();
  if (want) {
    for (const auto& [parent, nodes] : pruned) {
      int deepest = 0;
      for (const PrunedNode& g : nodes) deepest = std::max(deepest, g.depth);
      const int below = deepest - static_cast<int>(m_model->depth(parent)) - 1;
      m_ghost_widths[parent] = {ghost_row_width(nodes, metrics), std::max(0, below)};
    }
  }
  m_layout.set_ghosts(want ? &m_ghost_widths : nullptr);
  m_final_layout.set_ghosts(want ? &m_ghost_widths : nullptr);
  m_layouts_ghosted = want;
  m_layout_valid = m_final_valid = false;
}

const TreeLayout& ViewerState::layout() {
  if (!m_model) return m_layout;
  sync_ghosts();
  std::uint32_t first = 0, end = 0;
  shown_range(m_cursor, first, end);
  if (grows_in_place()) {
    // The final shape, built once per root shown: a node appears in its final place when it
    // is entered (drawing shows the nodes entered by the cursor, a prefix of the ids).
    end = shown_root_end(first);
    if (!m_layout_valid || m_layout.built_model() != m_model.get() ||
        m_layout.built_nodes() != end - first || m_layout.built_first() != first ||
        !m_layout_final || m_layout_generation != m_collapse_generation) {
      m_layout.build(*m_model, first, end, event_count() - 1, metrics, &m_collapsed);
      m_layout_valid = true;
      m_layout_final = true;
      m_layout_generation = m_collapse_generation;
    }
    return m_layout;
  }
  // A small tree is laid out afresh as it grows: each step shows the tidy tree of the nodes
  // entered so far. Stubs appear with cutoffs, forward-estimation prunes and interest cutoffs
  // (all only grow with t), so their count at t completes the key.
  const std::size_t t = m_cursor;
  const trace::Counters counters = m_model->counters_at(t);
  const std::uint32_t cutoffs = counters.cutoffs + counters[trace::Counter::fe_prunes] +
                                trace::interest_index(*m_model).cutoffs_at(t);
  if (!m_layout_valid || m_layout.built_model() != m_model.get() ||
      m_layout.built_nodes() != end - first || m_layout.built_first() != first ||
      m_layout_cutoffs != cutoffs || m_layout_final ||
      m_layout_generation != m_collapse_generation) {
    m_layout.build(*m_model, first, end, t, metrics, &m_collapsed);
    m_layout_valid = true;
    m_layout_cutoffs = cutoffs;
    m_layout_final = false;
    m_layout_generation = m_collapse_generation;
  }
  return m_layout;
}

const TreeLayout& ViewerState::final_layout() {
  if (!m_model) return m_final_layout;
  sync_ghosts();
  if (grows_in_place()) return layout();
  std::uint32_t first = 0, end = 0;
  shown_range(m_cursor, first, end);
  end = shown_root_end(first);
  if (!m_final_valid || m_final_layout.built_first() != first ||
      m_final_layout.built_nodes() != end - first) {
    m_final_layout.build(*m_model, first, end, event_count() - 1, metrics);
    m_final_valid = true;  // (the whole tree: fit and the camera's bounds)
  }
  return m_final_layout;
}

void ViewerState::toggle_collapsed(std::uint32_t id) {
  if (!m_model || id >= m_model->node_count()) return;
  // The user's fold from now on, whichever way it goes.
  m_path_folds.erase(std::remove(m_path_folds.begin(), m_path_folds.end(), id), m_path_folds.end());
  if (!m_collapsed.erase(id)) {
    if (m_model->child_count(id) == 0) return;  // nothing to fold
    m_collapsed.insert(id);
  }
  ++m_collapse_generation;
}

void ViewerState::expand_all() {
  m_path_folds.clear();
  if (m_collapsed.empty()) return;
  m_collapsed.clear();
  ++m_collapse_generation;
}

void ViewerState::fold_beside_path(std::uint32_t current) {
  if (!m_model || current >= m_model->node_count()) return;
  for (std::uint32_t on = current, a = m_model->parent(current); a != trace::k_no_node;
       on = a, a = m_model->parent(a)) {
    for (std::uint32_t i = 0; i < m_model->child_count(a); ++i) {
      const std::uint32_t c = m_model->child(a, i);
      if (c == on || m_model->child_count(c) == 0) continue;
      if (m_collapsed.insert(c).second) m_path_folds.push_back(c);
    }
  }
  ++m_collapse_generation;
}

void ViewerState::unfold_beside_path() {
  for (std::uint32_t id : m_path_folds) m_collapsed.erase(id);
  m_path_folds.clear();
  ++m_collapse_generation;
}

void ViewerState::go_to(std::uint32_t id) {
  if (!m_model || id >= m_model->node_count()) return;
  for (std::uint32_t a = m_model->parent(id); a != trace::k_no_node; a = m_model->parent(a)) {
    if (m_collapsed.erase(a)) ++m_collapse_generation;  // open what hides it
  }
  if (m_model->nodes_visible_at(m_cursor) <= id) seek(m_model->enter_t(id));
  const auto& roots = m_model->roots();
  if (roots.size() > 1 && iteration_view != k_iteration_all) {
    // The root whose subtree holds it: the last root at or before its id.
    const auto it = std::upper_bound(roots.begin(), roots.end(), id);
    iteration_view = static_cast<int>(it - roots.begin()) - 1;
  }
  selected = id;
  const TreeLayout& l = layout();
  if (!l.contains(id)) return;
  camera.x = l.x(id);
  camera.y = l.y(id);
  camera.zoom = std::max(camera.zoom, 0.75f * ui_scale());
  camera.follow = false;
  camera.fit_pending = false;
  camera.fitted_near = false;
}

void ViewerState::update_playback(double dt_seconds) {
  if (!playing || !m_model) return;
  // At most a tenth of a second a frame: the first frame after idling (no frames drawn for
  // minutes) must not jump ahead by all that time.
  m_play_accum += std::min(dt_seconds, 0.1) * speed;
  if (m_play_accum >= 1.0) {
    const double whole = std::floor(m_play_accum);
    m_play_accum -= whole;
    const std::size_t before = m_cursor;
    step(static_cast<long long>(whole));
    if (m_cursor == before || m_cursor + 1 >= event_count()) playing = false;
  }
}

void ViewerState::note_widget(const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  widgets[name] = ImVec4(a.x, a.y, b.x, b.y);
  if (last_item_has_keyboard_focus()) focused_widget = name;
}

}  // namespace kibitz::viewer
