#include "app/runner.hpp"

#include <chrono>
#include <unordered_map>

#include "app/domains.hpp"
#include "app/fe_search.hpp"
#include "search/alphabeta.hpp"
#include "search/alphabeta_bounds.hpp"
#include "search/minimax.hpp"
#include "trace/recorder.hpp"

namespace kibitz {

namespace {

template <class Game, class Sink>
void search_with(const SearchSpec& spec, Game& game, Sink& sink, SearchResult& out) {
  const int depth = spec.search_depth();
  switch (spec.algo) {
    case Algorithm::minimax: {
      Minimax<Game, Sink> s(game, sink);
      out.value = s.run(depth);
      out.stats = s.stats();
      break;
    }
    case Algorithm::alphabeta: {
      AlphaBeta<Game, Sink> s(game, sink, spec.criterion);
      out.value = s.run(depth);
      out.stats = s.stats();
      break;
    }
    case Algorithm::alphabeta_bounds: {
      AlphaBetaBounds<Game, Sink> s(game, sink, spec.criterion);
      const ScoreBound r = s.run(depth);
      out.value = r.value;
      out.bound = r.bound;
      out.stats = s.stats();
      break;
    }
    case Algorithm::forward_estimation:  // app/fe_search.hpp
      search_forward_estimation(spec, game, sink, out);
      break;
  }
}

// Minimax scores of the traced nodes; untraced subtrees are searched but not stored.
template <class Game>
class Scorer {
 public:
  Scorer(Game& game, const trace::Model& model, std::vector<Score>& out)
      : m_game(game), m_model(model), m_out(out) {}

  Score score(std::uint32_t id, int depth, int ply) {
    auto& moves = m_moves.at(ply);
    if (depth > 0) m_game.moves(moves);
    else moves.clear();
    Score best = -k_score_inf;
    if (moves.empty()) {
      best = m_game.evaluate();
    } else {
      // Traced successors by their generation-order index.
      std::unordered_map<std::uint32_t, std::uint32_t> traced;
      if (id != trace::k_no_node) {
        for (std::uint32_t k = 0; k < m_model.child_count(id); ++k) {
          const std::uint32_t c = m_model.child(id, k);
          const auto& cn = m_model.node(c);
          traced[cn.move_index == trace::k_no_move_index ? k : cn.move_index] = c;
        }
      }
      const std::size_t n = moves.size();
      for (std::size_t i = 0; i < n; ++i) {
        const auto m = m_moves.at(ply)[i];
        auto it = traced.find(static_cast<std::uint32_t>(i));
        const std::uint32_t child = it == traced.end() ? trace::k_no_node : it->second;
        m_game.make(m);
        const Score x = score(child, depth - 1, ply + 1);
        m_game.unmake(m);
        if (-x > best) best = -x;
      }
    }
    if (id != trace::k_no_node) m_out[id] = best;
    return best;
  }

 private:
  Game& m_game;
  const trace::Model& m_model;
  std::vector<Score>& m_out;
  MoveStack<typename Game::Move> m_moves;
};

}  // namespace

SearchResult run_search(const SearchSpec& spec, bool record) {
  spec.validate();
  SearchResult out;
  spec.write_meta(out.trace.meta);
  const auto start = std::chrono::steady_clock::now();
  visit_domain(spec, [&](auto& game) {
    if (record) {
      trace::Recorder recorder(out.trace, !spec.game.empty());
      search_with(spec, game, recorder, out);
    } else {
      NullSink sink;
      search_with(spec, game, sink, out);
    }
    return 0;
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::optional<std::vector<Score>> compute_scores(const SearchSpec& spec, const trace::Model& model) {
  if (model.roots().empty()) return std::nullopt;
  std::vector<Score> scores(model.node_count(), 0);
  try {
    visit_domain(spec, [&](auto& game) {
      using Game = std::decay_t<decltype(game)>;
      Scorer<Game> scorer(game, model, scores);
      for (std::uint32_t root : model.roots()) scorer.score(root, spec.search_depth(), 0);
      return 0;
    });
  } catch (const InputError&) {
    return std::nullopt;
  }
  return scores;
}

}  // namespace kibitz
