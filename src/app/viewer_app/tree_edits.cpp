// Edit by hand (viewer/node_editor.cpp asks; command::EditNode, UndoEdit, RedoEdit, NewTree):
// the shown tree's text edited in place (games/explicit_tree_edit.hpp), searched again at once
// with the same set-up, the cursor and the selection kept at the same node and step
// (trace/place.hpp), the nodes whose outcome changed ringed, the set-up form's text and the
// page's link following. Each edit is undoable; undo and redo search again the same way.
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "games/explicit_tree_edit.hpp"
#include "trace/place.hpp"

namespace kibitz {

namespace {

TreeEdit::Kind edit_kind(viewer::command::EditNode::Kind k) {
  using K = viewer::command::EditNode::Kind;
  switch (k) {
    case K::set_value:
      return TreeEdit::Kind::set_value;
    case K::rename:
      return TreeEdit::Kind::rename;
    case K::add_successor:
      return TreeEdit::Kind::add_successor;
    case K::remove:
      return TreeEdit::Kind::remove;
    case K::move_left:
      return TreeEdit::Kind::move_left;
    case K::move_right:
      return TreeEdit::Kind::move_right;
  }
  return TreeEdit::Kind::set_value;
}

}  // namespace

Done ViewerApp::edit_tree(const viewer::command::EditNode& c) {
  if (!m_state.has_trace() || !m_spec || m_spec->tree.empty())
    return show_refusal("edit: only a tree typed or chosen from the examples can be edited");
  if (c.node >= m_state.model().node_count())
    return show_refusal("edit: node " + std::to_string(c.node) + " is not in this search");
  try {
    TreeEdit e;
    e.kind = edit_kind(c.kind);
    e.path = trace::node_path(m_state.model(), c.node);
    e.value = c.value;
    e.name = c.name;
    const std::string before = m_spec->tree;
    const Done d = search_edited(apply_tree_edit(before, e), describe_tree_edit(e));
    if (d.ok()) {
      m_undo.push_back(before);
      m_redo.clear();
      sync_edit_state();
    }
    return d;
  } catch (const std::exception& e) {
    return refuse(e);
  }
}

Done ViewerApp::undo_edit(bool redo) {
  std::vector<std::string>& from = redo ? m_redo : m_undo;
  std::vector<std::string>& to = redo ? m_undo : m_redo;
  if (from.empty() || !m_spec) return show_refusal(redo ? "nothing to redo" : "nothing to undo");
  const std::string now = m_spec->tree;
  const Done d = search_edited(from.back(), redo ? "edit redone" : "edit undone");
  if (d.ok()) {
    from.pop_back();
    to.push_back(now);
    sync_edit_state();
  }
  return d;
}

Done ViewerApp::new_tree() {
  SearchSpec spec = m_spec && !m_spec->tree.empty() ? *m_spec : spec_from_form();
  spec.tree = k_new_tree_text;
  spec.random.reset();
  spec.game.clear();
  const std::string before = m_spec ? m_spec->tree : "";
  const Done d = run(spec);
  if (!d.ok()) return d;
  form_from_spec(spec);
  if (!before.empty()) m_undo.push_back(before);
  m_redo.clear();
  sync_edit_state();
  m_state.status =
      "a new tree: right-click a node (or use the inspector) to add successors, "
      "double-click a leaf to set its value";
  return d;
}

// Searches `text` with the shown search's set-up and keeps the place (trace/place.hpp).
Done ViewerApp::search_edited(const std::string& text, const std::string& what) {
  viewer::ViewerState& s = m_state;
  const trace::Model& old = s.model();
  const trace::Place place = trace::place_of_event(old, s.cursor());
  const bool had_selection = s.selected < old.node_count();
  const trace::Place selected =
      had_selection ? trace::place_of_event(old, old.enter_t(s.selected)) : trace::Place{};
  const trace::Outcomes before = trace::outcomes_of(old);
  SearchSpec spec = *m_spec;
  spec.tree = text;
  const Done d = run(spec);  // a typed tree searches in milliseconds: here, not in the background
  if (!d.ok()) return d;
  form_from_spec(spec);  // the set-up form's text follows the edit
  const trace::Model& now = s.model();
  s.seek(trace::event_of_place(now, place));
  if (had_selection) s.selected = now.node_of_event(trace::event_of_place(now, selected));
  s.changed = trace::changed_nodes(now, before);
  sync_edit_state();
  s.status = what + ": searched again";
  return d;
}

void ViewerApp::sync_edit_state() {
  m_state.tree_editable = m_spec && !m_spec->tree.empty();
  m_state.can_undo_edit = !m_undo.empty();
  m_state.can_redo_edit = !m_redo.empty();
}

}  // namespace kibitz
