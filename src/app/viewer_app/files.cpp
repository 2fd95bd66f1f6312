// The app behind the viewer, its files: traces opened and saved (by path on the desktop, as
// bytes in the page), the examples and well-known positions of the set-up form, and the
// unpruned scores of the trace shown.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "app/viewer_app/limits.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "core/file_io.hpp"
#include "games/explicit_tree.hpp"
#include "trace/kbz_file.hpp"
#include "trace/lean.hpp"
#include "trace/trace_json.hpp"

namespace kibitz {

// The cursor a saved trace reopens at (a fact of the trace, "view_cursor").
constexpr const char* k_view_cursor = "view_cursor";
constexpr const char* k_view_link = "view_link";  // the whole view, as a link would give it

namespace {

std::string read_text(const std::filesystem::path& p) {
  const auto bytes = read_file_bytes(p.string());
  return std::string(bytes.begin(), bytes.end());
}

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
  return s;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

}  // namespace

void ViewerApp::load_positions(const std::string& assets_dir) {
  namespace fs = std::filesystem;
  for (int g = 0; g < viewer::SetupForm::k_game_count; ++g) {
    const std::string game = viewer::SetupForm::k_games[g];
    const fs::path p = fs::path(assets_dir) / "positions" / (game + ".txt");
    std::error_code ec;
    if (!fs::exists(p, ec)) continue;
    std::string text;
    try {
      text = read_text(p);
    } catch (const InputError&) {
      continue;
    }
    for (const std::string& line : lines_of(text)) {
      const std::size_t bar = line.find('|');
      if (line.empty() || line[0] == '#' || bar == std::string::npos) continue;
      m_state.positions.push_back({game, trim(line.substr(0, bar)), trim(line.substr(bar + 1))});
    }
  }
}

void ViewerApp::load_examples(const std::string& assets_dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir = fs::path(assets_dir) / "examples";
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".tree") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    viewer::Example e;
    e.name = p.stem().string();
    try {
      e.tree = read_text(p);
      ExplicitTree::parse(e.tree);  // an example that does not parse is a bug: skip it loudly
    } catch (const InputError& err) {
      std::fprintf(stderr, "kibitz: example %s: %s\n", p.string().c_str(), err.what());
      continue;
    }
    // "# title: ..." and "# description: ..." header lines; the tree without comment lines,
    // for display.
    std::string body;
    for (const std::string& line : lines_of(e.tree)) {
      if (line.rfind("# title:", 0) == 0) e.title = trim(line.substr(8));
      if (line.rfind("# description:", 0) == 0) e.description = trim(line.substr(14));
      if (!line.empty() && line[0] != '#') body += (body.empty() ? "" : " ") + line;
    }
    if (e.title.empty()) e.title = e.name;
    e.tree = trim(body);
    m_state.examples.push_back(std::move(e));
  }
}

Done ViewerApp::load_trace(const std::uint8_t* data, std::size_t size, const std::string& name) {
  try {
    return load_trace(bytes_in_memory(std::vector<std::uint8_t>(data, data + size)), name);
  } catch (const std::exception& e) {  // no memory for the copy
    m_state.error = name + ": " + failure_text(e);
    return Done::refused(m_state.error);
  }
}

Done ViewerApp::load_trace(std::shared_ptr<const ByteSource> bytes, const std::string& name) {
  try {
    auto t = std::make_unique<trace::Trace>(trace::read_trace_source(std::move(bytes)));
    if (t->events.size() == 0) {  // nothing to show: the view stays as it was
      const std::string why = trace::why_no_events(*t);
      throw InputError("the trace has no events" +
                       (why.empty() ? std::string() : " (" + why + ")"));
    }
    std::optional<SearchSpec> spec = SearchSpec::from_meta(t->meta);
    const std::string cursor = t->meta.get(k_view_cursor);
    const std::string view = t->meta.get(k_view_link);
    m_state.set_trace(std::move(t), name);  // throws before anything changes
    m_spec = std::move(spec);
    sync_edit_state();
    if (m_spec) form_from_spec(*m_spec);  // the set-up panel shows what the file searched
    // An engine's recording is no Kibitz search, but its cutoff test is the trace's.
    if (!m_spec) m_state.setup.criterion = m_state.trace().steps.criterion == Criterion::ge ? 1 : 0;
    // It opens where it was saved.
    char* end = nullptr;
    const unsigned long long at = std::strtoull(cursor.c_str(), &end, 10);
    if (!cursor.empty() && !*end) m_state.seek(static_cast<std::size_t>(at));
    if (!view.empty()) apply_saved_view(view);
    drop_pending();  // the file is what the user wants to see now
    m_state.search_seconds = -1.0;
    m_state.status = "opened " + name;
    if (!m_state.trace().notice.empty()) m_state.status += ": " + m_state.trace().notice;
    if (url_changed) url_changed(url_hash());
    return {};
  } catch (const std::exception& e) {
    m_state.error = name + ": " + failure_text(e);
    return Done::refused(m_state.error);
  }
}

std::vector<std::uint8_t> ViewerApp::save_kbz() {
  if (!m_state.has_trace()) return {};
  m_state.set_trace_fact(k_view_cursor, std::to_string(m_state.cursor()));
  if (m_spec) m_state.set_trace_fact(k_view_link, url_hash());
  return trace::write_kbz(m_state.trace());
}

std::string ViewerApp::save_trace_json() {
  if (!m_state.has_trace()) return "";
  m_state.set_trace_fact(k_view_cursor, std::to_string(m_state.cursor()));
  if (m_spec) m_state.set_trace_fact(k_view_link, url_hash());
  return trace::write_trace_json(m_state.trace());
}

bool ViewerApp::compute_scores() {
  if (!m_state.has_trace() || !m_spec) return false;
  // Bounded as the viewer's searches are: a page must not freeze on a huge tree.
  auto scores = kibitz::compute_scores(*m_spec, m_state.model(), k_viewer_limits.max_nodes);
  if (!scores) return false;
  m_state.scores = std::move(*scores);
  return true;
}

}  // namespace kibitz
