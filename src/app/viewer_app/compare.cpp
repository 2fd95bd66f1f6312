// The app behind the viewer, its compare mode (viewer/compare.hpp): a second search beside the
// shown one, from the page's options (Kibitz.compare), a preset, or a link (compare=1&vs=...).
#include <atomic>

#include "app/viewer_app/limits.hpp"
#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/run.hpp"
#include "viewer/compare.hpp"

namespace kibitz {

namespace {

constexpr std::uint32_t k_compare_max_nodes = 20000;  // two canvases, node by node

// "alpha-beta (fail-soft), ≥, tree": what a side searched, for its title.
std::string title_of(const SearchSpec& s) {
  const AlgorithmEntry* a = find_algorithm(s.algo);
  std::string t = a ? a->label : s.algo;
  t += s.criterion == Criterion::ge ? ", cutoff at best \u2265 \u03b2" : "";
  if (!s.tree.empty())
    t += s.tree.size() <= 40 ? ", " + s.tree : ", a tree";
  else if (s.random)
    t += ", random " + s.random->to_text();
  else
    t += ", " + s.game + (s.depth >= 0 ? " depth " + std::to_string(s.depth) : "");
  for (const auto& kv : s.options.items()) t += ", " + kv.first + " " + kv.second;
  return t;
}

}  // namespace

void ViewerApp::end_compare() {
  if (m_state.fit_whole) m_state.camera.fit_pending = true;  // a whole canvas again
  m_state.fit_whole = false;
  m_state.compare_with = nullptr;
  m_state.only_here.clear();
  m_compare.reset();
  m_compare_spec.reset();
}

Done ViewerApp::compare(const SearchSpec& a, const SearchSpec& b) {
  try {
    end_compare();
    const Done ra = run(a);
    if (!ra.ok()) return ra;
    if (!m_state.has_trace()) return Done::refused("compare: set-up A showed nothing");
    SearchSpec sb;
    SearchResult r;
    try {  // a message that says it is B's
      sb = completed(b);
      check_viewer_size(sb);
      std::atomic<bool> stop{false};
      r = run_search(sb, viewer_recording(&stop));
    } catch (const std::exception& e) {
      throw InputError("compare: set-up B: " + failure_text(e));
    }
    auto other = std::make_unique<viewer::ViewerState>();
    other->services = m_state.services;
    other->algorithms = m_state.algorithms;
    other->canvas_slot = 1;  // its own GPU instances: both canvases are drawn in one frame
    other->set_trace(std::make_unique<trace::Trace>(std::move(r.trace)), sb.source_kind());
    if (m_state.model().node_count() > k_compare_max_nodes ||
        other->model().node_count() > k_compare_max_nodes)
      throw InputError(
          "compare: searches of up to " + std::to_string(k_compare_max_nodes) +
          " nodes each (this one has " +
          std::to_string(std::max(m_state.model().node_count(), other->model().node_count())) +
          "): a smaller tree or depth");
    m_compare = std::move(other);
    m_compare_spec = sb;
    // An example's title where the tree is one ("Perfect ordering (b = 3, d = 3)").
    auto titled = [&](const SearchSpec& s) {
      for (const viewer::Example& e : m_state.examples)
        if (!s.tree.empty() && e.tree == s.tree) {
          const AlgorithmEntry* a = find_algorithm(s.algo);
          return std::string(a ? a->label : s.algo) + ", " + e.title;
        }
      return title_of(s);
    };
    m_state.compare_title = titled(*m_spec);
    m_compare->compare_title = titled(sb);
    m_state.compare_with = m_compare.get();
    m_state.fit_whole = m_compare->fit_whole = true;  // two half canvases: each tree whole
    viewer::mark_only_here(m_state, *m_compare);
    return {};
  } catch (const std::exception& e) {
    end_compare();
    return refuse(e);
  }
}

}  // namespace kibitz
