// The app behind the viewer, its links: the view as a URL fragment (the search, through the same
// codec as JSON and the form, and the cursor), and a fragment applied.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>

#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"

namespace kibitz {

namespace {

// Plain decimals: no exponent (its '+' would read as a space in a link), x and y to a tenth
// of a world unit, the zoom to 6 significant digits.
std::string number(double v, bool zoom = false) {
  char buf[48];
  std::snprintf(buf, sizeof buf, zoom ? "%.6f" : "%.1f", v);
  std::string s = buf;
  if (zoom) {  // 1.250000 -> 1.25
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace

// The search and the cursor, then the view: value view always; theme, text size, selection,
// layout mode and camera when they are not the defaults.
std::string ViewerApp::url_hash(bool at_cursor) const {
  if (!m_spec) return "";
  const viewer::ViewerState& s = m_state;
  std::string params = m_spec->link_params();
  // An example's tree by its name, as its links give it (example=...), not its text.
  if (practice && m_spec->tree == practice_tree(*practice))  // a practice tree by its seed
    params = "practice=" + url_encode(practice->to_text()) + params.substr(params.find("&algo="));
  for (const viewer::Example& e : s.examples) {
    if (m_spec->tree.empty() || e.tree != m_spec->tree) continue;
    params = "example=" + url_encode(e.name) + params.substr(params.find("&algo="));
    break;
  }
  std::string h = "#" + params + "&t=" + std::to_string(at_cursor ? s.cursor() : 0);
  if (s.value_view_chosen) h += std::string("&view=") + trace::value_view_name(s.value_view);
  // In projector mode, the theme to go back to (the mode's own is light).
  if ((s.present ? s.theme_before_present : s.theme) == viewer::Theme::light) h += "&theme=light";
  if (s.font_scale != 1.0f) h += "&text=" + number(s.font_scale, true);
  if (at_cursor && s.selected != trace::k_no_node && s.selected != 0)
    h += "&sel=" + std::to_string(s.selected);
  if (s.layout_mode == viewer::LayoutMode::final_shape) h += "&layout=final";
  if (!s.camera.follow)
    h +=
        "&cam=" + number(s.camera.x) + "," + number(s.camera.y) + "," + number(s.camera.zoom, true);
  if (s.present) h += "&present=1";
  if (s.embed) h += "&embed=1";
  if (!s.textbook) h += "&textbook=0";
  if (s.quiz.active()) h += "&quiz=" + std::to_string(s.quiz.level());
  if (m_compare && m_compare_spec) {  // compare mode: the other search's set-up, as a link's
    const std::string mine = m_spec->link_params(), other = m_compare_spec->link_params();
    const std::size_t a = mine.find("&algo="), b = other.find("&algo=");
    const bool same_source = mine.compare(0, a, other, 0, b) == 0 && a == b;
    h += "&compare=1&vs=" + url_encode(same_source ? other.substr(b + 1) : other);
  }
  if (!s.show_pruned)
    h += "&pruned=0";
  else if (s.pruned_searched)
    h += "&pruned=search";  // a game's, searched again on request
  if (!s.show_left_panel || !s.show_right_panel)
    h += std::string("&panels=") + (s.show_left_panel    ? "left"
                                    : s.show_right_panel ? "right"
                                                         : "none");
  return h;
}

namespace {

// The link's parts that are not the search's: the cursor, an example by name, the view.
struct LinkExtras {
  long long t = 0;
  std::string example;
  std::optional<PracticeSpec> practice;
  std::string vs;  // compare=1: the other search's link parameters
  bool compare = false;
  std::optional<trace::ValueView> view;
  std::optional<viewer::Theme> theme;
  std::optional<float> text;
  std::optional<bool> present, pruned, embed, textbook;

  std::optional<std::pair<bool, bool>> panels;  // left, right
  ViewerApp::LinkViewParts parts;
};

// A plain decimal number ("-12.5"), within +-1e30.
double parse_number(const std::string& key, const std::string& value) {
  const bool plain = !value.empty() && value.find_first_not_of("-.0123456789") == std::string::npos;
  char* end = nullptr;
  const double v = plain ? std::strtod(value.c_str(), &end) : 0.0;
  if (!plain || *end || !std::isfinite(v) || std::fabs(v) > 1e30)
    throw InputError("link: " + key + " must be a number, not '" + value + "'");
  return v;
}

// cam=x,y,zoom
void parse_camera(const std::string& value, ViewerApp::LinkViewParts& parts) {
  const std::size_t a = value.find(','), b = value.find(',', a == std::string::npos ? a : a + 1);
  if (a == std::string::npos || b == std::string::npos)
    throw InputError("link: cam must be x,y,zoom, not '" + value + "'");
  parts.cam_x = static_cast<float>(parse_number("cam", value.substr(0, a)));
  parts.cam_y = static_cast<float>(parse_number("cam", value.substr(a + 1, b - a - 1)));
  const double zoom = parse_number("cam", value.substr(b + 1));
  if (zoom < 1e-5 || zoom > 100) throw InputError("link: cam's zoom must be in 1e-5..100");
  parts.zoom = static_cast<float>(zoom);
}

// The view's keys; false for a key that is not one of them.
bool view_extra(const std::string& key, const std::string& value, LinkExtras& x) {
  if (key == "view") {
    trace::ValueView v;
    if (!trace::parse_value_view(value, v))
      throw InputError("link: view must be minimax or negamax, not '" + value + "'");
    x.view = v;
  } else if (key == "theme") {
    if (value != "light" && value != "dark")
      throw InputError("link: theme must be light or dark, not '" + value + "'");
    x.theme = value == "light" ? viewer::Theme::light : viewer::Theme::dark;
  } else if (key == "text") {
    const double f = parse_number("text", value);
    if (f < 0.6 || f > 3.0) throw InputError("link: text must be a size in 0.6..3");
    x.text = static_cast<float>(f);
  } else if (key == "sel") {
    const bool digits = !value.empty() && value.size() <= 10 &&
                        value.find_first_not_of("0123456789") == std::string::npos;
    const unsigned long long id = digits ? std::strtoull(value.c_str(), nullptr, 10) : 0;
    if (!digits || id > 0xFFFFFFFEull)
      throw InputError("link: sel must be a node id, not '" + value + "'");
    x.parts.selected = static_cast<std::uint32_t>(id);
  } else if (key == "layout") {
    if (value != "final" && value != "growing")
      throw InputError("link: layout must be final or growing, not '" + value + "'");
    x.parts.final_layout = value == "final";
  } else if (key == "cam") {
    parse_camera(value, x.parts);
  } else if (key == "pruned") {
    if (value != "0" && value != "1" && value != "search")
      throw InputError("link: pruned must be 0, 1 or search");
    x.pruned = value != "0";
    x.parts.search_pruned = value == "search";
  } else if (key == "present") {
    if (value != "0" && value != "1") throw InputError("link: present must be 0 or 1");
    x.present = value == "1";
  } else if (key == "embed" || key == "textbook") {
    if (value != "0" && value != "1") throw InputError("link: " + key + " must be 0 or 1");
    (key == "embed" ? x.embed : x.textbook) = value == "1";
  } else if (key == "panels") {
    if (value != "both" && value != "left" && value != "right" && value != "none")
      throw InputError("link: panels must be both, left, right or none, not '" + value + "'");
    x.panels =
        std::make_pair(value == "both" || value == "left", value == "both" || value == "right");
  } else {
    return false;
  }
  return true;
}

bool link_extra(const std::string& key, const std::string& value, void* user) {
  LinkExtras& x = *static_cast<LinkExtras*>(user);
  if (key == "t") {
    char* end = nullptr;
    x.t = std::strtoll(value.c_str(), &end, 10);
    if (value.empty() || *end || x.t < 0) throw InputError("link: t must be an event number");
    return true;
  }
  if (key == "example") {
    x.example = value;
    return true;
  }
  if (key == "compare") {
    if (value != "0" && value != "1") throw InputError("link: compare must be 0 or 1");
    x.compare = value == "1";
    return true;  // vs= says what to compare with
  }
  if (key == "vs") {
    if (value.empty()) throw InputError("link: vs must be the other search's set-up");
    x.vs = value;
    return true;
  }
  if (key == "practice") {
    x.practice = PracticeSpec::parse(value);
    return true;
  }
  if (key == "quiz") {
    const bool digit = value.size() == 1 && value[0] >= '1' && value[0] <= '5';
    if (!digit) throw InputError("link: quiz must be a level, 1 to 5, not '" + value + "'");
    x.parts.quiz_level = value[0] - '0';
    return true;
  }
  return view_extra(key, value, x);
}

// The view a link gives besides the search, the cursor and the parts applied once its trace is
// shown: the value view, theme, text size, panels, projector mode, pruned branches.
void apply_view_extras(ViewerApp&, viewer::ViewerState& s, const LinkExtras& extras) {
  if (extras.view) s.set_value_view(*extras.view);
  if (extras.theme && *extras.theme != s.theme) {
    s.theme = *extras.theme;
    s.rebuild_fonts = true;
  }
  if (extras.text && *extras.text != s.font_scale) {
    s.font_scale = *extras.text;
    s.rebuild_fonts = true;
  }
  if (extras.panels) {
    s.show_left_panel = extras.panels->first;
    s.show_right_panel = extras.panels->second;
  }
  if (extras.present) s.set_present(*extras.present);
  if (extras.pruned) s.show_pruned = *extras.pruned;
  if (extras.embed) s.embed = *extras.embed;
  if (extras.textbook) s.textbook = *extras.textbook;
}

}  // namespace

void ViewerApp::apply_link_view(const LinkViewParts& v) {
  viewer::ViewerState& s = m_state;
  if (!s.has_trace()) return;
  s.layout_mode = v.final_layout ? viewer::LayoutMode::final_shape : viewer::LayoutMode::growing;
  if (v.search_pruned && !s.pruned_searched) s.search_pruned_branches();
  if (v.selected && *v.selected < s.model().node_count()) s.selected = *v.selected;
  if (v.quiz_level > 0) s.start_quiz(v.quiz_level);
  if (v.zoom) {
    s.camera.x = *v.cam_x;
    s.camera.y = *v.cam_y;
    s.camera.zoom = *v.zoom;
    s.camera.ui_scale = s.ui_scale();  // the link's zoom is for its own text size
    s.camera.follow = false;
    s.camera.fit_pending = false;
  }
}

bool ViewerApp::apply_saved_view(const std::string& hash) {
  std::string h = hash;
  if (!h.empty() && h[0] == '#') h.erase(0, 1);
  LinkExtras extras;
  try {
    SearchSpec::from_link_params(h, link_extra, &extras);  // its search is the file's own
  } catch (const std::exception&) {
    return false;  // a view this Kibitz does not read: the file opens as it is
  }
  apply_view_extras(*this, m_state, extras);
  apply_link_view(extras.parts);
  return true;
}

Done ViewerApp::apply_url_hash(const std::string& hash, bool background) {
  std::string h = hash;
  if (!h.empty() && h[0] == '#') h.erase(0, 1);
  if (h.empty()) return Done::refused("empty link");
  SearchSpec spec;
  LinkExtras extras;
  try {
    spec = SearchSpec::from_link_params(h, link_extra, &extras);
    if (!extras.example.empty()) {
      auto it = std::find_if(m_state.examples.begin(), m_state.examples.end(),
                             [&](const viewer::Example& e) { return e.name == extras.example; });
      if (it == m_state.examples.end())
        throw InputError("link: no example named '" + extras.example + "'");
      spec.tree = it->tree;
    }
    if (extras.practice) spec.tree = practice_tree(*extras.practice);
    if (extras.compare && extras.vs.empty())
      throw InputError("link: compare=1 needs vs=, the other search's set-up (vs=algo%3Dminimax)");
  } catch (const std::exception& e) {
    return refuse(e);
  }
  practice = extras.practice;
  if (!extras.vs.empty()) {  // compare mode: both searched here (small searches), then the view
    SearchSpec other;
    try {
      std::string vs = extras.vs;
      if (vs.rfind("tree=", 0) != 0 && vs.rfind("random=", 0) != 0 && vs.rfind("game=", 0) != 0) {
        const std::string own = spec.link_params();  // the same source as the first search
        vs = own.substr(0, own.find("&algo=")) + "&" + vs;
      }
      other = SearchSpec::from_link_params(vs, nullptr, nullptr);
      other.validate();
    } catch (const std::exception& e) {
      m_state.error = "link: vs: " + failure_text(e);
      return Done::refused(m_state.error);
    }
    form_from_spec(spec);
    apply_view_extras(*this, m_state, extras);
    const Done d = compare(spec, other);
    if (d.ok() && m_state.has_trace()) {
      m_state.seek(static_cast<std::size_t>(extras.t));
      apply_link_view(extras.parts);
    }
    return d;
  }
  form_from_spec(spec);  // show the link's set-up in the form too
  apply_view_extras(*this, m_state, extras);
  if (background) {
    const Done d = start(spec, static_cast<std::size_t>(extras.t));
    if (d.ok()) {
      if (m_pending)
        m_pending_view = extras.parts;  // applied when the search is shown
      else
        apply_link_view(extras.parts);  // searched already (no background here)
    }
    return d;
  }
  const Done d = run(spec);
  if (d.ok() && m_state.has_trace()) {
    m_state.seek(static_cast<std::size_t>(extras.t));
    apply_link_view(extras.parts);
  }
  return d;
}

}  // namespace kibitz
