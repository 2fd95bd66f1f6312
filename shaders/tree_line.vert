// The tree canvas's edges (core/canvas_gpu.hpp, LineInstance): a quad along each line, its
// width in pixels whatever the zoom, shown from its event t_show; read from a data texture by
// gl_VertexID, as the boxes are. (One source for GLSL 3.30
// core and GLSL ES 3.00: the renderer prepends the #version line.)
precision highp float;
precision highp int;

uniform highp usampler2D u_data;  // texel 2i: x0, y0, x1, y1 (float bits); 2i+1: t_show, flags
uniform int u_first;              // the range's first instance

uniform vec4 u_canvas;
uniform vec3 u_camera;
uniform vec4 u_display;
uniform uint u_t;
uniform float u_width;  // pixels
uniform float u_dash;   // a dashed line's dash, pixels

out vec2 v_px;  // along the line from its start, across it from its middle (pixels)
flat out float v_dash;
flat out float v_half;

vec2 to_screen(vec2 w) {
  return u_canvas.xy + 0.5 * u_canvas.zw + (w - u_camera.xy) * u_camera.z;
}

void main() {
  int n = gl_VertexID / 4;  // four corners an instance (two triangles by the index buffer)
  int i = gl_VertexID - 4 * n;
  int texel = 2 * (u_first + n);
  int w = textureSize(u_data, 0).x;
  ivec2 at = ivec2(texel % w, texel / w);
  vec4 a_line = uintBitsToFloat(texelFetch(u_data, at, 0));
  uvec2 a_tflags = texelFetch(u_data, at + ivec2(1, 0), 0).xy;
  if (a_tflags.x > u_t) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  vec2 a = to_screen(a_line.xy);
  vec2 b = to_screen(a_line.zw);
  vec2 d = b - a;
  float len = length(d);
  vec2 along = len > 1e-4 ? d / len : vec2(0.0, 1.0);
  vec2 across = vec2(-along.y, along.x);
  float half_w = 0.5 * u_width;
  float s = (i & 1) != 0 ? 1.0 : 0.0;       // start or end
  float side = (i & 2) != 0 ? 1.0 : -1.0;   // either side
  vec2 p = mix(a, b, s) + across * side * (half_w + 1.0);
  v_px = vec2(s * len, side * (half_w + 1.0));
  v_half = half_w;
  v_dash = (a_tflags.y & 1u) != 0u ? u_dash : 0.0;
  vec2 ndc = (p - u_display.xy) / u_display.zw * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
