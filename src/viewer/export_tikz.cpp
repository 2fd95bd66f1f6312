// The export scene as a LaTeX document drawing the tree with TikZ's forest package
// (export_scene.hpp): each node's card as its content, its kind as the border's colour (dashed
// while only expected), the cutoff mark on its edge, pruned branches dashed and grey. Forest
// lays the tree out itself, so the file is short and can be edited by hand.
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "viewer/export_scene.hpp"

namespace kibitz::viewer {

namespace {

// Text for LaTeX: its special characters escaped, the symbols the cards use as math.
std::string tex(const std::string& s) {
  static const std::pair<const char*, const char*> symbols[] = {
      {"\u03b1", "$\\alpha$"}, {"\u03b2", "$\\beta$"}, {"\u221e", "$\\infty$"},
      {"\u2212", "$-$"},       {"\u2265", "$\\geq$"},  {"\u2264", "$\\leq$"},
      {"\u2026", "\\dots{}"},  {"\u2014", "---"},      {"+", "$+$"},
  };
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    bool done = false;
    for (const auto& [from, to] : symbols) {
      const std::string f = from;
      if (s.compare(i, f.size(), f) == 0) {
        out += to;
        i += f.size();
        done = true;
        break;
      }
    }
    if (done) continue;
    const char c = s[i++];
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
      case '}':
      case '$':
      case '&':
      case '#':
      case '_':
      case '%':
        out += '\\';
        out += c;
        break;
      case '^':
        out += "\\^{}";
        break;
      case '~':
        out += "\\~{}";
        break;
      case '[':
        out += "{[}";
        break;
      case ']':
        out += "{]}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string colour_name(NodeKind k) {
  switch (k) {
    case NodeKind::pv:
      return "kbpv";
    case NodeKind::cut:
      return "kbcut";
    case NodeKind::all:
      return "kball";
    case NodeKind::leaf:
      return "kbleaf";
    default:
      return "kbborder";
  }
}

std::string content(const SceneNode& n) {
  const NodeCard& c = n.card;
  if (n.compact)
    return "{\\scriptsize " + tex(c.title) + "}\\\\{\\Large " + tex(c.leaf_value) + "}";
  std::string s = c.decided ? "\\kbtag{" + colour_name(c.tag_kind) + "}{" + tex(c.tag) + "}"
                  : c.tag_kind != NodeKind::unknown
                      ? "\\kbexp{" + colour_name(c.tag_kind) + "}{" + tex(c.tag) + "}"
                      : tex(c.tag);
  if (c.player != 0) s += c.player > 0 ? " $\\blacktriangle$" : " $\\blacktriangledown$";
  s += " " + tex(c.title);
  for (const CardLine& l : c.lines) {
    if (l.left.text.empty() && l.right.text.empty()) continue;
    auto part = [](const CardText& t) {
      const std::string body = tex(t.text);
      return t.ink == Ink::dim        ? "\\textcolor{kbdim}{" + body + "}"
             : t.ink == Ink::narrowed ? "\\textcolor{kbnarrow}{" + body + "}"
                                      : body;
    };
    s += "\\\\" + part(l.left);
    if (!l.right.text.empty()) s += "\\quad " + part(l.right);
  }
  return s;
}

struct Forest {
  const ExportScene& sc;
  std::ostringstream out;
  std::vector<std::vector<int>> kids, ghost_kids, stubs_of, ghosts_of;

  void ghost(int i, int depth) {
    const SceneGhost& g = sc.ghosts[static_cast<std::size_t>(i)];
    std::string body = tex(g.name);
    if (!g.value.empty()) body += (body.empty() ? "" : "\\\\") + tex(g.value);
    out << std::string(2 * depth, ' ') << "[{" << (body.empty() ? "~" : body) << "}, kbghost\n";
    for (int k : ghost_kids[static_cast<std::size_t>(i)]) ghost(k, depth + 1);
    out << std::string(2 * depth, ' ') << "]\n";
  }
  void node(int i, int depth) {
    const SceneNode& n = sc.nodes[static_cast<std::size_t>(i)];
    const std::string pad(2 * depth, ' ');
    out << pad << "[{" << content(n) << "}";
    if (n.kind != NodeKind::unknown)
      out << ", draw=" << colour_name(n.kind);
    else if (n.expected != NodeKind::unknown)
      out << ", draw=" << colour_name(n.expected) << ", dashed";
    if (n.open) out << ", fill=kbopen";
    if (n.current) out << ", line width=2pt";
    if (n.pv)
      out << ", edge={draw=kbpvedge, line width=2pt}";
    else if (n.path)
      out << ", edge={draw=kbpath, line width=1.6pt}";
    if (n.cut_edge)
      out << ", edge label={node[pos=0.72, sloped, text=kbcutmark, inner sep=0pt]{\\textbf{||}}}";
    out << "\n";
    for (int k : kids[static_cast<std::size_t>(i)]) node(k, depth + 1);
    for (int g : ghosts_of[static_cast<std::size_t>(i)]) ghost(g, depth + 1);
    for (int s : stubs_of[static_cast<std::size_t>(i)]) {
      const SceneStub& b = sc.stubs[static_cast<std::size_t>(s)];
      out << pad << "  [{" << b.count << "\\\\\\scriptsize pruned}, kbghost]\n";
    }
    out << pad << "]\n";
  }
};

void define_colours(std::ostringstream& out, const Palette& p) {
  const std::pair<const char*, std::uint32_t> colours[] = {{"kbpv", p.pv},
                                                           {"kbcut", p.cut},
                                                           {"kball", p.all},
                                                           {"kbleaf", p.leaf},
                                                           {"kbborder", p.node_border},
                                                           {"kbbg", p.node_bg},
                                                           {"kbopen", p.node_bg_open},
                                                           {"kbtext", p.text},
                                                           {"kbdim", p.text_dim},
                                                           {"kbnarrow", p.pv},
                                                           {"kbstub", p.stub},
                                                           {"kbcutmark", p.cutoff_mark},
                                                           {"kbpath", p.edge_active},
                                                           {"kbpvedge", p.edge_pv},
                                                           {"kbedge", p.edge},
                                                           {"kbcanvas", p.canvas_bg}};
  for (const auto& [name, c] : colours)
    out << "\\definecolor{" << name << "}{HTML}{" << hex_colour(c).substr(1) << "}\n";
}

}  // namespace

std::string export_tikz(const ExportScene& sc) {
  // A row of leaves wider than TeX's largest dimension (16,383 pt, about 5.8 m) cannot be laid
  // out: LaTeX stops with "Dimension too large". Refused here, with what to do instead.
  std::size_t leaves = sc.stubs.size();
  std::vector<bool> parent(sc.nodes.size(), false);
  for (const SceneNode& n : sc.nodes)
    if (n.parent >= 0) parent[static_cast<std::size_t>(n.parent)] = true;
  for (std::size_t i = 0; i < sc.nodes.size(); ++i) leaves += !parent[i];
  std::vector<bool> ghost_parent(sc.ghosts.size(), false);
  for (const SceneGhost& g : sc.ghosts)
    if (g.parent >= 0) ghost_parent[static_cast<std::size_t>(g.parent)] = true;
  for (std::size_t i = 0; i < sc.ghosts.size(); ++i) leaves += !ghost_parent[i];
  if (leaves > k_tikz_max_leaves)
    throw InputError("TikZ: at most " + std::to_string(k_tikz_max_leaves) +
                     " leaves in a row (this view has " + std::to_string(leaves) +
                     "): LaTeX cannot lay out a wider tree. Export SVG or PNG instead");
  Forest f{sc, {}, {}, {}, {}, {}};
  f.kids.resize(sc.nodes.size());
  f.stubs_of.resize(sc.nodes.size());
  f.ghosts_of.resize(sc.nodes.size());
  f.ghost_kids.resize(sc.ghosts.size());
  std::vector<int> roots;
  for (std::size_t i = 0; i < sc.nodes.size(); ++i) {
    const int p = sc.nodes[i].parent;
    (p < 0 ? roots : f.kids[static_cast<std::size_t>(p)]).push_back(static_cast<int>(i));
  }
  for (std::size_t i = 0; i < sc.ghosts.size(); ++i) {
    const SceneGhost& g = sc.ghosts[i];
    (g.parent < 0 ? f.ghosts_of[static_cast<std::size_t>(g.from)]
                  : f.ghost_kids[static_cast<std::size_t>(g.parent)])
        .push_back(static_cast<int>(i));
  }
  for (std::size_t i = 0; i < sc.stubs.size(); ++i)
    f.stubs_of[static_cast<std::size_t>(sc.stubs[i].from)].push_back(static_cast<int>(i));
  std::ostringstream& out = f.out;
  out << "% A search tree drawn by Kibitz (event " << sc.t << " of " << sc.events << ").\n";
  if (!sc.caption.empty()) out << "% " << sc.caption << "\n";
  // The article class (in every TeX installation; standalone is not in Debian's basic TeX
  // Live), the page cut to the tree's box so the PDF is the figure alone.
  out << "\\documentclass{article}\n"
         "\\usepackage[T1]{fontenc}\n\\usepackage{amssymb}\n\\usepackage{xcolor}\n"
         "\\usepackage{forest}\n\\pagestyle{empty}\n";
  define_colours(out, sc.colours);
  out << "\\newcommand{\\kbtag}[2]{{\\setlength{\\fboxsep}{1pt}\\colorbox{#1}"
         "{\\textcolor{white}{\\textbf{#2}}}}}\n"
         "\\newcommand{\\kbexp}[2]{{\\setlength{\\fboxsep}{1pt}\\fcolorbox{#1}{white}"
         "{\\textcolor{#1}{#2}}}}\n"
         "\\forestset{kbghost/.style={draw=kbstub, dashed, text=kbdim, fill=none,\n"
         "  edge={draw=kbstub, dashed}}}\n"
         "\\newsavebox{\\kbtree}\n"
         "\\begin{document}\n\\begin{lrbox}{\\kbtree}\n\\begin{forest}\n"
         "  for tree={draw=kbborder, fill=kbbg, text=kbtext, rounded corners=2pt, align=center,\n"
         "    font=\\sffamily\\small, inner sep=2pt, line width=0.8pt, s sep=2mm, l sep=5mm,\n"
         "    edge={draw=kbedge}}\n";
  for (int r : roots) f.node(r, 1);
  out << "\\end{forest}\n\\end{lrbox}\n"
         "\\pdfpagewidth=\\dimexpr\\wd\\kbtree+12pt\\relax\n"
         "\\pdfpageheight=\\dimexpr\\ht\\kbtree+\\dp\\kbtree+12pt\\relax\n"
         "\\hoffset=-1in \\voffset=-1in \\oddsidemargin=6pt \\topmargin=6pt\n"
         "\\headheight=0pt \\headsep=0pt \\parindent=0pt\n"
         "\\usebox{\\kbtree}\n\\end{document}\n";
  return out.str();
}

}  // namespace kibitz::viewer
