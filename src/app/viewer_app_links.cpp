// The app behind the viewer, its links: the view as a URL fragment (the search, through the same
// codec as JSON and the form, and the cursor), and a fragment applied.
#include <algorithm>
#include <cstdlib>
#include <optional>

#include "app/viewer_app.hpp"
#include "core/error.hpp"

namespace kibitz {

std::string ViewerApp::url_hash() const {
  if (!m_spec) return "";
  return "#" + m_spec->link_params() + "&t=" + std::to_string(m_state.cursor()) +
         "&view=" + trace::value_view_name(m_state.value_view);
}

namespace {

// The link's parts that are not the search's: the cursor, an example by name, the value view.
struct LinkExtras {
  long long t = 0;
  std::string example;
  std::optional<trace::ValueView> view;
};

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
  if (key == "view") {
    trace::ValueView v;
    if (!trace::parse_value_view(value, v))
      throw InputError("link: view must be minimax or negamax, not '" + value + "'");
    x.view = v;
    return true;
  }
  return false;
}

}  // namespace

std::string ViewerApp::apply_url_hash(const std::string& hash, bool background) {
  std::string h = hash;
  if (!h.empty() && h[0] == '#') h.erase(0, 1);
  if (h.empty()) return error_json("empty link");
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
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
  form_from_spec(spec);  // show the link's set-up in the form too
  if (extras.view) m_state.set_value_view(*extras.view);
  if (background) {
    start(spec, static_cast<std::size_t>(extras.t));
    return m_state.error.empty() ? "{}" : error_json(m_state.error);
  }
  const std::string summary = run(spec);
  if (m_state.has_trace() && m_state.error.empty())
    m_state.seek(static_cast<std::size_t>(extras.t));
  return summary;
}

}  // namespace kibitz
