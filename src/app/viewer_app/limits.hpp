// What a search shown in the viewer (desktop or page) may record: a trace the viewer can hold
// and draw. A search surely too big is refused before it runs, with what to lower; one that
// reaches a limit while running stops there and is shown as the part searched, marked partial.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "session/run.hpp"
#include "session/search_spec.hpp"

namespace kibitz {

struct ViewerLimits {
  std::size_t max_nodes = 2'500'000;
  std::size_t max_events = 16'000'000;  // recorded (a lean trace has one per node)
};
inline constexpr ViewerLimits k_viewer_limits{};

// Throws InputError when the estimate is far over the limits, e.g. "this search would visit
// about 3.1e+10 nodes or more (alpha-beta's fewest for b=50, d=12); the viewer holds
// 2,500,000: lower b or d (kibitz search reports a search of any size)".
void check_viewer_size(const SearchSpec& spec);

// The recording of a viewer search: lean, kept in memory, stopped at the limits (stop must
// outlive the search; Cancel may set it too), progress per event chunk.
RecordOptions viewer_recording(std::atomic<bool>* stop,
                               std::function<void(std::size_t, std::size_t)> progress = {});

// After the search: when a limit stopped it, notes so in the trace's facts ("stopped") and
// returns the sentence to show ("" when the search finished).
std::string note_stopped(SearchResult& r);

}  // namespace kibitz
