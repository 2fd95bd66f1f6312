// The app behind the viewer, live: a recorder's stream shown as it arrives. Each snapshot is
// the trace so far (trace/live_stream.hpp); the first replaces what was shown, later ones grow
// it with the view kept (ViewerState::grow_trace), the cursor following the newest event unless
// the user moved it back.
#include <chrono>
#include <limits>

#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "trace/model.hpp"

namespace kibitz {

namespace {

std::string events_text(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A notice ("the file ends at ...") as a sentence of its own.
std::string sentence(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

}  // namespace

void ViewerApp::live_begin(const std::string& name, const std::string& saved_to) {
  // The stream shown before: its end is shown first if it has come; one still arriving is no
  // longer followed (the newest is shown; its listener still saves it).
  if (m_live && m_live->ended()) live_tick(std::numeric_limits<double>::infinity());
  m_live = std::make_unique<trace::LiveStream>(name, saved_to);
  m_live_shown = false;
  m_live_pace = trace::LivePace{};
  ++m_live_figures.streams;
  m_live_figures.snapshots = 0;  // this stream's
  m_live_figures.events = 0;
  m_state.live = true;
  m_state.status = "live: waiting for " + name;
  m_state.live_text = "Live: " + name + " connected; waiting for its first events";
}

void ViewerApp::live_feed(const std::uint8_t* data, std::size_t size) {
  if (!m_live) return;
  m_live->feed(data, size);
  m_live_figures.bytes += size;
}

void ViewerApp::live_end() {
  if (m_live) m_live->end();
}

void ViewerApp::live_tick(double now) {
  if (!m_live) return;
  if (m_live_shown && m_state.trace_generation() != m_live_generation) {
    // Something else is shown now: the stream is no longer followed (its file still is written).
    m_state.live = false;
    if (m_live->ended()) m_live.reset();
    return;
  }
  if (!m_live->has_news() || (!m_live->ended() && !m_live_pace.due(now))) return;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    auto t = std::make_unique<trace::Trace>(m_live->snapshot());
    if (t->events.size() > trace::model_event_limit())
      throw InputError("the live view stops at " + events_text(trace::model_event_limit()) +
                       " events (the memory this viewer may use); " +
                       (m_live->saved_to().empty() ? std::string("the listener's file")
                                                   : "'" + m_live->saved_to() + "'") +
                       " keeps the rest");
    const std::size_t events = t->events.size();
    if (events > 0 || m_live->ended()) {
      if (!m_live_shown) {
        if (events == 0) {
          const std::string why = trace::why_no_events(*t);
          throw InputError("the stream ended before its first event" +
                           (why.empty() ? std::string() : " (" + why + ")"));
        }
        drop_pending();
        end_compare();
        m_state.set_trace(std::move(t), m_live->name());
        m_spec.reset();
        sync_edit_state();
        m_state.setup.criterion = m_state.trace().steps.criterion == Criterion::ge ? 1 : 0;
        m_state.seek(m_state.event_count() - 1);  // following the search as it goes
        m_state.open_tab = "inspector";  // the node followed, not the set-up of another search
        m_live_shown = true;
      } else {
        m_state.grow_trace(std::move(t));
      }
      m_live_figures.events = events;
      m_live_generation = m_state.trace_generation();
    }
  } catch (const std::exception& e) {
    // The stream is bad or too big: what was shown stays; the spool keeps what arrived.
    m_state.error = m_live->name() + ": " + failure_text(e);
    m_live->end();
    m_live.reset();
    m_state.live = false;
    if (live_ended) live_ended(m_state.error);
    return;
  }
  const double cost = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  m_live_pace.taken(now, cost);
  ++m_live_figures.snapshots;
  m_live_figures.last_snapshot_ms = cost * 1000.0;
  const std::string spool =
      m_live->saved_to().empty() ? "" : ", saved as it comes to " + m_live->saved_to();
  if (!m_live->ended()) {
    m_state.status =
        "live: " + events_text(m_live_figures.events) + " events from " + m_live->name() + spool;
    m_state.live_text = "Live: " + events_text(m_live_figures.events) + " events so far from " +
                        m_live->name() + spool +
                        ". The view follows the newest event unless you step back.";
    return;
  }
  // The stream is over: whole, or cut short (the trace's notice says where). Followed to its
  // end, the last iteration is shown whole.
  if (m_state.has_trace() && m_state.cursor() + 1 >= m_state.event_count())
    m_state.camera.fit_pending = true;
  const std::string& notice = m_state.has_trace() ? m_state.trace().notice : std::string();
  const std::string nodes =
      m_state.has_trace() ? events_text(m_state.model().node_count()) + " nodes, " : "";
  m_state.status = (m_live->whole() ? "live stream ended: " : "live stream cut short: ") + nodes +
                   events_text(m_state.event_count()) + " events from " + m_live->name() + spool +
                   (notice.empty() ? "" : ". " + sentence(notice));
  if (live_ended) live_ended(m_state.status);
  m_live.reset();
  m_state.live = false;
}

}  // namespace kibitz
