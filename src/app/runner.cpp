#include "app/runner.hpp"

#include <chrono>
#include <memory>
#include <unordered_map>

#include "app/domains.hpp"
#include "app/fe_search.hpp"
#include "app/interest_run.hpp"
#include "search/alphabeta.hpp"
#include "search/alphabeta_bounds.hpp"
#include "search/greenblatt/greenblatt_search.hpp"
#include "search/minimax.hpp"
#include "search/search_options.hpp"
#include "search/transposition_table.hpp"
#include "trace/recorder.hpp"

namespace kibitz {

namespace {

// One search of the chosen algorithm to `depth`; returns whether it finished. `out` receives
// facts some algorithms record about themselves (forward estimation's edge bounds).
template <class Game, class Sink>
bool search_once(const SearchSpec& spec, Game& game, Sink& sink, SearchOptions options, int depth,
                 Score& value, Bound& bound, SearchStats& stats, SearchResult& out) {
  switch (spec.algo) {
    case Algorithm::greenblatt: {
      if constexpr (std::is_same_v<Game, ChessGame>) {
        greenblatt::GreenblattSearch<Sink> s(game, sink, spec.greenblatt_options(), options.tt,
                                             options.node_budget);
        value = s.run(depth);
        bound = Bound::exact;
        out.greenblatt.add(s.stats());
        stats.nodes = s.stats().nodes;
        stats.leaves = s.stats().static_evals;
        stats.cutoffs = s.stats().cutoffs;
        stats.tt_cutoffs = s.stats().hash_cutoffs;
        return !s.aborted();
      } else {
        throw InputError("the Greenblatt search plays chess only");
      }
    }
    case Algorithm::minimax: {
      Minimax<Game, Sink> s(game, sink, options);
      value = s.run(depth);
      stats = s.stats();
      return !s.aborted();
    }
    case Algorithm::alphabeta: {
      AlphaBeta<Game, Sink> s(game, sink, spec.criterion, options);
      value = s.run(depth);
      bound = Bound::exact;
      stats = s.stats();
      return !s.aborted();
    }
    case Algorithm::alphabeta_bounds: {
      AlphaBetaBounds<Game, Sink> s(game, sink, spec.criterion, options);
      const ScoreBound r = s.run(depth);
      value = r.value;
      bound = r.bound;
      stats = s.stats();
      return !s.aborted();
    }
    case Algorithm::forward_estimation:  // app/fe_search.hpp
      value = search_forward_estimation(spec, game, sink, out, depth, stats);
      bound = Bound::exact;
      return true;
    case Algorithm::interest:
      break;  // iterates by limit: search_with hands it to run_interest
  }
  return false;
}

void add_stats(SearchStats& total, const SearchStats& s) {
  total.nodes += s.nodes;
  total.leaves += s.leaves;
  total.cutoffs += s.cutoffs;
  total.generated += s.generated;
  total.tt_cutoffs += s.tt_cutoffs;
  total.fe_prunes += s.fe_prunes;
}

// The depth iterative deepening goes to: the given depth, or the height of a tree.
int iterative_depth(const SearchSpec& spec) {
  if (spec.depth >= 0) return spec.depth;
  if (!spec.tree.empty()) return ExplicitTree::parse(spec.tree).height();
  if (spec.random) return spec.random->d;
  throw InputError("iterative deepening needs a depth");
}

template <class Game, class Sink>
void search_with(const SearchSpec& spec, int max_depth, Game& game, Sink& sink, SearchResult& out) {
  std::unique_ptr<TranspositionTable> table;
  if (spec.table_entries() > 0)
    table = std::make_unique<TranspositionTable>(static_cast<std::size_t>(spec.table_entries()));
  SearchOptions options;
  options.tt = table.get();
  options.node_budget = spec.node_budget;
  if (spec.algo == Algorithm::interest) {
    run_interest(spec, max_depth, game, sink, table.get(), out);
  } else if (!spec.iterative) {
    Score value = 0;
    Bound bound = Bound::exact;
    out.aborted =
        !search_once(spec, game, sink, options, spec.search_depth(), value, bound, out.stats, out);
    out.value = value;
    out.bound = bound;
  } else {
    // Iterative deepening: depth 1, 2, ..., each a new root in the trace, the table carried
    // from one to the next (its best moves order the next iteration). The budget covers all
    // iterations; the value is that of the last iteration that finished.
    for (int d = 1; d <= max_depth; ++d) {
      if (spec.node_budget > 0) {
        options.node_budget = spec.node_budget - out.stats.nodes;
        if (options.node_budget <= 0) break;
      }
      sink.iteration_begin(d, d);
      Score value = 0;
      Bound bound = Bound::exact;
      SearchStats stats;
      const bool done = search_once(spec, game, sink, options, d, value, bound, stats, out);
      add_stats(out.stats, stats);
      out.iterations.push_back({d, value, stats.nodes, done});
      sink.iteration_end(d, done ? value : (out.iterations.size() > 1 ? out.value : value));
      if (!done) {
        out.aborted = true;
        break;
      }
      out.value = value;
      out.bound = bound;
    }
  }
  if (table) {
    out.tt_entries = static_cast<long long>(table->size());
    out.tt_probes = static_cast<long long>(table->probes());
    out.tt_hits = static_cast<long long>(table->hits());
    out.tt_stores = static_cast<long long>(table->stores());
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
    if (depth > 0)
      m_game.moves(moves);
    else
      moves.clear();
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
  // (Interest search: its nominal depth, the tree's height when no depth is given.)
  const int max_depth = spec.iterative || spec.algo == Algorithm::interest ? iterative_depth(spec)
                                                                           : spec.search_depth();
  const auto start = std::chrono::steady_clock::now();
  visit_domain(spec, [&](auto& game) {
    if (record) {
      trace::Recorder recorder(out.trace, !spec.game.empty());
      search_with(spec, max_depth, game, recorder, out);
    } else {
      NullSink sink;
      search_with(spec, max_depth, game, sink, out);
    }
    return 0;
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::optional<std::vector<Score>> compute_scores(const SearchSpec& spec,
                                                 const trace::Model& model) {
  if (model.roots().empty() || spec.algo == Algorithm::greenblatt) return std::nullopt;
  std::vector<Score> scores(model.node_count(), 0);
  try {
    visit_domain(spec, [&](auto& game) {
      using Game = std::decay_t<decltype(game)>;
      Scorer<Game> scorer(game, model, scores);
      // Each root searched to its own depth: an iteration's number is its depth.
      for (std::uint32_t root : model.roots()) {
        // (Interest search: every iteration to the same horizon.)
        const int horizon =
            spec.algo == Algorithm::interest ? interest_horizon(spec) : spec.search_depth();
        scorer.score(root, spec.iterative ? static_cast<int>(model.node(root).iteration) : horizon,
                     0);
      }
      return 0;
    });
  } catch (const InputError&) {
    return std::nullopt;
  }
  return scores;
}

}  // namespace kibitz
