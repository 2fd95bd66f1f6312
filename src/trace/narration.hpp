// One plain sentence for the event at t ("y returned −5, so best[0] = +5 ≥ β = +3: cutoff,
// x is a Cut node"), for the viewer's narration line and `kibitz replay`.
#pragma once

#include <cstddef>
#include <string>

#include "trace/minimax_form.hpp"
#include "trace/model.hpp"

namespace kibitz {

std::string narrate(const trace::Model& model, std::size_t t);
// The same in the value view asked for: the minimax (textbook) form names MAX and MIN nodes and
// gives every value from MAX's point of view (trace/minimax_form.hpp).
std::string narrate(const trace::Model& model, std::size_t t, trace::ValueView view);
std::string narrate_minimax(const trace::Model& model, std::size_t t);

// How a node is named in sentences: its name or move if it has one, "the root", or
// "node 0.2" (its path).
std::string node_name(const trace::Model& model, std::uint32_t id);

}  // namespace kibitz
