// The seed's pseudocode, with the minus signs of the negamax form written out, and which line
// each event executes, so the inspector can highlight the line being run. Each algorithm's
// view (views/) has its listing; these functions pick the one of the trace's algorithm.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "trace/model.hpp"

namespace kibitz::viewer {

struct Listing {
  const char* title;
  std::vector<const char*> lines;  // line i is number i + 1
};

// The listing for the trace's algorithm (search! for an algorithm without one).
const Listing& listing_for(const trace::Model& model);

// Line `line` (1-based) of the trace's listing with the seed's ⋆ written as the criterion the
// search ran with (> or ≥); "" when there is no such line.
std::string listing_line(const trace::Model& model, int line);

// The 1-based line the event at t runs, for the listing above (0 when none applies).
int line_of_event(const trace::Model& model, std::size_t t);

// Where node `id` stands at t: the line of its own latest event, or the recursive call line
// while one of its successors is being searched; 0 when it has not been entered.
int line_of_node(const trace::Model& model, std::uint32_t id, std::size_t t);

}  // namespace kibitz::viewer
