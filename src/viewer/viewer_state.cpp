#include "viewer/viewer_state.hpp"

#include <algorithm>
#include <cmath>

namespace kibitz::viewer {

ViewerState::ViewerState() = default;

void ViewerState::set_trace(std::unique_ptr<trace::Trace> t, std::string origin) {
  auto model = std::make_unique<trace::Model>(*t);  // throws before anything changes
  m_layout.clear();
  m_layout_valid = false;
  m_final_layout.clear();
  m_final_valid = false;
  m_model = std::move(model);
  m_trace = std::move(t);
  m_origin = std::move(origin);
  m_cursor = 0;
  m_play_accum = 0.0;
  scores.reset();
  selected = m_model->node_count() ? 0 : trace::k_no_node;
  hovered = trace::k_no_node;
  camera.fit_pending = true;
  error.clear();
}

void ViewerState::seek(std::size_t t) {
  const std::size_t n = event_count();
  m_cursor = n == 0 ? 0 : std::min(t, n - 1);
}

void ViewerState::step(long long delta) {
  const long long t = static_cast<long long>(m_cursor) + delta;
  seek(t < 0 ? 0 : static_cast<std::size_t>(t));
}

void ViewerState::seek_next(trace::EventType type, bool forward) {
  const std::size_t n = event_count();
  if (n == 0) return;
  if (forward) {
    for (std::size_t t = m_cursor + 1; t < n; ++t) {
      if (m_model->event(t).type == type) {
        m_cursor = t;
        return;
      }
    }
    m_cursor = n - 1;
  } else {
    for (std::size_t t = m_cursor; t-- > 0;) {
      if (m_model->event(t).type == type) {
        m_cursor = t;
        return;
      }
    }
    m_cursor = 0;
  }
}

const TreeLayout& ViewerState::layout() {
  if (!m_model) return m_layout;
  const bool final_shape = layout_mode == LayoutMode::final_shape;
  const std::size_t t = final_shape ? event_count() - 1 : m_cursor;
  const std::uint32_t nodes = m_model->nodes_visible_at(t);
  // Stubs appear with cutoffs and forward-estimation prunes (both only grow with t), so their
  // count at t completes the key.
  const trace::Counters counters = m_model->counters_at(t);
  const std::uint32_t cutoffs = counters.cutoffs + counters.fe_prunes;
  if (!m_layout_valid || m_layout.built_model() != m_model.get() || m_layout.built_nodes() != nodes ||
      m_layout_cutoffs != cutoffs || m_layout_built_mode != layout_mode) {
    m_layout.build(*m_model, nodes, t, metrics);
    m_layout_valid = true;
    m_layout_cutoffs = cutoffs;
    m_layout_built_mode = layout_mode;
  }
  return m_layout;
}

const TreeLayout& ViewerState::final_layout() {
  if (m_model && !m_final_valid) {
    const std::size_t last = event_count() ? event_count() - 1 : 0;
    m_final_layout.build(*m_model, m_model->node_count(), last, metrics);
    m_final_valid = true;
  }
  return m_final_layout;
}

void ViewerState::update_playback(double dt_seconds) {
  if (!playing || !m_model) return;
  m_play_accum += dt_seconds * speed;
  if (m_play_accum >= 1.0) {
    const double whole = std::floor(m_play_accum);
    m_play_accum -= whole;
    const std::size_t before = m_cursor;
    step(static_cast<long long>(whole));
    if (m_cursor == before || m_cursor + 1 >= event_count()) playing = false;
  }
}

void ViewerState::note_widget(const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  widgets[name] = ImVec4(a.x, a.y, b.x, b.y);
}

}  // namespace kibitz::viewer
