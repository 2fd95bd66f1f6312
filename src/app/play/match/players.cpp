// The players `kibitz match` knows, and the spec parser (player.hpp says how to add one).
#include <cerrno>
#include <cstdlib>

#include "app/play/match/player.hpp"
#include "core/error.hpp"
#include "search/alphabeta.hpp"
#include "search/interest.hpp"
#include "session/domains.hpp"

namespace kibitz::match {

std::unique_ptr<Player> make_greenblatt_player(const PlayerOptions& o);  // greenblatt_player.cpp

namespace {

constexpr int k_max_iterations = 64;
constexpr int k_max_extension = 64;  // as the interest search's option "extension"

// A player for every game of domains.hpp that plays a forced move at once and may keep a
// transposition table through its game. Derived::search(g, moves, budget, out) chooses among
// two or more moves; out starts at the first move, 0 nodes.
template <class Derived>
class GamePlayer : public Player {
 public:
  MoveChoice choose(const std::string& game, const std::string& position,
                    const Budget& budget) override {
    return visit_game(game, position, [&](auto& g) {
      std::vector<typename std::decay_t<decltype(g)>::Move> moves;
      g.moves(moves);
      MoveChoice out;
      out.move_index = 0;
      // A forced move is played at once.
      if (moves.size() > 1) static_cast<Derived*>(this)->search(g, moves, budget, out);
      return out;
    });
  }

 protected:
  // The table of `entries` for game G, made on first use; none for a game without keys or
  // with 0 entries.
  template <class G>
  TranspositionTable* table(long long entries) {
    if constexpr (has_key<G>::value) {
      if (entries > 0) {
        if (!m_table)
          m_table = std::make_unique<TranspositionTable>(static_cast<std::size_t>(entries));
        return m_table.get();
      }
    }
    return nullptr;
  }

 private:
  std::unique_ptr<TranspositionTable> m_table;
};

// Iterative deepening alpha-beta (search! with the transposition table of tt_support.hpp),
// its root move loop here so that it knows its best move: depth=D, tt=ENTRIES, criterion.
class AlphaBetaPlayer : public GamePlayer<AlphaBetaPlayer> {
 public:
  explicit AlphaBetaPlayer(const PlayerOptions& o)
      : m_depth(static_cast<int>(o.integer("depth", 4, 1, k_max_iterations))),
        m_tt_entries(o.integer("tt", 1 << 16, 0, 1 << 24)),
        m_criterion(o.text("criterion", "gt") == "ge" ? Criterion::ge : Criterion::gt) {
    const std::string c = o.text("criterion", "gt");
    if (c != "gt" && c != "ge")
      throw InputError("player " + o.spec() + ": criterion must be gt or ge");
    o.finish();
  }

 private:
  friend class GamePlayer<AlphaBetaPlayer>;

  template <class G>
  void search(G& g, const std::vector<typename G::Move>& moves, const Budget& budget,
              MoveChoice& out) {
    TranspositionTable* const tt = table<G>(m_tt_entries);
    const int max_depth = budget.nodes > 0 || budget.time_ms > 0 ? k_max_iterations
                          : budget.depth > 0                     ? budget.depth
                                                                 : m_depth;
    const int n = static_cast<int>(moves.size());
    const long long cap = move_node_limit(budget);
    int best = 0;
    NullSink none;
    for (int d = 1; d <= max_depth; ++d) {
      if (cap > 0 && out.nodes >= cap) break;
      ++out.nodes;  // the root
      Score alpha = -k_score_inf;
      int it_best = -1;
      bool aborted = false;
      for (int k = 0; k < n; ++k) {
        const int i = k == 0 ? best : (k <= best ? k - 1 : k);  // last iteration's best first
        SearchOptions options;
        options.tt = tt;
        options.stop = budget.stop;
        if (cap > 0) {
          options.node_budget = cap - out.nodes;
          if (options.node_budget <= 0) {
            aborted = true;
            break;
          }
        }
        const auto m = moves[static_cast<std::size_t>(i)];
        g.make(m);
        AlphaBeta<G> ab(g, none, m_criterion, options);
        const Score v = -ab.run(d - 1, -k_score_inf, -alpha);
        g.unmake(m);
        out.nodes += ab.stats().nodes;
        if (ab.aborted()) {
          aborted = true;
          break;
        }
        if (v > alpha) {  // fail-soft: v <= alpha only bounds a worse move
          alpha = v;
          it_best = i;
        }
      }
      if (aborted) {
        out.capped = reached_cap(budget, out.nodes);
        break;
      }
      best = it_best;
      out.move_index = it_best;
      out.value = alpha;
      if (is_game_result(alpha) && alpha > 0) break;  // a forced win: deeper cannot do better
    }
  }

  int m_depth;
  long long m_tt_entries;
  Criterion m_criterion;
};

// Interest search (search/interest.hpp). Iteration i has nominal depth min(i, depth)
// (deepen=on, the default) and limit start * factor^(i-1); there are `depth` iterations unless
// iterations=N says otherwise (more iterations than the depth: the limit grows on at the last
// nominal depth). limit=L gives every iteration the same limit (limit=inf: interest off,
// iterative deepening in interest order); limits=A/B/C lists them. cap=none: the limit alone
// ends lines (the safety horizon of 64 plies; the chess term beyond_depth thins them past the
// nominal depth); cap=depth: lines end at the nominal depth + ext; cap=auto (the default): none
// when every limit is finite and ext=0. start=auto (the default) is twice the cost of the
// root's cheapest move. Also tallies, similarity, tt.
class InterestPlayer : public GamePlayer<InterestPlayer> {
 public:
  explicit InterestPlayer(const PlayerOptions& o)
      : m_depth(static_cast<int>(o.integer("depth", 4, 1, k_max_iterations))),
        m_extension(static_cast<int>(o.integer("ext", 0, 0, k_max_extension))),
        m_deepen(o.on_off("deepen", true)),
        m_iterations(
            static_cast<int>(o.integer("iterations", m_deepen ? m_depth : 4, 1, k_max_iterations))),
        m_tt_entries(o.integer("tt", 1 << 16, 0, 1 << 24)) {
    const std::string tallies = o.text("tallies", "split");
    if (tallies != "split" && tallies != "joint")
      throw InputError("tallies must be split or joint, not '" + tallies + "'");
    m_tallies = tallies == "split" ? Tallies::split : Tallies::joint;
    m_similarity = o.on_off("similarity", false);
    m_cap_what = "player " + o.spec() + ": cap=none";
    m_cap = parse_depth_cap(o.text("cap", "auto"), "player " + o.spec() + ": cap");
    if (m_cap == DepthCap::none) resolve_uncapped(m_cap, {}, m_extension, true, m_cap_what);
    const std::string start = o.text("start", "auto");
    const std::string factor = o.text("factor", "2");
    const std::string limit = o.text("limit", "");
    const std::string limits = o.text("limits", "");
    if (!limit.empty() + !limits.empty() + (o.has("start") || o.has("factor")) > 1) {
      throw InputError("player " + o.spec() + ": give one of limit=, limits= and start=/factor=");
    }
    m_factor_milli = parse_factor_milli(factor);
    if (start != "auto") m_start = parse_limit_list(start).front();
    if (!limit.empty()) m_fixed = parse_limit_list(limit).front();
    if (!limits.empty()) {
      std::string list = limits;
      for (char& c : list) c = c == '/' ? ',' : c;
      m_list = parse_limit_list(list);
    }
    o.finish();
  }

 private:
  friend class GamePlayer<InterestPlayer>;

  template <class G>
  void search(G& g, const std::vector<typename G::Move>&, const Budget& budget, MoveChoice& out) {
    InterestParams p;
    const bool open_budget = budget.nodes > 0 || budget.time_ms > 0;
    p.depth = open_budget ? k_max_iterations : budget.depth > 0 ? budget.depth : m_depth;
    p.extension = m_extension;
    p.deepen = m_deepen;
    p.tallies = m_tallies;
    p.similarity = m_similarity;
    p.node_budget = move_node_limit(budget);
    p.stop = budget.stop;
    p.tt = table<G>(m_tt_entries);
    // How many iterations: the player's count (the depth when deepening, unless iterations=
    // says more); all that fit under a node, time or limit budget.
    int iterations = budget.depth > 0 && m_deepen ? budget.depth : m_iterations;
    if (open_budget || budget.limit > 0) iterations = k_max_iterations;
    if (!m_list.empty()) {
      p.limits = m_list;
      if (budget.nodes == 0 && budget.limit == 0 && static_cast<int>(p.limits.size()) > iterations)
        p.limits.resize(static_cast<std::size_t>(iterations));
    } else if (m_fixed >= 0) {
      p.limits.assign(static_cast<std::size_t>(iterations), m_fixed);
    } else {
      std::int64_t start = m_start;
      if (start < 0) {
        NullSink none;
        start = 2 * InterestSearch<G>(g, none, p).root_min_cost();
      }
      p.limits = growth_limits(start, m_factor_milli, iterations);
    }
    if (budget.limit > 0) {
      std::size_t keep = 0;
      while (keep < p.limits.size() && p.limits[keep] <= budget.limit) ++keep;
      p.limits.resize(std::max<std::size_t>(keep, 1));
    }
    p.safety_horizon = uncapped(p.limits, open_budget) ? k_safety_horizon : 0;
    NullSink none;
    InterestSearch<G> s(g, none, p);
    const Score value = s.run();
    out.nodes = s.stats().nodes;
    out.capped = reached_cap(budget, out.nodes);
    if (s.best_move() >= 0) {
      out.move_index = s.best_move();
      out.value = value;
    }
    for (const InterestIteration& it : s.iterations())
      if (it.completed) out.depth = it.depth;
  }

  // Whether lines end only where the limit ends them (search/interest_cost.hpp, [depth cap]);
  // a grown schedule under a node or time budget drops its unlimited tail first (the budget
  // ends the search long before).
  bool uncapped(std::vector<std::int64_t>& limits, bool open_budget) const {
    const bool may_uncap =
        m_cap == DepthCap::none || (m_cap == DepthCap::automatic && m_extension == 0);
    if (open_budget && may_uncap && m_fixed < 0 && m_list.empty()) {
      std::size_t keep = 0;
      while (keep < limits.size() && limits[keep] < k_limit_inf) ++keep;
      limits.resize(std::max<std::size_t>(keep, 1));
    }
    return resolve_uncapped(m_cap, limits, m_extension, true, m_cap_what);
  }

  int m_depth, m_extension;
  bool m_deepen;
  int m_iterations;
  long long m_tt_entries;
  Tallies m_tallies = Tallies::split;
  bool m_similarity = false;
  DepthCap m_cap = DepthCap::automatic;
  std::string m_cap_what;
  std::int64_t m_factor_milli = 2000, m_start = -1, m_fixed = -1;
  std::vector<std::int64_t> m_list;
};

std::unique_ptr<Player> make_alphabeta(const PlayerOptions& o) {
  return std::make_unique<AlphaBetaPlayer>(o);
}
std::unique_ptr<Player> make_interest(const PlayerOptions& o) {
  return std::make_unique<InterestPlayer>(o);
}

// One line per player.
const std::vector<PlayerEntry> k_players = {
    {"greenblatt",
     "the Greenblatt chess program (chess only): depth=D (3), "
     "widths=normal|tournament|15/15/9/9/7, feedover=N",
     make_greenblatt_player},
    {"alphabeta", "iterative deepening alpha-beta: depth=D (4), tt=ENTRIES, criterion=gt|ge",
     make_alphabeta},
    {"interest",
     "interest search: depth=D (4), start=auto|S, factor=F (2) | limit=L|inf | limits=A/B/C, "
     "iterations=N (D), cap=auto|depth|none, ext=E (0), deepen=on|off, tallies=split|joint, "
     "similarity=on|off, tt=ENTRIES",
     make_interest},
};

}  // namespace

PlayerOptions PlayerOptions::parse(const std::string& spec) {
  PlayerOptions o;
  o.m_spec = spec;
  const std::size_t colon = spec.find(':');
  o.m_name = spec.substr(0, colon);
  if (o.m_name.empty())
    throw InputError("player spec '" + spec + "' has no name (e.g. interest:depth=4)");
  if (colon == std::string::npos) return o;
  const std::string rest = spec.substr(colon + 1);
  std::size_t pos = 0;
  while (pos <= rest.size()) {
    const std::size_t comma = std::min(rest.find(',', pos), rest.size());
    const std::string item = rest.substr(pos, comma - pos);
    pos = comma + 1;
    const std::size_t eq = item.find('=');
    if (item.empty() || eq == std::string::npos || eq == 0) {
      throw InputError("player spec '" + spec + "': '" + item + "' should be key=value");
    }
    const std::string key = item.substr(0, eq);
    if (o.m_values.count(key))
      throw InputError("player spec '" + spec + "': " + key + " is given twice");
    o.m_values[key] = item.substr(eq + 1);
    if (comma >= rest.size()) break;
  }
  return o;
}

long long PlayerOptions::integer(const std::string& key, long long fallback, long long lo,
                                 long long hi) const {
  m_read.insert(key);
  auto it = m_values.find(key);
  if (it == m_values.end()) return fallback;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(it->second.c_str(), &end, 10);
  if (it->second.empty() || *end || errno == ERANGE || v < lo || v > hi) {
    throw InputError("player " + m_spec + ": " + key + " must be an integer from " +
                     std::to_string(lo) + " to " + std::to_string(hi) + ", not '" + it->second +
                     "'");
  }
  return v;
}

std::string PlayerOptions::text(const std::string& key, const std::string& fallback) const {
  m_read.insert(key);
  auto it = m_values.find(key);
  return it == m_values.end() ? fallback : it->second;
}

bool PlayerOptions::on_off(const std::string& key, bool fallback) const {
  m_read.insert(key);
  auto it = m_values.find(key);
  if (it == m_values.end()) return fallback;
  const std::string& v = it->second;
  if (v == "on" || v == "true" || v == "1") return true;
  if (v == "off" || v == "false" || v == "0") return false;
  throw InputError("player " + m_spec + ": " + key + " must be on or off, not '" + v + "'");
}

void PlayerOptions::finish() const {
  for (const auto& [key, value] : m_values) {
    if (!m_read.count(key)) throw InputError("player " + m_spec + ": unknown option '" + key + "'");
  }
}

const std::vector<PlayerEntry>& player_registry() {
  return k_players;
}

std::unique_ptr<Player> make_player(const std::string& spec) {
  const PlayerOptions o = PlayerOptions::parse(spec);
  std::string names;
  for (const PlayerEntry& e : k_players) {
    if (o.name() == e.name) return e.make(o);
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  }
  throw InputError("unknown player '" + o.name() + "' (" + names + ")");
}

}  // namespace kibitz::match
