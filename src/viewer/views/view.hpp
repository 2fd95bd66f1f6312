// The viewer's side of an algorithm or of a trace extension, in the spirit of Tracy's timeline
// items: one object with a hook per place it draws, each a no-op unless it has something to
// add there. The panels and the canvas ask every view that applies to the trace shown; the
// set-up form asks the view of the algorithm chosen. Each view lives in a file of its own in
// this folder and is listed once in registry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

#include "trace/model.hpp"
#include "viewer/layout.hpp"
#include "viewer/pseudocode.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

// What the canvas passes to a view's drawing hooks.
struct CanvasPaint {
  ImDrawList* dl;
  ViewerState& s;
  const trace::Model& m;
  std::size_t t;  // the cursor
  float zoom;
  int lod;       // level of detail: 0 dots, 1 boxes, 2 full nodes
  bool hovered;  // the mouse is over the canvas
};

enum class TabColumn { left, right };

class AlgorithmView {
 public:
  virtual ~AlgorithmView() = default;
  // The registry name of the algorithm it belongs to, or nullptr for an extension's view.
  virtual const char* algorithm() const { return nullptr; }
  // Whether it has something to show for this trace (its algorithm made it, or its events are
  // in it).
  virtual bool applies(const trace::Model& m) const = 0;

  // Pseudocode: the listing with the line each event runs, and the line of the recursive call
  // that searches `child` (shown while it is searched). nullptr: the view has none.
  virtual const Listing* listing() const { return nullptr; }
  virtual int line_of(const trace::Event& e, bool leaf) const { return 0; }
  // The line of event t, where the event alone does not tell (by default line_of).
  virtual int line_at(const trace::Model& m, std::size_t t, bool leaf) const {
    return line_of(m.event(t), leaf);
  }
  virtual int call_line(const trace::Model& m, std::uint32_t child) const { return 0; }

  // The set-up form: its part below the algorithm's list (the generic widgets draw its
  // options otherwise), and what choosing the algorithm does to the form.
  virtual void setup(ViewerState& s, std::map<std::string, std::string>& values) const {}
  virtual void chosen(SetupForm& f) const {}

  // Panels: sections of the inspector (node id at the cursor), the legend and the statistics;
  // lines of a node's tooltip; tabs of its own.
  virtual void inspector(ViewerState& s, std::uint32_t id) const {}
  virtual void legend(ViewerState& s) const {}
  virtual void stats(ViewerState& s) const {}
  virtual void tooltip(const ViewerState& s, std::uint32_t id) const {}
  virtual void tabs(ViewerState& s, TabColumn column) const {}

  // The canvas: marks on the edge into `child` (from the parent's bottom to the child's top),
  // a stub (true when drawn: no other view and no default stub), marks on a node's box.
  virtual void edge(const CanvasPaint& p, std::uint32_t child, ImVec2 from, ImVec2 to) const {}
  virtual bool stub(const CanvasPaint& p, const LayoutStub& st, ImVec2 from, ImVec2 top) const {
    return false;
  }
  virtual void node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) const {}
  // Whether stub() draws some stubs itself, and this one (the canvas's GPU part then leaves it
  // out).
  virtual bool owns_stubs() const { return false; }
  virtual bool owns_stub(const trace::Model& m, const LayoutStub& st) const { return false; }
  // Whether node() marks dots too (a far zoom): the canvas then visits a node per pixel.
  virtual bool marks_dots() const { return false; }
  // The word before a leaf's value ("eval" unless a view names it otherwise, with a colour).
  virtual const char* leaf_word(const ViewerState& s, std::uint32_t id, ImU32& colour) const {
    return nullptr;
  }
};

// Every view, in the registry's order.
const std::vector<const AlgorithmView*>& all_views();
// The views that apply to a trace (ViewerState::views() keeps those of the trace shown).
std::vector<const AlgorithmView*> applicable_views(const trace::Model& m);
// The view of a registry algorithm, or nullptr.
const AlgorithmView* view_of_algorithm(const std::string& name);
// The view whose pseudocode the trace runs: its algorithm's, else search!'s.
const AlgorithmView& listing_view(const trace::Model& m);

}  // namespace kibitz::viewer
