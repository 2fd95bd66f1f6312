#include "search/greenblatt/greenblatt.hpp"

#include <chrono>

#include "games/chess/notation.hpp"
#include "search/greenblatt/greenblatt_search.hpp"

namespace kibitz::greenblatt {

namespace {

// The choice's move and principal variation: the search's line, continued with the hash
// table's best moves where a stored result cut it short (up to `depth` plies in all).
void fill_line(GreenblattChoice& c, const ChessGame& root, const Line& line,
               const TranspositionTable* table, int depth) {
  c.pv.clear();
  c.pv_uci.clear();
  ChessGame g = root;
  for (int i = 0; i < line.length; ++i) {
    c.pv.push_back(line.moves[i]);
    g.make(line.moves[i]);
  }
  std::vector<chess::Move> moves;
  while (table && static_cast<int>(c.pv.size()) < depth) {
    TtEntry e;
    if (!table->probe(g.key(), static_cast<int>(c.pv.size()), e) || e.best < 0) break;
    g.moves(moves);
    if (e.best >= static_cast<int>(moves.size())) break;
    c.pv.push_back(moves[static_cast<std::size_t>(e.best)]);
    g.make(c.pv.back());
  }
  for (const chess::Move m : c.pv) c.pv_uci.push_back(chess::to_uci(m));
  if (!c.pv.empty()) {
    c.move = c.pv.front();
    c.uci = c.pv_uci.front();
    c.san = chess::to_san(root.position(), c.move);
  }
}

}  // namespace

GreenblattChoice choose_move(const ChessGame& game, const GreenblattOptions& options,
                             const GreenblattBudget& budget, int hash_entries,
                             const std::function<void(const GreenblattChoice&)>& on_depth) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  ChessGame g = game;
  g.make_root();
  GreenblattChoice choice;
  std::vector<chess::Move> legal;
  g.moves(legal);
  if (legal.empty()) {
    choice.value = g.evaluate();
    return choice;
  }
  TranspositionTable table(static_cast<std::size_t>(hash_entries > 0 ? hash_entries : 1));
  const bool limited = budget.nodes > 0 || budget.seconds > 0;
  const int max_depth = budget.depth > 0 ? budget.depth : (limited ? 64 : 3);
  for (int d = 1; d <= max_depth; ++d) {
    const long long nodes_left = budget.nodes > 0 ? budget.nodes - choice.nodes : 0;
    const double seconds_left = budget.seconds > 0 ? budget.seconds - elapsed() : 0;
    if ((budget.nodes > 0 && nodes_left <= 0) || (budget.seconds > 0 && seconds_left <= 0)) break;
    if (stop_requested(budget.stop)) break;
    NullSink sink;
    GreenblattSearch<NullSink> search(g, sink, options, hash_entries > 0 ? &table : nullptr,
                                      nodes_left, seconds_left);
    search.stop_on(budget.stop);
    search.on_root_move(budget.on_root_move);
    const Score v = search.run(d);
    choice.stats.add(search.stats());
    choice.nodes += search.stats().nodes;
    if (search.aborted()) {
      // A depth cut short: its best move so far is used only if no depth finished.
      if (choice.depth == 0 && search.principal_variation().length > 0) {
        fill_line(choice, g, search.principal_variation(), nullptr, 0);
      }
      break;
    }
    choice.value = v;
    choice.depth = d;
    fill_line(choice, g, search.principal_variation(), hash_entries > 0 ? &table : nullptr, d);
    choice.seconds = elapsed();
    if (on_depth) on_depth(choice);
    if (is_game_result(v) && v > 0) break;  // a forced mate: deeper cannot do better
    if (budget.seconds > 0 && elapsed() > budget.seconds / 2)
      break;  // the next depth would not finish
  }
  if (choice.move.is_null()) {
    // Nothing finished at all: the most plausible move.
    Plausibility p;
    plausible_moves(g.position(), legal, false, false, p);
    choice.move = p.moves.front().move;
    choice.uci = chess::to_uci(choice.move);
    choice.san = chess::to_san(g.position(), choice.move);
    choice.pv = {choice.move};
    choice.pv_uci = {choice.uci};
  }
  choice.seconds = elapsed();
  return choice;
}

}  // namespace kibitz::greenblatt
