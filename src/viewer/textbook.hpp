// Textbook mode (View → Textbook mode; on by default for bracket and random trees searched by
// alpha-beta or minimax, in the minimax view): what a first lecture shows, as AIMA and the CMU
// 15-150 visualizer draw it. No Pv/Cut/All or expected kinds; the window (α, β) written on each
// edge as it is passed down; AIMA-style MAX-VALUE / MIN-VALUE pseudocode with the event's line
// lit; and the rule table with the rule that fired when a successor's value comes back (prune,
// update α or β, keep).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <imgui.h>

#include "core/score.hpp"
#include "trace/model.hpp"
#include "viewer/pseudocode.hpp"

namespace kibitz::viewer {

struct CanvasPaint;
struct CanvasFrame;
class TreeLayout;
class ViewerState;

// Alpha-beta or minimax over a bracket or random tree: what textbook mode can show.
bool textbook_applies(const trace::Model& m);

// The listing (MAX-VALUE and MIN-VALUE, with or without α and β) and its line i (1-based) with
// the cutoff test written as the search ran it (≥ or >); the line event t runs (0: none) and
// where node id stands at t.
const Listing& textbook_listing(const trace::Model& m);
std::string textbook_listing_line(const trace::Model& m, int line);
int textbook_line(const trace::Model& m, std::size_t t);
int textbook_node_line(const trace::Model& m, std::uint32_t id, std::size_t t);

// When a successor's value v comes back to a node (from MAX's point of view), the rule that
// fires on the node's window (α, β): prune the rest, update α (MAX) or β (MIN), or keep it.
enum class Rule { none, prune, update, keep };
struct RuleAt {
  Rule rule = Rule::none;
  bool max_node = true;
  Score v = 0, alpha = 0, beta = 0;  // MAX's point of view, before the update
  std::uint32_t node = trace::k_no_node;
};
RuleAt rule_at(const trace::Model& m, std::size_t t);
// The rule as a sentence ("v = 2 ≤ α = 3 at MIN: prune the rest").
std::string rule_sentence(const trace::Model& m, const RuleAt& r);

// Canvas: (α, β) on the edge into each node entered, and the rule table in the top-right corner.
void draw_edge_windows(const CanvasPaint& p, const CanvasFrame& f, const TreeLayout& layout);
void draw_rule_table(ViewerState& s, ImDrawList* dl, ImVec2 origin, ImVec2 size);

}  // namespace kibitz::viewer
