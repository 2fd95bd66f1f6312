#include "trace/interest_index.hpp"

#include <algorithm>
#include <utility>

#include "core/error.hpp"
#include "trace/model.hpp"
#include "trace/records/interest_codec.hpp"

namespace kibitz::trace {

namespace {

[[noreturn]] void fail(const TraceView& trace, std::size_t t, const std::string& what) {
  throw InputError("trace, event " + std::to_string(t) + " (" +
                   event_type_name(trace.events[t].type) + "): " + what);
}

bool is_payload(const TraceView& trace, std::size_t t) {
  return t < trace.events.size() && trace.events[t].type == EventType::payload;
}

// What the pass over the events gathers: the running state its checks need and the index's
// tables, the per-node ones not yet sorted by node.
struct InterestScan {
  std::vector<std::uint32_t> pending;            // per node, a move that passed, not yet entered
  std::vector<std::uint32_t> entered;            // per node, successors entered so far
  std::vector<char> has_moves;                   // per node, whether an interest_move came up
  std::vector<std::uint32_t> move_node, move_t;  // each interest_move: its node and event
  std::vector<InterestRatingInfo> ratings;
  std::vector<std::uint32_t> rating_node;
  std::vector<std::uint32_t> into, cut, cut_times;
};

// An enter event: the successor entered must be the move that passed at its parent.
void scan_enter(const TraceView& trace, std::size_t t, const Model& model, std::size_t node_count,
                InterestScan& s) {
  const Event& e = trace.events[t];
  const std::uint32_t p = e.node < node_count ? model.parent(e.node) : k_no_node;
  if (p == k_no_node) return;
  ++s.entered[p];
  if (!s.has_moves[p]) return;
  if (!s.cut.empty() && s.cut[p] != k_no_node)
    fail(trace, t, "a successor is entered after the interest cutoff");
  if (s.pending[p] == k_no_node)
    fail(trace, t, "a successor is entered without an interest_move that passed");
  const Event& passed = trace.events[s.pending[p]];
  if (passed.aux != e.aux) {
    fail(trace, t,
         "the successor entered is move " + std::to_string(e.aux) + ", but move " +
             std::to_string(passed.aux) + " passed");
  }
  if (s.into.empty()) s.into.assign(node_count, k_no_node);
  s.into[e.node] = s.pending[p];
  s.pending[p] = k_no_node;
}

// An interest_move event: a move that passed (to be entered next) or the node's cutoff.
void scan_interest_move(const TraceView& trace, std::size_t t, std::size_t node_count,
                        InterestScan& s) {
  const Event& e = trace.events[t];
  if (e.node >= node_count) fail(trace, t, "no such node");
  if (!is_payload(trace, t + 1) || !is_payload(trace, t + 2))
    fail(trace, t, "an interest_move needs two payload events after it");
  const std::uint32_t p = e.node;
  if (s.cut.empty()) s.cut.assign(node_count, k_no_node);
  if (s.cut[p] != k_no_node) fail(trace, t, "a move comes up after the interest cutoff");
  if (s.pending[p] != k_no_node)
    fail(trace, t, "a move comes up before the one that passed was searched");
  const InterestMoveRecord rec = RecordCodec<InterestMoveRecord>::decode(trace.events, t);
  const bool cut = rec.cut, static_leaf = rec.static_leaf;
  if (static_leaf && (!cut || s.entered[p] > 0)) {
    fail(trace, t, "only a cutoff at the first move makes a static leaf");
  }
  s.has_moves[p] = 1;
  s.move_node.push_back(p);
  s.move_t.push_back(static_cast<std::uint32_t>(t));
  if (cut) {
    s.cut[p] = static_cast<std::uint32_t>(t);
    s.cut_times.push_back(static_cast<std::uint32_t>(t));
  } else {
    s.pending[p] = static_cast<std::uint32_t>(t);
  }
}

// An interest_terms event: a move's total (with its terms just before it) is a rated move.
void scan_interest_terms(const TraceView& trace, std::size_t t, std::size_t node_count,
                         InterestScan& s) {
  const Event& e = trace.events[t];
  if (e.node >= node_count) fail(trace, t, "no such node");
  if (!RecordCodec<InterestTotalRecord>::matches(e)) return;
  if (!is_payload(trace, t + 1))
    fail(trace, t, "a move's interest total needs a payload event after it");
  InterestRatingInfo r;
  r.t = static_cast<std::uint32_t>(t);
  r.terms_begin = r.t;
  while (r.terms_begin > 0) {
    const Event& b = trace.events[r.terms_begin - 1];
    if (b.type != EventType::interest_terms || b.node != e.node || b.aux != e.aux ||
        RecordCodec<InterestTotalRecord>::matches(b))
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
  s.ratings.push_back(r);
  s.rating_node.push_back(e.node);
}

// A leave event: a node cut at its first move must have been a leaf.
void scan_leave(const TraceView& trace, std::size_t t, const Model& model, std::size_t node_count,
                const InterestScan& s) {
  const Event& e = trace.events[t];
  if (e.node < node_count && !s.cut.empty() && s.cut[e.node] != k_no_node &&
      RecordCodec<InterestMoveRecord>::decode(trace.events, s.cut[e.node]).static_leaf &&
      !model.is_leaf(e.node)) {
    fail(trace, t, "a node cut at its first move must be evaluated statically");
  }
}

// One pass over the events, checking them against the tree as it goes.
InterestScan scan_interest_events(const TraceView& trace, const Model& model,
                                  std::size_t node_count) {
  InterestScan s;
  s.pending.assign(node_count, k_no_node);
  s.entered.assign(node_count, 0);
  s.has_moves.assign(node_count, 0);
  const std::size_t n = trace.events.size();
  for (std::size_t t = 0; t < n; ++t) {
    switch (trace.events[t].type) {
      case EventType::enter:
        scan_enter(trace, t, model, node_count, s);
        break;
      case EventType::interest_move:
        scan_interest_move(trace, t, node_count, s);
        break;
      case EventType::interest_terms:
        scan_interest_terms(trace, t, node_count, s);
        break;
      case EventType::leave:
        scan_leave(trace, t, model, node_count, s);
        break;
      default:
        break;
    }
  }
  return s;
}

// Per node, in time order (counting sort): values[i] belongs to node node_of[i]; node id's
// values end up in out[off[id], off[id + 1]).
template <class T>
void sort_by_node(std::size_t node_count, const std::vector<std::uint32_t>& node_of,
                  const std::vector<T>& values, std::vector<std::uint32_t>& off,
                  std::vector<T>& out) {
  off.assign(node_count + 1, 0);
  for (std::uint32_t id : node_of) ++off[id + 1];
  for (std::size_t i = 0; i < node_count; ++i) off[i + 1] += off[i];
  out.resize(values.size());
  std::vector<std::uint32_t> fill(off.begin(), off.end() - 1);
  for (std::size_t i = 0; i < values.size(); ++i) out[fill[node_of[i]]++] = values[i];
}

// Term names, from the comma-separated list of the trace's "interest_terms" fact.
std::vector<std::string> split_term_names(const std::string& names) {
  std::vector<std::string> terms;
  std::size_t pos = 0;
  while (!names.empty() && pos <= names.size()) {
    const std::size_t comma = names.find(',', pos);
    terms.push_back(
        names.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return terms;
}

}  // namespace

void InterestIndex::build(const TraceView& trace, const Model& model, std::size_t node_count) {
  *this = InterestIndex();
  m_events = &trace.events;
  InterestScan s = scan_interest_events(trace, model, node_count);
  if (s.move_t.empty() && s.ratings.empty()) return;
  m_into = std::move(s.into);
  m_cut = std::move(s.cut);
  m_cut_times = std::move(s.cut_times);
  if (m_into.empty()) m_into.assign(node_count, k_no_node);
  if (m_cut.empty()) m_cut.assign(node_count, k_no_node);
  sort_by_node(node_count, s.move_node, s.move_t, m_move_off, m_moves);
  sort_by_node(node_count, s.rating_node, s.ratings, m_rating_off, m_ratings);
  m_terms = split_term_names(trace.meta.get("interest_terms"));
}

int InterestIndex::skipped(std::uint32_t id) const {
  if (cut(id) == k_no_node) return 0;
  int passed = 0;
  for (std::uint32_t i = 0; i < move_count(id); ++i)
    passed += !RecordCodec<InterestMoveRecord>::decode((*m_events), move_event(id, i)).cut;
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
  static_cast<InterestMoveRecord&>(m) = RecordCodec<InterestMoveRecord>::decode((*m_events), t);
  m.t = t;
  m.node = (*m_events)[t].node;
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
