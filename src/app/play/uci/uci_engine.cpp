#include "app/play/uci/uci_engine.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/error.hpp"
#include "games/chess/notation.hpp"
#include "search/transposition_table.hpp"
#include "session/algorithms/algorithm.hpp"
#include "session/budgets.hpp"

namespace kibitz::uci {

namespace {

// Table entries for a Hash size in megabytes (the UCI convention), at most a quarter of the
// memory available (budgets.hpp) and the largest table a search takes: a GUI's "Hash 4096" on
// a small machine must not exhaust it.
long long entries_for(long long megabytes) {
  const std::uint64_t bytes =
      std::min<std::uint64_t>(static_cast<std::uint64_t>(megabytes) << 20, available_memory() / 4);
  return static_cast<long long>(
      std::clamp<std::uint64_t>(bytes / sizeof(TtEntry), 1, std::uint64_t{1} << 26));
}

long long parse_megabytes(const std::string& value) {
  char* end = nullptr;
  const long long mb = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end || mb < 1 || mb > 4096)
    throw InputError("Hash must be between 1 and 4096 (megabytes), not '" + value + "'");
  return mb;
}

// "depth_cap" -> "Depth cap": an option's UCI name.
std::string uci_name(const std::string& key) {
  std::string s = key;
  std::replace(s.begin(), s.end(), '_', ' ');
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// The options an engine offers besides Hash: its search options and its play options, those
// the set-up form draws (a hidden one is an algorithm's own view's, or a random tree's).
std::vector<const Option*> engine_options(const AlgorithmEntry& a) {
  std::vector<const Option*> out;
  for (const Option& o : a.option_list())
    if (!o.is_hidden()) out.push_back(&o);
  if (a.play_options) {
    for (const Option& o : *a.play_options) out.push_back(&o);
  }
  return out;
}

std::string option_line(const Option& o, const std::string& value) {
  std::string line = "option name " + uci_name(o.key()) + " type ";
  switch (o.kind()) {
    case OptionKind::integer:
      return line + "spin default " + value + " min " + std::to_string(o.min()) + " max " +
             std::to_string(o.max());
    case OptionKind::boolean:
      return line + "check default " + (o.is_on(value) ? "true" : "false");
    case OptionKind::choice: {
      line += "combo default " + value;
      for (const std::string& v : o.values()) line += " var " + v;
      return line;
    }
    default:
      return line + "string default " + (value.empty() ? "<empty>" : value);
  }
}

// A line of generation indices from the root, in UCI notation (as far as it is legal).
std::vector<std::string> uci_line(const ChessGame& root, const std::vector<int>& line) {
  std::vector<std::string> out;
  ChessGame g = root;
  std::vector<chess::Move> moves;
  for (int i : line) {
    g.moves(moves);
    if (i < 0 || i >= static_cast<int>(moves.size())) break;
    out.push_back(chess::to_uci(moves[static_cast<std::size_t>(i)]));
    g.make(moves[static_cast<std::size_t>(i)]);
  }
  return out;
}

}  // namespace

std::string engine_names(const char* separator) {
  return playing_algorithm_names(separator);
}

Engine::Engine(const std::string& algo)
    : m_player([&] {
        const AlgorithmEntry* a = find_algorithm(algo);
        if (!a || !a->choose)
          throw InputError("unknown algorithm '" + algo + "' for UCI (" + engine_names(", ") + ")");
        PlayerSpec p = parse_player(algo, a->uci_defaults);
        p.search.tt_entries = entries_for(a->uci_hash_mb);
        p.text.clear();  // its messages name the UCI option, not a player spec
        return p;
      }()),
      m_hash_mb(m_player.spec().search.algorithm().uci_hash_mb) {
  m_player.keep_table(true);  // from move to move of a game, as engines keep it
  m_player.ready();
}

const char* Engine::name() const {
  return m_player.spec().search.algorithm().name;
}

std::vector<std::string> Engine::option_lines() const {
  const PlayerSpec& p = m_player.spec();
  const AlgorithmEntry& a = p.search.algorithm();
  std::vector<std::string> lines = {"option name Hash type spin default " +
                                    std::to_string(m_hash_mb) + " min 1 max 4096"};
  for (const Option* o : engine_options(a)) {
    const bool play = a.play_options && find_option(*a.play_options, o->key());
    lines.push_back(
        option_line(*o, play ? p.play.get(*a.play_options, o->key()) : p.search.option(o->key())));
  }
  return lines;
}

bool Engine::set_option(const std::string& name, const std::string& value) {
  if (name == "hash") {
    m_hash_mb = parse_megabytes(value);
    PlayerSpec p = m_player.spec();
    p.search.tt_entries = entries_for(m_hash_mb);
    m_player.set_spec(p);
    m_player.ready();  // now, not on the next move's clock
    return true;
  }
  std::string key = name;
  std::replace(key.begin(), key.end(), ' ', '_');
  const std::vector<const Option*> options = engine_options(m_player.spec().search.algorithm());
  if (std::none_of(options.begin(), options.end(),
                   [&](const Option* o) { return key == o->key(); }))
    return false;
  PlayerSpec p = m_player.spec();
  set_player_option(p, key, value);
  m_player.set_spec(p);  // checks the options together; the old ones stay on a failure
  return true;
}

Choice Engine::choose(const ChessGame& game, const std::string& position_text, const Limits& limits,
                      const std::function<void(const Report&)>& on_depth) {
  ChessGame root = game;
  root.make_root();
  root.set_root_plays_on(true);
  std::vector<chess::Move> moves;
  root.moves(moves);
  Budget b;
  b.depth = limits.depth;
  b.nodes = limits.nodes;
  b.seconds = limits.seconds;
  b.infinite = limits.unlimited;
  b.stop = limits.stop;
  b.play_on_at_claimable_draw = true;
  b.record = limits.record;
  b.record_facts = limits.record_facts;
  for (const chess::Move m : limits.searchmoves) {
    const auto it = std::find(moves.begin(), moves.end(), m);
    if (it != moves.end()) b.root_moves.push_back(static_cast<int>(it - moves.begin()));
  }
  if (limits.on_currmove) {
    b.on_root_move = [&](int index, int number) {
      if (index >= 0 && index < static_cast<int>(moves.size()))
        limits.on_currmove(chess::to_uci(moves[static_cast<std::size_t>(index)]), number);
    };
  }
  if (on_depth) {
    b.on_depth = [&](const DepthReport& r) { on_depth(Report{r, uci_line(root, r.pv)}); };
  }
  const MoveChoice c =
      m_player.choose("chess", position_text.empty() ? game.position_text() : position_text, b);
  Choice out;
  if (c.move_index < 0 || c.move_index >= static_cast<int>(moves.size())) return out;
  out.move = moves[static_cast<std::size_t>(c.move_index)];
  out.last = Report{c.last, uci_line(root, c.last.pv)};
  return out;
}

Choice Engine::quick(const ChessGame& game) const {
  ChessGame root = game;
  root.make_root();
  root.set_root_plays_on(true);
  std::vector<chess::Move> moves;
  root.moves(moves);
  SearchSpec spec = m_player.spec().search;
  spec.game = "chess";
  spec.position = game.position_text();
  Budget b;
  b.play_on_at_claimable_draw = true;
  const MoveChoice c = quick_choice(spec, b);
  Choice out;
  if (c.move_index < 0 || c.move_index >= static_cast<int>(moves.size())) return out;
  out.move = moves[static_cast<std::size_t>(c.move_index)];
  out.last = Report{c.last, uci_line(root, c.last.pv)};
  return out;
}

}  // namespace kibitz::uci
