// The JavaScript API's searches, links, files and compare (api.hpp).
#include "app/web/api.hpp"

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/failure.hpp"
#include "session/report.hpp"
#include "trace/json_text.hpp"
#include "viewer/compare.hpp"

namespace kibitz::api {

std::string error(const std::string& message) {
  JsonWriter j;
  j.begin_object();
  j.key("error");
  j.string(message);
  j.end_object();
  return j.take();
}

namespace {

// The page's options as a search, unvalidated (the form shows it even when it cannot run); the
// refusal shown when they are not a search's options.
std::optional<SearchSpec> given_spec(ViewerApp& app, const std::string& options, Done& refusal) {
  try {
    return SearchSpec::from_json(options, false);
  } catch (const std::exception& e) {
    refusal = app.show_refusal(failure_text(e));
    return std::nullopt;
  }
}

}  // namespace

std::string run_search(ViewerApp& app, const std::string& options) {
  Done d;
  const std::optional<SearchSpec> spec = given_spec(app, options, d);
  if (spec) d = app.run_given(*spec);
  return d.ok() ? summary(app) : error(d.error);
}

std::string start_search(ViewerApp& app, const std::string& options) {
  Done d;
  const std::optional<SearchSpec> spec = given_spec(app, options, d);
  if (spec) d = app.run_given(*spec, true);
  return d.ok() ? std::string("{\"started\":true}") : error(d.error);
}

std::string summary(const ViewerApp& app) {
  const viewer::ViewerState& s = app.state();
  if (!s.has_trace()) return error("no trace loaded");
  const trace::Model& m = s.model();
  JsonWriter j;
  j.begin_object();
  j.key("value");
  if (m.roots().empty() || m.leave_t(m.roots().back()) == trace::k_never)
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

std::string search_state(const ViewerApp& app) {
  const viewer::SearchProgress& p = app.state().search;
  JsonWriter j;
  j.begin_object();
  j.key("running");
  j.boolean(p.running);
  j.key("what");
  j.string(p.what);
  j.key("nodes");
  j.number(static_cast<long long>(p.nodes));
  j.key("events");
  j.number(static_cast<long long>(p.events));
  j.key("error");
  j.string(app.state().error);
  j.key("status");
  j.string(app.state().status);
  j.end_object();
  return j.take();
}

std::string apply_link(ViewerApp& app, const std::string& hash, bool background) {
  const Done d = app.apply_url_hash(hash, background);
  if (!d.ok()) return error(d.error);
  if (background) return "{}";
  return app.compare_side() ? compare_state(app) : summary(app);
}

std::string load_trace(ViewerApp& app, const std::uint8_t* data, std::size_t size,
                       const std::string& name) {
  const Done d = app.load_trace(data, size, name);
  return d.ok() ? summary(app) : error(d.error);
}

std::string load_trace(ViewerApp& app, std::shared_ptr<const ByteSource> bytes,
                       const std::string& name) {
  const Done d = app.load_trace(std::move(bytes), name);
  return d.ok() ? summary(app) : error(d.error);
}

std::string compare(ViewerApp& app, const std::string& a, const std::string& b) {
  SearchSpec sa, sb;
  try {
    // Each set-up checked on its own: a message says which is wrong.
    auto spec = [](const std::string& json, const char* side) {
      try {
        SearchSpec s = SearchSpec::from_json(json, false);
        s.validate();
        return s;
      } catch (const std::exception& e) {
        throw InputError(std::string("compare: set-up ") + side + ": " + failure_text(e));
      }
    };
    sa = spec(a, "A");
    sb = spec(b, "B");
  } catch (const std::exception& e) {
    return error(app.show_refusal(failure_text(e)).error);
  }
  app.form_from_spec(sa);
  const Done d = app.compare(sa, sb);
  return d.ok() ? compare_state(app) : error(d.error);
}

namespace {

nlohmann::json figures_json(const viewer::CompareFigures& f) {
  return {{"nodes", f.nodes}, {"leaves", f.leaves}, {"cutoffs", f.cutoffs},
          {"pv", f.pv},       {"cut", f.cut},       {"all", f.all}};
}

}  // namespace

std::string compare_state(const ViewerApp& app) {
  const viewer::ViewerState& a = app.state();
  const viewer::ViewerState* b = app.compare_side();
  nlohmann::json j{{"active", b != nullptr}};
  if (b && a.has_trace()) {
    j["a"] = {{"title", a.compare_title},
              {"cursor", a.cursor()},
              {"figures", figures_json(viewer::compare_figures(a.model()))}};
    j["b"] = {{"title", b->compare_title},
              {"cursor", b->cursor()},
              {"figures", figures_json(viewer::compare_figures(b->model()))}};
    std::size_t only_a = 0, only_b = 0;
    for (std::uint8_t x : a.only_here) only_a += x;
    for (std::uint8_t x : b->only_here) only_b += x;
    j["only_a"] = only_a;
    j["only_b"] = only_b;
  }
  return j.dump();
}

}  // namespace kibitz::api
