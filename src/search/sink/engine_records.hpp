// An engine's own search as its recorder describes it (include/kibitz/record.h): how a node is
// searched (a probe, a re-search, a null move, quiescence), its depth and ply, static value and
// position key, moves pruned without a search, the move a table suggested. Encoded as attempt,
// node_facts, static_eval, hash_key, prune and table_move events (trace/event.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "core/score.hpp"

namespace kibitz {

// How the next successor is searched (attempt events' flags).
enum class EngineSearch : std::uint8_t { probe = 1, research = 2, null_move = 3 };
// Why a probe or a re-search (attempt events' aux).
enum class EngineWhy : std::uint8_t {
  unspecified = 0,
  late_move_reduction = 1,
  pvs = 2,
  null_verification = 3,
  singular = 4,
  count
};
// Why a move was pruned without a search (prune events' aux).
enum class PruneWhy : std::uint8_t {
  unspecified = 0,
  futility = 1,
  late_move = 2,
  static_exchange = 3,
  razoring = 4,
  history = 5,
  count
};

// The next successor entered (k) is searched as `search`, for `why`.
struct AttemptRecord {
  EngineSearch search = EngineSearch::probe;
  EngineWhy why = EngineWhy::unspecified;
  int k = 0;
};

// The node just entered: quiescence or not, its remaining depth and ply when known.
struct NodeFactsRecord {
  bool quiescence = false;
  bool has_depth = false, has_ply = false;
  std::int32_t depth = 0, ply = 0;
};

struct StaticEvalRecord {
  Score value = 0;
};

struct HashKeyRecord {
  std::uint64_t key = 0;
};

// A move of the node pruned without a search.
struct PruneRecord {
  std::string move;  // "" when unnamed (encoding)
  PruneWhy why = PruneWhy::unspecified;
  std::uint32_t move_id = 0;  // its string id (decoding; 0: unnamed)
};

// The move the table suggested at its last probe.
struct TableMoveRecord {
  std::string move;           // (encoding)
  std::uint32_t move_id = 0;  // its string id (decoding)
};

const char* engine_why_name(EngineWhy w);  // "late-move reduction", ...
const char* prune_why_name(PruneWhy w);    // "futility", ...

}  // namespace kibitz
