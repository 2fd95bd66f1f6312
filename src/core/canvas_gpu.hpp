// What the tree canvas hands the GPU: the one contract between the viewer, which fills these
// records from the layout, and the platform's renderer, which draws them with the shaders in
// shaders/ (tree_box.*, tree_line.*). Plain, fixed-size, trivially copyable records: the
// renderer packs each into two RGBA32UI texels that its vertex shaders read by gl_VertexID.
//
// The records hold what does not change with the cursor (positions, and the events at which a
// node's look changes); the vertex shader derives the look at the cursor from u_t, so a seek
// uploads nothing, and pans and zooms only change uniforms.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace kibitz::gpu {

constexpr std::uint32_t k_never = 0xFFFFFFFFu;

// A node's box, a stub's box, or a bin of a level of detail: the nodes of one depth whose
// centres fall in [x0, x1], drawn as one rectangle at a far zoom.
struct BoxInstance {
  float x0, x1, y;        // centre(s), world units
  std::uint32_t t_show;   // drawn from this event on (0: whenever its range is drawn)
  std::uint32_t t_leave;  // its kind is known from here (a bin: every node's)
  std::uint32_t t_cut;    // a cutoff makes it Cut from here, before it leaves
  std::uint8_t kind;      // NodeKind once left (a bin: the kind of most of its nodes)
  std::uint8_t expected;  // the predicted NodeKind (dashed border until decided)
  std::uint8_t flags;     // k_box_*
  std::uint8_t weight;    // a bin: 32 * log2(nodes), for its density
};
constexpr std::uint8_t k_box_leaf = 1, k_box_stub = 2;

// An edge (parent's bottom to child's top), or a stub's dashed edge.
struct LineInstance {
  float x0, y0, x1, y1;  // world units
  std::uint32_t t_show;
  std::uint32_t flags;  // k_line_*
};
constexpr std::uint32_t k_line_dashed = 1;

static_assert(sizeof(BoxInstance) == 28 && std::is_trivially_copyable_v<BoxInstance>);
static_assert(sizeof(LineInstance) == 24 && std::is_trivially_copyable_v<LineInstance>);

// How a range of boxes is drawn.
enum class BoxStyle : std::uint32_t {
  dot = 0,    // a flat square of the kind's colour (far zoom), bins stretched over their range
  small = 1,  // a box with a border of the kind's colour
  full = 2,   // the same, rounded, with a dashed border while only expected
  stub = 3,   // a dashed box without fill
};

// Colours as 0xAABBGGRR (ImGui's ImU32), indexed by NodeKind for kinds.
struct CanvasColours {
  std::uint32_t kind[5];
  std::uint32_t node_bg, node_bg_open, node_border, edge, stub;
};

// One frame's view: where the canvas is on screen (logical pixels), the camera and the cursor.
struct CanvasView {
  float origin_x, origin_y, width, height;  // the canvas
  float cam_x, cam_y, zoom;                 // world point at the centre, pixels per unit
  float half_w, half_h;                     // half a node's box, world units
  float leaf_half_w;                        // half a leaf's box width (k_box_leaf)
  float stub_half_w, stub_h;                // a stub's box: half its width, its height
  float min_px;                             // a box is never drawn smaller than this (pixels)
  std::uint32_t t;                          // the cursor
  CanvasColours colours;
};

// Ranges of the uploaded instances to draw, in order.
struct DrawRange {
  enum class Of : std::uint8_t { boxes, lines } of;
  BoxStyle style = BoxStyle::dot;
  std::uint32_t first = 0, count = 0;
  float line_px = 1.0f;      // lines: width in pixels
  std::uint32_t colour = 0;  // lines: their colour (boxes take theirs from the kinds)
};

struct CanvasDraw {
  CanvasView view;
  std::vector<DrawRange> ranges;
};

}  // namespace kibitz::gpu
