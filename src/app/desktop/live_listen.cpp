#include "app/desktop/live_listen.hpp"

#include <algorithm>
#include <cstdio>

#include "app/viewer_app/viewer_app.hpp"

namespace kibitz {

DesktopLive::DesktopLive(int port, std::string spool_dir) : m_dir(std::move(spool_dir)) {
  live::check_spool_dir(m_dir);
  live::StreamHandlers h;
  h.begin = [this](std::uint64_t id, const std::string& peer) {
    Arrival a{Arrival::Kind::begin, id, "engine " + std::to_string(id) + " at " + peer, "", {}};
    try {
      auto spool = std::make_unique<live::Spool>(m_dir, id);
      a.saved_to = spool->path();
      m_spools.emplace_back(id, std::move(spool));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kibitz-desktop: %s\n", e.what());  // shown, not saved
    }
    push(std::move(a));
  };
  h.bytes = [this](std::uint64_t id, const std::uint8_t* data, std::size_t size) {
    for (auto& [sid, spool] : m_spools)
      if (sid == id) spool->write(data, size);
    push(Arrival{Arrival::Kind::bytes, id, "", "", std::vector<std::uint8_t>(data, data + size)});
  };
  h.end = [this](std::uint64_t id) {
    Arrival a{Arrival::Kind::end, id, "", "", {}};
    auto it = std::find_if(m_spools.begin(), m_spools.end(),
                           [id](const auto& s) { return s.first == id; });
    if (it != m_spools.end()) {
      it->second->close();
      a.text = it->second->error();
      a.saved_to = it->second->path();
      m_spools.erase(it);
    }
    push(std::move(a));
  };
  m_listener = std::make_unique<live::EngineListener>("127.0.0.1", port, std::move(h));
}

DesktopLive::~DesktopLive() {
  m_listener.reset();
}

void DesktopLive::push(Arrival a) {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_queue.push_back(std::move(a));
}

void DesktopLive::poll(ViewerApp& app, double now) {
  std::deque<Arrival> arrived;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    arrived.swap(m_queue);
  }
  for (Arrival& a : arrived) {
    switch (a.kind) {
      case Arrival::Kind::begin:  // the newest connection is the one shown
        m_shown = a.id;
        app.live_begin(a.text, a.saved_to);
        break;
      case Arrival::Kind::bytes:
        if (a.id == m_shown) app.live_feed(a.bytes.data(), a.bytes.size());
        break;
      case Arrival::Kind::end:
        ++m_ended;
        if (!a.text.empty()) std::fprintf(stderr, "kibitz-desktop: %s\n", a.text.c_str());
        if (!a.saved_to.empty())
          std::printf("kibitz-desktop: stream %llu saved to %s\n",
                      static_cast<unsigned long long>(a.id), a.saved_to.c_str());
        std::fflush(stdout);
        if (a.id == m_shown) app.live_end();
        break;
    }
  }
  app.live_tick(now);
}

}  // namespace kibitz
