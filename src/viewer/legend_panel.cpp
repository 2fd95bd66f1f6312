// What every colour and mark on the canvas means (colour is never the only cue).
#include "viewer/panels.hpp"
#include "viewer/views/view.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

// A sample of a mark (a filled or bordered box, dashed or not, with a tag) and what it means.
void swatch(ImU32 fill, ImU32 border, bool dashed, const char* tag, const char* text) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b(a.x + h * 2.6f, a.y + h * 1.1f);
  if (fill) dl->AddRectFilled(a, b, fill, 3.0f);
  if (dashed) {
    for (float x = a.x; x < b.x; x += 6)
      dl->AddLine(ImVec2(x, a.y), ImVec2(std::min(x + 3, b.x), a.y), border, 1.5f);
    for (float x = a.x; x < b.x; x += 6)
      dl->AddLine(ImVec2(x, b.y), ImVec2(std::min(x + 3, b.x), b.y), border, 1.5f);
  } else if (border) {
    dl->AddRect(a, b, border, 3.0f, 0, 2.0f);
  }
  if (tag) dl->AddText(ImVec2(a.x + 4, a.y + 1), fill ? IM_COL32(255, 255, 255, 255) : border, tag);
  ImGui::Dummy(ImVec2(h * 2.6f, h * 1.1f));
  ImGui::SameLine();
  ImGui::TextWrapped("%s", text);
}

// The kinds, in the words of the value view shown.
void kinds_section(const ViewerState& s, const Palette& p) {
  section("node kinds");
  if (s.minimax_view()) {  // the textbook's words: a value, MAX and MIN
    swatch(p.pv, 0, false, "Pv", "Pv: its value is exact; no successor cut off");
    swatch(p.cut, 0, false, "Cut",
           "Cut: a successor cut it off; its value is a bound (\u2265 at a MAX node, \u2264 at a "
           "MIN node)");
    swatch(p.all, 0, false, "All",
           "All: no successor got inside the window; its value is a bound (\u2264 at a MAX "
           "node, \u2265 at a MIN node)");
    swatch(p.leaf, 0, false, "Leaf", "Leaf: its value, as the tree gives it for MAX");
  } else {
    swatch(p.pv, 0, false, "Pv", "Pv: ret is exact (= score); no successor cut off");
    swatch(p.cut, 0, false, "Cut",
           "Cut: a successor cut off; ret is a lower bound (score \u2265 ret)");
    swatch(p.all, 0, false, "All",
           "All: nothing reached \u03b1; ret is an upper bound (score \u2264 ret)");
    swatch(p.leaf, 0, false, "Leaf", "Leaf: the value of evaluate(position)");
  }
}

}  // namespace

void draw_legend(ViewerState& s) {
  const Palette& p = palette(s.theme);
  kinds_section(s, p);
  swatch(0, p.expected, true, "Cut?",
         "dashed, with \u201c?\u201d: the kind expected while the node is searched");
  swatch(0, p.wrong_prediction, false, nullptr,
         "corner triangle: the expected kind turned out wrong");
  section("marks");
  swatch(0, p.active, false, nullptr, "thick outline: the node of the current event");
  swatch(p.node_bg_open, p.node_border, false, nullptr, "tinted box: open (on the search stack)");
  swatch(0, p.edge_active, false, nullptr, "highlighted edges: the active path from the root");
  swatch(0, p.cutoff_mark, false, "||",
         "two bars across an edge: this successor caused the cutoff");
  swatch(0, p.stub, true, "3",
         "dashed box \"N pruned\": successors never searched after the cutoff (for a tree "
         "given as text or a random tree, the pruned branches as dashed boxes, leaves with "
         "their values)");
  swatch(0, p.edge_pv, false, nullptr, "thick edges at the end: the principal variation");
  if (s.has_trace()) {
    for (const AlgorithmView* v : s.views()) v->legend(s);
  }
  section("numbers on a node");
  if (s.minimax_view()) {
    ImGui::TextWrapped(
        "As in textbooks (V or the View menu switches to the seed's negamax form): \u25b3 MAX "
        "nodes (the root's player moves) and \u25bd MIN nodes, every value from MAX's point of "
        "view. \u03b1 and \u03b2: the window (coloured once a successor has narrowed it: "
        "\u03b1 at a MAX node, \u03b2 at a MIN node); best: the largest value so far at a MAX "
        "node, the smallest at a MIN node; value: what the node returns, with \u2265 or \u2264 "
        "when it is only a bound. sc: the unpruned minimax value, once computed.");
    // The cutoff test as this search ran it: > (strict) or >= (the criterion).
    const bool strict = !s.has_trace() || s.model().trace().meta.get("criterion", "gt") != "ge";
    ImGui::TextWrapped("A MAX node is cut off when best %s \u03b2, a MIN node when best %s \u03b1.",
                       strict ? "rises above" : "reaches", strict ? "falls below" : "falls to");
  } else {
    ImGui::TextWrapped(
        "\u03b1[k]: alpha before successor k (coloured when raised above \u03b1[0]); \u03b2: "
        "beta; best[k]: the best negated return so far; ret: the return value with = (exact), "
        "\u2265 (lower bound) or \u2264 (upper bound); sc: the unpruned minimax score, once "
        "computed. Values are from the side to move at that node (negamax; V or the View menu "
        "switches to the textbook's MAX/MIN form).");
  }
  ImGui::TextWrapped("In games, +M3 is a game won (\u2212M3 lost) 3 plies from the root.");
  section("keys");
  ImGui::TextWrapped(
      "Space play/pause \u00b7 \u2190/\u2192 one event \u00b7 Shift+\u2190/\u2192 one node \u00b7 "
      "Home/End \u00b7 "
      "+/\u2212 zoom \u00b7 F fit \u00b7 C follow \u00b7 V values MAX/MIN or negamax \u00b7 P "
      "projector mode \u00b7 [ ] side panels \u00b7 Ctrl "
      "+/\u2212 text size \u00b7 Ctrl+Enter "
      "run \u00b7 "
      "Ctrl+O open \u00b7 Ctrl+S save");
}

}  // namespace kibitz::viewer
