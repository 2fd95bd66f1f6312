// The Greenblatt search (seed 003): a selective alpha-beta search of a chess position.
//
//   basic search  every node to the basic depth runs the plausible move generator and
//                 searches, in plausibility order, the moves the width rules select
//                 (width.hpp); a move that leads to mate against the side to move does not
//                 count against the basic width, so the next plausible move is searched too.
//   end of depth  the position evaluator: if a feedover condition holds (feedover.hpp) and the
//                 feedover limit allows, the plausible move generator is applied again;
//                 otherwise the static value (S = M + R + P + K + C) stands, and the plausible
//                 captures and promotions are searched with no depth or width limit (the side
//                 to move may also keep the static value).
//   terminals     mate, stalemate and draws (repetition among them) return at once.
//   hash table    value, bound and depth per position; a result deep enough and conclusive
//                 for the window settles the node.
//   modifications a few points off a move's value when it was developmentally poor, and for
//                 moving the same piece twice (back where it came from, a translation one move
//                 could make, or in the first eight moves).
//   secondary     at the top level, each new best move's principal variation is followed as
//                 far as the plausible move generator chose it, and searched two plies more
//                 there; the worse value for the side to move is kept.
//
// Every step is reported to the sink (trace/event.hpp documents the Greenblatt events), and
// NullSink turns the reports into nothing. With pruning off, the same tree is searched with an
// unbounded window and no cutoffs (for measuring what alpha-beta saves).
#pragma once

#include <algorithm>
#include <chrono>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "core/node_kind.hpp"
#include "games/chess/chess_game.hpp"
#include "search/greenblatt/feedover.hpp"
#include "search/greenblatt/greenblatt_options.hpp"
#include "search/greenblatt/modifications.hpp"
#include "search/greenblatt/plausibility.hpp"
#include "search/greenblatt/width.hpp"
#include "search/move_stack.hpp"
#include "search/search_options.hpp"
#include "search/sink/greenblatt_records.hpp"
#include "search/sink/sink.hpp"
#include "search/sink/table_records.hpp"
#include "search/transposition_table.hpp"

namespace kibitz::greenblatt {

inline bool is_mated(Score v) {
  return v <= -(k_score_win - k_score_win_zone);
}

template <class Sink = NullSink>
class GreenblattSearch {
 public:
  // node_budget: stop once this many nodes were entered (0: none); seconds: a time limit (0: none).
  GreenblattSearch(ChessGame& game, Sink& sink, const GreenblattOptions& options,
                   TranspositionTable* tt = nullptr, long long node_budget = 0, double seconds = 0)
      : m_game(game), m_sink(sink), m_options(options), m_tt(tt), m_budget(node_budget) {
    if (seconds > 0) {
      m_deadline = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(seconds));
      m_timed = true;
    }
    m_lines.resize(GreenblattOptions::k_max_ply + 2);
  }
  // Once *stop is set, the search stops as when the node budget is spent.
  void stop_on(const std::atomic<bool>* stop) { m_stop = stop; }
  // Told when the top level starts on a move (UCI's currmove).
  void on_root_move(std::function<void(chess::Move, int)> f) { m_root_move = std::move(f); }

  // Searches the game's current position `depth` plies deep (the basic depth); the value is
  // from the side to move's point of view.
  Score run(int depth) {
    m_aborted = false;
    if constexpr (Sink::enabled) {
      m_sink.enter(0, -k_score_inf, k_score_inf);
    }
    return node(depth, 0, 0, -k_score_inf, k_score_inf);
  }
  bool aborted() const { return m_aborted; }
  const GreenblattStats& stats() const { return m_stats; }
  // The best line at the root, as far as it was searched (partial when aborted).
  const Line& principal_variation() const { return m_lines[0]; }
  // Whether the table may settle the root itself (a player wants a move: search_options.hpp).
  void settle_root(bool on) { m_settle_root = on; }

 private:
  using Move = chess::Move;

  bool budget_spent() {
    if (m_aborted) return true;
    if (m_budget > 0 && m_stats.nodes >= m_budget) m_aborted = true;
    if (stop_requested(m_stop)) m_aborted = true;
    if (m_timed && (m_stats.nodes & 255) == 0 && std::chrono::steady_clock::now() >= m_deadline)
      m_aborted = true;
    return m_aborted;
  }
  Score child_alpha(Score beta) const { return m_options.pruning ? -beta : -k_score_inf; }
  Score child_beta(Score alpha) const { return m_options.pruning ? -alpha : k_score_inf; }
  void leave_unknown(Score v) { m_sink.leave(v, Bound::exact, NodeKind::unknown); }
  void enter_child(int gen_index, Move m, Score alpha, Score beta) {
    if constexpr (Sink::enabled) {
      m_sink.enter(gen_index, child_alpha(beta), child_beta(alpha));
      const std::string label = m_game.move_label(m);
      m_sink.label(label);
    }
  }
  Score static_value() const {
    const int white = m_game.eval_terms().total;
    return m_game.position().side_to_move() == chess::Color::white ? white : -white;
  }
  Score leaf(Score v) {
    m_sink.evaluate(v);
    m_sink.leave(v, Bound::exact, NodeKind::leaf);
    return v;
  }
  // Opens a node of either kind (node, chain) at `ply`: counts it and shows its position.
  // False once the budget is spent: the node has then left, unknown, with the value 0.
  bool open_node(int ply) {
    m_lines[static_cast<std::size_t>(ply)].length = 0;
    ++m_stats.nodes;
    if (m_in_secondary) ++m_stats.secondary_nodes;
    if constexpr (Sink::enabled) {
      if (m_sink.wants_positions()) m_sink.position(m_game.position_text());
    }
    if (budget_spent()) {
      leave_unknown(0);
      return false;
    }
    return true;
  }

  // The search of the current position, entered by the caller (its enter event is out).
  Score node(int depth, int ply, int feedovers, Score alpha0, Score beta) {
    if (!open_node(ply)) return 0;
    auto& legal = m_legal.at(ply);
    m_game.moves(legal);
    if (legal.empty()) return leaf(m_game.evaluate());  // mate, stalemate, a draw: at once
    if (ply >= GreenblattOptions::k_max_ply) {
      ++m_stats.static_evals;
      return leaf(static_value());
    }
    if (depth > 0) {
      Score v;
      if (probe(depth, ply, alpha0, beta, v)) return v;
      return expand(GreenblattMode::basic, depth, ply, feedovers, alpha0, beta);
    }
    // The position evaluator.
    if (feedovers < m_options.feedover_limit) {
      const Feedover f = feedover_condition(m_game.position(), legal);
      if (f.condition != FeedoverCondition::none) {
        ++m_stats.feedovers;
        m_sink.record(FeedoverRecord{f.condition, feedovers, f.ours, f.theirs});
        return expand(GreenblattMode::feedover, 0, ply, feedovers + 1, alpha0, beta);
      }
    }
    return capture_search(ply, feedovers, alpha0, beta);
  }

  bool probe(int depth, int ply, Score alpha0, Score beta, Score& value) {
    if (!m_tt) return false;
    ++m_stats.hash_probes;
    TtEntry e;
    if (!m_tt->probe(m_game.key(), ply, e)) {
      m_sink.record(TableProbeRecord{});
      return false;
    }
    ++m_stats.hash_hits;
    const Criterion c = m_options.criterion;
    const bool settles =
        (ply > 0 || m_settle_root) && e.depth >= depth &&
        (e.bound == Bound::exact ||
         (m_options.pruning && e.bound == Bound::lower && causes_cutoff(e.value, beta, c)) ||
         (m_options.pruning && e.bound == Bound::upper &&
          (c == Criterion::gt ? e.value < alpha0 : e.value <= alpha0)));
    m_sink.record(TableProbeRecord{settles ? TtProbe::cutoff : TtProbe::move, e.depth, e.value,
                                   e.best, e.bound});
    if (!settles) return false;
    ++m_stats.hash_cutoffs;
    const NodeKind kind = classify_node(e.value, alpha0, beta, c);
    m_sink.leave(e.value, e.bound == Bound::exact ? Bound::exact : kind_bound(kind), kind);
    value = e.value;
    return true;
  }

  void record_generation(GreenblattMode mode, int level, const Plausibility& p,
                         const Selection& sel) {
    if constexpr (Sink::enabled) {
      m_sink.record(
          WidthRecord{level, sel.width, sel.distinct_min, sel.safe_pieces, sel.selected, mode});
      for (std::size_t r = 0; r < p.moves.size(); ++r) {
        const PlausibleMove& pm = p.moves[r];
        PlausibleMoveRecord rec;
        rec.gen_index = pm.gen_index;
        rec.plausibility = pm.score;
        rec.move = pm.move.bits();
        rec.reason = sel.reason[r];
        rec.poor = pm.poor;
        rec.check = pm.check;
        rec.safe = pm.safe;
        rec.capture = pm.capture;
        rec.contributions = p.contributions.data() + pm.first;
        rec.contribution_count = pm.count;
        m_sink.record(rec);
      }
    } else {
      (void)mode, (void)level, (void)p, (void)sel;
    }
  }

  // A node that runs the plausible move generator: the basic search, or a feedover.
  Score expand(GreenblattMode mode, int depth, int ply, int feedovers, Score alpha0, Score beta) {
    const chess::Position& pos = m_game.position();
    const auto& legal = m_legal.at(ply);
    Plausibility& plaus = m_plaus.at(static_cast<std::size_t>(ply));
    plausible_moves(pos, legal, false, Sink::enabled, plaus);
    ++m_stats.generations;
    const int level = ply + 1;
    const Selection sel = select_moves(pos, legal, plaus, m_options.widths.at(level),
                                       mode == GreenblattMode::basic && level <= 2);
    record_generation(mode, level, plaus, sel);
    m_sink.expand(static_cast<int>(legal.size()));
    Line& line = m_lines[static_cast<std::size_t>(ply)];
    const Line& reply = m_lines[static_cast<std::size_t>(ply + 1)];
    Score alpha = alpha0, best = -k_score_inf;
    int best_k = -1, best_r = -1, k = 0, missing = 0;
    for (std::size_t r = 0; r < plaus.moves.size(); ++r) {
      Reason why = sel.reason[r];
      if (why == Reason::none) {
        if (missing == 0) continue;
        why = Reason::replacement;
        --missing;
      }
      if (budget_spent()) break;
      const PlausibleMove& pm = plaus.moves[r];
      if (ply == 0 && m_root_move) m_root_move(pm.move, ++m_root_moves_started);
      enter_child(pm.gen_index, pm.move, alpha, beta);
      m_game.make(pm.move);
      const Score x =
          node(depth > 0 ? depth - 1 : 0, ply + 1, feedovers, child_alpha(beta), child_beta(alpha));
      m_game.unmake(pm.move);
      if (m_aborted) break;
      m_sink.child_return(k, x, Bound::exact);
      const Penalty penalty = modification(pos, legal, pm, reply, k, -x);
      const int pen = penalty.points;
      const std::int32_t reasons = penalty.reasons;
      Score v = -x - pen;
      Line candidate;
      candidate.set(pm.move, true, reply);
      if (ply == 0 && m_options.secondary && (best_k < 0 || v > best) && !is_game_result(v)) {
        v = secondary(pm, k, v, pen, reasons, best_k < 0 ? -k_score_inf : alpha, candidate);
        if (m_aborted) break;
        ++k;  // the secondary search was successor k + 1
      }
      // A move that leads to mate against the side to move does not count against the width.
      if ((why == Reason::basic || why == Reason::replacement) && is_mated(v)) {
        ++missing;
        ++m_stats.mate_skips;
        m_sink.record(MateSkipRecord{k, v});
      }
      if (best_k < 0 || v > best) {
        best = v;
        best_k = k;
        best_r = static_cast<int>(r);
        line = candidate;
      }
      m_sink.best_set(k, best, Bound::exact);
      if (m_options.pruning && causes_cutoff(best, beta, m_options.criterion)) {
        ++m_stats.cutoffs;
        if (k == 0) ++m_stats.first_move_cutoffs;
        m_sink.cutoff(k, best);
        ++k;
        break;
      }
      if (m_options.pruning) {
        const Score raised = v > alpha ? v : alpha;
        m_sink.alpha_set(k + 1, raised, raised != alpha);
        alpha = raised;
      }
      ++k;
    }
    if (m_aborted) {
      leave_unknown(best_k >= 0 ? best : 0);
      return best_k >= 0 ? best : 0;
    }
    if (best_k < 0) return leaf(static_value());  // cannot happen: the width is at least 1
    return leave_generated(mode, depth, ply, plaus.moves[static_cast<std::size_t>(best_r)], best,
                           alpha0, beta);
  }

  // A value modification of successor k (value v to the node): its points and reasons, reported.
  Penalty modification(const chess::Position& pos, const std::vector<chess::Move>& legal,
                       const PlausibleMove& pm, const Line& reply, int k, Score v) {
    if (is_game_result(v)) return Penalty{};
    const Penalty penalty = value_penalty(pos, legal, pm, reply, m_options);
    if (penalty.reasons) {
      ++m_stats.modifications;
      m_sink.record(ModificationRecord{k, penalty.points, penalty.reasons});
    }
    return penalty;
  }

  // Leaves a generated node with its best value (best: its best move's plausible record), the
  // basic search's result stored in the table.
  Score leave_generated(GreenblattMode mode, int depth, int ply, const PlausibleMove& best_move,
                        Score best, Score alpha0, Score beta) {
    const NodeKind kind = classify_node(best, alpha0, beta, m_options.criterion);
    if (m_tt && mode == GreenblattMode::basic && depth > 0 &&
        (m_options.pruning || kind == NodeKind::pv)) {
      m_tt->store(m_game.key(), ply, depth, best, kind_bound(kind), best_move.gen_index);
      m_sink.record(TableStoreRecord{depth, best, best_move.gen_index, kind_bound(kind)});
    }
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  // The end of the search: the static value, then the plausible captures and promotions.
  Score capture_search(int ply, int feedovers, Score alpha0, Score beta) {
    const auto& legal = m_legal.at(ply);
    const Score stand = static_value();
    ++m_stats.static_evals;
    Plausibility& plaus = m_plaus.at(static_cast<std::size_t>(ply));
    plausible_moves(m_game.position(), legal, true, Sink::enabled, plaus);
    ++m_stats.capture_generations;
    const int n = static_cast<int>(plaus.moves.size());
    const bool stand_cut = m_options.pruning && causes_cutoff(stand, beta, m_options.criterion);
    m_sink.record(CaptureSearchRecord{stand_cut, stand, n});
    if (n == 0 || stand_cut) return leaf(stand);
    if constexpr (Sink::enabled) {
      Selection sel;
      sel.reason.assign(static_cast<std::size_t>(n), Reason::plausible_capture);
      sel.width = sel.selected = n;
      record_generation(GreenblattMode::capture, ply + 1, plaus, sel);
    }
    m_sink.expand(n);
    Line& line = m_lines[static_cast<std::size_t>(ply)];
    const Line& reply = m_lines[static_cast<std::size_t>(ply + 1)];
    Score best = stand;
    Score alpha = m_options.pruning ? std::max(alpha0, stand) : alpha0;
    int k = 0;
    for (; k < n; ++k) {
      if (budget_spent()) break;
      const PlausibleMove& pm = plaus.moves[static_cast<std::size_t>(k)];
      ++m_stats.capture_nodes;
      enter_child(pm.gen_index, pm.move, alpha, beta);
      m_game.make(pm.move);
      const Score x = node(0, ply + 1, feedovers, child_alpha(beta), child_beta(alpha));
      m_game.unmake(pm.move);
      if (m_aborted) break;
      m_sink.child_return(k, x, Bound::exact);
      if (-x > best) {
        best = -x;
        line.set(pm.move, false, reply);
      }
      m_sink.best_set(k, best, Bound::exact);
      if (m_options.pruning && causes_cutoff(best, beta, m_options.criterion)) {
        ++m_stats.cutoffs;
        if (k == 0) ++m_stats.first_move_cutoffs;
        m_sink.cutoff(k, best);
        break;
      }
      if (m_options.pruning) {
        const Score raised = -x > alpha ? -x : alpha;
        m_sink.alpha_set(k + 1, raised, raised != alpha);
        alpha = raised;
      }
    }
    if (m_aborted) {
      leave_unknown(best);
      return best;
    }
    const NodeKind kind = classify_node(best, alpha0, beta, m_options.criterion);
    m_sink.leave(best, kind_bound(kind), kind);
    return best;
  }

  // The secondary search for root move pm (successor k, first value v after a penalty pen):
  // a new successor k + 1 follows the move's principal variation `line` (pm first) as far as
  // the plausible move generator chose it and searches secondary_depth plies there. Returns
  // the worse of the two values for the side to move; `line` becomes the line of that value.
  Score secondary(const PlausibleMove& pm, int k, Score v, int pen, std::int32_t reasons,
                  Score alpha, Line& line) {
    ++m_stats.secondary_searches;
    const int plies = line.generated_prefix();  // pm itself included
    // The window asks only whether the value falls between the best so far and v.
    const Score a = m_options.pruning ? -v : -k_score_inf;
    const Score b = m_options.pruning && alpha > -k_score_inf ? -alpha : k_score_inf;
    m_in_secondary = true;
    if constexpr (Sink::enabled) {
      m_sink.enter(pm.gen_index, a, b);
      const std::string label = m_game.move_label(pm.move);
      m_sink.label(label);
      m_sink.record(SecondaryRecord{plies, v});
    }
    m_game.make(pm.move);
    const Line followed = line;
    const Score x = chain(followed, 1, plies, 1, a, b);
    m_game.unmake(pm.move);
    m_in_secondary = false;
    if (m_aborted) return v;
    m_sink.child_return(k + 1, x, Bound::exact);
    // The first value's penalty, but never on a finished game: a mate found by the secondary
    // search keeps its distance (a penalty of 4 made "mated in 1" read as mated in -1 plies,
    // UCI's "score mate 0").
    const bool penalised = reasons && !is_game_result(-x);
    if (penalised) m_sink.record(ModificationRecord{k + 1, pen, reasons});
    const Score v2 = penalised ? -x - pen : -x;
    m_sink.record(SecondaryResultRecord{k + 1, v, v2});
    if (v2 < v) {
      ++m_stats.secondary_changes;
      line.set(pm.move, true, m_lines[1]);
      return v2;
    }
    return v;
  }

  // A node of the secondary search at followed.moves[i] (entered by the caller): it plays the
  // next move of the line, or at the end of the generated part searches secondary_depth plies.
  Score chain(const Line& followed, int i, int plies, int ply, Score alpha0, Score beta) {
    if (i >= plies || ply >= GreenblattOptions::k_max_ply) {
      const Score v = node(m_options.secondary_depth, ply, 0, alpha0, beta);
      return v;
    }
    if (!open_node(ply)) return 0;  // m_in_secondary is set: counted as a secondary node
    auto& legal = m_legal.at(ply);
    m_game.moves(legal);
    const Move m = followed.moves[i];
    const auto it = std::find(legal.begin(), legal.end(), m);
    if (it == legal.end())
      return leaf(m_game.evaluate());  // the line ends here (a draw by repetition)
    m_sink.expand(static_cast<int>(legal.size()));
    enter_child(static_cast<int>(it - legal.begin()), m, alpha0, beta);
    m_game.make(m);
    const Score x = chain(followed, i + 1, plies, ply + 1, child_alpha(beta), child_beta(alpha0));
    m_game.unmake(m);
    if (m_aborted) {
      leave_unknown(0);
      return 0;
    }
    m_sink.child_return(0, x, Bound::exact);
    const Score v = -x;
    m_sink.best_set(0, v, Bound::exact);
    if (m_options.pruning && causes_cutoff(v, beta, m_options.criterion)) {
      m_sink.cutoff(0, v);
    } else if (m_options.pruning) {
      m_sink.alpha_set(1, std::max(alpha0, v), v > alpha0);
    }
    m_lines[static_cast<std::size_t>(ply)].set(m, true, m_lines[static_cast<std::size_t>(ply + 1)]);
    const NodeKind kind = classify_node(v, alpha0, beta, m_options.criterion);
    m_sink.leave(v, kind_bound(kind), kind);
    return v;
  }

  ChessGame& m_game;
  Sink& m_sink;
  GreenblattOptions m_options;
  TranspositionTable* m_tt;
  long long m_budget;
  const std::atomic<bool>* m_stop = nullptr;
  std::function<void(chess::Move, int)> m_root_move;
  int m_root_moves_started = 0;
  bool m_timed = false;
  std::chrono::steady_clock::time_point m_deadline{};
  MoveStack<Move> m_legal;
  std::deque<Plausibility> m_plaus = std::deque<Plausibility>(GreenblattOptions::k_max_ply + 2);
  std::vector<Line> m_lines;
  bool m_settle_root = true;
  GreenblattStats m_stats;
  bool m_aborted = false;
  bool m_in_secondary = false;
};

}  // namespace kibitz::greenblatt
