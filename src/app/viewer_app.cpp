#include "app/viewer_app.hpp"
#include "core/file_io.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/report.hpp"
#include "app/runner.hpp"
#include "app/viewer_app_fe.hpp"
#include "app/viewer_services.hpp"
#include "core/error.hpp"
#include "games/explicit_tree.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_file.hpp"
#include "trace/trace_json.hpp"

namespace kibitz {

namespace {

std::string error_json(const std::string& message) {
  JsonWriter j;
  j.begin_object();
  j.key("error");
  j.string(message);
  j.end_object();
  return j.take();
}

std::string read_text(const std::filesystem::path& p) {
  const auto bytes = read_file_bytes(p.string());
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else if (s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '(' || c == ')' ||
        c == ',' || c == ':' || c == '=') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += "%20";
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

ViewerApp::ViewerApp(const std::string& assets_dir) {
  m_state.services = viewer_game_services();
  load_examples(assets_dir);
  load_positions(assets_dir);
}

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
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      const std::string line = text.substr(pos, end - pos);
      pos = end + 1;
      const std::size_t bar = line.find('|');
      if (line.empty() || line[0] == '#' || bar == std::string::npos) continue;
      auto trim = [](std::string s) {
        s.erase(0, s.find_first_not_of(" \t"));
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
          s.pop_back();
        return s;
      };
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
    // "# title: ..." and "# description: ..." header lines.
    std::size_t pos = 0;
    while (pos < e.tree.size()) {
      std::size_t end = e.tree.find('\n', pos);
      if (end == std::string::npos) end = e.tree.size();
      const std::string line = e.tree.substr(pos, end - pos);
      if (line.rfind("# title:", 0) == 0) e.title = line.substr(8);
      if (line.rfind("# description:", 0) == 0) e.description = line.substr(14);
      pos = end + 1;
    }
    auto trim = [](std::string& s) {
      s.erase(0, s.find_first_not_of(' '));
      while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
    };
    trim(e.title);
    trim(e.description);
    if (e.title.empty()) e.title = e.name;
    // The tree without comment lines, for display.
    std::string body;
    pos = 0;
    while (pos < e.tree.size()) {
      std::size_t end = e.tree.find('\n', pos);
      if (end == std::string::npos) end = e.tree.size();
      std::string line = e.tree.substr(pos, end - pos);
      if (!line.empty() && line[0] != '#') body += (body.empty() ? "" : " ") + line;
      pos = end + 1;
    }
    trim(body);
    e.tree = body;
    m_state.examples.push_back(std::move(e));
  }
}

SearchSpec ViewerApp::spec_from_form() const {
  const viewer::SetupForm& f = m_state.setup;
  SearchSpec spec;
  switch (f.source) {
    case viewer::SetupForm::Source::example:
      if (f.example < 0 || f.example >= static_cast<int>(m_state.examples.size())) {
        throw InputError("pick an example");
      }
      spec.tree = m_state.examples[static_cast<std::size_t>(f.example)].tree;
      break;
    case viewer::SetupForm::Source::tree:
      if (f.tree_text.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw InputError("the tree text is empty: type a tree like ((3 12 8) (2 4 6) (14 5 2))");
      }
      spec.tree = f.tree_text;
      break;
    case viewer::SetupForm::Source::game:
      spec.game = viewer::SetupForm::k_games[std::max(
          0, std::min(f.game, viewer::SetupForm::k_game_count - 1))];
      spec.position = f.position;
      spec.depth = f.game_depth;
      spec.iterative = f.iterative;
      spec.node_budget = f.node_budget;
      spec.tt_entries = f.table;
      break;
    case viewer::SetupForm::Source::random: {
      RandomTreeParams p;
      if (f.random_branching)
        p.B = f.B;
      else
        p.b = f.b;
      p.root = f.root;
      p.d = f.d;
      p.lo = f.lo;
      p.hi = f.hi;
      if (f.seed < 0) throw InputError("random tree: the seed must not be negative");
      p.seed = static_cast<std::uint64_t>(f.seed);
      p.validate();
      spec.random = p;
      break;
    }
  }
  using Form = viewer::SetupForm;
  spec.algo = f.algo == Form::k_algo_minimax      ? Algorithm::minimax
              : f.algo == Form::k_algo_bounds     ? Algorithm::alphabeta_bounds
              : f.algo == Form::k_algo_greenblatt ? Algorithm::greenblatt
              : f.algo == Form::k_algo_interest   ? Algorithm::interest
                                                  : Algorithm::alphabeta;
  fe_spec_from_form(f, spec);  // forward estimation and its options
  if (spec.algo == Algorithm::greenblatt) {
    spec.widths = f.widths == "normal" ? "" : f.widths;
    spec.feedover = f.feedover;
    spec.secondary = f.secondary;
    spec.pruning = f.pruning;
  }
  if (spec.algo == Algorithm::interest) {  // interest search and its options
    const viewer::InterestForm& i = f.interest;
    if (!i.limits_text().empty()) spec.interest.set("limits", i.limits_text());
    spec.interest.tallies = i.split_tallies ? Tallies::split : Tallies::joint;
    spec.interest.similarity = i.similarity;
    spec.interest.value_costs = i.value_costs && spec.random.has_value();
    spec.interest.extension = i.extension;
  }
  spec.criterion = f.criterion == 1 ? Criterion::ge : Criterion::gt;
  if (f.source != viewer::SetupForm::Source::game) spec.depth = f.depth;
  if (spec.algo == Algorithm::minimax && spec.tt_entries > 0) spec.tt_entries = 0;
  spec.validate();
  return spec;
}

void ViewerApp::show(SearchResult&& result, const std::string& origin) {
  auto t = std::make_unique<trace::Trace>(std::move(result.trace));
  m_state.set_trace(std::move(t), origin);
}

std::string ViewerApp::run(const SearchSpec& spec) {
  try {
    spec.validate();
    // A viewer trace of tens of millions of events would not fit a browser tab: refuse early.
    constexpr long long k_max_nodes = 3'000'000;
    if (spec.random) {
      double b = spec.random->b > 0 ? spec.random->b : (spec.random->B + 1) / 2.0;
      double nodes = 1, level = 1;
      const int d = std::min(spec.random->d, spec.search_depth());
      for (int i = 0; i < d; ++i) nodes += (level *= b);
      if (spec.algo == Algorithm::minimax && nodes > k_max_nodes) {
        throw InputError("this random tree has about " +
                         std::to_string(static_cast<long long>(nodes)) +
                         " nodes: too many to replay with minimax (limit " +
                         std::to_string(k_max_nodes) + "); lower b or d, or use alpha-beta");
      }
    }
    SearchResult r = run_search(spec, true);
    const double seconds = r.seconds;
    if (static_cast<long long>(r.stats.nodes) > k_max_nodes) {
      throw InputError("the search visited " + std::to_string(r.stats.nodes) +
                       " nodes: too many to replay (limit " + std::to_string(k_max_nodes) + ")");
    }
    // The Greenblatt search records every move's plausibility: its traces grow by events, not
    // nodes.
    constexpr std::size_t k_max_events = 24'000'000;
    if (r.trace.events.size() > k_max_events) {
      throw InputError("the search recorded " + std::to_string(r.trace.events.size()) +
                       " events: too many to replay (limit " + std::to_string(k_max_events) +
                       "); lower the depth or the widths");
    }
    m_spec = spec;
    show(std::move(r), spec.source_kind());
    m_state.search_seconds = seconds;
    m_state.status = "searched " + std::to_string(m_state.model().node_count()) + " nodes";
    if (url_changed) url_changed(url_hash());
    return summary_json();
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
}

std::string ViewerApp::run_json(const std::string& options_json) {
  try {
    const SearchSpec spec = SearchSpec::from_json(options_json);
    form_from_spec(spec);
    return run(spec);
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
}

std::string ViewerApp::load_trace(const std::uint8_t* data, std::size_t size,
                                  const std::string& name) {
  try {
    auto t = std::make_unique<trace::Trace>(trace::read_trace_any(data, size));
    m_spec = SearchSpec::from_meta(t->meta);
    m_state.set_trace(std::move(t), name);
    m_state.search_seconds = -1.0;
    m_state.status = "opened " + name;
    if (url_changed) url_changed(url_hash());
    return summary_json();
  } catch (const InputError& e) {
    m_state.error = name + ": " + e.what();
    return error_json(m_state.error);
  }
}

std::vector<std::uint8_t> ViewerApp::save_kbz() const {
  if (!m_state.has_trace()) return {};
  return trace::write_kbz(m_state.trace());
}

std::string ViewerApp::save_json() const {
  if (!m_state.has_trace()) return "";
  return trace::write_trace_json(m_state.trace());
}

bool ViewerApp::compute_scores() {
  if (!m_state.has_trace() || !m_spec) return false;
  auto scores = kibitz::compute_scores(*m_spec, m_state.model());
  if (!scores) return false;
  m_state.scores = std::move(*scores);
  return true;
}

void ViewerApp::process_requests() {
  viewer::Requests& r = m_state.requests;
  if (r.run) {
    r.run = false;
    try {
      run(spec_from_form());
    } catch (const InputError& e) {
      m_state.error = e.what();
    }
  }
  if (r.compute_scores) {
    r.compute_scores = false;
    if (!compute_scores())
      m_state.error = "cannot compute scores: the trace does not say how to search it again";
  }
  if (!r.open_path.empty()) {
    const std::string path = r.open_path;
    r.open_path.clear();
    try {
      const auto bytes = read_file_bytes(path);
      load_trace(bytes.data(), bytes.size(), std::filesystem::path(path).filename().string());
    } catch (const InputError& e) {
      m_state.error = e.what();
    }
  }
  if (!r.save_path.empty()) {
    const std::string path = r.save_path;
    r.save_path.clear();
    try {
      if (std::filesystem::path(path).extension() == ".json") {
        const std::string json = save_json();
        write_file_bytes(path, std::vector<std::uint8_t>(json.begin(), json.end()));
      } else {
        write_file_bytes(path, save_kbz());
      }
      m_state.status = "saved " + path;
    } catch (const InputError& e) {
      m_state.error = e.what();
    }
  }
  if (r.open_picker) {
    r.open_picker = false;
    if (open_picker) open_picker();
  }
  if (r.download_kbz) {
    r.download_kbz = false;
    if (download && m_state.has_trace())
      download("kibitz-trace.kbz", save_kbz(), "application/octet-stream");
  }
  if (r.download_json) {
    r.download_json = false;
    if (download && m_state.has_trace()) {
      const std::string json = save_json();
      download("kibitz-trace.json", std::vector<std::uint8_t>(json.begin(), json.end()),
               "application/json");
    }
  }
  if (r.copy_link) {
    r.copy_link = false;
    if (copy_text) copy_text(url_hash());
  }
  fe_process_experiments(m_state.fe.experiments, m_experiment, 12.0);
}

void ViewerApp::start_experiment(const std::string& name, int trials) {
  auto& view = m_state.fe.experiments;
  view.open = true;
  if (view.names.empty()) view.names = experiment_names();
  const auto it = std::find(view.names.begin(), view.names.end(), name);
  if (it != view.names.end()) view.selected = static_cast<int>(it - view.names.begin());
  view.trials = trials;
  fe_start_experiment(view, m_experiment, name, trials);
}

std::string ViewerApp::summary_json() const {
  if (!m_state.has_trace()) return error_json("no trace loaded");
  const trace::Model& m = m_state.model();
  JsonWriter j;
  j.begin_object();
  j.key("value");
  if (m.roots().empty() || m.node(m.roots().back()).leave_t == trace::k_never)
    j.null();
  else
    j.score(m.node(m.roots().back()).ret);
  const trace::Counters c = m.counters_at(m.event_count() ? m.event_count() - 1 : 0);
  j.key("nodes");
  j.number(static_cast<long long>(m.node_count()));
  j.key("leaves_evaluated");
  j.number(static_cast<long long>(c.leaves));
  j.key("cutoffs");
  j.number(static_cast<long long>(c.cutoffs));
  j.key("events");
  j.number(static_cast<long long>(m.event_count()));
  j.key("algo");
  j.string(m.trace().meta.get("algo"));
  j.key("criterion");
  j.string(m.trace().meta.get("criterion"));
  j.key("pv");
  j.begin_array();
  if (!m.roots().empty()) {
    for (std::uint32_t id : m.principal_variation(m.roots().back())) write_node_label(j, m, id);
  }
  j.end_array();
  j.end_object();
  return j.take();
}

std::string ViewerApp::view_state_json() const {
  const viewer::ViewerState& s = m_state;
  JsonWriter j;
  j.begin_object();
  j.key("has_trace");
  j.boolean(s.has_trace());
  j.key("cursor");
  j.number(static_cast<long long>(s.cursor()));
  j.key("events");
  j.number(static_cast<long long>(s.event_count()));
  j.key("selected");
  if (s.selected == trace::k_no_node)
    j.null();
  else
    j.number(static_cast<long long>(s.selected));
  j.key("current_node");
  if (!s.has_trace() || s.event_count() == 0)
    j.null();
  else {
    const std::uint32_t c = s.model().node_of_event(s.cursor());
    if (c == trace::k_no_node)
      j.null();
    else
      j.number(static_cast<long long>(c));
  }
  j.key("nodes");
  j.number(s.has_trace() ? static_cast<long long>(s.model().node_count()) : 0LL);
  j.key("visible_nodes");
  j.number(s.has_trace() ? static_cast<long long>(s.model().nodes_visible_at(s.cursor())) : 0LL);
  j.key("playing");
  j.boolean(s.playing);
  j.key("speed");
  j.number(static_cast<double>(s.speed));
  j.key("zoom");
  j.number(static_cast<double>(s.camera.zoom));
  j.key("camera");
  j.begin_array();
  j.number(static_cast<double>(s.camera.x));
  j.number(static_cast<double>(s.camera.y));
  j.end_array();
  j.key("follow");
  j.boolean(s.camera.follow);
  j.key("theme");
  j.string(s.theme == viewer::Theme::dark ? "dark" : "light");
  j.key("font_scale");
  j.number(static_cast<double>(s.font_scale));
  j.key("pixel_ratio");
  j.number(static_cast<double>(s.dpi_scale));
  j.key("frame_ms");
  j.number(s.frame_ms);
  j.key("work_ms");
  j.number(s.work_ms);
  j.key("error");
  j.string(s.error);
  j.key("status");
  j.string(s.status);
  j.key("origin");
  j.string(s.has_trace() ? s.origin() : "");
  j.key("scores");
  j.boolean(s.scores.has_value());
  j.key("widgets");
  j.begin_object();
  for (const auto& [name, r] : s.widgets) {
    j.key(name);
    j.begin_array();
    j.number(static_cast<double>(r.x));
    j.number(static_cast<double>(r.y));
    j.number(static_cast<double>(r.z));
    j.number(static_cast<double>(r.w));
    j.end_array();
  }
  j.end_object();
  j.end_object();
  return j.take();
}

std::string ViewerApp::node_state_json(std::uint32_t id) const {
  if (!m_state.has_trace()) return error_json("no trace loaded");
  if (id >= m_state.model().node_count()) {
    return error_json("no node " + std::to_string(id) + " (the trace has " +
                      std::to_string(m_state.model().node_count()) + ")");
  }
  JsonWriter j;
  const std::vector<Score>* scores = m_state.scores ? &*m_state.scores : nullptr;
  write_node_entry(j, m_state.model(), id, m_state.cursor(), scores);
  return j.take();
}

std::string ViewerApp::url_hash() const {
  if (!m_spec) return "";
  std::string h = "#";
  if (!m_spec->tree.empty())
    h += "tree=" + url_encode(m_spec->tree);
  else if (m_spec->random)
    h += "random=" + url_encode(m_spec->random->to_text());
  else
    h += "game=" + url_encode(m_spec->game) + "&position=" + url_encode(m_spec->position);
  h += std::string("&algo=") + algorithm_name(m_spec->algo);
  h += std::string("&criterion=") + criterion_name(m_spec->criterion);
  if (m_spec->depth >= 0) h += "&depth=" + std::to_string(m_spec->depth);
  if (m_spec->iterative) h += "&iterative=1";
  if (m_spec->node_budget > 0) h += "&nodes=" + std::to_string(m_spec->node_budget);
  if (m_spec->tt_entries >= 0) h += "&tt=" + std::to_string(m_spec->tt_entries);
  h += fe_link_part(*m_spec);
  if (m_spec->algo == Algorithm::greenblatt) {
    if (!m_spec->widths.empty()) h += "&widths=" + url_encode(m_spec->widths);
    if (m_spec->feedover >= 0) h += "&feedover=" + std::to_string(m_spec->feedover);
    if (!m_spec->secondary) h += "&secondary=0";
    if (!m_spec->pruning) h += "&pruning=0";
  }
  if (m_spec->algo == Algorithm::interest) h += m_spec->interest.url_params();
  h += "&t=" + std::to_string(m_state.cursor());
  return h;
}

// The set-up form shows a search that came from elsewhere (a link, runSearch, --options), so
// that Run repeats it and the user sees which options produced the tree.
void ViewerApp::form_from_spec(const SearchSpec& spec) {
  if (!spec.tree.empty()) {
    m_state.setup.source = viewer::SetupForm::Source::tree;
    m_state.setup.tree_text = spec.tree;
  } else if (!spec.game.empty()) {
    m_state.setup.source = viewer::SetupForm::Source::game;
    for (int g = 0; g < viewer::SetupForm::k_game_count; ++g) {
      if (spec.game == viewer::SetupForm::k_games[g]) m_state.setup.game = g;
    }
    m_state.setup.position = spec.position;
    m_state.setup.game_depth = spec.depth;
    m_state.setup.iterative = spec.iterative;
    m_state.setup.node_budget = static_cast<int>(spec.node_budget);
    m_state.setup.table = static_cast<int>(spec.tt_entries);
  } else if (spec.random) {
    m_state.setup.source = viewer::SetupForm::Source::random;
    const RandomTreeParams& p = *spec.random;
    m_state.setup.random_branching = p.B > 0;
    m_state.setup.b = p.b > 0 ? p.b : m_state.setup.b;
    m_state.setup.B = p.B > 0 ? p.B : m_state.setup.B;
    m_state.setup.root = p.root;
    m_state.setup.d = p.d;
    m_state.setup.lo = static_cast<int>(p.lo);
    m_state.setup.hi = static_cast<int>(p.hi);
    m_state.setup.seed = static_cast<int>(p.seed);
  }
  using Form = viewer::SetupForm;
  m_state.setup.algo = spec.algo == Algorithm::minimax            ? Form::k_algo_minimax
                       : spec.algo == Algorithm::alphabeta_bounds ? Form::k_algo_bounds
                       : spec.algo == Algorithm::greenblatt       ? Form::k_algo_greenblatt
                       : spec.algo == Algorithm::interest         ? Form::k_algo_interest
                                                                  : Form::k_algo_alphabeta;
  fe_form_from_spec(spec, m_state.setup);
  if (spec.algo == Algorithm::greenblatt) {
    m_state.setup.widths = spec.widths.empty() ? "normal" : spec.widths;
    m_state.setup.feedover = spec.feedover >= 0 ? spec.feedover : 2;
    m_state.setup.secondary = spec.secondary;
    m_state.setup.pruning = spec.pruning;
  }
  if (spec.algo == Algorithm::interest) {
    viewer::InterestForm& i = m_state.setup.interest;
    i.limits = spec.interest.limits.empty() ? viewer::InterestForm::Limits::automatic
                                            : viewer::InterestForm::Limits::list;
    if (!spec.interest.limits.empty()) i.list = spec.interest.limits;
    i.split_tallies = spec.interest.tallies == Tallies::split;
    i.similarity = spec.interest.similarity;
    i.value_costs = spec.interest.value_costs;
    i.extension = spec.interest.extension;
  }
  m_state.setup.criterion = spec.criterion == Criterion::ge ? 1 : 0;
  m_state.setup.depth = spec.depth;
}

std::string ViewerApp::apply_url_hash(const std::string& hash) {
  std::string h = hash;
  if (!h.empty() && h[0] == '#') h.erase(0, 1);
  if (h.empty()) return error_json("empty link");
  SearchSpec spec;
  long long t = 0;
  std::string example;
  try {
    std::size_t pos = 0;
    while (pos <= h.size()) {
      std::size_t amp = h.find('&', pos);
      if (amp == std::string::npos) amp = h.size();
      const std::string item = h.substr(pos, amp - pos);
      pos = amp + 1;
      if (!item.empty()) {
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos) throw InputError("link: '" + item + "' should be name=value");
        const std::string key = item.substr(0, eq), value = url_decode(item.substr(eq + 1));
        if (key == "tree")
          spec.tree = value;
        else if (key == "random")
          spec.random = RandomTreeParams::parse(value);
        else if (key == "game")
          spec.game = value;
        else if (key == "position")
          spec.position = value;
        else if (key == "example")
          example = value;
        else if (key == "algo")
          spec.algo = parse_algorithm(value);
        else if (key == "criterion") {
          if (!parse_criterion(value.c_str(), spec.criterion))
            throw InputError("link: criterion must be gt or ge");
        } else if (key == "depth") {
          char* end = nullptr;
          const long v = std::strtol(value.c_str(), &end, 10);
          if (value.empty() || *end) throw InputError("link: depth must be an integer");
          spec.depth = static_cast<int>(v);
        } else if (key == "iterative") {
          spec.iterative = value == "1" || value == "true";
        } else if (key == "nodes" || key == "tt") {
          char* end = nullptr;
          const long long v = std::strtoll(value.c_str(), &end, 10);
          if (value.empty() || *end) throw InputError("link: " + key + " must be an integer");
          (key == "nodes" ? spec.node_budget : spec.tt_entries) = v;
        } else if (key == "widths") {
          spec.widths = value == "normal" ? "" : value;
        } else if (key == "feedover") {
          char* end = nullptr;
          const long v = std::strtol(value.c_str(), &end, 10);
          if (value.empty() || *end) throw InputError("link: feedover must be an integer");
          spec.feedover = static_cast<int>(v);
        } else if (key == "secondary" || key == "pruning") {
          (key == "secondary" ? spec.secondary : spec.pruning) =
              !(value == "0" || value == "false");
        } else if (InterestSpec::is_key(key)) {
          spec.interest.set(key, value);
        } else if (key == "t") {
          char* end = nullptr;
          t = std::strtoll(value.c_str(), &end, 10);
          if (value.empty() || *end || t < 0) throw InputError("link: t must be an event number");
        } else if (!fe_link_key(key, value, spec)) {
          throw InputError("link: unknown part '" + key + "'");
        }
      }
      if (amp >= h.size()) break;
    }
    if (!example.empty()) {
      auto it = std::find_if(m_state.examples.begin(), m_state.examples.end(),
                             [&](const viewer::Example& e) { return e.name == example; });
      if (it == m_state.examples.end())
        throw InputError("link: no example named '" + example + "'");
      spec.tree = it->tree;
    }
  } catch (const InputError& e) {
    m_state.error = e.what();
    return error_json(e.what());
  }
  form_from_spec(spec);  // show the link's set-up in the form too
  const std::string summary = run(spec);
  if (m_state.has_trace() && m_state.error.empty()) m_state.seek(static_cast<std::size_t>(t));
  return summary;
}

}  // namespace kibitz
