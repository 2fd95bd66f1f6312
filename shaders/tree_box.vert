// The tree canvas's boxes (core/canvas_gpu.hpp, BoxInstance): one instance a node, a stub or a
// bin of a far zoom's level of detail, four corners each, read from a data texture (two texels
// an instance) by gl_VertexID: no instanced attributes, which software rasterisers draw one
// instance at a time. World to screen here, and the look at
// the cursor (u_t) from the instance's event times, so that neither a pan, a zoom nor a seek
// uploads anything. (One source for GLSL 3.30 core and GLSL ES 3.00: the renderer prepends
// the #version line.)
precision highp float;
precision highp int;

uniform highp usampler2D u_data;  // texel 2i: x0, x1, y (float bits), t_show; 2i+1: t_leave,
                                  // t_cut, bytes (kind, expected, flags, weight, low first)
uniform int u_first;              // the range's first instance

uniform vec4 u_canvas;   // the canvas: origin x, y, width, height (logical pixels)
uniform vec3 u_camera;   // the world point at the canvas's centre, and pixels per world unit
uniform vec4 u_display;  // the ImGui display: x, y, width, height (logical pixels)
uniform vec4 u_half;     // half a node's width and height, half a stub's width, a stub's height
uniform float u_leaf_half_w;  // half a leaf's width (projector mode's leaves are narrower)
uniform float u_min_px;  // no box smaller than this
uniform uint u_t;        // the cursor
uniform int u_style;     // BoxStyle: 0 dot, 1 small, 2 full, 3 stub
uniform vec4 u_kind[5];  // by NodeKind
uniform vec4 u_node_bg;
uniform vec4 u_node_bg_open;
uniform vec4 u_node_border;
uniform vec4 u_stub;

out vec2 v_px;              // the fragment's offset from the box's centre, pixels
flat out vec2 v_half_px;    // half the box, pixels
flat out vec4 v_fill;
flat out vec4 v_border;
flat out float v_border_px; // 0: no border
flat out float v_radius;
flat out float v_dash;      // dash length in pixels, 0: solid

const uint k_flag_leaf = 1u;
const uint k_flag_stub = 2u;

vec2 to_screen(vec2 w) {
  return u_canvas.xy + 0.5 * u_canvas.zw + (w - u_camera.xy) * u_camera.z;
}

void main() {
  int n = gl_VertexID / 4;  // four corners an instance (two triangles by the index buffer)
  int i = gl_VertexID - 4 * n;
  int texel = 2 * (u_first + n);
  int w = textureSize(u_data, 0).x;
  ivec2 at = ivec2(texel % w, texel / w);
  uvec4 t0 = texelFetch(u_data, at, 0);
  uvec4 t1 = texelFetch(u_data, at + ivec2(1, 0), 0);
  vec3 a_box = uintBitsToFloat(t0.xyz);  // x0, x1, y (world)
  uvec3 a_times = uvec3(t0.w, t1.xy);    // t_show, t_leave, t_cut
  uint a_bytes = t1.z;
  if (a_times.x > u_t) {  // not there yet: outside the clip volume, nothing drawn
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  uint kind = a_bytes & 255u;
  uint expected = (a_bytes >> 8) & 255u;
  uint flags = (a_bytes >> 16) & 255u;
  float weight = float((a_bytes >> 24) & 255u);
  bool left = a_times.y <= u_t;
  int k = left ? int(kind) : (a_times.z <= u_t ? 2 : 0);  // Cut from its cutoff on
  float zoom = u_camera.z;
  vec2 half_world = (flags & k_flag_stub) != 0u ? vec2(u_half.z, 0.5 * u_half.w) : u_half.xy;
  if ((flags & k_flag_leaf) != 0u) half_world.x = u_leaf_half_w;
  vec2 half_px = half_world * zoom;
  v_dash = 0.0;
  v_radius = 0.0;
  v_border_px = 0.0;
  if (u_style == 0) {  // a dot, or a bin stretched over its nodes
    float r = max(0.5 * u_min_px, min(half_px.x, half_px.y));
    half_px = vec2(r);
    v_fill = k == 0 ? u_node_border : u_kind[k];
    if ((flags & k_flag_stub) != 0u) v_fill = u_stub;
    if (weight > 0.0) v_fill.a *= 0.6 + 0.4 * weight / 255.0;  // denser bins stronger
    v_border = v_fill;
  } else if (u_style == 3) {  // a stub: dashed, unfilled
    v_fill = vec4(0.0);
    v_border = u_stub;
    v_border_px = max(1.0, zoom);
    v_dash = max(2.0, 4.0 * zoom);
    v_radius = 0.0;
  } else {
    v_fill = left ? u_node_bg : u_node_bg_open;
    v_border = k == 0 ? u_node_border : u_kind[k];
    v_border_px = max(1.0, 2.0 * zoom);
    v_radius = u_style == 2 ? 6.0 * zoom : 3.0;
    if (u_style == 2 && k == 0 && expected != 0u) {  // expected, not decided: dashed
      v_border = u_kind[expected];
      v_dash = max(2.0, 5.0 * zoom);
    }
  }
  half_px = max(half_px, vec2(0.5 * u_min_px));
  vec2 a = to_screen(vec2(a_box.x, a_box.z));
  vec2 b = to_screen(vec2(a_box.y, a_box.z));
  vec2 centre = 0.5 * (a + b);
  vec2 half_all = vec2(half_px.x + 0.5 * (b.x - a.x), half_px.y);
  // One pixel of margin for the anti-aliased edge.
  vec2 corner = vec2((i & 1) != 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0);
  vec2 offset = corner * (half_all + vec2(1.0));
  v_px = offset;
  v_half_px = half_all;
  vec2 p = centre + offset;
  vec2 ndc = (p - u_display.xy) / u_display.zw * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
