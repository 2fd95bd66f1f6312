// The export scene as SVG 1.1 (export_scene.hpp): the canvas's look — kinds as coloured
// borders and tags, dashed borders while a kind is only expected, the cutoff mark, the active
// path and the principal variation, ghosts and "N pruned" — with text as text. Drawn in world
// units under one scale, so the file is as sharp at any width.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "viewer/export_scene.hpp"
#include "viewer/export_text.hpp"

namespace kibitz::viewer {

namespace {

struct Svg {
  std::ostringstream out;
  const ExportScene& sc;
  float leaf_fs = 0;  // every compact leaf's value at this size (the widest fits its box)

  void rect(float x, float y, float w, float h, float r, const std::string& fill,
            const std::string& stroke, float sw, bool dashed = false) {
    out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
        << "\" rx=\"" << r << "\" fill=\"" << fill << "\" stroke=\"" << stroke
        << "\" stroke-width=\"" << sw << "\"" << (dashed ? " stroke-dasharray=\"5 4\"" : "")
        << "/>\n";
  }
  void line(float x0, float y0, float x1, float y1, const std::string& stroke, float sw,
            bool dashed = false) {
    out << "<line x1=\"" << x0 << "\" y1=\"" << y0 << "\" x2=\"" << x1 << "\" y2=\"" << y1
        << "\" stroke=\"" << stroke << "\" stroke-width=\"" << sw << "\""
        << (dashed ? " stroke-dasharray=\"6 5\"" : "") << "/>\n";
  }
  // Text with its baseline at y; anchor start, middle or end; shrunk to `room` if wider.
  void text(float x, float y, float fs, const std::string& s, const std::string& fill,
            const char* anchor = "start", float room = 1e9f, bool bold = false) {
    if (s.empty()) return;
    const float w = text_width(s, fs);
    if (w > room) fs *= std::max(0.3f, room / w);
    out << "<text x=\"" << x << "\" y=\"" << y << "\" font-size=\"" << fs << "\" fill=\"" << fill
        << "\" text-anchor=\"" << anchor << "\"" << (bold ? " font-weight=\"bold\"" : "") << ">"
        << xml_escape(s) << "</text>\n";
  }
  std::string ink(Ink i) const {
    return hex_colour(i == Ink::dim        ? sc.colours.text_dim
                      : i == Ink::narrowed ? sc.colours.pv
                                           : sc.colours.text);
  }
};

void edges(Svg& g) {
  const ExportScene& sc = g.sc;
  for (const SceneNode& n : sc.nodes) {
    if (n.parent < 0) continue;
    const SceneNode& p = sc.nodes[static_cast<std::size_t>(n.parent)];
    const float x0 = p.x, y0 = p.y + p.h * 0.5f, x1 = n.x, y1 = n.y - n.h * 0.5f;
    if (n.pv)
      g.line(x0, y0, x1, y1, hex_colour(sc.colours.edge_pv), 4.0f);
    else if (n.path)
      g.line(x0, y0, x1, y1, hex_colour(sc.colours.edge_active), 3.5f);
    else
      g.line(x0, y0, x1, y1, hex_colour(sc.colours.edge), 1.2f);
    if (!n.cut_edge) continue;
    for (const CutBar& b : cutoff_bars(x0, y0, x1, y1))
      g.line(b.x0, b.y0, b.x1, b.y1, hex_colour(sc.colours.cutoff_mark), 3.0f);
  }
}

void pruned(Svg& g) {
  const ExportScene& sc = g.sc;
  const std::string stub = hex_colour(sc.colours.stub), dim = hex_colour(sc.colours.text_dim);
  for (const SceneStub& b : sc.stubs) {
    const SceneNode& p = sc.nodes[static_cast<std::size_t>(b.from)];
    g.line(p.x, p.y + p.h * 0.5f, b.x, b.y - b.h * 0.5f, stub, 1.2f, true);
    g.rect(b.x - b.w * 0.5f, b.y - b.h * 0.5f, b.w, b.h, 0, "none", stub, 1.2f, true);
    g.text(b.x, b.y + sc.text * 0.35f, sc.text * 0.93f, std::to_string(b.count), dim, "middle");
    g.text(b.x, b.y + b.h * 0.5f + sc.text * 0.9f, sc.text * 0.8f, "pruned", dim, "middle",
           b.w + 4.0f);
  }
  float lowest = -1e30f;
  for (std::size_t i = 0; i < sc.ghosts.size(); ++i) {
    const SceneGhost& h = sc.ghosts[i];
    float fx, fy;
    if (h.parent < 0) {
      const SceneNode& p = sc.nodes[static_cast<std::size_t>(h.from)];
      fx = p.x, fy = p.y + p.h * 0.5f;
    } else {
      const SceneGhost& up = sc.ghosts[static_cast<std::size_t>(h.parent)];
      fx = up.x, fy = up.y + up.h * 0.5f;
    }
    g.line(fx, fy, h.x, h.y - h.h * 0.5f, stub, 1.0f, true);
    g.rect(h.x - h.w * 0.5f, h.y - h.h * 0.5f, h.w, h.h, 0, "none", stub, 1.0f, true);
    const float room = h.w * 0.92f;
    if (!h.name.empty())
      g.text(h.x, h.value.empty() ? h.y + sc.text * 0.35f : h.y - sc.text * 0.1f,
             h.value.empty() ? sc.text : sc.text * 0.8f, h.name, dim, "middle", room);
    if (!h.value.empty())
      g.text(h.x, h.name.empty() ? h.y + sc.text * 0.35f : h.y + sc.text * 0.9f, sc.text, h.value,
             dim, "middle", room);
    lowest = std::max(lowest, h.y + h.h * 0.5f);
    const bool last_of_row = i + 1 == sc.ghosts.size() || sc.ghosts[i + 1].from != h.from;
    if (!last_of_row) continue;
    float lo = 1e30f, hi = -1e30f;  // the row's extent: "pruned" under its middle
    for (const SceneGhost& o : sc.ghosts)
      if (o.from == h.from) lo = std::min(lo, o.x), hi = std::max(hi, o.x);
    g.text((lo + hi) * 0.5f, lowest + sc.text * 0.95f, sc.text * 0.8f, "pruned", dim, "middle",
           hi - lo + h.w + 4.0f);
    lowest = -1e30f;
  }
}

void card(Svg& g, const SceneNode& n) {
  const ExportScene& sc = g.sc;
  const NodeCard& c = n.card;
  const float fs = sc.text, line = fs * 1.12f, pad = 5.0f;
  const float left = n.x - n.w * 0.5f, right = n.x + n.w * 0.5f, top = n.y - n.h * 0.5f;
  const std::string text = hex_colour(sc.colours.text);
  if (n.compact) {  // projector mode's leaf: its name small, its value large
    g.text(n.x, top + pad + fs * 0.7f, fs * 0.8f, c.title, hex_colour(sc.colours.text_dim),
           "middle", n.w - 2 * pad);
    g.text(n.x, n.y + fs * 0.45f, g.leaf_fs, c.leaf_value, text, "middle", n.w - 2 * pad);
    return;
  }
  const float base = top + pad * 0.6f + fs * 0.85f;  // the first line's baseline
  const std::uint32_t tag_col = c.tag_kind == NodeKind::unknown ? sc.colours.text_dim
                                : c.decided                     ? kind_color(sc.colours, c.tag_kind)
                                                                : sc.colours.expected;
  const float tw = c.tag.empty() ? -pad : text_width(c.tag, fs) + 6.0f;  // textbook: no tag
  const float ty = top + pad * 0.6f;
  if (c.tag.empty()) {
  } else if (c.decided) {
    g.rect(left + pad, ty, tw, line, 3, hex_colour(tag_col), "none", 0);
    g.text(left + pad + 3, base, fs, c.tag, "#ffffff");
  } else {
    g.rect(left + pad, ty, tw, line, 3, "none", hex_colour(tag_col), 1);
    g.text(left + pad + 3, base, fs, c.tag, hex_colour(tag_col));
  }
  float after = left + pad + tw + pad;
  if (c.player != 0) {  // △ MAX, ▽ MIN
    const float h = line * 0.62f, w = h * 1.1f, y = ty + (line - h) * 0.5f;
    g.out << "<polygon fill=\"" << text << "\" points=\""
          << (c.player > 0 ? std::to_string(after + w * 0.5f) + "," + std::to_string(y) + " " +
                                 std::to_string(after + w) + "," + std::to_string(y + h) + " " +
                                 std::to_string(after) + "," + std::to_string(y + h)
                           : std::to_string(after) + "," + std::to_string(y) + " " +
                                 std::to_string(after + w) + "," + std::to_string(y) + " " +
                                 std::to_string(after + w * 0.5f) + "," + std::to_string(y + h))
          << "\"/>\n";
    after += w + pad;
  }
  const float room = right - pad - after;
  const std::string title = text_width(c.title, fs) > room ? c.name : c.title;
  g.text(right - pad, base, fs, title, text, "end", room);
  if (c.wrong_prediction)
    g.out << "<polygon fill=\"" << hex_colour(sc.colours.wrong_prediction) << "\" points=\""
          << right - 14 << "," << top << " " << right << "," << top << " " << right << ","
          << top + 14 << "\"/>\n";
  for (std::size_t i = 0; i < c.lines.size(); ++i) {
    const CardLine& l = c.lines[i];
    const float y = base + line * static_cast<float>(i + 1);
    const float avail = n.w - 2 * pad;
    float k = 1.0f;  // both parts shrink together rather than run into each other
    if (!l.right.text.empty()) {
      const float both = text_width(l.left.text, fs) + fs * 0.5f + text_width(l.right.text, fs);
      if (both > avail) k = avail / both;
      g.text(right - pad, y, fs * k, l.right.text, g.ink(l.right.ink), "end");
    }
    g.text(left + pad, y, fs * k, l.left.text, g.ink(l.left.ink), "start", avail);
  }
}

void nodes(Svg& g) {
  const ExportScene& sc = g.sc;
  for (const SceneNode& n : sc.nodes) {
    const float x = n.x - n.w * 0.5f, y = n.y - n.h * 0.5f;
    const bool dashed = n.kind == NodeKind::unknown && n.expected != NodeKind::unknown;
    const std::uint32_t border = n.kind != NodeKind::unknown ? kind_color(sc.colours, n.kind)
                                 : dashed                    ? kind_color(sc.colours, n.expected)
                                                             : sc.colours.node_border;
    if (n.current)
      g.rect(x - 4, y - 4, n.w + 8, n.h + 8, 9, "none", hex_colour(sc.colours.active), 3);
    g.rect(x, y, n.w, n.h, 6, hex_colour(n.open ? sc.colours.node_bg_open : sc.colours.node_bg),
           hex_colour(border), 2, dashed);
    card(g, n);
  }
}

// The caption's lines: words wrapped to `room` at font size fs.
std::vector<std::string> wrap(const std::string& text, float fs, float room) {
  std::vector<std::string> lines(1);
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(at, end - at);
    const std::string longer = lines.back().empty() ? word : lines.back() + " " + word;
    if (!lines.back().empty() && text_width(longer, fs) > room)
      lines.push_back(word);
    else
      lines.back() = longer;
    at = end + 1;
  }
  return lines;
}

}  // namespace

std::string export_svg(const ExportScene& sc, float width) {
  Svg g{{}, sc, sc.text * 1.3f};
  for (const SceneNode& n : sc.nodes) {
    const float w = n.compact ? text_width(n.card.leaf_value, g.leaf_fs) : 0.0f, room = n.w - 10.0f;
    if (w > room) g.leaf_fs *= std::max(0.5f, room / w);
  }
  const float margin = 16.0f;
  float ww = std::max(1.0f, sc.max_x - sc.min_x + 2 * margin);
  float wh = std::max(1.0f, sc.max_y - sc.min_y + 2 * margin);
  // The narration under the tree, wrapped to its width, at 16 px a line for every 1,000 px.
  const float cs = std::max(12.0f, width * 0.016f);
  const std::vector<std::string> caption =
      sc.caption.empty() ? std::vector<std::string>() : wrap(sc.caption, cs, width - 2 * cs);
  const float caption_h =
      caption.empty() ? 0.0f : (static_cast<float>(caption.size()) + 0.6f) * cs * 1.3f;
  float k = width / ww, ox = 0.0f, oy = 0.0f;  // the scale, and the tree's offset in a slide
  if (sc.aspect > 0.0f) {  // a slide: the tree as large as fits, centred, the caption under it
    const float room_h = std::max(1.0f, width / sc.aspect - caption_h);
    k = std::min(width / ww, room_h / wh);
    ox = (width / k - ww) * 0.5f;
    oy = (room_h / k - wh) * 0.5f;
    ww = width / k;
    wh = room_h / k;
  }
  const float height = wh * k + caption_h;
  g.out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width
        << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height << "\">\n"
        << "<title>" << xml_escape(sc.caption.empty() ? "Kibitz search tree" : sc.caption)
        << "</title>\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"" << hex_colour(sc.colours.canvas_bg)
        << "\"/>\n"
        << "<g font-family=\"DejaVu Sans, Verdana, sans-serif\" transform=\"scale(" << k
        << ") translate(" << margin + ox - sc.min_x << " " << margin + oy - sc.min_y << ")\">\n";
  edges(g);
  pruned(g);
  nodes(g);
  g.out << "</g>\n";
  for (std::size_t i = 0; i < caption.size(); ++i)
    g.out << "<text x=\"" << cs << "\" y=\"" << wh * k + cs * 1.3f * static_cast<float>(i + 1)
          << "\" font-size=\"" << cs
          << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" fill=\""
          << hex_colour(sc.colours.text) << "\">" << xml_escape(caption[i]) << "</text>\n";
  g.out << "</svg>\n";
  return g.out.str();
}

}  // namespace kibitz::viewer
