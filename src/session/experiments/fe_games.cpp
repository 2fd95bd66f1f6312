// The tournaments of 002_... section 5 (Figure 3): forward estimation plays alpha-beta.
//
// Rules (the report's, after Korf and Chickering): every game is played twice, each player
// MAX once; a game runs until a leaf, whose static value is the outcome (MAX's point of view);
// the winner of a pair is the player that was MAX in the game with the larger outcome, equal
// outcomes tie. Both players start at horizon 1; after each tournament, whichever generated
// fewer nodes in it searches one ply deeper in the next (alpha-beta on a tie).
//
// (a) Random trees: d = 100, branching uniform in 1..9 (mean 5), edges in {-32767, ..., 32768};
//     100 pairs, one tree per pair; FE with on-line bounds and conditions (3), delta 1.0 and 0.5.
// (b) Othello: one pair per opening of four plies (all 244); FE with off-line bounds learned
//     from 10 random games and conditions (2), the likely increment and decrement.
//
// A player's score is (wins + ties / 2) / pairs. Horizons are decided by nodes generated (the
// report used CPU time for Othello), so the runs are deterministic.
#include <algorithm>

#include "games/othello/othello.hpp"
#include "search/forward_estimation.hpp"
#include "session/experiments/fe_experiments.hpp"

namespace kibitz {

namespace {

struct Player {
  bool fe = false;
  FeConfig config;  // bounds from the reference side's point of view (MAX at the tree root, black)
  int horizon = 1;
};

struct GameResult {
  std::int64_t outcome = 0;     // MAX's point of view
  long long nodes[2] = {0, 0};  // by player: 0 = FE, 1 = alpha-beta
};

// One search by `p` from the game's position; returns the generation index of its move.
template <class Game>
int choose(Game& g, const Player& p, bool reference_to_move, long long& nodes) {
  FeConfig c = p.fe ? p.config : FeConfig{};
  if (!p.fe) c.enabled = false;
  if (c.bounds.known && !reference_to_move) c.bounds = c.bounds.flipped();
  NullSink sink;
  ForwardEstimation<Game> s(g, sink, Criterion::ge, c);
  s.run(p.horizon);
  nodes += nodes_generated(s.stats());
  return s.best_move();
}

// players[0] is FE, players[1] alpha-beta; max_player says which of them is MAX.
GameResult play_tree(const RandomTreeParams& tree, const Player players[2], int max_player) {
  RandomTreeGame g(tree);
  GameResult r;
  std::vector<RandomTreeGame::Move> moves;
  for (;;) {
    g.moves(moves);
    if (moves.empty()) break;
    const bool max_to_move = g.depth() % 2 == 0;
    const int who = max_to_move ? max_player : 1 - max_player;
    const int i = choose(g, players[who], max_to_move, r.nodes[who]);
    g.make(moves[static_cast<std::size_t>(i)]);
  }
  r.outcome = g.cost();
  return r;
}

GameResult play_othello(const std::vector<OthelloGame::Move>& opening, const Player players[2],
                        int max_player) {
  OthelloGame g;
  for (auto m : opening) g.make(m);
  const bool max_is_black = g.black_to_move();
  GameResult r;
  std::vector<OthelloGame::Move> moves;
  for (;;) {
    g.moves(moves);
    if (moves.empty()) break;
    const bool max_to_move = g.black_to_move() == max_is_black;
    const int who = max_to_move ? max_player : 1 - max_player;
    // Off-line bounds were learned with black as MAX.
    const int i = choose(g, players[who], g.black_to_move(), r.nodes[who]);
    g.make(moves[static_cast<std::size_t>(i)]);
  }
  const std::int64_t black = oth::popcount(g.black()), white = oth::popcount(g.white());
  r.outcome = max_is_black ? black - white : white - black;
  return r;
}

std::vector<std::vector<OthelloGame::Move>> othello_openings(int plies) {
  std::vector<std::vector<OthelloGame::Move>> out;
  std::vector<OthelloGame::Move> line;
  OthelloGame g;
  auto walk = [&](auto&& self, int left) -> void {
    if (left == 0) {
      out.push_back(line);
      return;
    }
    std::vector<OthelloGame::Move> moves;
    g.moves(moves);
    for (auto m : moves) {
      g.make(m);
      line.push_back(m);
      self(self, left - 1);
      line.pop_back();
      g.unmake(m);
    }
  };
  walk(walk, plies);
  return out;
}

struct Variant {
  std::string domain;  // "random" or "othello"
  std::string name;    // "FE-0.5"
  Player fe;
  int max_horizon;
};

struct Tournament {
  std::size_t variant;
  int ab_horizon, fe_horizon;
  long long fe_nodes = 0, ab_nodes = 0;
  int fe_wins = 0, ab_wins = 0, ties = 0;
  double score(int pairs) const { return pairs ? 100.0 * (fe_wins + 0.5 * ties) / pairs : 0.0; }
};

class Games : public ExperimentJob {
 public:
  explicit Games(const ExperimentParams& p) : ExperimentJob("fe-games"), m_seed(p.seed) {
    const bool random = p.domain.empty() || p.domain == "random";
    const bool othello = p.domain.empty() || p.domain == "othello";
    m_tree_pairs = p.trials ? p.trials : p.small ? 8 : 100;
    if (random) {
      for (int delta : {1000, 500}) {
        Variant v;
        v.domain = "random";
        v.name = "FE-" + format_fe_delta_text(delta);
        v.fe.fe = true;
        v.fe.config.source = EdgeSource::online;
        v.fe.config.delta_milli = delta;
        v.max_horizon = p.max_horizon ? p.max_horizon : p.small ? 4 : 7;
        m_variants.push_back(v);
      }
    }
    if (othello) {
      m_openings = othello_openings(4);
      const std::size_t n = p.trials  ? static_cast<std::size_t>(p.trials)
                            : p.small ? 6
                                      : m_openings.size();
      if (n < m_openings.size()) m_openings.resize(n);
      // Off-line learning: 10 random games from the start, black as MAX.
      OthelloGame start;
      Rng rng(trial_seed(m_seed, 7, 0));
      EdgeSampler sampler;
      sample_playouts(start, 10, rng, sampler);
      m_othello_bounds = sampler.bounds();
      Variant v;
      v.domain = "othello";
      v.name = "FE-likely";
      v.fe.fe = true;
      v.fe.config.source = EdgeSource::offline;
      v.fe.config.likely = true;
      v.fe.config.bounds = m_othello_bounds;
      v.max_horizon = p.max_horizon ? p.max_horizon : p.small ? 2 : 4;
      m_variants.push_back(v);
    }
    start_tournament(0, 1, 1);
  }

  std::string stage_text() const override {
    if (finished()) return "done";
    const Variant& v = m_variants[m_current.variant];
    return (v.domain == "random" ? "random trees, " : "Othello, ") + v.name + " (horizon " +
           std::to_string(m_current.fe_horizon) + ") vs AB (horizon " +
           std::to_string(m_current.ab_horizon) + "): pairs";
  }
  double fraction() const override {
    if (finished()) return 1.0;
    // Each variant plays about two tournaments per alpha-beta horizon.
    double planned = 0, done = 0;
    for (std::size_t v = 0; v < m_variants.size(); ++v) {
      const double n = 2.0 * m_variants[v].max_horizon;
      planned += n;
      if (v < m_current.variant) done += n;
    }
    double here = 0;
    for (const Tournament& t : m_done) here += t.variant == m_current.variant;
    done +=
        std::min(here + static_cast<double>(stage_done()) / std::max<std::size_t>(1, stage_size()),
                 2.0 * m_variants[m_current.variant].max_horizon - 0.5);
    return done / planned;
  }
  ExperimentOutput output() const override;

 protected:
  std::size_t stage_size() const override { return m_pairs.size(); }
  void trial(std::size_t i) override {
    const Variant& v = m_variants[m_current.variant];
    Player players[2] = {v.fe, Player{}};
    players[0].horizon = m_current.fe_horizon;
    players[1].horizon = m_current.ab_horizon;
    GameResult g[2];
    for (int max_player = 0; max_player < 2; ++max_player) {
      if (v.domain == "random") {
        RandomTreeParams tree;
        tree.B = 9;
        tree.d = 100;
        tree.lo = -32767;
        tree.hi = 32768;
        tree.seed = trial_seed(m_seed, 3, i);  // the same trees in every tournament
        g[max_player] = play_tree(tree, players, max_player);
      } else {
        g[max_player] = play_othello(m_openings[i], players, max_player);
      }
    }
    // g[0]: FE was MAX; g[1]: alpha-beta was MAX.
    m_pairs[i] = {g[0].outcome > g[1].outcome   ? 0
                  : g[0].outcome < g[1].outcome ? 1
                                                : 2,
                  g[0].nodes[0] + g[1].nodes[0], g[0].nodes[1] + g[1].nodes[1]};
  }
  bool end_stage() override {
    Tournament t = m_current;
    for (const Pair& p : m_pairs) {
      t.fe_nodes += p.fe_nodes;
      t.ab_nodes += p.ab_nodes;
      (p.winner == 0 ? t.fe_wins : p.winner == 1 ? t.ab_wins : t.ties) += 1;
    }
    m_done.push_back(t);
    const Variant& v = m_variants[t.variant];
    int ab = t.ab_horizon, fe = t.fe_horizon;
    // The one that generated fewer nodes searches deeper next (FE at most 8 plies ahead).
    if (t.fe_nodes < t.ab_nodes && fe < ab + 8)
      ++fe;
    else
      ++ab;
    if (ab <= v.max_horizon) {
      start_tournament(t.variant, ab, fe);
      return true;
    }
    if (t.variant + 1 < m_variants.size()) {
      start_tournament(t.variant + 1, 1, 1);
      return true;
    }
    return false;
  }

 private:
  struct Pair {
    int winner;  // 0 FE, 1 alpha-beta, 2 tie
    long long fe_nodes, ab_nodes;
  };
  using Rows = std::vector<std::vector<std::string>>;
  void start_tournament(std::size_t variant, int ab, int fe) {
    m_current = Tournament{};
    m_current.variant = variant;
    m_current.ab_horizon = ab;
    m_current.fe_horizon = fe;
    const bool othello = m_variants[variant].domain == "othello";
    m_pairs.assign(othello ? m_openings.size() : static_cast<std::size_t>(m_tree_pairs),
                   Pair{2, 0, 0});
  }
  int pairs_of(const Variant& v) const {
    return v.domain == "othello" ? static_cast<int>(m_openings.size()) : m_tree_pairs;
  }
  // Per tournament played: a CSV line, a JSON object and a table row (rows[0] random trees,
  // rows[1] Othello).
  void tournament_rows(std::string& csv, std::string& json, Rows rows[2]) const;
  // The point of variant vi's MORE (kind 0) or LESS (kind 1) curve at alpha-beta horizon ab;
  // nullptr when there is none.
  const Tournament* curve_point(std::size_t vi, int ab, int kind) const;
  // The MORE and LESS curves of every variant: chart series, JSON objects and table rows.
  void curves(Chart charts[2], std::string& json, Rows curve_rows[2]) const;
  // The text report: the set-up and the report's findings, then the tables, per domain.
  std::string report_text(const Rows rows[2], const Rows curve_rows[2]) const;

  std::uint64_t m_seed;
  int m_tree_pairs;
  std::vector<std::vector<OthelloGame::Move>> m_openings;
  EdgeBounds m_othello_bounds;
  std::vector<Variant> m_variants;
  Tournament m_current;
  std::vector<Pair> m_pairs;
  std::vector<Tournament> m_done;
};

void Games::tournament_rows(std::string& csv, std::string& json, Rows rows[2]) const {
  for (std::size_t i = 0; i < m_done.size(); ++i) {
    const Tournament& t = m_done[i];
    const Variant& v = m_variants[t.variant];
    const int pairs = pairs_of(v);
    csv +=
        csv_line({v.domain, v.name, std::to_string(t.ab_horizon), std::to_string(t.fe_horizon),
                  std::to_string(t.ab_nodes), std::to_string(t.fe_nodes), std::to_string(t.fe_wins),
                  std::to_string(t.ab_wins), std::to_string(t.ties), fixed(t.score(pairs), 1)});
    json += std::string(i ? "," : "") + "{\"domain\":\"" + v.domain + "\",\"variant\":\"" + v.name +
            "\",\"pairs\":" + std::to_string(pairs) +
            ",\"ab_horizon\":" + std::to_string(t.ab_horizon) +
            ",\"fe_horizon\":" + std::to_string(t.fe_horizon) +
            ",\"ab_nodes\":" + std::to_string(t.ab_nodes) +
            ",\"fe_nodes\":" + std::to_string(t.fe_nodes) +
            ",\"fe_wins\":" + std::to_string(t.fe_wins) +
            ",\"ab_wins\":" + std::to_string(t.ab_wins) + ",\"ties\":" + std::to_string(t.ties) +
            ",\"fe_score\":" + fixed(t.score(pairs), 1) + "}";
    rows[v.domain == "othello"].push_back(
        {v.name, std::to_string(t.ab_horizon), std::to_string(t.fe_horizon),
         std::to_string(t.ab_nodes), std::to_string(t.fe_nodes),
         fixed(static_cast<double>(t.fe_nodes) / std::max(1LL, t.ab_nodes), 2),
         std::to_string(t.fe_wins) + "/" + std::to_string(t.ab_wins) + "/" + std::to_string(t.ties),
         fixed(t.score(pairs), 1)});
  }
}

const Tournament* Games::curve_point(std::size_t vi, int ab, int kind) const {
  const Tournament* more = nullptr;
  for (const Tournament& t : m_done) {
    if (t.variant == vi && t.ab_horizon == ab && t.fe_nodes > t.ab_nodes &&
        (!more || t.fe_horizon < more->fe_horizon)) {
      more = &t;
    }
  }
  if (!more || kind == 0) return more;
  const Tournament* pick = nullptr;
  for (const Tournament& t : m_done) {
    if (t.variant == vi && t.ab_horizon == ab && t.fe_horizon == more->fe_horizon - 1) pick = &t;
  }
  return pick;
}

void Games::curves(Chart charts[2], std::string& json, Rows curve_rows[2]) const {
  bool first_row = true;
  for (std::size_t vi = 0; vi < m_variants.size(); ++vi) {
    const Variant& v = m_variants[vi];
    const int pairs = pairs_of(v);
    const int d = v.domain == "othello";
    for (int kind = 0; kind < 2; ++kind) {  // MORE, LESS
      ChartSeries s;
      s.name = v.name + (kind == 0 ? "(MORE)" : "(LESS)");
      s.colour = static_cast<int>(vi * 2 + static_cast<std::size_t>(kind));
      s.dashed = kind == 1;
      for (int ab = 1; ab <= v.max_horizon; ++ab) {
        const Tournament* pick = curve_point(vi, ab, kind);
        if (!pick) continue;
        s.x.push_back(ab);
        s.y.push_back(pick->score(pairs));
        s.labels.push_back(
            "h" + std::to_string(pick->fe_horizon) + " x" +
            fixed(static_cast<double>(pick->fe_nodes) / std::max(1LL, pick->ab_nodes), 2));
        json += std::string(first_row ? "" : ",") + "{\"domain\":\"" + v.domain +
                "\",\"curve\":\"" + s.name + "\",\"ab_horizon\":" + std::to_string(ab) +
                ",\"fe_horizon\":" + std::to_string(pick->fe_horizon) + ",\"node_ratio\":" +
                fixed(static_cast<double>(pick->fe_nodes) / std::max(1LL, pick->ab_nodes), 3) +
                ",\"fe_win_rate\":" + fixed(pick->score(pairs), 1) + "}";
        first_row = false;
        curve_rows[d].push_back(
            {s.name, std::to_string(ab), std::to_string(pick->fe_horizon),
             fixed(static_cast<double>(pick->fe_nodes) / std::max(1LL, pick->ab_nodes), 2),
             fixed(pick->score(pairs), 1)});
      }
      charts[d].series.push_back(s);
    }
  }
}

std::string Games::report_text(const Rows rows[2], const Rows curve_rows[2]) const {
  const std::vector<std::string> header{"FE",       "AB horizon", "FE horizon", "AB nodes",
                                        "FE nodes", "FE/AB",      "FE/AB/ties", "FE score %"};
  const std::vector<std::string> curve_header{"curve", "AB horizon", "FE horizon", "FE/AB nodes",
                                              "FE score %"};
  std::string text = "fe-games (seed " + std::to_string(m_seed) +
                     "): forward estimation (FE) plays alpha-beta (AB).\n";
  if (!rows[0].empty() || (!m_variants.empty() && m_variants.front().domain == "random")) {
    text += "\n(a) Random trees: d=100, branching uniform in 1..9, edges {-32767..32768}, " +
            std::to_string(m_tree_pairs) +
            " pairs per tournament; on-line bounds, delta 1.0 and 0.5.\n" +
            "Report (Figure 3a): FE-1.0 searches only one ply deeper and then generates more "
            "nodes; FE-0.5\n"
            "reaches one ply deeper with fewer nodes once AB's horizon exceeds 3 and wins in deep "
            "search.\n\n" +
            text_table(header, rows[0]) + "\n" + text_table(curve_header, curve_rows[0]);
  }
  if (!m_openings.empty()) {
    text +=
        "\n(b) Othello: " + std::to_string(m_openings.size()) +
        " pairs (openings of four plies); FE with off-line bounds (10 random games:\n" +
        m_othello_bounds.to_text() +
        ") and conditions (2): the likely increment u' and decrement l'.\n"
        "Report (Figure 3b, Bill's evaluation, CPU time): FE searches as deep as AB with fewer "
        "nodes below AB\n"
        "horizon 3, reaches three plies deeper at AB horizon 8, and wins beyond AB horizon 2.\n\n" +
        text_table(header, rows[1]) + "\n" + text_table(curve_header, curve_rows[1]);
  }
  return text;
}

ExperimentOutput Games::output() const {
  ExperimentOutput out;
  std::string csv = csv_line({"domain", "variant", "ab_horizon", "fe_horizon", "ab_nodes",
                              "fe_nodes", "fe_wins", "ab_wins", "ties", "fe_score"});
  std::string json =
      "{\"experiment\":\"fe-games\",\"seed\":" + std::to_string(m_seed) + ",\"tournaments\":[";
  Rows rows[2];
  tournament_rows(csv, json, rows);
  json += "],\"rows\":[";
  // The report's curves: at each alpha-beta horizon, MORE is the first FE horizon at which FE
  // generated more nodes than alpha-beta, LESS the horizon one shallower.
  Chart charts[2];
  charts[0].id = "fe-games-a";
  charts[0].title = "Figure 3(a): FE against alpha-beta on random trees (b=5, d=100)";
  charts[1].id = "fe-games-b";
  charts[1].title = "Figure 3(b): FE against alpha-beta at Othello";
  for (Chart& c : charts) {
    c.x_label = "alpha-beta search horizon";
    c.y_label = "FE score (%): wins + ties/2";
    c.fixed_y = true;
    c.y_min = 0;
    c.y_max = 100;
  }
  Rows curve_rows[2];
  curves(charts, json, curve_rows);
  json += "]}";
  out.text = report_text(rows, curve_rows);
  out.json = json;
  out.header = {"curve", "AB horizon", "FE horizon", "FE/AB nodes", "FE score %"};
  for (int d = 0; d < 2; ++d)
    out.rows.insert(out.rows.end(), curve_rows[d].begin(), curve_rows[d].end());
  out.summary =
      "FE's score against alpha-beta; MORE: the first FE horizon generating more nodes, LESS: one "
      "ply "
      "shallower.";
  out.csv.push_back({"fe-games.csv", csv});
  for (Chart& c : charts) {
    if (!c.series.empty()) out.charts.push_back(c);
  }
  return out;
}

}  // namespace

std::unique_ptr<ExperimentJob> make_games_experiment(const std::string& name,
                                                     const ExperimentParams& p) {
  if (name == "fe-games") return std::make_unique<Games>(p);
  return nullptr;
}

}  // namespace kibitz
