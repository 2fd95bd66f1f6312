// The sink that records: each report of a search becomes one event (see event.hpp). The
// recorder keeps the stack of open nodes so that every event names its node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "search/interest_report.hpp"
#include "search/search_options.hpp"
#include "search/sink.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

class Recorder {
 public:
  static constexpr bool enabled = true;

  // positions: also record each node's position text (games; costs one string per node).
  explicit Recorder(Trace& trace, bool positions = false) : m_trace(trace), m_positions(positions) {
    m_open.reserve(256);
  }
  bool wants_positions() const { return m_positions; }

  void iteration_begin(int iteration, Score depth_or_limit) {
    push(EventType::iteration_begin, 0, 0, static_cast<std::uint32_t>(iteration), depth_or_limit,
         0);
  }
  void iteration_end(int iteration, Score value) {
    push(EventType::iteration_end, 0, 0, static_cast<std::uint32_t>(iteration), value, 0);
  }
  void enter(int move_index, Score alpha0, Score beta) {
    const std::uint32_t id = m_next_id++;
    m_open.push_back(id);
    const auto aux = static_cast<std::uint16_t>(
        move_index >= 0 && move_index < k_no_move_index ? move_index : k_no_move_index);
    push(EventType::enter, 0, aux, id, alpha0, beta);
  }
  void label(std::string_view text) { push(EventType::label, 0, 0, top(), string_id(text), 0); }
  void position(std::string_view text) {
    push(EventType::position, 0, 0, top(), string_id(text), 0);
  }
  void expand(int count) { push(EventType::expand, 0, 0, top(), count, 0); }
  void evaluate(Score v) { push(EventType::evaluate, 0, 0, top(), v, 0); }
  void child_return(int k, Score child_ret, Bound d) {
    push(EventType::child_return, pack_bound(d), 0, top(), k, child_ret);
  }
  void best_set(int k, Score best, Bound d) {
    push(EventType::best_set, pack_bound(d), 0, top(), k, best);
  }
  void alpha_set(int k1, Score alpha, bool raised) {
    push(EventType::alpha_set, raised ? 1 : 0, 0, top(), k1, alpha);
  }
  void cutoff(int k, Score best) { push(EventType::cutoff, 0, 0, top(), k, best); }
  void leave(Score ret, Bound d, NodeKind kind) {
    push(EventType::leave, pack_leave(d, kind), 0, top(), ret, 0);
    m_open.pop_back();
  }
  // tt_probe: flags = TtProbe | bound << 2, aux = entry depth (0xFFFF on a miss), a = value,
  // b = best move's generation index (-1 none). tt_store: flags = bound << 2, aux = depth.
  void tt_probe(TtProbe result, int depth, Score value, int best, Bound bound) {
    const auto flags = static_cast<std::uint8_t>(
        static_cast<unsigned>(result) | (result == TtProbe::miss ? 0u : pack_bound(bound) << 2));
    push(EventType::tt_probe, flags,
         depth < 0 ? k_no_move_index : static_cast<std::uint16_t>(depth), top(), value, best);
  }
  void tt_store(int depth, Score value, int best, Bound bound) {
    push(EventType::tt_store, static_cast<std::uint8_t>(pack_bound(bound) << 2),
         static_cast<std::uint16_t>(depth), top(), value, best);
  }
  // Interest search (layouts in event.hpp): each term of a rated move, its total with one
  // payload (the move's label), and each move's net cost with two payloads.
  void interest_rating(const InterestRatingReport& r) {
    const auto aux = move_aux(r.move_index);
    for (int i = 0; i < r.hit_count; ++i) {
      push(EventType::interest_terms, static_cast<std::uint8_t>(r.hits[i].term), aux, top(),
           r.hits[i].value, 0);
    }
    push(EventType::interest_terms, k_interest_total, aux, top(), clamp_cost(r.interest),
         clamp_cost(r.cost));
    push(EventType::payload, 0, 0, 0, r.label.empty() ? 0 : string_id(r.label), 0);
  }
  void interest_move(const InterestMoveReport& r) {
    const auto flags = static_cast<std::uint8_t>((r.cost.cut ? k_interest_cut : 0) |
                                                 (r.static_leaf ? k_interest_static_leaf : 0) |
                                                 (r.joint ? k_interest_joint : 0));
    push(EventType::interest_move, flags, move_aux(r.move_index), top(),
         clamp_cost(r.cost.move_cost), clamp_cost(r.cost.net));
    push(EventType::payload, 0, 0, static_cast<std::uint32_t>(clamp_cost(r.cost.ply)),
         clamp_cost(r.cost.mover), clamp_cost(r.cost.other));
    push(EventType::payload, 0, 0, static_cast<std::uint32_t>(clamp_cost(r.penalty)),
         clamp_cost(r.cost.limit), 0);
  }
  // Extension events (later algorithms) about the current node.
  void extension(EventType type, std::uint8_t flags, std::uint16_t aux, std::int32_t a,
                 std::int32_t b) {
    push(type, flags, aux, top(), a, b);
  }
  void payload(std::uint32_t x, std::int32_t a, std::int32_t b) {
    push(EventType::payload, 0, 0, x, a, b);
  }
  // Forward estimation: one test, as fe_test and two payload events (layout in event.hpp).
  void fe_test(const FeTestReport& r) {
    const auto flags =
        static_cast<std::uint8_t>((r.pruned ? k_fe_pruned : 0) | (r.max_root ? k_fe_max_root : 0) |
                                  (r.strict ? k_fe_strict : 0));
    const auto aux = static_cast<std::uint16_t>(
        r.move_index >= 0 && r.move_index < k_no_move_index ? r.move_index : k_no_move_index);
    push(EventType::fe_test, flags, aux, top(), r.c, r.d);
    push(EventType::payload, 0, 0, 0, r.l, r.u);
    push(EventType::payload, 0, 0, 0, r.estimate, r.window);
  }
  // Greenblatt search: layouts in event.hpp.
  void plausibility(std::uint8_t record, std::uint16_t aux, std::int32_t a, std::int32_t b) {
    push(EventType::plausibility, record, aux, top(), a, b);
  }
  void feedover(std::uint8_t condition, std::uint16_t aux, std::int32_t a, std::int32_t b) {
    push(EventType::feedover, condition, aux, top(), a, b);
  }
  void capture_search(std::uint8_t flags, std::int32_t static_value, std::int32_t captures) {
    push(EventType::capture_search, flags, 0, top(), static_value, captures);
  }
  std::int32_t string_id(std::string_view text) {
    return static_cast<std::int32_t>(m_trace.strings.intern(text));
  }

  std::uint32_t nodes_entered() const { return m_next_id; }
  int open_depth() const { return static_cast<int>(m_open.size()); }

 private:
  std::uint32_t top() const { return m_open.empty() ? k_no_node : m_open.back(); }
  static std::uint16_t move_aux(int move_index) {
    return static_cast<std::uint16_t>(
        move_index >= 0 && move_index < k_no_move_index ? move_index : k_no_move_index);
  }
  static std::int32_t clamp_cost(std::int64_t c) {
    return static_cast<std::int32_t>(c < -k_score_inf  ? -k_score_inf
                                     : c > k_score_inf ? k_score_inf
                                                       : c);
  }
  void push(EventType t, std::uint8_t flags, std::uint16_t aux, std::uint32_t node, std::int32_t a,
            std::int32_t b) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    static_assert(offsetof(Event, flags) == 1 && offsetof(Event, aux) == 2 &&
                      offsetof(Event, node) == 4 && offsetof(Event, a) == 8 &&
                      offsetof(Event, b) == 12,
                  "the two-word store below follows Event's layout");
    // Event's fields in memory order (type, flags, aux | node | a | b), packed into two words.
    const std::uint64_t lo = std::uint64_t{static_cast<std::uint8_t>(t)} |
                             std::uint64_t{flags} << 8 | std::uint64_t{aux} << 16 |
                             std::uint64_t{node} << 32;
    const std::uint64_t hi = std::uint64_t{static_cast<std::uint32_t>(a)} |
                             std::uint64_t{static_cast<std::uint32_t>(b)} << 32;
    m_trace.events.push_words(lo, hi);
#else
    m_trace.events.push(Event{t, flags, aux, node, a, b});
#endif
  }

  Trace& m_trace;
  bool m_positions;
  std::uint32_t m_next_id = 0;
  std::vector<std::uint32_t> m_open;
};

}  // namespace kibitz::trace
