// The export scene as Graphviz DOT (export_scene.hpp): one node per box with an HTML-like
// label (the kind tag on its colour, the title, the value lines), its kind as the border's
// colour, the cutoff mark as "||" on its edge, pruned branches dashed and grey. `dot` lays it
// out; successors keep their order (ordering=out).
#include <sstream>

#include "viewer/export_scene.hpp"
#include "viewer/export_text.hpp"

namespace kibitz::viewer {

namespace {

std::string label(const ExportScene& sc, const SceneNode& n) {
  const NodeCard& c = n.card;
  auto colour = [&](Ink i) {
    return hex_colour(i == Ink::dim        ? sc.colours.text_dim
                      : i == Ink::narrowed ? sc.colours.pv
                                           : sc.colours.text);
  };
  std::ostringstream l;
  l << "<<table border=\"0\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"1\">";
  if (n.compact) {
    l << "<tr><td><font point-size=\"9\" color=\"" << hex_colour(sc.colours.text_dim) << "\">"
      << xml_escape(c.title) << "</font></td></tr><tr><td><font point-size=\"18\">"
      << xml_escape(c.leaf_value.empty() ? " " : c.leaf_value) << "</font></td></tr></table>>";
    return l.str();
  }
  const std::string tag_col = hex_colour(c.tag_kind == NodeKind::unknown ? sc.colours.text_dim
                                         : c.decided ? kind_color(sc.colours, c.tag_kind)
                                                     : sc.colours.expected);
  // The tag in a table of its own, so that its colour is as wide as its word (none in
  // textbook mode: Graphviz refuses an empty <b>).
  if (c.tag.empty())
    l << "<tr><td align=\"left\"> </td><td align=\"right\">";
  else
    l << "<tr><td align=\"left\"><table border=\"" << (c.decided ? 0 : 1)
      << "\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"1\" color=\"" << tag_col
      << "\"><tr><td" << (c.decided ? " bgcolor=\"" + tag_col + "\"" : "") << "><font color=\""
      << (c.decided ? "#ffffff" : tag_col) << "\"><b>" << xml_escape(c.tag)
      << "</b></font></td></tr></table></td><td align=\"right\">";
  l << (c.player > 0   ? "\u25b2 "
        : c.player < 0 ? "\u25bc "
                       : "")
    << xml_escape(c.title) << "</td></tr>";
  for (const CardLine& line : c.lines) {
    if (line.left.text.empty() && line.right.text.empty()) continue;
    l << "<tr><td align=\"left\"><font color=\"" << colour(line.left.ink) << "\">"
      << xml_escape(line.left.text.empty() ? " " : line.left.text)
      << "</font></td><td align=\"right\"><font color=\"" << colour(line.right.ink) << "\">"
      << xml_escape(line.right.text.empty() ? " " : line.right.text) << "</font></td></tr>";
  }
  l << "</table>>";
  return l.str();
}

}  // namespace

std::string export_dot(const ExportScene& sc) {
  std::ostringstream out;
  const std::string stub = hex_colour(sc.colours.stub), dim = hex_colour(sc.colours.text_dim);
  out << "// A search tree drawn by Kibitz (event " << sc.t << " of " << sc.events << ").\n";
  if (!sc.caption.empty()) out << "// " << sc.caption << "\n";
  out << "digraph kibitz {\n"
      << "  graph [ordering=out, bgcolor=\"" << hex_colour(sc.colours.canvas_bg)
      << "\", nodesep=0.15, ranksep=0.4];\n"
      << "  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans\", fontsize=11, "
         "penwidth=2, fontcolor=\""
      << hex_colour(sc.colours.text) << "\"];\n"
      << "  edge [arrowhead=none, color=\"" << hex_colour(sc.colours.edge) << "\"];\n";
  for (std::size_t i = 0; i < sc.nodes.size(); ++i) {
    const SceneNode& n = sc.nodes[i];
    const bool dashed = n.kind == NodeKind::unknown && n.expected != NodeKind::unknown;
    const std::uint32_t border = n.kind != NodeKind::unknown ? kind_color(sc.colours, n.kind)
                                 : dashed                    ? kind_color(sc.colours, n.expected)
                                                             : sc.colours.node_border;
    out << "  n" << n.id << " [label=" << label(sc, n) << ", color=\"" << hex_colour(border)
        << "\", fillcolor=\"" << hex_colour(n.open ? sc.colours.node_bg_open : sc.colours.node_bg)
        << "\"" << (dashed ? ", style=\"rounded,filled,dashed\"" : "")
        << (n.current ? ", penwidth=4" : "") << "];\n";
    if (n.parent < 0) continue;
    out << "  n" << sc.nodes[static_cast<std::size_t>(n.parent)].id << " -> n" << n.id;
    std::string attrs;
    if (n.pv)
      attrs += "color=\"" + hex_colour(sc.colours.edge_pv) + "\", penwidth=3";
    else if (n.path)
      attrs += "color=\"" + hex_colour(sc.colours.edge_active) + "\", penwidth=3";
    if (n.cut_edge)
      attrs += std::string(attrs.empty() ? "" : ", ") + "label=<<font color=\"" +
               hex_colour(sc.colours.cutoff_mark) + "\"><b>||</b></font>>";
    out << (attrs.empty() ? "" : " [" + attrs + "]") << ";\n";
  }
  const std::string ghost_style =
      "style=\"dashed\", color=\"" + stub + "\", fontcolor=\"" + dim + "\"";
  for (std::size_t i = 0; i < sc.ghosts.size(); ++i) {
    const SceneGhost& g = sc.ghosts[i];
    std::string text = xml_escape(g.name);
    if (!g.value.empty()) text += (text.empty() ? "" : "<br/>") + xml_escape(g.value);
    out << "  g" << i << " [label=<" << (text.empty() ? " " : text) << ">, " << ghost_style
        << "];\n";
    out << "  "
        << (g.parent < 0 ? "n" + std::to_string(sc.nodes[static_cast<std::size_t>(g.from)].id)
                         : "g" + std::to_string(g.parent))
        << " -> g" << i << " [style=dashed, color=\"" << stub << "\"];\n";
  }
  for (std::size_t i = 0; i < sc.stubs.size(); ++i) {
    const SceneStub& b = sc.stubs[i];
    out << "  s" << i << " [label=<" << b.count << "<br/><font point-size=\"9\">pruned</font>>, "
        << ghost_style << "];\n";
    out << "  n" << sc.nodes[static_cast<std::size_t>(b.from)].id << " -> s" << i
        << " [style=dashed, color=\"" << stub << "\"];\n";
  }
  out << "}\n";
  return out.str();
}

}  // namespace kibitz::viewer
