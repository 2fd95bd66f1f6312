// Reading the Greenblatt events back from a trace (trace/event.hpp): a node's plausibility
// records with their heuristic contributions, its width, feedover and capture-search records,
// and the narration of each of these events. The viewer's Greenblatt views and the narration
// use this; any trace in the documented format works, whoever recorded it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/greenblatt/feedover.hpp"
#include "search/greenblatt/plausibility.hpp"
#include "search/greenblatt/width.hpp"
#include "trace/model.hpp"

namespace kibitz::greenblatt {

struct MoveRecord {
  std::uint32_t event = 0;  // the plausibility event
  int rank = 0;             // place in plausibility order at the node
  int gen_index = 0;        // index in the game's generation order
  int score = 0;
  chess::Move move;
  std::string name;  // SAN when the node's position is known, else UCI
  Reason reason = Reason::none;
  bool poor = false, check = false, safe = false, capture = false;
  std::vector<Contribution> contributions;
  std::uint32_t child = trace::k_no_node;      // the successor searched for it, if any
  std::uint32_t secondary = trace::k_no_node;  // its secondary search (top level), if any
};

struct NodeRecords {
  bool has_width = false;
  trace::GreenblattMode mode = trace::GreenblattMode::basic;
  int level = 0, width = 0, distinct_min = 0, safe_pieces = 0, selected = 0;
  std::vector<MoveRecord> moves;  // plausibility order
  FeedoverCondition feedover = FeedoverCondition::none;
  int feedover_ours = chess::k_no_square, feedover_theirs = chess::k_no_square;
  bool capture_search = false, stand_pat_cut = false;
  Score static_value = 0;
  int plausible_captures = 0;
};

NodeRecords node_records(const trace::Model& model, std::uint32_t id);

// "poor development, back to its square" for the k_penalty_* bits.
std::string penalty_reasons(std::int32_t bits);

// The narration of a Greenblatt event (or of a payload after a plausibility record); "" for
// any other event.
std::string narrate_greenblatt(const trace::Model& model, std::size_t t);

}  // namespace kibitz::greenblatt
