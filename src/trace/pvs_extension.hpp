// Principal variation search as a trace extension (extension.hpp): the pvs events, what they
// tell the model (a zero-window probe, the re-search that repeats successor k) and the marks
// the model gives those nodes (ModelNode::marks bits 10 and 11).
#pragma once

#include <cstdint>

namespace kibitz::trace {

// k_pvs_probe_node: entered with a zero window, only to test whether it beats alpha[k];
// k_pvs_research_node: entered again with the full window after its probe came out inside it
// (the probe is then k_superseded).
constexpr std::uint16_t k_pvs_probe_node = 1024, k_pvs_research_node = 2048;

}  // namespace kibitz::trace
