// Helpers for the interest-search tests: a game whose moves come in interest order (so plain
// alpha-beta can be compared with an unlimited interest search node for node), and interest
// searches run directly on a game.
#pragma once

#include <string>
#include <vector>

#include "search/interest.hpp"
#include "session/domains.hpp"
#include "trace/model.hpp"
#include "trace/recorder.hpp"

namespace kibitz::test {

// G with its moves listed in the order interest search takes them (no previous best move):
// rated by G's interest model at the ply reached, sorted by cost, with the similarity
// penalty when asked. Only for models without dynamic terms (their ratings must not depend
// on what was searched before).
template <class G>
class InterestOrderedGame {
 public:
  using Move = typename G::Move;
  InterestOrderedGame(G& game, bool similarity, const InterestModelOptions& options, int depth)
      : m_game(&game), m_similarity(similarity), m_model(options), m_depth(depth) {}

  void moves(std::vector<Move>& out) const {
    m_game->moves(out);
    if (out.empty()) return;
    InterestContext<Move> ctx;
    ctx.ply = static_cast<int>(m_path.size());
    ctx.iteration_depth = m_depth;
    ctx.path = &m_path;
    m_builder.clear();
    m_model.rate(*m_game, out, ctx, m_builder);
    interest_order(m_builder.ratings(), m_similarity, -1, m_order, m_counts);
    const std::vector<Move> generated = out;
    for (std::size_t i = 0; i < m_order.size(); ++i)
      out[i] = generated[static_cast<std::size_t>(m_order[i].index)];
  }
  void make(Move m) {
    m_path.push_back(m);
    m_game->make(m);
  }
  void unmake(Move m) {
    m_game->unmake(m);
    m_path.pop_back();
  }
  Score evaluate() const { return m_game->evaluate(); }
  std::string move_label(Move m) const { return m_game->move_label(m); }
  std::string position_text() const { return m_game->position_text(); }

 private:
  G* m_game;
  bool m_similarity;
  mutable interest_model_t<G> m_model;
  int m_depth;
  std::vector<Move> m_path;
  mutable RatingBuilder m_builder;
  mutable std::vector<OrderStep> m_order;
  mutable std::vector<int> m_counts;
};

// An interest search of `game` with `params`, recorded, with its model.
struct RecordedInterest {
  trace::Trace trace;
  std::unique_ptr<trace::Model> model;
  SearchStats stats;
  Score value = 0;
  long long interest_cutoffs = 0;
};

template <class G>
RecordedInterest record_interest(G& game, const InterestParams& params) {
  RecordedInterest r;
  trace::Recorder rec(r.trace);
  InterestSearch<G, trace::Recorder> s(game, rec, params);
  r.value = s.run();
  r.stats = s.stats();
  r.interest_cutoffs = s.interest_cutoffs();
  r.trace.meta.set("algo", "interest");
  r.trace.meta.set("interest_terms", term_names(interest_model_t<G>::terms()));
  r.model = std::make_unique<trace::Model>(r.trace);
  return r;
}

}  // namespace kibitz::test
