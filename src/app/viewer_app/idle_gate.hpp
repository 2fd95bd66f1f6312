// Idle is idle: a viewer that nothing changes draws no frames (a laptop's fan stays off during a
// lecture). Input and a busy view (playback, a search, the camera gliding) draw frames; after
// the last of either, frames go on for a second (hover highlights and tooltips settle), then
// stop until something happens again.
#pragma once

#include <chrono>

namespace kibitz {

class IdleGate {
 public:
  // Whether to draw this frame, given whether input came since the last one and whether the
  // view is changing by itself.
  bool draw(bool input, bool busy) {
    const double t = now();
    if (input || busy || m_last < 0) m_last = t;
    return t - m_last <= k_settle_seconds;
  }
  // Whether the last draw() said no: the loop may sleep until input comes.
  bool sleeping() const { return m_last >= 0 && now() - m_last > k_settle_seconds; }

 private:
  static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  static constexpr double k_settle_seconds = 1.0;
  double m_last = -1;
};

}  // namespace kibitz
