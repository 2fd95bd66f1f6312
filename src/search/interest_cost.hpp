// The arithmetic of interest search (001_..., "How Interest Search Works"), kept apart from the
// search so that it can be checked by hand:
//
//   cost      = k_cost_scale / interest, rounded (interest >= 1, so a cost is 1..k_cost_scale)
//   net_cost  = total_Path_cost + total_cost_This_Ply + cost_This_Move
//   cut       = net_cost > limit: no further moves at this node
//
// Tallies. total_Path_cost is kept per search parity (parity 0 = the side to move at the root,
// parity 1 = the other side): cost[p] sums what the moves of parity p cost on the way down,
// each move adding its own ply tally and cost. With split tallies (the seed's fix) a move is
// charged only its own side's path tally; with joint tallies it is charged both. Either way
// the successor inherits the mover's tally grown to mover + ply + move, so with joint tallies
// the successor's total is exactly the net cost of the move into it ("the net interest cost of
// the branch").
//
// Similar moves. With the similarity penalty on, a move that shares a characteristic (a
// feature code from the domain: same piece type, same target square, both checks, ...) with
// moves already searched at the node costs k_similarity_percent of its own cost more per
// shared characteristic and earlier move. Moves are then taken cheapest first by their cost
// with the penalty as it stands when each comes up (the order no longer sorts by base cost).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "search/sink/interest_records.hpp"

namespace kibitz {

constexpr std::int64_t k_cost_scale = 100'000;
// "No limit": as large as the trace's infinity, so an unlimited search writes "+inf".
constexpr std::int64_t k_limit_inf = k_score_inf;
// Costs and tallies saturate here, below the infinite limit (they never wrap, and an
// unlimited search never cuts).
constexpr std::int64_t k_cost_cap = k_score_inf - 1;
constexpr int k_similarity_percent = 50;
constexpr int k_max_features = 4;  // feature codes per move

enum class Tallies { split, joint };

inline const char* tallies_name(Tallies t) {
  return t == Tallies::split ? "split" : "joint";
}

inline std::int64_t saturate_cost(std::int64_t c) {
  return std::min(std::max<std::int64_t>(c, 0), k_cost_cap);
}

// Cost of a move of the given interest: k_cost_scale / interest, rounded to nearest.
inline std::int64_t cost_of_interest(std::int64_t interest) {
  const std::int64_t i = std::max<std::int64_t>(interest, 1);
  return (k_cost_scale + i / 2) / i;
}

// The path tallies a node is searched with: cost[p] for search parity p.
struct Tally {
  std::int64_t cost[2] = {0, 0};
};

// One move as it comes up for search, with every number of the net-cost sum.
struct NetCost {
  std::int64_t move_cost = 0;  // cost_This_Move (the similarity penalty included)
  std::int64_t mover = 0;      // the mover's path tally
  std::int64_t other = 0;      // the other side's path tally (charged only with joint tallies)
  std::int64_t ply = 0;        // total_cost_This_Ply: moves already searched at this node
  std::int64_t net = 0;        // net_cost
  std::int64_t limit = 0;
  bool cut = false;  // net > limit
};

// The move of the side of `parity` at a node searched with `path`: its net cost against the limit.
inline NetCost net_cost(const Tally& path, int parity, std::int64_t ply_cost,
                        std::int64_t move_cost, Tallies mode, std::int64_t limit) {
  NetCost n;
  n.move_cost = move_cost;
  n.mover = path.cost[parity & 1];
  n.other = path.cost[(parity & 1) ^ 1];
  n.ply = ply_cost;
  n.net = saturate_cost(n.mover + (mode == Tallies::joint ? n.other : 0) + n.ply + n.move_cost);
  n.limit = limit;
  n.cut = n.net > limit;
  return n;
}

// The tallies the successor reached by the move `n` is searched with.
inline Tally child_tally(const Tally& path, int parity, const NetCost& n) {
  Tally t = path;
  t.cost[parity & 1] = saturate_cost(path.cost[parity & 1] + n.ply + n.move_cost);
  return t;
}

// One term's contribution to one move's interest (term: its index in the domain's table).

// What a domain says about one move (search/interest_terms/): its interest and the
// characteristics the similarity penalty compares.
struct MoveRating {
  std::int64_t interest = 1;
  std::int64_t cost = k_cost_scale;  // cost_of_interest(interest)
  std::uint16_t features[k_max_features] = {};
  int feature_count = 0;
  std::uint32_t hits_begin = 0, hits_end = 0;  // its term contributions (RatingBuilder)
};

// One step of a node's search order: which move (index into the move list), and what it
// costs when it comes up (its base cost plus the similarity penalty at that point).
struct OrderStep {
  int index = 0;
  std::int64_t cost = 0;
  std::int64_t penalty = 0;
};

// The penalty of a move of base cost `cost` whose features were already seen counts[f] times.
inline std::int64_t similarity_penalty(const MoveRating& r, const std::vector<int>& counts) {
  std::int64_t shared = 0;
  for (int i = 0; i < r.feature_count; ++i) {
    const std::size_t f = r.features[i];
    if (f < counts.size()) shared += counts[f];
  }
  return saturate_cost(r.cost * k_similarity_percent * shared / 100);
}

// The order in which a node's moves come up: cheapest first (ties in generation order), the
// move `first` (if >= 0) before all others. With `similarity`, each next move is the cheapest
// counting the penalty from the moves before it. `counts` is scratch.
inline void interest_order(const std::vector<MoveRating>& ratings, bool similarity, int first,
                           std::vector<OrderStep>& out, std::vector<int>& counts) {
  const int n = static_cast<int>(ratings.size());
  out.clear();
  out.reserve(static_cast<std::size_t>(n));
  bool features = false;
  int max_code = -1;
  for (const MoveRating& r : ratings) {
    for (int i = 0; i < r.feature_count; ++i) max_code = std::max<int>(max_code, r.features[i]);
    features |= r.feature_count > 0;
  }
  if (!similarity || !features) {
    for (int i = 0; i < n; ++i) out.push_back({i, ratings[static_cast<std::size_t>(i)].cost, 0});
    std::stable_sort(out.begin(), out.end(),
                     [](const OrderStep& a, const OrderStep& b) { return a.cost < b.cost; });
    if (first >= 0 && first < n) {
      auto it = std::find_if(out.begin(), out.end(),
                             [&](const OrderStep& s) { return s.index == first; });
      std::rotate(out.begin(), it, it + 1);
    }
    return;
  }
  counts.assign(static_cast<std::size_t>(max_code + 1), 0);
  std::vector<char> taken(static_cast<std::size_t>(n), 0);
  for (int step = 0; step < n; ++step) {
    int pick = -1;
    std::int64_t pick_cost = 0, pick_penalty = 0;
    if (step == 0 && first >= 0 && first < n) {
      pick = first;
      pick_penalty = 0;
      pick_cost = ratings[static_cast<std::size_t>(first)].cost;
    } else {
      for (int i = 0; i < n; ++i) {
        if (taken[static_cast<std::size_t>(i)]) continue;
        const MoveRating& r = ratings[static_cast<std::size_t>(i)];
        const std::int64_t p = similarity_penalty(r, counts);
        const std::int64_t c = saturate_cost(r.cost + p);
        // Cheapest with the penalty; then the cheaper base cost; then generation order.
        if (pick < 0 || c < pick_cost ||
            (c == pick_cost && r.cost < ratings[static_cast<std::size_t>(pick)].cost)) {
          pick = i;
          pick_cost = c;
          pick_penalty = p;
        }
      }
    }
    taken[static_cast<std::size_t>(pick)] = 1;
    out.push_back({pick, pick_cost, pick_penalty});
    const MoveRating& r = ratings[static_cast<std::size_t>(pick)];
    for (int i = 0; i < r.feature_count; ++i) ++counts[r.features[i]];
  }
}

// The limits of the iterations, each > 0 and growing, the last possibly k_limit_inf.
// Text forms (InputError on anything else, naming the fault):
//   "1500" or "inf"                          one iteration
//   "1000,2000,4000" (a list)                one iteration per limit, strictly growing
//   "start=1000,factor=1.5,iterations=5"     start, then each limit factor times the one
//                                            before (factor > 1, up to 3 decimals; rounded,
//                                            and at least one more than the one before)
std::vector<std::int64_t> parse_limit(const std::string& text);
std::vector<std::int64_t> parse_limit_list(const std::string& text);
std::vector<std::int64_t> parse_limit_growth(const std::string& text);
// "1000,2000,4000" / "inf": the list form, which parse_limit_list reads back.
std::string limits_to_text(const std::vector<std::int64_t>& limits);
std::string limit_text(std::int64_t limit);  // "1500" or "inf"
// A growth factor "2" or "1.125" in thousandths (InputError unless above 1, 3 decimals at most).
std::int64_t parse_factor_milli(const std::string& text);
// start, then each limit factor times the one before (rounded, at least one more), reaching
// k_limit_inf at most (and staying there).
std::vector<std::int64_t> growth_limits(std::int64_t start, std::int64_t factor_milli,
                                        int iterations);

// Where interest lines end. depth: at the nominal depth (+ extension). none: where the limit
// ends them, within k_safety_horizon plies (or where the game ends). automatic: none exactly
// where every limit is finite, no extension is asked for and the source is a game; depth
// otherwise (an unlimited iteration would search every line to the horizon, an extension
// needs a depth to extend, and a tree's height ends its lines anyway).
enum class DepthCap { automatic, depth, none };
constexpr int k_safety_horizon = 64;
// "auto", "depth" or "none"; InputError naming `option` (as the user wrote it: "depth_cap").
DepthCap parse_depth_cap(const std::string& text, const std::string& option);
// Whether the search runs without a depth cap. InputError for none with an extension or an
// unlimited iteration, naming `none` (as the user wrote it: "depth_cap none").
bool resolve_uncapped(DepthCap cap, const std::vector<std::int64_t>& limits, int extension,
                      bool game, const std::string& none);

}  // namespace kibitz
