#include "trace/interest_index.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "trace/model.hpp"
#include "trace/records/interest_codec.hpp"

namespace kibitz::trace {

namespace {

[[noreturn]] void fail(const Trace& trace, std::size_t t, const std::string& what) {
  throw InputError("trace, event " + std::to_string(t) + " (" +
                   event_type_name(trace.events[t].type) + "): " + what);
}

bool is_payload(const Trace& trace, std::size_t t) {
  return t < trace.events.size() && trace.events[t].type == EventType::payload;
}

}  // namespace

void InterestIndex::build(const Trace& trace, const ModelNode* nodes, std::size_t node_count) {
  *this = InterestIndex();
  m_trace = &trace;
  const std::size_t n = trace.events.size();
  std::vector<std::uint32_t> pending(node_count, k_no_node);  // a move that passed, not yet entered
  std::vector<std::uint32_t> entered(node_count, 0);
  std::vector<char> has_moves(node_count, 0);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> moves;  // (node, t)
  std::vector<InterestRatingInfo> ratings;
  std::vector<std::uint32_t> rating_node;
  for (std::size_t t = 0; t < n; ++t) {
    const Event& e = trace.events[t];
    switch (e.type) {
      case EventType::enter: {
        const std::uint32_t p = e.node < node_count ? nodes[e.node].parent : k_no_node;
        if (p == k_no_node) break;
        ++entered[p];
        if (!has_moves[p]) break;
        if (!m_cut.empty() && m_cut[p] != k_no_node)
          fail(trace, t, "a successor is entered after the interest cutoff");
        if (pending[p] == k_no_node)
          fail(trace, t, "a successor is entered without an interest_move that passed");
        const Event& passed = trace.events[pending[p]];
        if (passed.aux != e.aux) {
          fail(trace, t,
               "the successor entered is move " + std::to_string(e.aux) + ", but move " +
                   std::to_string(passed.aux) + " passed");
        }
        if (m_into.empty()) m_into.assign(node_count, k_no_node);
        m_into[e.node] = pending[p];
        pending[p] = k_no_node;
        break;
      }
      case EventType::interest_move: {
        if (e.node >= node_count) fail(trace, t, "no such node");
        if (!is_payload(trace, t + 1) || !is_payload(trace, t + 2))
          fail(trace, t, "an interest_move needs two payload events after it");
        const std::uint32_t p = e.node;
        if (m_cut.empty()) m_cut.assign(node_count, k_no_node);
        if (m_cut[p] != k_no_node) fail(trace, t, "a move comes up after the interest cutoff");
        if (pending[p] != k_no_node)
          fail(trace, t, "a move comes up before the one that passed was searched");
        const InterestMoveRecord rec = RecordCodec<InterestMoveRecord>::decode(trace.events, t);
        const bool cut = rec.cut, static_leaf = rec.static_leaf;
        if (static_leaf && (!cut || entered[p] > 0)) {
          fail(trace, t, "only a cutoff at the first move makes a static leaf");
        }
        has_moves[p] = 1;
        moves.push_back({p, static_cast<std::uint32_t>(t)});
        if (cut) {
          m_cut[p] = static_cast<std::uint32_t>(t);
          m_cut_times.push_back(static_cast<std::uint32_t>(t));
        } else {
          pending[p] = static_cast<std::uint32_t>(t);
        }
        break;
      }
      case EventType::interest_terms: {
        if (e.node >= node_count) fail(trace, t, "no such node");
        if (!RecordCodec<InterestTotalRecord>::matches(e)) break;
        if (!is_payload(trace, t + 1))
          fail(trace, t, "a move's interest total needs a payload event after it");
        InterestRatingInfo r;
        r.t = static_cast<std::uint32_t>(t);
        r.terms_begin = r.t;
        while (r.terms_begin > 0) {
          const Event& b = trace.events[r.terms_begin - 1];
          if (b.type != EventType::interest_terms || b.node != e.node || b.aux != e.aux ||
              b.flags == k_interest_total)
            break;
          --r.terms_begin;
        }
        const InterestTotalRecord total = RecordCodec<InterestTotalRecord>::decode(trace.events, t);
        r.move_index = total.move_index;
        r.interest = total.interest;
        r.cost = total.cost;
        if (total.label >= trace.strings.size()) {
          fail(trace, t + 1,
               "string " + std::to_string(static_cast<std::int32_t>(total.label)) +
                   " is not in the string table");
        }
        r.label = total.label;
        ratings.push_back(r);
        rating_node.push_back(e.node);
        break;
      }
      case EventType::leave:
        if (e.node < node_count && !m_cut.empty() && m_cut[e.node] != k_no_node &&
            RecordCodec<InterestMoveRecord>::decode(trace.events, m_cut[e.node]).static_leaf &&
            !nodes[e.node].leaf) {
          fail(trace, t, "a node cut at its first move must be evaluated statically");
        }
        break;
      default:
        break;
    }
  }
  if (moves.empty() && ratings.empty()) {
    m_into.clear();
    m_cut.clear();
    return;
  }
  if (m_into.empty()) m_into.assign(node_count, k_no_node);
  if (m_cut.empty()) m_cut.assign(node_count, k_no_node);
  // Per node, in time order (counting sort).
  m_move_off.assign(node_count + 1, 0);
  for (const auto& m : moves) ++m_move_off[m.first + 1];
  for (std::size_t i = 0; i < node_count; ++i) m_move_off[i + 1] += m_move_off[i];
  m_moves.resize(moves.size());
  {
    std::vector<std::uint32_t> fill(m_move_off.begin(), m_move_off.end() - 1);
    for (const auto& m : moves) m_moves[fill[m.first]++] = m.second;
  }
  m_rating_off.assign(node_count + 1, 0);
  for (std::uint32_t id : rating_node) ++m_rating_off[id + 1];
  for (std::size_t i = 0; i < node_count; ++i) m_rating_off[i + 1] += m_rating_off[i];
  m_ratings.resize(ratings.size());
  {
    std::vector<std::uint32_t> fill(m_rating_off.begin(), m_rating_off.end() - 1);
    for (std::size_t i = 0; i < ratings.size(); ++i) m_ratings[fill[rating_node[i]]++] = ratings[i];
  }
  // Term names.
  const std::string names = trace.meta.get("interest_terms");
  std::size_t pos = 0;
  while (!names.empty() && pos <= names.size()) {
    const std::size_t comma = names.find(',', pos);
    m_terms.push_back(
        names.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
}

int InterestIndex::skipped(std::uint32_t id) const {
  if (cut(id) == k_no_node) return 0;
  int passed = 0;
  for (std::uint32_t i = 0; i < move_count(id); ++i)
    passed += !RecordCodec<InterestMoveRecord>::decode(m_trace->events, move_event(id, i)).cut;
  const int generated = rated(id);
  return std::max(1, generated - passed);
}

const InterestRatingInfo* InterestIndex::rating_of(std::uint32_t id, int move_index) const {
  if (m_rating_off.empty()) return nullptr;
  for (int i = 0; i < rated(id); ++i) {
    if (rating(id, i).move_index == move_index) return &rating(id, i);
  }
  return nullptr;
}

InterestMoveInfo InterestIndex::move_info(std::uint32_t t) const {
  InterestMoveInfo m;
  static_cast<InterestMoveRecord&>(m) = RecordCodec<InterestMoveRecord>::decode(m_trace->events, t);
  m.t = t;
  m.node = m_trace->events[t].node;
  return m;
}

std::uint32_t InterestIndex::cutoffs_at(std::size_t t) const {
  return static_cast<std::uint32_t>(std::upper_bound(m_cut_times.begin(), m_cut_times.end(), t) -
                                    m_cut_times.begin());
}

std::string InterestIndex::term_name(int term) const {
  if (term >= 0 && static_cast<std::size_t>(term) < m_terms.size())
    return m_terms[static_cast<std::size_t>(term)];
  return "term " + std::to_string(term);
}

}  // namespace kibitz::trace
