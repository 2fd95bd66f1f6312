#include "session/algorithms/interest_report.hpp"

#include "search/interest_cost.hpp"
#include "trace/interest_index.hpp"

namespace kibitz {

namespace {

void cost(JsonWriter& j, const char* key, std::int64_t v) {
  j.key(key);
  j.score(static_cast<Score>(v));  // the infinite limit as "+inf"
}

void move_fields(JsonWriter& j, const trace::InterestMoveInfo& m) {
  cost(j, "move_cost", m.move_cost);
  cost(j, "path_cost_mover", m.mover);
  cost(j, "path_cost_other", m.other);
  cost(j, "ply_cost", m.ply);
  cost(j, "net_cost", m.net);
  cost(j, "limit", m.limit);
  j.key("cut");
  j.boolean(m.cut);
  if (m.penalty > 0) cost(j, "similarity_penalty", m.penalty);
}

}  // namespace

void write_interest_entry(JsonWriter& j, const trace::Model& model, std::uint32_t id,
                          std::size_t t) {
  const trace::InterestIndex& ix = trace::interest_index(model);
  if (ix.empty()) return;
  j.key("interest");
  const std::uint32_t into = ix.into(id);
  if (into == trace::k_no_node) {
    j.null();
  } else {
    j.begin_object();
    move_fields(j, ix.move_info(into));
    j.end_object();
  }
  const std::uint32_t cut = ix.cut(id);
  if (cut != trace::k_no_node && cut <= t) {
    const trace::InterestMoveInfo m = ix.move_info(cut);
    j.key("interest_cut");
    j.begin_object();
    j.key("move_index");
    j.number(static_cast<long long>(m.move_index));
    const trace::InterestRatingInfo* r = ix.rating_of(id, m.move_index);
    j.key("move");
    if (r && r->label)
      j.string(model.trace().strings.get(r->label));
    else
      j.null();
    move_fields(j, m);
    j.key("static_leaf");
    j.boolean(m.static_leaf);
    j.key("skipped");
    j.number(static_cast<long long>(ix.skipped(id)));
    j.end_object();
  }
}

void write_interest_iteration(JsonWriter& j, const IterationResult& it) {
  j.key("limit");
  j.score(static_cast<Score>(it.limit));
  j.key("interest_cutoffs");
  j.number(it.interest_cutoffs);
  j.key("deepest");
  j.number(static_cast<long long>(it.deepest));
}

std::string interest_iteration_text(int number, const IterationResult& it) {
  std::string s = "iteration " + std::to_string(number) + " (limit " + limit_text(it.limit) +
                  ", depth " + std::to_string(it.depth) + "): ";
  s += it.completed ? format_score(it.value) : std::string("stopped before it finished");
  return s + ", " + std::to_string(it.nodes) + " nodes, " + std::to_string(it.interest_cutoffs) +
         " interest cutoffs, deepest line " + std::to_string(it.deepest) + " plies";
}

}  // namespace kibitz
