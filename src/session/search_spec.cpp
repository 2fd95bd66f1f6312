#include "session/search_spec.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

namespace {

std::vector<std::string> algorithm_list() {
  std::vector<std::string> names;
  for (const AlgorithmEntry* a : algorithms()) names.push_back(a->name);
  return names;
}

// An option's message, naming it as the user wrote it (`as`, e.g. "--feedover") when given.
std::string renamed(const InputError& e, const std::string& key, const std::string& as) {
  const std::string what = e.what();
  if (as.empty()) return what;
  if (what.rfind(key, 0) == 0) return as + what.substr(key.size());
  return as + ": " + what;
}

std::string canonical_as(const Option& o, const std::string& value, const std::string& as) {
  try {
    return o.canonical(value);
  } catch (const InputError& e) {
    throw InputError(renamed(e, o.key(), as));
  }
}

}  // namespace

const OptionList& SearchSpec::common_options() {
  static const OptionList list = {
      Option::choice("algo", algorithm_list(), "alphabeta").help("the search algorithm"),
      Option::choice("criterion", {"gt", "ge"}, "gt")
          .help("a cutoff when a value exceeds beta (gt) or reaches it (ge); default: the "
                "algorithm's"),
      Option::integer("depth", 0, 10'000, "0")
          .hint("D")
          .help("plies, or end: to the end of the game (othello, connect4, tictactoe); without "
                "it a tree is searched to its leaves (chess needs one)"),
      Option::boolean("iterative", false)
          .cli_switch()
          .help("iterative deepening: depth 1, 2, ... up to the depth"),
      Option::integer("nodes", 0, 1LL << 40, "0")
          .hint("BUDGET")
          .help("stop after this many nodes (0: no limit)"),
      Option::integer("tt", 0, 1LL << 26, "0")
          .hint("ENTRIES")
          .help("transposition table entries (0: none; default: the algorithm's)"),
  };
  return list;
}

void SearchSpec::set_algorithm(const std::string& name) {
  const AlgorithmEntry& a = kibitz::algorithm(name);
  if (name != algo) options = OptionValues();
  algo = name;
  if (!criterion_given) criterion = a.criterion;
}

bool SearchSpec::is_common_key(const std::string& key) {
  return find_option(common_options(), key) != nullptr;
}

void SearchSpec::set(const std::string& key, const std::string& value, const std::string& as) {
  const std::string name = as.empty() ? key : as;
  if (key == "algo") {
    set_algorithm(value);  // its message lists the algorithms
  } else if (key == "depth" && value == "end") {
    depth = -1;  // to the end of the game: a tree's leaves, a finished game
  } else if (const Option* c = find_option(common_options(), key)) {
    const std::string v = canonical_as(*c, value, as);
    if (key == "criterion") {
      parse_criterion(v.c_str(), criterion);
      criterion_given = true;
    } else if (key == "depth") {
      depth = static_cast<int>(std::stoll(v));
    } else if (key == "iterative") {
      iterative = c->is_on(v);
    } else if (key == "nodes") {
      node_budget = std::stoll(v);
    } else {
      tt_entries = std::stoll(v);
    }
  } else if (const Option* o = find_option(algorithm().option_list(), key)) {
    try {
      options.set(algorithm().option_list(), key, value);
    } catch (const InputError& e) {
      throw InputError(renamed(e, o->key(), as));  // named as the user wrote it
    }
  } else if (const AlgorithmEntry* owner = option_owner(key, &algorithm())) {
    if (!as.empty() && as[0] == '-') throw InputError(name + " applies to --algo " + owner->name);
    throw InputError(name + " is one of the options of " + owner->noun + " (algo " + owner->name +
                     ")");
  } else {
    throw InputError("unknown search option '" + name + "'");
  }
}

std::string SearchSpec::option(const std::string& key) const {
  return options.get(algorithm().option_list(), key);
}

long long SearchSpec::option_int(const std::string& key) const {
  return options.integer(algorithm().option_list(), key);
}

bool SearchSpec::option_on(const std::string& key) const {
  return options.on(algorithm().option_list(), key);
}

long long SearchSpec::table_entries() const {
  if (tt_entries >= 0) return tt_entries;
  const AlgorithmEntry& a = algorithm();
  switch (a.table) {
    case TableUse::always:
      return a.table_entries;
    case TableUse::transpositions:
      return game == "chess" || game == "othello" ? a.table_entries : 0;
    default:
      return 0;
  }
}

std::string SearchSpec::source_kind() const {
  if (!tree.empty()) return "tree";
  if (random) return "random";
  return game;
}

void SearchSpec::validate() const {
  const int sources = (!tree.empty()) + (random.has_value()) + (!game.empty());
  if (sources == 0) throw InputError("no source: give a tree, a random tree or a game");
  if (sources > 1) throw InputError("give only one source: a tree, a random tree or a game");
  if (random) random->validate();
  if (depth < -1 || depth > 10'000) throw InputError("depth must be between 0 and 10000");
  if (!game.empty() && depth < 0 && game == "chess")
    throw InputError(
        "a chess search needs a depth (e.g. depth 4; depth end is for othello, "
        "connect4 and tictactoe)");
  if (node_budget < 0) throw InputError("the node budget must not be negative");
  if (tt_entries < -1 || tt_entries > (1LL << 26))
    throw InputError("the table size must be between 0 and 2^26 entries");
  const AlgorithmEntry& a = algorithm();
  if (a.validate) a.validate(*this);  // its own rules first: their messages say more
  if (tt_entries > 0 && a.table == TableUse::refuses)
    throw InputError(std::string(a.noun) + " does not use a transposition table");
  if (node_budget > 0 && !a.node_budget)
    throw InputError(std::string(a.noun) + " does not take a node budget");
  if (iterative && !a.iterative)
    throw InputError(std::string(a.noun) + " does not take iterative deepening");
  for (const auto& [key, value] : options.items()) {
    const Option* o = find_option(a.option_list(), key);
    if (!o) throw InputError(key + " is not an option of " + a.noun);
    if (!options.applies(a.option_list(), *o)) throw InputError(o->condition_reason());
  }
}

void SearchSpec::write_meta(trace::Meta& meta) const {
  meta.set("engine", "kibitz 0.1.0");
  meta.set("algo", algo);
  meta.set("criterion", criterion_name(criterion));
  meta.set("source", source_kind());
  if (!tree.empty()) meta.set("tree", tree);
  if (random) meta.set("random", random->to_text());
  if (!game.empty()) meta.set("game", game);
  if (!game.empty()) meta.set("position", position);
  if (depth >= 0) meta.set("depth", std::to_string(depth));
  if (iterative) meta.set("iterative", "true");
  if (node_budget > 0) meta.set("nodes", std::to_string(node_budget));
  if (tt_entries >= 0) meta.set("tt", std::to_string(tt_entries));
  const OptionList& list = algorithm().option_list();
  for (const Option& o : list) {
    if (!options.applies(list, o)) continue;
    const std::string* given = options.find(o.key());
    switch (o.meta_rule()) {
      case MetaRule::always:
        meta.set(o.meta_key(), o.meta_text(given ? *given : o.fallback()));
        break;
      case MetaRule::if_set:
        if (given) meta.set(o.meta_key(), o.meta_text(*given));
        break;
      case MetaRule::if_not_default:
        if (given && *given != o.fallback()) meta.set(o.meta_key(), o.meta_text(*given));
        break;
    }
  }
}

std::optional<SearchSpec> SearchSpec::from_meta(const trace::Meta& meta) {
  SearchSpec s;
  try {
    if (const auto* t = meta.find("tree")) s.tree = *t;
    if (const auto* r = meta.find("random")) s.random = RandomTreeParams::parse(*r);
    if (const auto* g = meta.find("game")) s.game = *g;
    if (const auto* p = meta.find("position")) s.position = *p;
    if (const auto* a = meta.find("algo")) s.set_algorithm(*a);
    for (const char* key : {"criterion", "depth", "nodes", "tt"}) {
      if (const auto* v = meta.find(key)) s.set(key, *v);
    }
    if (const auto* i = meta.find("iterative")) s.iterative = *i == "true";
    for (const Option& o : s.algorithm().option_list()) {
      if (const auto* v = meta.find(o.meta_key()))
        s.options.set(s.algorithm().option_list(), o.key(), *v);
    }
    s.validate();
  } catch (const std::exception&) {
    return std::nullopt;  // a trace from elsewhere: viewable, just not searchable again
  }
  return s;
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else if (s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string url_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == '(' || c == ')' ||
        c == ',' || c == ':' || c == '=') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += "%20";
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string SearchSpec::link_params() const {
  std::string h;
  if (!tree.empty())
    h += "tree=" + url_encode(tree);
  else if (random)
    h += "random=" + url_encode(random->to_text());
  else
    h += "game=" + url_encode(game) + "&position=" + url_encode(position);
  h += "&algo=" + algo;
  h += std::string("&criterion=") + criterion_name(criterion);
  if (depth >= 0) h += "&depth=" + std::to_string(depth);
  if (iterative) h += "&iterative=1";
  if (node_budget > 0) h += "&nodes=" + std::to_string(node_budget);
  if (tt_entries >= 0) h += "&tt=" + std::to_string(tt_entries);
  for (const Option& o : algorithm().option_list()) {  // in the algorithm's order
    if (const std::string* v = options.find(o.key()))
      h += "&" + std::string(o.key()) + "=" + url_encode(*v);
  }
  return h;
}

SearchSpec SearchSpec::from_link_params(const std::string& params, ExtraKey extra, void* user) {
  SearchSpec spec;
  std::vector<std::pair<std::string, std::string>> items;
  std::size_t pos = 0;
  while (pos <= params.size()) {
    std::size_t amp = params.find('&', pos);
    if (amp == std::string::npos) amp = params.size();
    const std::string item = params.substr(pos, amp - pos);
    pos = amp + 1;
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos) throw InputError("link: '" + item + "' should be name=value");
      const std::string key = item.substr(0, eq);
      for (const auto& other : items) {
        if (other.first == key) throw InputError("link: " + key + "= is given twice");
      }
      items.emplace_back(key, url_decode(item.substr(eq + 1)));
    }
    if (amp >= params.size()) break;
  }
  // The algorithm first: its options are read with it.
  for (const auto& [key, value] : items) {
    if (key == "algo") spec.set_algorithm(value);
  }
  for (const auto& [key, value] : items) {
    try {
      if (key == "algo") continue;
      if (key == "tree")
        spec.tree = value;
      else if (key == "random")
        spec.random = RandomTreeParams::parse(value);
      else if (key == "game")
        spec.game = value;
      else if (key == "position")
        spec.position = value;
      else if (!(extra && extra(key, value, user)))
        spec.set(key, value);
    } catch (const InputError& e) {
      const std::string what = e.what();
      throw InputError(what.rfind("link: ", 0) == 0 ? what : "link: " + what);
    }
  }
  return spec;
}

}  // namespace kibitz
