#include "session/play.hpp"

#include <algorithm>
#include <set>

#include "core/error.hpp"
#include "search/transposition_table.hpp"
#include "session/algorithms/algorithm.hpp"

namespace kibitz {

double seconds_for_move(const GameClock& c) {
  constexpr double k_least = 0.01;        // however little the clock shows
  constexpr long long k_far = 1LL << 40;  // a limit this large is no limit
  if (c.move_time_ms >= 0)
    return std::max(k_least, static_cast<double>(std::min(c.move_time_ms, k_far)) / 1000.0 * 0.95);
  if (c.time_ms < 0) return 0;
  const double left = static_cast<double>(std::min(c.time_ms, k_far)) / 1000.0;
  const double share = left / static_cast<double>(c.moves_to_go > 0 ? c.moves_to_go : 30) +
                       static_cast<double>(std::min(c.increment_ms, k_far)) / 1000.0 * 0.5;
  return std::max(k_least, std::min(share, left * 0.5));
}

long long move_node_limit(const Budget& b) {
  if (b.nodes > 0 && b.max_nodes > 0) return std::min(b.nodes, b.max_nodes);
  return b.nodes > 0 ? b.nodes : b.max_nodes;
}

bool reached_cap(const Budget& b, long long nodes) {
  return b.max_nodes > 0 && (b.nodes == 0 || b.max_nodes < b.nodes) && nodes >= b.max_nodes;
}

namespace {
std::string about(const PlayerSpec& p, const std::string& message);
}  // namespace

PlayState::PlayState() = default;
PlayState::~PlayState() = default;
PlayState::PlayState(PlayState&&) noexcept = default;
PlayState& PlayState::operator=(PlayState&&) noexcept = default;

TranspositionTable* PlayState::table_of(std::size_t entries) {
  if (entries == 0) return nullptr;
  if ((table_used && !keep) || !table || table_entries != entries) ready(entries);
  table_used = true;
  return table.get();
}

void PlayState::ready(std::size_t entries) {
  if (entries == 0) return;
  if (!table || table_entries != entries) {
    table.reset();  // the old one goes first: two large tables need not fit at once
    table = std::make_unique<TranspositionTable>(entries);
    table_entries = entries;
  } else if (table_used) {
    table->clear();
  }
  table_used = false;
}

Player::Player(PlayerSpec spec) : m_spec(std::move(spec)) {
  const AlgorithmEntry& a = m_spec.search.algorithm();
  if (!a.choose) {
    throw InputError(std::string(a.noun) +
                     " does not play moves (players: " + playing_algorithm_names() + ")");
  }
  const int depth = m_spec.search.depth;
  if (depth < 1 || depth > k_max_player_depth) {
    throw InputError(about(m_spec, "depth must be an integer from 1 to " +
                                       std::to_string(k_max_player_depth) + ", not '" +
                                       std::to_string(depth) + "'"));
  }
  if (a.validate_play) {
    try {
      a.validate_play(m_spec.search, m_spec.play);
    } catch (const InputError& e) {
      throw InputError(about(m_spec, e.what()));
    }
  }
}

MoveChoice Player::choose(const std::string& game, const std::string& position,
                          const Budget& budget) {
  SearchSpec spec = m_spec.search;
  spec.game = game;
  spec.position = position;
  try {
    // Where a clock or a stop may end the search early, the safety net first (well under 1 ms).
    const bool stoppable = budget.seconds > 0 || budget.infinite || budget.stop;
    MoveChoice quick;
    if (stoppable) quick = quick_choice(spec, budget);
    MoveChoice c = spec.algorithm().choose(spec, m_spec.play, budget, m_state);
    if (!stoppable || c.depth > 0 || quick.move_index < 0) return c;
    quick.quick = true;
    quick.nodes += c.nodes;
    quick.capped = c.capped;
    quick.last.nodes = quick.nodes;
    quick.last.seconds = std::max(quick.last.seconds, c.last.seconds);
    return quick;
  } catch (const InputError& e) {
    throw InputError(about(m_spec, e.what()));
  }
}

void Player::ready() {
  const AlgorithmEntry& a = m_spec.search.algorithm();
  if (a.table == TableUse::refuses) return;
  m_state.ready(static_cast<std::size_t>(std::max(0LL, m_spec.search.table_entries())));
}

void Player::check_game(const std::string& game) const {
  const AlgorithmEntry& a = m_spec.search.algorithm();
  if (!a.validate) return;
  SearchSpec s = m_spec.search;
  s.game = game;
  try {
    a.validate(s);
  } catch (const InputError& e) {
    throw InputError(about(m_spec, e.what()));
  }
}

namespace {

// A player's message: "player interest:depth=4: ..." (none for a player without a text: UCI's
// engine, whose messages name its options).
std::string about(const PlayerSpec& p, const std::string& message) {
  return p.text.empty() ? message : "player " + p.text + ": " + message;
}

// key=value items of "a=1,b=2" (commas inside a value are not possible: lists use '/').
std::vector<std::pair<std::string, std::string>> items(const std::string& text,
                                                       const std::string& what) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    pos = comma + 1;
    const std::size_t eq = item.find('=');
    if (item.empty() || eq == std::string::npos || eq == 0)
      throw InputError(what + ": '" + item + "' should be key=value");
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    if (comma >= text.size()) break;
  }
  return out;
}

// The key a player's option is set under: an alias the entry gives for players (ext for
// extension), else itself.
std::string play_key(const AlgorithmEntry& a, const std::string& key) {
  for (const auto& [alias, target] : a.play_aliases) {
    if (key == alias) return target;
  }
  return key;
}

}  // namespace

void set_player_option(PlayerSpec& p, const std::string& given, const std::string& text) {
  std::string value = text;
  const AlgorithmEntry& a = p.search.algorithm();
  const std::string key = play_key(a, given);
  std::replace(value.begin(), value.end(), '/', ',');  // lists: widths=15/15/9
  try {
    if (a.play_options && find_option(*a.play_options, key)) {
      p.play.set(*a.play_options, key, value);
    } else if (key != "algo" &&
               (SearchSpec::is_common_key(key) || find_option(a.option_list(), key))) {
      p.search.set(key, value, key == given ? "" : given);  // an alias's message names it
    } else {
      throw InputError("unknown option '" + given + "'");
    }
  } catch (const InputError& e) {
    throw InputError(about(p, e.what()));
  }
}

PlayerSpec parse_player(const std::string& text, const char* extra_defaults) {
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  if (name.empty())
    throw InputError("player spec '" + text + "' has no name (e.g. interest:depth=4)");
  const AlgorithmEntry* a = find_algorithm(name);
  if (!a || !a->choose)
    throw InputError("unknown player '" + name + "' (" + playing_algorithm_names() + ")");
  PlayerSpec p;
  p.text = text;
  p.search.set_algorithm(name);
  for (const char* defaults : {a->play_defaults, extra_defaults}) {
    if (!defaults || !*defaults) continue;
    for (const auto& [key, value] : items(defaults, "player " + text))
      set_player_option(p, key, value);
  }
  if (colon == std::string::npos) return p;
  std::set<std::string> seen;
  for (const auto& [key, value] : items(text.substr(colon + 1), "player spec '" + text + "'")) {
    if (!seen.insert(play_key(*a, key)).second)
      throw InputError("player spec '" + text + "': " + key + " is given twice");
    set_player_option(p, key, value);
  }
  return p;
}

std::vector<const AlgorithmEntry*> playing_algorithms() {
  std::vector<const AlgorithmEntry*> out;
  for (const AlgorithmEntry* a : algorithms()) {
    if (a->choose) out.push_back(a);
  }
  return out;
}

std::string playing_algorithm_names(const char* separator) {
  std::string s;
  for (const AlgorithmEntry* a : playing_algorithms())
    s += (s.empty() ? "" : separator) + std::string(a->name);
  return s;
}

std::string player_usage(const char* indent) {
  std::string s;
  auto keys = [](const OptionList& list, std::string& out) {
    for (const Option& o : list) out += "," + std::string(o.key()) + "=" + o.value_hint();
  };
  for (const AlgorithmEntry* a : playing_algorithms()) {
    std::string k = "depth=D,tt=ENTRIES,criterion=gt|ge";
    keys(a->option_list(), k);
    if (a->play_options) keys(*a->play_options, k);
    for (const auto& [alias, target] : a->play_aliases)
      k += "," + std::string(alias) + "=(" + target + ")";
    s += indent + std::string(a->name) + "[:" + k + "]";
    if (a->play_defaults && *a->play_defaults)
      s += " (default " + std::string(a->play_defaults) + ")";
    s += "\n";
  }
  return s;
}

}  // namespace kibitz
