// Interest search as a player (session/play.hpp): it iterates by its limit, not by depth, so it
// chooses moves itself instead of through the deepening driver. Iteration i has nominal depth
// min(i, depth) (deepen=on, a player's default) and limit start * factor^(i-1); there are
// `depth` iterations unless iterations=N says otherwise (more iterations than the depth: the
// limit grows on at the last nominal depth). limit=L gives every iteration the same limit
// (limit=inf: interest off, iterative deepening in interest order); limits=A/B/C lists them.
// cap=none: the limit alone ends lines (the safety horizon of 64 plies; the chess term
// beyond_depth thins them past the nominal depth); cap=depth: lines end at the nominal depth +
// ext; cap=auto (the default): none when every limit is finite and ext=0. start=auto (the
// default) is twice the cost of the root's cheapest move.
#include <chrono>

#include "core/error.hpp"
#include "search/interest.hpp"
#include "session/algorithms/interest_play.hpp"
#include "session/algorithms/play_driver.hpp"

namespace kibitz {

namespace {

void check_start(const std::string& text) {
  if (text != "auto") parse_limit_list(text);
}
void check_factor(const std::string& text) {
  parse_factor_milli(text);
}
void check_fixed(const std::string& text) {
  if (parse_limit_list(text).size() != 1)
    throw InputError("limit is one number or inf (use limits for a list)");
}

const OptionList k_play_options = {
    Option::text("start", check_start, "auto")
        .hint("auto|S")
        .help("the first iteration's limit (auto: twice the root's cheapest move)"),
    Option::text("factor", check_factor, "2").hint("F").help("each limit this times the last"),
    Option::integer("iterations", 0, k_max_player_depth, "0")
        .hint("N")
        .help("iterations (0: the depth when deepening, else 4)"),
    Option::boolean("deepen", true).help("iteration i searches to depth min(i, depth)"),
    Option::text("limit", check_fixed).hint("L|inf").help("the same limit for every iteration"),
};

// What a player's options say, checked once.
struct Schedule {
  int depth = 4, extension = 0, iterations = 4;
  bool deepen = true;
  DepthCap cap = DepthCap::automatic;
  std::string cap_what;  // how a refused cap=none is named
  std::int64_t factor_milli = 2000, start = -1, fixed = -1;
  std::vector<std::int64_t> list;
};

Schedule schedule_of(const SearchSpec& spec, const OptionValues& play) {
  Schedule s;
  s.depth = spec.depth > 0 ? spec.depth : 4;
  s.extension = static_cast<int>(spec.option_int("extension"));
  s.deepen = play.on(k_play_options, "deepen");
  const long long n = play.integer(k_play_options, "iterations");
  s.iterations = n > 0 ? static_cast<int>(n) : s.deepen ? s.depth : 4;
  s.cap_what = "cap=none";
  s.cap = parse_depth_cap(spec.option("depth_cap"), "cap");
  if (s.cap == DepthCap::none) resolve_uncapped(s.cap, {}, s.extension, true, s.cap_what);
  const bool growth = play.has("start") || play.has("factor");
  if (play.has("limit") + spec.options.has("limits") + growth > 1)
    throw InputError("give one of limit=, limits= and start=/factor=");
  s.factor_milli = parse_factor_milli(play.get(k_play_options, "factor"));
  if (play.get(k_play_options, "start") != "auto")
    s.start = parse_limit_list(play.get(k_play_options, "start")).front();
  if (play.has("limit")) s.fixed = parse_limit_list(play.get(k_play_options, "limit")).front();
  if (spec.options.has("limits")) s.list = parse_limit(spec.option("limits"));
  return s;
}

// Whether lines end only where the limit ends them (search/interest_cost.hpp, [depth cap]); a
// grown schedule under a node or time budget drops its unlimited tail first (the budget ends
// the search long before).
bool uncapped(const Schedule& s, std::vector<std::int64_t>& limits, bool open_budget) {
  const bool may_uncap =
      s.cap == DepthCap::none || (s.cap == DepthCap::automatic && s.extension == 0);
  if (open_budget && may_uncap && s.fixed < 0 && s.list.empty()) {
    std::size_t keep = 0;
    while (keep < limits.size() && limits[keep] < k_limit_inf) ++keep;
    limits.resize(std::max<std::size_t>(keep, 1));
  }
  return resolve_uncapped(s.cap, limits, s.extension, true, s.cap_what);
}

template <class Game>
std::vector<std::int64_t> limits_of(const Schedule& s, Game& game, InterestParams& p,
                                    const Budget& b, bool open_budget) {
  // How many iterations: the player's count; all that fit under a node, time or limit budget.
  int iterations = b.depth > 0 && s.deepen ? b.depth : s.iterations;
  if (open_budget || b.limit > 0) iterations = k_max_player_depth;
  std::vector<std::int64_t> limits;
  if (!s.list.empty()) {
    limits = s.list;
    if (b.nodes == 0 && b.limit == 0 && static_cast<int>(limits.size()) > iterations)
      limits.resize(static_cast<std::size_t>(iterations));
  } else if (s.fixed >= 0) {
    limits.assign(static_cast<std::size_t>(iterations), s.fixed);
  } else {
    std::int64_t start = s.start;
    if (start < 0) {
      NullSink none;
      start = 2 * InterestSearch<Game>(game, none, p).root_min_cost();
    }
    limits = growth_limits(start, s.factor_milli, iterations);
  }
  if (b.limit > 0) {
    std::size_t keep = 0;
    while (keep < limits.size() && limits[keep] <= b.limit) ++keep;
    limits.resize(std::max<std::size_t>(keep, 1));
  }
  return limits;
}

}  // namespace

const OptionList& interest_play_options() {
  return k_play_options;
}

void validate_interest_player(const SearchSpec& spec, const OptionValues& play) {
  schedule_of(spec, play);
}

MoveChoice choose_interest(const SearchSpec& spec, const OptionValues& play, const Budget& b,
                           PlayState& state) {
  const auto start = std::chrono::steady_clock::now();
  const Schedule s = schedule_of(spec, play);
  MoveChoice out;
  const bool open_budget = b.nodes > 0 || b.seconds > 0 || b.infinite;
  const int depth = open_budget ? k_max_player_depth : b.depth > 0 ? b.depth : s.depth;
  const RecordOptions off;
  SearchResult result;
  if (b.record) {  // a played move's recording: the search as played (Budget::record)
    SearchSpec shown = spec;
    shown.depth = depth;
    shown.node_budget = 0;
    shown.write_meta(result.trace.meta);
    for (const auto& [key, value] : b.record_facts) result.trace.meta.set(key, value);
  }
  with_domain(spec, b.record ? *b.record : off, result, [&](auto& game, auto& sink) {
    using Game = std::decay_t<decltype(game)>;
    using Sink = std::decay_t<decltype(sink)>;
    const std::vector<int> full = prepare_root(game, b);
    if (full.empty()) return;
    InterestParams p;
    p.depth = depth;
    p.extension = s.extension;
    p.deepen = s.deepen;
    p.tallies = spec.option("tallies") == "joint" ? Tallies::joint : Tallies::split;
    p.similarity = spec.option_on("similarity");
    p.criterion = spec.criterion;
    p.node_budget = move_node_limit(b);
    p.stop = b.stop;
    p.seconds = b.infinite ? 0 : b.seconds;
    if constexpr (has_key<Game>::value)
      p.tt = state.table_of(static_cast<std::size_t>(std::max(0LL, spec.table_entries())));
    p.limits = limits_of(s, game, p, b, open_budget);
    const bool no_cap = uncapped(s, p.limits, open_budget);
    p.safety_horizon = no_cap ? k_safety_horizon : 0;
    if (b.record) {
      result.trace.meta.set("limits", limits_to_text(p.limits));
      result.trace.meta.set("depth_cap", no_cap ? "none" : "depth");
      result.trace.meta.set("interest_terms", term_names(interest_model_t<Game>::terms()));
    }
    long long nodes = 0;
    p.on_iteration = [&](const InterestIteration& it) {
      nodes += it.nodes;
      DepthReport r;
      r.depth = r.seldepth = it.depth;
      r.value = it.value;
      r.nodes = nodes;
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (it.best_move >= 0 && it.best_move < static_cast<int>(full.size()))
        r.pv = {full[static_cast<std::size_t>(it.best_move)]};
      out.last = r;
      if (b.on_depth && !r.pv.empty()) b.on_depth(r);
    };
    InterestSearch<Game, Sink> search(game, sink, p);
    const Score value = search.run();
    out.nodes = search.stats().nodes;
    out.capped = reached_cap(b, out.nodes);
    const int best = search.best_move();
    out.move_index = best >= 0 && best < static_cast<int>(full.size())
                         ? full[static_cast<std::size_t>(best)]
                         : full.front();
    if (best >= 0) out.value = value;
    for (const InterestIteration& it : search.iterations()) {
      if (it.completed) out.depth = it.depth;
      IterationResult r;  // what the recording's "stopped" fact reads
      r.depth = it.depth;
      r.completed = it.completed;
      result.iterations.push_back(r);
    }
    note_played(game, out.move_index, full, b, result);
  });
  out.last.nodes = out.nodes;
  out.last.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (out.last.pv.empty() && out.move_index >= 0) out.last.pv = {out.move_index};
  return out;
}

}  // namespace kibitz
