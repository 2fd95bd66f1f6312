// One plain sentence for the event at t ("y returned −5, so best[0] = +5 ≥ β = +3: cutoff,
// x is a Cut node"), for the viewer's narration line and `kibitz replay`.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "trace/minimax_form.hpp"
#include "trace/model.hpp"

namespace kibitz {

// The names of the successors a cutoff at `node` left unsearched, in order, where the whole
// tree is known (the trace holds only what was searched); empty when they are not known. A
// cutoff's sentence names them ("so C and D are pruned"), else counts them.
using PrunedNames = std::function<std::vector<std::string>(std::uint32_t node)>;

std::string narrate(const trace::Model& model, std::size_t t, const PrunedNames& pruned = {});
// The same in the value view asked for: the minimax (textbook) form names MAX and MIN nodes and
// gives every value from MAX's point of view (trace/minimax_form.hpp).
// Without `kinds` (textbook mode), the minimax form says no node kinds (Pv, Cut, All, expected).
std::string narrate(const trace::Model& model, std::size_t t, trace::ValueView view,
                    const PrunedNames& pruned = {}, bool kinds = true);
std::string narrate_minimax(const trace::Model& model, std::size_t t,
                            const PrunedNames& pruned = {}, bool kinds = true);

// Names in a sentence: "C", "C and D", "C, D and E"; past `most`, the first ones and "N more".
std::string name_list(const std::vector<std::string>& names, std::size_t most = 4);

// How a node is named in sentences: its name or move if it has one, "the root", or
// "node 0.2" (its path).
std::string node_name(const trace::Model& model, std::uint32_t id);

}  // namespace kibitz
