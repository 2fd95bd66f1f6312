// The tree as the canvas shows it at an event, as plain data for the exports (File → Export…,
// `kibitz render`): each node's box, kind and card (node_card.hpp), the edges with the cutoff
// mark and the active path, the pruned branches' ghosts and "N pruned" stubs, in the canvas's
// world units and the theme's colours. The writers turn it into SVG, TikZ (forest) and DOT
// here, and into PNG and GIF in the app (app/render/).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "viewer/node_card.hpp"
#include "viewer/theme.hpp"
#include "viewer/viewer_state.hpp"

namespace kibitz::viewer {

struct SceneNode {
  std::uint32_t id = 0;
  int parent = -1;                    // index in ExportScene::nodes, -1 for the root
  float x = 0, y = 0;                 // the box's centre
  float w = 0, h = 0;                 // its size
  NodeKind kind = NodeKind::unknown;  // as of the event (Cut from its cutoff on)
  NodeKind expected = NodeKind::unknown;
  bool open = false;                   // on the search stack
  bool current = false;                // the event's node
  bool leaf = false, compact = false;  // compact: projector mode's narrow leaf
  bool cut_edge = false;               // the edge from its parent carries the cutoff mark
  bool path = false, pv = false;       // its edge is on the active path, on the principal variation
  NodeCard card;
};

// A node of a pruned branch, greyed: `parent` is an index in ghosts, or -1 when it hangs from
// nodes[from] (the Cut node).
struct SceneGhost {
  float x = 0, y = 0, w = 0, h = 0;
  int parent = -1, from = 0;
  std::string name, value;
};

// Successors never searched whose branches are not known: a dashed box "N pruned".
struct SceneStub {
  float x = 0, y = 0, w = 0, h = 0;
  int from = 0;
  int count = 0;
};

struct ExportScene {
  float min_x = 0, max_x = 0, min_y = 0, max_y = 0;  // the extent, world units
  float text = 15;                                   // a node's text size, world units
  float aspect = 0;  // the picture's width / height: 0 the tree's own, else a slide's (16:9)
  bool minimax = false;
  std::string caption;  // the narration of the event
  std::size_t t = 0, events = 0;
  Palette colours;
  std::vector<SceneNode> nodes;
  std::vector<SceneGhost> ghosts;
  std::vector<SceneStub> stubs;
};

// The scene of the view at its cursor: its layout (growing or final), value view, theme,
// projector mode's metrics and text, pruned branches.
ExportScene make_export_scene(ViewerState& s);

// A picture's shape ("tree", "16:9", "4:3") as its aspect (0: the tree's own); throws
// InputError naming the shapes.
float export_aspect(const std::string& shape);

// Gives every scene the union of their extents, so that frames drawn from them share one
// picture size and a growing tree grows in place.
void share_extent(std::vector<ExportScene>& scenes);

// Writers. Each returns the whole file's text.
// SVG 1.1, text as text, `width` pixels wide (the height in proportion).
std::string export_svg(const ExportScene& scene, float width);
// Throws InputError past k_tikz_max_leaves leaves: TeX's dimensions end at about 5.8 m.
// A LaTeX document (article class, its page cut to the tree) drawing the tree with TikZ and
// the forest package:
// compiles as it is with pdflatex; the tree's `forest` environment can be pasted into notes.
std::string export_tikz(const ExportScene& scene);
constexpr std::size_t k_tikz_max_leaves = 150;
// Graphviz DOT: a digraph of the nodes (HTML-like labels: kind, name, values), pruned branches
// dashed and grey, the cutoff edges marked.
std::string export_dot(const ExportScene& scene);

// "#rrggbb" of a palette colour (ImU32: 0xAABBGGRR).
std::string hex_colour(std::uint32_t c);

}  // namespace kibitz::viewer
