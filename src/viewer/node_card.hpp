// What a node's box says at an event, in words, apart from how it is drawn: its kind tag, its
// title, and its value lines (the window, best, the value returned) in the value view asked
// for. The canvas draws it with ImGui (canvas_node.cpp); the exports write it as SVG, TikZ and
// DOT (export_scene.hpp). One source, so a slide says what the canvas said.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "trace/model.hpp"

namespace kibitz::viewer {

// How a part of a card is inked: body text, dimmed, or a bound narrowed by a successor.
enum class Ink : std::uint8_t { text, dim, narrowed, view };

struct CardText {
  std::string text;
  Ink ink = Ink::text;
};

// One value line: a left part and, on the same line at the right, an optional right part.
struct CardLine {
  CardText left, right;
};

struct NodeCard {
  std::string tag;                        // "Pv", "Cut?" while only expected, "…"
  NodeKind tag_kind = NodeKind::unknown;  // whose colour the tag takes
  bool decided = false;                   // the tag filled (its kind known); else outlined
  bool wrong_prediction = false;          // decided, and not the kind expected
  int player = 0;                         // the minimax view's inner nodes: 1 MAX, -1 MIN
  std::string title;                      // "MAX B", "MIN 0.1", "root", "E"
  std::string name;                       // the title without "MAX "/"MIN "
  std::vector<CardLine> lines;            // lines 2 to 4 (some may be empty)
  std::string leaf_value;                 // a leaf's value alone ("3", "−2"), once known
};

struct CardOptions {
  trace::ValueView view = trace::ValueView::negamax;
  const std::vector<Score>* scores = nullptr;  // unpruned scores, shown beside the returns
  const char* leaf_word = nullptr;             // a view's word for a leaf's value ("qs")
  bool hide_best = false;                      // quiz: best would give the value asked for away
  bool hide_expected = false;  // quiz: the expected kind ("Cut?") would give the kind away
  bool hide_kinds = false;     // textbook mode: no kind tag at all, no wrong-prediction mark
};

NodeCard node_card(const trace::Model& m, std::uint32_t id, std::size_t t, const CardOptions& o);

// The name a node goes by on the canvas: its label, "root", or its path ("1.0.2").
std::string card_name(const trace::Model& m, std::uint32_t id);

}  // namespace kibitz::viewer
