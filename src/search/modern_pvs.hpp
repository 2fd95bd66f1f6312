// Principal variation search (pvs.hpp) with the techniques of a modern chess program, each an
// option, so a teacher can show on one position what each one prunes and what it costs:
//
//   quiescence  at the horizon a node stands pat on its static value (a cutoff when that
//               already fails high) and searches only its noisy moves (captures, promotions),
//               so the tree does not end in the middle of an exchange;
//   null move   before its moves a zero-window node whose static value is at beta or above
//               lets the opponent move twice: a zero-window search R = 2 plies shallower; if
//               even that fails high the node is cut (3+ plies left, not at the root, not in
//               check, not twice in a row, only with pieces besides pawns);
//   LMR         a quiet move from the fourth on, with 3 or more plies left, is probed one ply
//               shallower; when the probe fails high it is searched again at full depth with
//               the zero window, then with the full window as PVS does;
//   aspiration  (the deepening, driver.hpp) each depth's root window is centred on the
//               depth before's value, widened and searched again when the value falls outside;
//   table cuts  the transposition table as alpha-beta's (tt_support.hpp).
//
// Recorded through the same vocabulary as a foreign engine (search/sink/engine_records.hpp):
// every probe, re-search and null move is announced by an attempt record, every node states
// its depth and ply (and quiescence), a stand-pat node its static value. The steps follow the
// rule derive_returns applies to an engine's recording (trace/derive_returns.hpp): a superseded
// attempt and a null move that did not cut count towards nothing; a node's best is the best of
// its counted successors (a stand-pat value is the node's static value, not a successor).
//
// With every option off this is not used: the registry runs pvs.hpp, the seed's search.
#pragma once

#include <algorithm>
#include <cassert>
#include <type_traits>
#include <utility>

#include "core/criterion.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "search/search_base.hpp"
#include "search/sink/engine_records.hpp"

namespace kibitz {

struct PvsTechniques {
  bool quiescence = false;
  bool null_move = false;
  bool lmr = false;
  static constexpr int k_null_reduction = 2;
  static constexpr int k_null_depth = 3;  // the least remaining depth that tries one
  static constexpr int k_lmr_first = 3;   // the first successor (k) reduced
  static constexpr int k_lmr_depth = 3;   // the least remaining depth reduced
};

// What the techniques ask of a game beyond the Game concept (ChessGame has them all).
template <class G, class = void>
struct has_noisy_moves : std::false_type {};
template <class G>
struct has_noisy_moves<G, std::void_t<decltype(G::noisy(std::declval<typename G::Move>()))>>
    : std::true_type {};
template <class G, class = void>
struct has_null_move : std::false_type {};
template <class G>
struct has_null_move<G, std::void_t<decltype(std::declval<G&>().make_null()),
                                    decltype(std::declval<G&>().unmake_null()),
                                    decltype(std::declval<const G&>().null_move_allowed()),
                                    decltype(std::declval<const G&>().in_check())>>
    : std::true_type {};

struct ModernPvsCounters {
  long long probes = 0, researches = 0;  // zero-window and reduced probes; attempts repeated
  long long null_moves = 0, null_cuts = 0;
  long long reductions = 0;  // LMR probes
  long long quiescence_nodes = 0, stand_pat_cuts = 0;
};

template <class Game, class Sink = NullSink>
class ModernPvs : public SearchWithOptions<Game, Sink> {
  using Base = SearchWithOptions<Game, Sink>;
  using Base::enter_root, Base::open_node, Base::successors, Base::leaf, Base::expand,
      Base::enter_child, Base::budget_spent, Base::leave_unfinished, Base::settled_by_table;
  using Base::m_game, Base::m_sink, Base::m_stats, Base::m_options, Base::m_aborted;
  using Move = typename Game::Move;

 public:
  ModernPvs(Game& game, Sink& sink, Criterion criterion, PvsTechniques techniques,
            SearchOptions options = {})
      : Base(game, sink, options), m_criterion(criterion), m_tech(techniques) {
    if constexpr (!has_noisy_moves<Game>::value) m_tech.quiescence = false;
    if constexpr (!has_null_move<Game>::value) m_tech.null_move = false;
  }

  Score run(int depth, Score alpha = -k_score_inf, Score beta = k_score_inf) {
    enter_root(alpha, beta);
    return node(depth, 0, alpha, beta, false);
  }

  const ModernPvsCounters& counters() const { return m_count; }

 private:
  // The steps of a node as derive_returns puts them back: best and alpha from the counted
  // successors only.
  struct Steps {
    Score alpha, beta, best = -k_score_inf;
    int k = 0;  // the next counted successor
  };

  bool zero_window(Score alpha, Score beta) const {
    return m_criterion == Criterion::ge ? beta - alpha <= 1 : alpha >= beta;
  }
  // The zero window just above alpha, as the parent sees it: (alpha, upper).
  Score zero_upper(Score alpha) const { return m_criterion == Criterion::ge ? alpha + 1 : alpha; }
  bool fails_low(Score v, Score alpha) const {
    return m_criterion == Criterion::gt ? v < alpha : v <= alpha;
  }

  // Successor k counted: its return, the best so far, and alpha[k + 1] unless it cut.
  void count(Steps& s, Score x, bool cut) {
    s.best = std::max(s.best, static_cast<Score>(-x));
    m_sink.child_return(s.k, x, Bound::exact);
    m_sink.best_set(s.k, s.best, Bound::exact);
    if (cut) {
      ++m_stats.cutoffs;
      m_sink.cutoff(s.k, s.best);
    } else if (std::max(s.best, s.alpha) <= s.beta) {
      const Score raised = std::max(s.best, s.alpha);
      m_sink.alpha_set(s.k + 1, raised, raised != s.alpha);
      s.alpha = raised;
    }
    ++s.k;
  }

  // One attempt at successor m (generation index `index`) to `depth` plies with the window
  // (a, b) as the parent sees it; announced unless it is the plain search of a move.
  Score attempt(const Steps& s, EngineSearch how, EngineWhy why, bool plain, int index,
                const Move& m, int depth, int ply, Score a, Score b) {
    if constexpr (Sink::enabled) {
      if (!plain) m_sink.record(AttemptRecord{how, why, s.k});
    }
    if (how == EngineSearch::probe && !plain) ++m_count.probes;
    if (how == EngineSearch::research) ++m_count.researches, ++m_stats.researches;
    enter_child(index, -b, -a, m);
    m_game.make(m);
    const Score x = node(depth, ply + 1, -b, -a, false);
    m_game.unmake(m);
    return x;
  }

  // Successor k after the first: probed (reduced when LMR applies), searched again at full
  // depth and then with the full window while it keeps beating alpha. A reduced probe that
  // beats alpha is searched again even when it would cut: its value was only an estimate.
  Score later_move(const Steps& s, int index, const Move& m, int depth, int ply, Score alpha,
                   Score beta, bool reducible) {
    const bool zero = zero_window(alpha, beta);
    const bool reduce = m_tech.lmr && reducible && s.k >= PvsTechniques::k_lmr_first &&
                        depth >= PvsTechniques::k_lmr_depth;
    if (zero && !reduce)  // nothing narrower to probe with: searched as it is
      return attempt(s, EngineSearch::probe, {}, true, index, m, depth - 1, ply, alpha, beta);
    const Score upper = zero ? beta : zero_upper(alpha);
    Score x;
    if (reduce) {
      ++m_count.reductions;
      x = attempt(s, EngineSearch::probe, EngineWhy::late_move_reduction, false, index, m,
                  depth - 2, ply, alpha, upper);
      if (m_aborted || -x <= alpha) return x;
      x = attempt(s, EngineSearch::research, EngineWhy::late_move_reduction, false, index, m,
                  depth - 1, ply, alpha, upper);
    } else {
      x = attempt(s, EngineSearch::probe, EngineWhy::pvs, false, index, m, depth - 1, ply, alpha,
                  upper);
    }
    if (m_aborted || zero || -x <= alpha || causes_cutoff(-x, beta, m_criterion)) return x;
    return attempt(s, EngineSearch::research, EngineWhy::pvs, false, index, m, depth - 1, ply,
                   alpha, beta);
  }

  // The null move: true when it cut the node (its value in `value`).
  bool null_move(Steps& s, int depth, int ply, Score beta, Score& value) {
    if constexpr (has_null_move<Game>::value) {
      const Score a = m_criterion == Criterion::ge ? beta - 1 : beta;  // (a, beta): zero window
      if constexpr (Sink::enabled) m_sink.record(AttemptRecord{EngineSearch::null_move, {}, s.k});
      ++m_count.null_moves;
      if constexpr (Sink::enabled) {
        m_sink.enter(-1, -beta, -a);
        m_sink.label("null");
      }
      m_game.make_null();
      const Score x =
          node(std::max(0, depth - 1 - PvsTechniques::k_null_reduction), ply + 1, -beta, -a, true);
      m_game.unmake_null();
      if (m_aborted || !causes_cutoff(-x, beta, m_criterion)) return false;
      ++m_count.null_cuts;
      count(s, x, true);
      value = -x;
      return true;
    }
    return false;
  }

  // Whether the node tries a null move: a zero-window node, not the root, not right after a
  // null move, 3 or more plies left, the side to move allowed to pass, and its static value
  // already cutting at beta (recorded: the reason it tried).
  bool may_null(int depth, int ply, Score alpha, Score beta, bool after_null) {
    if constexpr (has_null_move<Game>::value) {
      if (!m_tech.null_move || ply == 0 || after_null || depth < PvsTechniques::k_null_depth ||
          !zero_window(alpha, beta) || is_game_result(beta) || !m_game.null_move_allowed())
        return false;
      const Score stand = m_game.evaluate();
      if constexpr (Sink::enabled) m_sink.record(StaticEvalRecord{stand});
      return causes_cutoff(stand, beta, m_criterion);
    }
    return false;
  }
  bool quiet(const Move& m) const {
    if constexpr (has_noisy_moves<Game>::value) {
      if constexpr (has_null_move<Game>::value) {
        if (m_game.in_check()) return false;
      }
      return !Game::noisy(m);
    }
    return true;
  }

  void facts(bool quiescence, int depth, int ply) {
    if constexpr (Sink::enabled) m_sink.record(NodeFactsRecord{quiescence, true, true, depth, ply});
  }

  Score node(int depth, int ply, Score alpha0, Score beta, bool after_null) {
    assert(alpha0 <= beta);
    if (depth <= 0 && m_tech.quiescence) return quiesce(ply, alpha0, beta);
    open_node();
    facts(false, depth, ply);
    TtSupport<Game, Sink> tt;
    {
      Score v;
      if (settled_by_table(tt, depth, ply, alpha0, beta, m_criterion, v)) return v;
    }
    auto& moves = successors(ply, depth > 0);
    if (moves.empty()) return leaf(m_game.evaluate());
    const int n = static_cast<int>(moves.size());
    expand(n);
    Steps s{alpha0, beta};
    if (may_null(depth, ply, alpha0, beta, after_null)) {
      Score v;
      if (null_move(s, depth, ply, beta, v)) return leave_cut(v, alpha0, beta);
      if (m_aborted) return leave_unfinished(0);
    }
    tt.order(moves);
    Score alpha = alpha0, best = -k_score_inf;
    int best_k = -1;
    for (int k = 0; k < n; ++k) {
      if (budget_spent()) break;
      const Move m = moves[static_cast<std::size_t>(k)];
      const int index = tt.generation_index(k);
      this->root_move(ply, index, k);
      const Score x = k == 0 ? attempt(s, EngineSearch::probe, EngineWhy::unspecified, true, index,
                                       m, depth - 1, ply, alpha, beta)
                             : later_move(s, index, m, depth, ply, alpha, beta, quiet(m));
      if (m_aborted) break;
      if (-x > best) best = -x, best_k = k;
      const bool cut = causes_cutoff(best, beta, m_criterion);
      count(s, x, cut);
      if (cut) break;
      alpha = std::max(alpha, best);
    }
    if (ply == 0) this->note_root_best(best_k >= 0 ? tt.generation_index(best_k) : -1);
    if (m_aborted) return leave_unfinished(best_k >= 0 ? best : 0);
    const NodeKind kind = classify_node(best, alpha0, beta, m_criterion);
    tt.store(m_game, m_sink, m_options.tt, depth, ply, best, kind_bound(kind), best_k);
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  Score leave_cut(Score v, Score alpha0, Score beta) {
    const NodeKind kind = classify_node(v, alpha0, beta, m_criterion);
    m_sink.leave(v, kind_bound(kind), kind);
    return v;
  }

  // A quiescence node: its static value (stand pat), then its noisy moves with the full window.
  Score quiesce(int ply, Score alpha0, Score beta) {
    if constexpr (has_noisy_moves<Game>::value) {
      open_node();
      ++m_count.quiescence_nodes;
      facts(true, 0, ply);
      auto& moves = successors(ply, true);
      if (moves.empty()) return leaf(m_game.evaluate());  // mate or a draw
      const Score stand = m_game.evaluate();
      int n = 0;
      for (const Move& m : moves) n += Game::noisy(m) ? 1 : 0;
      if (n == 0) return leaf(stand);
      ++m_stats.leaves;  // a static evaluation
      if constexpr (Sink::enabled) m_sink.record(StaticEvalRecord{stand});
      if (causes_cutoff(stand, beta, m_criterion)) {  // a leaf whose value is a lower bound
        ++m_count.stand_pat_cuts;
        m_sink.evaluate(stand);
        m_sink.leave(stand, Bound::lower, NodeKind::leaf);
        return stand;
      }
      expand(n);
      Steps s{alpha0, beta};
      Score alpha = std::max(alpha0, stand), best = stand;
      for (int i = 0; i < static_cast<int>(moves.size()); ++i) {
        const Move m = moves[static_cast<std::size_t>(i)];
        if (!Game::noisy(m)) continue;
        if (budget_spent()) break;
        enter_child(i, -beta, -alpha, m);
        m_game.make(m);
        const Score x = quiesce(ply + 1, -beta, -alpha);
        m_game.unmake(m);
        if (m_aborted) break;
        best = std::max(best, static_cast<Score>(-x));
        const bool cut = causes_cutoff(-x, beta, m_criterion);
        count(s, x, cut);
        if (cut) break;
        alpha = std::max(alpha, best);
      }
      if (m_aborted) return leave_unfinished(best);
      return leave_cut(best, alpha0, beta);
    }
    return leaf(m_game.evaluate());
  }

  Criterion m_criterion;
  PvsTechniques m_tech;
  ModernPvsCounters m_count;
};

}  // namespace kibitz
