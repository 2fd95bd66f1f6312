// The interest-search parts of the search report (report.hpp): each nodes_table entry's
// "interest" (the move into the node: move_cost, path_cost_mover, path_cost_other, ply_cost,
// net_cost, limit, cut) and "interest_cut" (where the node's own loop stopped on the limit),
// and the iterations by limit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "session/run.hpp"
#include "trace/json_text.hpp"
#include "trace/model.hpp"

namespace kibitz {

// Nothing for traces without interest events.
void write_interest_entry(JsonWriter& j, const trace::Model& model, std::uint32_t id,
                          std::size_t t);
void write_interest_iteration(JsonWriter& j, const IterationResult& it);
std::string interest_iteration_text(int number, const IterationResult& it);

}  // namespace kibitz
