// The tree canvas's edges: anti-aliased across, dashed where the instance asks.
precision highp float;
precision highp int;

in vec2 v_px;
flat in float v_dash;
flat in float v_half;

uniform vec4 u_colour;

out vec4 o_colour;

void main() {
  float a = clamp(v_half + 0.5 - abs(v_px.y), 0.0, 1.0);
  if (v_dash > 0.0 && mod(v_px.x, 2.0 * v_dash) > v_dash) discard;
  if (a <= 0.0) discard;
  o_colour = vec4(u_colour.rgb, u_colour.a * a);
}
