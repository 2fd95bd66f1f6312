#include "session/run.hpp"
#include "core/text.hpp"

#include <chrono>
#include <unordered_map>

#include "core/error.hpp"
#include "search/move_stack.hpp"
#include "search/search_options.hpp"
#include "session/budgets.hpp"
#include "session/domains.hpp"
#include "session/estimate.hpp"

namespace kibitz {

namespace {

struct ScoreBudget {};  // thrown when the unpruned search would pass its node budget

[[noreturn]] void throw_score_budget(std::size_t max_nodes) {
  throw InputError(
      "scores need an unpruned search of the whole tree to the trace's depth, "
      "more than " +
      thousands(max_nodes) + " nodes (the node budget): the tree is too big to score" +
      std::string(max_nodes == k_default_node_budget
                      ? "; raise the budget with --nodes N (--nodes 0: none)"
                      : ""));
}

// Minimax scores of the traced nodes; untraced subtrees are searched but not stored.
template <class Game>
class Scorer {
 public:
  Scorer(Game& game, const trace::Model& model, std::vector<Score>& out, std::size_t max_nodes)
      : m_game(game), m_model(model), m_out(out), m_max_nodes(max_nodes) {}

  Score score(std::uint32_t id, int depth, int ply) {
    if (m_max_nodes > 0 && ++m_nodes > m_max_nodes) throw ScoreBudget{};
    auto& moves = m_moves.at(ply);
    if (depth > 0)
      m_game.moves(moves);
    else
      moves.clear();
    Score best = -k_score_inf;
    if (moves.empty()) {
      best = m_game.evaluate();
    } else {
      const auto traced = traced_successors(id);
      static const std::vector<std::uint32_t> untraced = {trace::k_no_node};
      const std::size_t n = moves.size();
      for (std::size_t i = 0; i < n; ++i) {
        const auto m = m_moves.at(ply)[i];
        auto it = traced.find(static_cast<std::uint32_t>(i));
        // Every node searched for the move (a search may search one twice) gets its score.
        for (std::uint32_t child : it == traced.end() ? untraced : it->second) {
          m_game.make(m);
          const Score x = score(child, depth - 1, ply + 1);
          m_game.unmake(m);
          if (-x > best) best = -x;
        }
      }
    }
    if (id != trace::k_no_node) m_out[id] = best;
    return best;
  }

 private:
  // Traced successors by their generation-order index (a move searched twice has two).
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> traced_successors(
      std::uint32_t id) const {
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> traced;
    if (id == trace::k_no_node) return traced;
    for (std::uint32_t k = 0; k < m_model.child_count(id); ++k) {
      const std::uint32_t c = m_model.child(id, k);
      const auto& cn = m_model.node(c);
      traced[cn.move_index == trace::k_no_move_index ? static_cast<std::uint32_t>(cn.k)
                                                     : cn.move_index]
          .push_back(c);
    }
    return traced;
  }

  Game& m_game;
  const trace::Model& m_model;
  std::vector<Score>& m_out;
  std::size_t m_max_nodes, m_nodes = 0;
  MoveStack<typename Game::Move> m_moves;
};

}  // namespace

void SearchResult::count(const std::string& name, long long n) {
  for (auto& c : counters) {
    if (c.first == name) {
      c.second += n;
      return;
    }
  }
  counters.emplace_back(name, n);
}

long long SearchResult::counter(const std::string& name) const {
  for (const auto& c : counters) {
    if (c.first == name) return c.second;
  }
  return 0;
}

int iterative_depth(const SearchSpec& spec) {
  if (spec.depth >= 0) return spec.depth;
  if (!spec.tree.empty()) return ExplicitTree::parse(spec.tree).height();
  if (spec.random) return spec.random->d;
  throw InputError("iterative deepening needs a depth");
}

SearchSpec completed(const SearchSpec& spec) {
  SearchSpec s = spec;
  const AlgorithmEntry& a = s.algorithm();
  if (a.complete) a.complete(s);
  s.validate();
  return s;
}

SearchResult run_search(const SearchSpec& given, const RecordOptions& record) {
  const SearchSpec spec = completed(given);
  SearchResult out;
  spec.write_meta(out.trace.meta);
  const auto start = std::chrono::steady_clock::now();
  spec.algorithm().run(spec, record, out);
  out.stopped = stop_requested(record.stop);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::optional<std::vector<Score>> compute_scores(const SearchSpec& spec, const trace::Model& model,
                                                 std::size_t max_nodes) {
  const AlgorithmEntry& a = spec.algorithm();
  if (model.roots().empty() || !a.scores) return std::nullopt;
  if (a.score_depth && a.score_depth(spec) < 0) return std::nullopt;  // no depth to score to
  std::vector<Score> scores(model.node_count(), 0);
  try {
    visit_domain(spec, [&](auto& game) {
      using Game = std::decay_t<decltype(game)>;
      Scorer<Game> scorer(game, model, scores, max_nodes);
      // Each root searched to its own depth: an iteration's number is its depth.
      const int horizon = a.score_depth ? a.score_depth(spec) : spec.search_depth();
      for (std::uint32_t root : model.roots()) {
        scorer.score(root, spec.iterative ? static_cast<int>(model.iteration(root)) : horizon, 0);
      }
      return 0;
    });
  } catch (const InputError&) {
    return std::nullopt;
  } catch (const ScoreBudget&) {
    throw_score_budget(max_nodes);
  }
  return scores;
}

void check_score_budget(const SearchSpec& spec, std::size_t max_nodes) {
  if (max_nodes == 0 || (spec.tree.empty() && !spec.random)) return;  // a game: found by scoring
  SearchSpec whole = spec;
  whole.set_algorithm("minimax");  // scores search the whole tree to the depth
  if (estimated_nodes(whole) > static_cast<double>(max_nodes)) throw_score_budget(max_nodes);
}

}  // namespace kibitz
