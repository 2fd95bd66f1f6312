// The interest-search events of a trace (interest_terms, interest_move and their payloads,
// trace/event.hpp), checked and indexed per node, so that reports and the viewer can ask:
// how was node X's move into it costed, where did its successor loop stop on the limit, how
// did each of its moves get its interest. Empty for traces of other searches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "search/sink/interest_records.hpp"
#include "trace/extension_index.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

struct ModelNode;
class Model;

// One interest_move record (its event and two payloads), where it is.
struct InterestMoveInfo : InterestMoveRecord {
  std::uint32_t t = 0xFFFFFFFFu;   // the interest_move event
  std::uint32_t node = k_no_node;  // the node whose move it is (the parent of the successor)
};

// One rated move: its total event, payload and term events.
struct InterestRatingInfo {
  std::uint32_t t = 0;            // the total event (flags k_interest_total)
  std::uint32_t terms_begin = 0;  // its term events are [terms_begin, t)
  int move_index = 0;
  std::int64_t interest = 0, cost = 0;
  std::uint32_t label = 0;  // string id, 0 = none
};

class InterestIndex : public ExtensionIndex {
 public:
  // Throws InputError("trace, event N (interest_move): ...") when the events contradict the
  // tree: a successor entered after the cutoff, or other than the move that passed, a static
  // leaf not evaluated, a payload missing.
  void build(const TraceView& trace, const Model& model, std::size_t node_count);

  bool empty() const { return m_moves.empty() && m_ratings.empty(); }

  // The interest_move that led into node id (the move that passed), k_no_node if none.
  std::uint32_t into(std::uint32_t id) const { return id < m_into.size() ? m_into[id] : k_no_node; }
  // The interest cutoff of node id: its interest_move event, k_no_node if none.
  std::uint32_t cut(std::uint32_t id) const { return id < m_cut.size() ? m_cut[id] : k_no_node; }
  // Moves of node id never searched because of the cutoff (the cut move included).
  int skipped(std::uint32_t id) const;
  int rated(std::uint32_t id) const {
    return m_rating_off.empty() ? 0 : static_cast<int>(m_rating_off[id + 1] - m_rating_off[id]);
  }
  // The node's interest_move events in the order the moves came up.
  std::uint32_t move_count(std::uint32_t id) const {
    return m_move_off.empty() ? 0 : m_move_off[id + 1] - m_move_off[id];
  }
  std::uint32_t move_event(std::uint32_t id, std::uint32_t i) const {
    return m_moves[m_move_off[id] + i];
  }
  // The node's rated moves, in generation order.
  const InterestRatingInfo& rating(std::uint32_t id, int i) const {
    return m_ratings[m_rating_off[id] + static_cast<std::uint32_t>(i)];
  }
  // The rated move of node id with generation index `move_index`, or nullptr.
  const InterestRatingInfo* rating_of(std::uint32_t id, int move_index) const;

  InterestMoveInfo move_info(std::uint32_t t) const;
  // Interest cutoffs at or before event t.
  std::uint32_t cutoffs_at(std::size_t t) const;
  std::uint32_t cutoffs() const { return static_cast<std::uint32_t>(m_cut_times.size()); }

  // Term names from the trace's "interest_terms" fact; "term N" for an id it does not name.
  std::string term_name(int term) const;

 private:
  const EventLog* m_events = nullptr;  // the model's
  std::vector<std::uint32_t> m_into, m_cut;
  std::vector<std::uint32_t> m_moves, m_move_off;  // per node, CSR
  std::vector<InterestRatingInfo> m_ratings;
  std::vector<std::uint32_t> m_rating_off;
  std::vector<std::uint32_t> m_cut_times;  // sorted
  std::vector<std::string> m_terms;
};

class Model;
// The model's interest-search index (empty for other searches).
const InterestIndex& interest_index(const Model& model);

}  // namespace kibitz::trace
