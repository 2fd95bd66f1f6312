#include "app/play/uci/uci_searchers.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "app/play/match/player.hpp"
#include "core/error.hpp"
#include "games/chess/notation.hpp"
#include "search/alphabeta.hpp"
#include "search/greenblatt/greenblatt.hpp"
#include "search/pvs.hpp"
#include "search/transposition_table.hpp"
#include "session/budgets.hpp"

namespace kibitz::uci {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Table entries for a Hash size in megabytes (the UCI convention), at most a quarter of the
// memory available (budgets.hpp): a GUI's "Hash 4096" on a small machine must not exhaust it.
std::size_t entries_for(long long megabytes) {
  const std::uint64_t bytes =
      std::min<std::uint64_t>(static_cast<std::uint64_t>(megabytes) << 20, available_memory() / 4);
  return static_cast<std::size_t>(std::max<std::uint64_t>(1, bytes / sizeof(TtEntry)));
}

long long parse_megabytes(const std::string& value) {
  char* end = nullptr;
  const long long mb = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end || mb < 1 || mb > 4096)
    throw InputError("Hash must be between 1 and 4096 (megabytes), not '" + value + "'");
  return mb;
}

class GreenblattSearcher : public Searcher {
 public:
  GreenblattSearcher() { m_options.widths = greenblatt::WidthSchedule::tournament(); }
  const char* name() const override { return "greenblatt"; }

  Choice choose(const ChessGame& game, const Limits& limits,
                const std::function<void(const DepthReport&)>& on_depth) override {
    greenblatt::GreenblattBudget budget;
    budget.depth = limits.depth > 0
                       ? limits.depth
                       : (limits.nodes > 0 || limits.seconds > 0 ? 0 : k_default_depth);
    if (limits.unlimited) budget.depth = 64;
    budget.nodes = limits.nodes;
    budget.seconds = limits.seconds;
    budget.stop = limits.stop;
    if (limits.on_currmove) {
      budget.on_root_move = [&](chess::Move m, int number) {
        limits.on_currmove(chess::to_uci(m), number);
      };
    }
    auto report = [](const greenblatt::GreenblattChoice& c) {
      DepthReport r;
      r.depth = c.depth;
      r.value = c.value;
      r.nodes = c.nodes;
      r.seconds = c.seconds;
      r.pv = c.pv_uci;
      r.seldepth = static_cast<int>(r.pv.size());
      return r;
    };
    const greenblatt::GreenblattChoice c = greenblatt::choose_move(
        game, m_options, budget,
        static_cast<int>(std::min<std::size_t>(entries_for(m_hash_mb), 1u << 26)),
        [&](const greenblatt::GreenblattChoice& d) {
          if (on_depth) on_depth(report(d));
        });
    Choice out;
    out.move = c.move;
    out.last = report(c);
    return out;
  }

  bool set_option(const std::string& name, const std::string& value) override {
    if (name == "hash") {
      m_hash_mb = parse_megabytes(value);
    } else if (name == "widths") {
      m_options.widths = greenblatt::WidthSchedule::parse(value);
    } else if (name == "feedover") {
      char* end = nullptr;
      const long v = std::strtol(value.c_str(), &end, 10);
      if (value.empty() || *end || v < 0 || v > greenblatt::GreenblattOptions::k_max_feedover) {
        throw InputError("Feedover must be between 0 and " +
                         std::to_string(greenblatt::GreenblattOptions::k_max_feedover) + ", not '" +
                         value + "'");
      }
      m_options.feedover_limit = static_cast<int>(v);
    } else if (name == "secondary") {
      if (value != "true" && value != "false")
        throw InputError("Secondary must be true or false, not '" + value + "'");
      m_options.secondary = value == "true";
    } else {
      return false;
    }
    return true;
  }

  std::vector<std::string> option_lines() const override {
    return {"option name Hash type spin default 1 min 1 max 4096",
            "option name Widths type string default tournament",
            "option name Feedover type spin default 2 min 0 max " +
                std::to_string(greenblatt::GreenblattOptions::k_max_feedover),
            "option name Secondary type check default true"};
  }

 private:
  static constexpr int k_default_depth = 4;
  greenblatt::GreenblattOptions m_options;
  long long m_hash_mb = 1;  // 1 MB: 32,768 entries, the paper's table
};

// Plain alpha-beta or principal variation search with iterative deepening and the table. The
// root's move and the principal variation are read from the table; the session's clock and
// "stop" end a depth through limits.stop (a finished depth's move is played).
template <template <class, class> class Search>
class DepthFirstSearcher : public Searcher {
 public:
  explicit DepthFirstSearcher(const char* name) : m_name(name) {}
  const char* name() const override { return m_name; }

  Choice choose(const ChessGame& game, const Limits& limits,
                const std::function<void(const DepthReport&)>& on_depth) override {
    const auto start = Clock::now();
    ChessGame g = game;
    g.make_root();
    Choice out;
    std::vector<chess::Move> root_moves;
    g.moves(root_moves);
    if (root_moves.empty()) return out;
    TranspositionTable table(entries_for(m_hash_mb));
    const bool limited = limits.nodes > 0 || limits.seconds > 0 || limits.unlimited;
    const int max_depth = limits.depth > 0 ? limits.depth : (limited ? 64 : k_default_depth);
    long long total = 0;
    for (int d = 1; d <= max_depth; ++d) {
      if (stop_requested(limits.stop)) break;
      if (limits.seconds > 0 && since(start) > limits.seconds * 0.6)
        break;  // the next won't finish
      SearchOptions options;
      options.tt = &table;
      options.stop = limits.stop;
      long long budget = limits.nodes > 0 ? limits.nodes - total : 0;
      if (limits.nodes > 0 && budget <= 0) break;
      options.node_budget = budget;
      if (limits.on_currmove) {
        options.on_root_move = [&](int index, int number) {
          limits.on_currmove(chess::to_uci(root_moves[static_cast<std::size_t>(index)]), number);
        };
      }
      NullSink sink;
      Search<ChessGame, NullSink> search(g, sink, Criterion::ge, options);
      const Score v = search.run(d);
      total += search.stats().nodes;
      if (search.aborted()) break;
      DepthReport r;
      r.depth = d;
      r.value = v;
      r.nodes = total;
      r.seconds = since(start);
      r.hashfull = table.per_mille_used();
      const chess::Move best = table_line(g, table, d + 8, r.pv);
      r.seldepth = std::max(d, static_cast<int>(r.pv.size()));
      if (best.is_null()) break;
      out.move = best;
      out.last = r;
      if (on_depth) on_depth(r);
      if (is_game_result(v) && v > 0) break;
    }
    if (out.move.is_null()) {
      out.move = root_moves.front();  // nothing finished: captures come first in the game's order
      out.last.pv = {chess::to_uci(out.move)};
    }
    out.last.nodes = total;
    out.last.seconds = since(start);
    return out;
  }

  bool set_option(const std::string& name, const std::string& value) override {
    if (name != "hash") return false;
    m_hash_mb = parse_megabytes(value);
    return true;
  }
  std::vector<std::string> option_lines() const override {
    return {"option name Hash type spin default 16 min 1 max 4096"};
  }

 private:
  // The best moves stored from the root on; returns the root's.
  static chess::Move table_line(const ChessGame& root, const TranspositionTable& table, int max_len,
                                std::vector<std::string>& pv) {
    ChessGame g = root;
    std::vector<chess::Move> moves;
    chess::Move first;
    for (int i = 0; i < max_len; ++i) {
      TtEntry e;
      if (!table.probe(g.key(), i, e) || e.best < 0) break;
      g.moves(moves);
      if (e.best >= static_cast<int>(moves.size())) break;
      const chess::Move m = moves[static_cast<std::size_t>(e.best)];
      if (i == 0) first = m;
      pv.push_back(chess::to_uci(m));
      g.make(m);
    }
    return first;
  }

  static constexpr int k_default_depth = 6;
  const char* m_name;
  long long m_hash_mb = 16;
};

// Interest search as `kibitz match` plays it (the "interest" player of match/players.cpp):
// the Player option is the player's spec ("depth=4,ext=1,start=auto"). A time limit becomes
// a node budget from the speed of the moves before. One info line per move: the player does
// not report its iterations.
class InterestSearcher : public Searcher {
 public:
  const char* name() const override { return "interest"; }

  Choice choose(const ChessGame& game, const Limits& limits,
                const std::function<void(const DepthReport&)>& on_depth) override {
    const auto start = Clock::now();
    match::Budget budget;
    budget.depth = limits.depth;
    budget.nodes = limits.nodes;
    budget.stop = limits.stop;
    if (limits.seconds > 0) {
      const auto by_time =
          std::max(1LL, static_cast<long long>(limits.seconds * m_nodes_per_second));
      budget.nodes = budget.nodes > 0 ? std::min(budget.nodes, by_time) : by_time;
    }
    const std::string text = m_position_text.empty() ? game.position_text() : m_position_text;
    const match::MoveChoice c = match::make_player(player_spec())->choose("chess", text, budget);
    Choice out;
    ChessGame g = game;
    std::vector<chess::Move> moves;
    g.moves(moves);
    if (c.move_index < 0 || c.move_index >= static_cast<int>(moves.size())) return out;
    out.move = moves[static_cast<std::size_t>(c.move_index)];
    out.last.depth = c.depth;
    out.last.value = c.value;
    out.last.nodes = c.nodes;
    out.last.seconds = since(start);
    out.last.pv = {chess::to_uci(out.move)};
    if (out.last.seconds > 0.01 && c.nodes > 0)
      m_nodes_per_second = static_cast<double>(c.nodes) / out.last.seconds;
    if (on_depth) on_depth(out.last);
    return out;
  }

  bool set_option(const std::string& name, const std::string& value) override {
    if (name == "hash") {  // the player's table: tt=ENTRIES (at most 2^24)
      m_tt = std::min<long long>(static_cast<long long>(entries_for(parse_megabytes(value))),
                                 1LL << 24);
      return true;
    }
    if (name != "player") return false;
    const std::string before = m_options;
    m_options = value;
    try {
      match::make_player(player_spec());  // refuses a bad spec now, not at the next go
    } catch (const InputError&) {
      m_options = before;
      throw;
    }
    return true;
  }
  std::vector<std::string> option_lines() const override {
    return {"option name Hash type spin default 2 min 1 max 4096",
            "option name Player type string default " + m_options};
  }

 private:
  std::string player_spec() const {
    std::string spec = m_options.empty() ? "interest" : "interest:" + m_options;
    if (m_tt > 0 && m_options.find("tt=") == std::string::npos)
      spec += (m_options.empty() ? ":" : ",") + std::string("tt=") + std::to_string(m_tt);
    return spec;
  }
  std::string m_options = "depth=4";
  long long m_tt = 0;  // from Hash; 0: the player's default (2^16 entries, about 2 MB)
  double m_nodes_per_second = 200'000.0;
};

}  // namespace

std::unique_ptr<Searcher> make_searcher(const std::string& algo) {
  if (algo == "greenblatt") return std::make_unique<GreenblattSearcher>();
  if (algo == "alphabeta") return std::make_unique<DepthFirstSearcher<AlphaBeta>>("alphabeta");
  if (algo == "pvs") return std::make_unique<DepthFirstSearcher<Pvs>>("pvs");
  if (algo == "interest") return std::make_unique<InterestSearcher>();
  throw InputError("unknown algorithm '" + algo +
                   "' for UCI (greenblatt, alphabeta, pvs, interest)");
}

}  // namespace kibitz::uci
