// The names of an engine's reasons (engine_records.hpp), as the viewer and the narration say them.
#include "search/sink/engine_records.hpp"

namespace kibitz {

const char* engine_why_name(EngineWhy w) {
  switch (w) {
    case EngineWhy::late_move_reduction:
      return "late-move reduction";
    case EngineWhy::pvs:
      return "PVS zero window";
    case EngineWhy::null_verification:
      return "null-move verification";
    case EngineWhy::singular:
      return "singular-extension test";
    default:
      return "unspecified";
  }
}

const char* prune_why_name(PruneWhy w) {
  switch (w) {
    case PruneWhy::futility:
      return "futility";
    case PruneWhy::late_move:
      return "late move";
    case PruneWhy::static_exchange:
      return "static exchange";
    case PruneWhy::razoring:
      return "razoring";
    case PruneWhy::history:
      return "history";
    default:
      return "unspecified";
  }
}

}  // namespace kibitz
