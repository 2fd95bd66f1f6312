// The Greenblatt records of a node (trace/records/greenblatt_codec.hpp) gathered for the views
// and the narration: its plausibility records in plausibility order with their heuristic
// contributions, its width, feedover and capture-search records. Any trace in the documented
// format works, whoever recorded it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/sink/greenblatt_records.hpp"
#include "trace/model.hpp"

namespace kibitz::trace {

struct GreenblattMove {
  std::uint32_t event = 0;                 // the plausibility event
  int rank = 0;                            // place in plausibility order at the node
  greenblatt::PlausibleMoveRecord record;  // (its contributions pointer is not set: see below)
  std::string name;  // standard notation when the node's position is known (move_names.hpp)
  std::vector<greenblatt::Contribution> contributions;
  std::uint32_t child = k_no_node;      // the successor searched for it, if any
  std::uint32_t secondary = k_no_node;  // its secondary search (top level), if any
};

struct GreenblattNode {
  bool has_width = false;
  greenblatt::WidthRecord width;
  std::vector<GreenblattMove> moves;  // plausibility order
  greenblatt::FeedoverRecord feedover;
  bool capture_search = false;
  greenblatt::CaptureSearchRecord capture;
};

GreenblattNode greenblatt_node(const Model& model, std::uint32_t id);

// Whether the trace has Greenblatt events (its algo says so, or it holds plausibility records).
bool is_greenblatt(const Model& m);

}  // namespace kibitz::trace
