// The tree canvas's boxes: a rounded rectangle by its distance field, filled, with a border
// (dashed for a stub, or for a node whose kind is only expected), anti-aliased over a pixel.
precision highp float;
precision highp int;

in vec2 v_px;
flat in vec2 v_half_px;
flat in vec4 v_fill;
flat in vec4 v_border;
flat in float v_border_px;
flat in float v_radius;
flat in float v_dash;

out vec4 o_colour;

void main() {
  float r = min(v_radius, min(v_half_px.x, v_half_px.y));
  vec2 q = abs(v_px) - v_half_px + vec2(r);
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;  // < 0 inside
  float inside = clamp(0.5 - d, 0.0, 1.0);
  if (inside <= 0.0) discard;
  vec4 c = v_fill;
  if (v_border_px > 0.0) {
    float on_border = clamp(d + v_border_px + 0.5, 0.0, 1.0);
    if (v_dash > 0.0) {
      // Dashes along the side the fragment is nearest to.
      vec2 edge = v_half_px - abs(v_px);
      float along = edge.x < edge.y ? v_px.y : v_px.x;
      if (mod(along + 1000.0 * v_dash, 2.0 * v_dash) > v_dash) on_border = 0.0;
    }
    c = v_fill.a == 0.0 ? vec4(v_border.rgb, v_border.a * on_border)
                        : mix(v_fill, v_border, on_border);
  }
  c.a *= inside;
  if (c.a <= 0.0) discard;
  o_colour = c;
}
