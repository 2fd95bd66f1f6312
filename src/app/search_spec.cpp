#include "app/search_spec.hpp"

#include <cmath>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace kibitz {

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::minimax:
      return "minimax";
    case Algorithm::alphabeta:
      return "alphabeta";
    case Algorithm::alphabeta_bounds:
      return "alphabeta-bounds";
    case Algorithm::forward_estimation:
      return "forward-estimation";
    case Algorithm::greenblatt:
      return "greenblatt";
    case Algorithm::interest:
      return "interest";
  }
  return "alphabeta";
}

Algorithm parse_algorithm(const std::string& text) {
  for (Algorithm a : {Algorithm::minimax, Algorithm::alphabeta, Algorithm::alphabeta_bounds,
                      Algorithm::forward_estimation, Algorithm::greenblatt, Algorithm::interest}) {
    if (text == algorithm_name(a)) return a;
  }
  throw InputError(
      "unknown algorithm '" + text +
      "' (minimax, alphabeta, alphabeta-bounds, forward-estimation, greenblatt, interest)");
}

int parse_fe_delta(const std::string& text) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(x >= 0.0 && x <= 1.0)) {
    throw InputError("delta must be a number from 0 to 1, not '" + text + "'");
  }
  return static_cast<int>(std::lround(x * 1000.0));
}

std::string format_fe_delta(int milli) {
  std::string s = std::to_string(milli / 1000);
  if (milli % 1000) {
    std::string frac = std::to_string(1000 + milli % 1000).substr(1);
    while (frac.back() == '0') frac.pop_back();
    s += "." + frac;
  }
  return s;
}

void SearchSpec::validate() const {
  const int sources = (!tree.empty()) + (random.has_value()) + (!game.empty());
  if (sources == 0) throw InputError("no source: give a tree, a random tree or a game");
  if (sources > 1) throw InputError("give only one source: a tree, a random tree or a game");
  if (random) random->validate();
  if (depth < -1 || depth > 10'000) throw InputError("depth must be between 0 and 10000");
  if (!game.empty() && depth < 0) throw InputError("a game search needs a depth (e.g. depth 4)");
  if (node_budget < 0) throw InputError("the node budget must not be negative");
  if (tt_entries < -1 || tt_entries > (1LL << 26))
    throw InputError("the table size must be between 0 and 2^26 entries");
  if (tt_entries > 0 && algo == Algorithm::minimax)
    throw InputError("minimax does not use a transposition table");
  if (algo == Algorithm::forward_estimation) {
    if (!tree.empty()) {
      throw InputError("forward estimation needs node costs: search a random tree or a game");
    }
    if (fe_source() == EdgeSource::exact && !random) {
      throw InputError(
          "exact edge-cost bounds are known only for random trees (use bounds online or offline)");
    }
    if (fe_delta_milli < 0 || fe_delta_milli > 1000) throw InputError("delta must be from 0 to 1");
    if (fe_likely && fe_source() != EdgeSource::offline) {
      throw InputError("the likely increment and decrement are learned off-line (bounds offline)");
    }
    if (fe_samples < 1 || fe_samples > 100'000)
      throw InputError("samples must be from 1 to 100000");
    if (node_budget > 0 || tt_entries > 0) {
      throw InputError("forward estimation uses neither a node budget nor a transposition table");
    }
  }
  if (algo == Algorithm::greenblatt) {
    if (game != "chess")
      throw InputError("the Greenblatt search plays chess only (use the game chess)");
    greenblatt::WidthSchedule::parse(widths.empty() ? "normal"
                                                    : widths);  // throws naming the fault
    if (feedover < -1 || feedover > greenblatt::GreenblattOptions::k_max_feedover) {
      throw InputError("feedover (plies per path) must be between 0 and " +
                       std::to_string(greenblatt::GreenblattOptions::k_max_feedover));
    }
  } else if (!widths.empty() || feedover >= 0 || !secondary || !pruning) {
    throw InputError(
        "widths, feedover, secondary and pruning are options of the Greenblatt search (algo "
        "greenblatt)");
  }
  if (algo == Algorithm::interest) {
    interest.validate();
    if (iterative)
      throw InputError("interest search iterates by its limits, not by depth: leave out iterative");
    if (interest.value_costs && !random)
      throw InputError("value costs (interest_costs value) are for random trees");
  } else if (!interest.is_default()) {
    throw InputError(
        "limits, tallies, similarity, interest costs and extension are options of the interest "
        "search");
  }
}

greenblatt::GreenblattOptions SearchSpec::greenblatt_options() const {
  greenblatt::GreenblattOptions o;
  o.widths = greenblatt::WidthSchedule::parse(widths.empty() ? "normal" : widths);
  if (feedover >= 0) o.feedover_limit = feedover;
  o.secondary = secondary;
  o.pruning = pruning;
  o.criterion = criterion;
  return o;
}

std::string SearchSpec::source_kind() const {
  if (!tree.empty()) return "tree";
  if (random) return "random";
  return game;
}

void SearchSpec::write_meta(trace::Meta& meta) const {
  meta.set("engine", "kibitz 0.1.0");
  meta.set("algo", algorithm_name(algo));
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
  if (algo == Algorithm::forward_estimation) {
    meta.set("fe_bounds", edge_source_name(fe_source()));
    meta.set("fe_delta", format_fe_delta(fe_delta_milli));
    if (fe_likely) meta.set("fe_likely", "1");
    if (fe_source() == EdgeSource::offline) meta.set("fe_samples", std::to_string(fe_samples));
  }
  if (algo == Algorithm::greenblatt) {
    meta.set("widths", widths.empty() ? "normal" : widths);
    if (feedover >= 0) meta.set("feedover", std::to_string(feedover));
    if (!secondary) meta.set("secondary", "false");
    if (!pruning) meta.set("pruning", "false");
  }
  if (algo == Algorithm::interest) interest.write_meta(meta);
}

std::optional<SearchSpec> SearchSpec::from_meta(const trace::Meta& meta) {
  SearchSpec s;
  try {
    if (const auto* t = meta.find("tree")) s.tree = *t;
    if (const auto* r = meta.find("random")) s.random = RandomTreeParams::parse(*r);
    if (const auto* g = meta.find("game")) s.game = *g;
    if (const auto* p = meta.find("position")) s.position = *p;
    if (const auto* d = meta.find("depth")) s.depth = std::stoi(*d);
    if (const auto* i = meta.find("iterative")) s.iterative = *i == "true";
    if (const auto* n = meta.find("nodes")) s.node_budget = std::stoll(*n);
    if (const auto* t = meta.find("tt")) s.tt_entries = std::stoll(*t);
    if (const auto* w = meta.find("widths")) s.widths = *w == "normal" ? "" : *w;
    if (const auto* f = meta.find("feedover")) s.feedover = std::stoi(*f);
    if (const auto* x = meta.find("secondary")) s.secondary = *x != "false";
    if (const auto* x = meta.find("pruning")) s.pruning = *x != "false";
    if (const auto* a = meta.find("algo")) s.algo = parse_algorithm(*a);
    if (s.algo == Algorithm::interest) s.interest.read_meta(meta);
    if (const auto* c = meta.find("criterion")) {
      if (!parse_criterion(c->c_str(), s.criterion)) return std::nullopt;
    }
    if (const auto* b = meta.find("fe_bounds")) {
      EdgeSource src;
      if (!parse_edge_source(*b, src)) return std::nullopt;
      s.fe_bounds = src;
    }
    if (const auto* d = meta.find("fe_delta")) s.fe_delta_milli = parse_fe_delta(*d);
    if (const auto* l = meta.find("fe_likely")) s.fe_likely = *l == "1";
    if (const auto* k = meta.find("fe_samples")) s.fe_samples = std::stoi(*k);
    s.validate();
  } catch (const std::exception&) {
    return std::nullopt;  // a trace from elsewhere: viewable, just not searchable again
  }
  return s;
}

SearchSpec SearchSpec::from_json(const std::string& json) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(std::string("search options are not valid JSON: ") + e.what());
  }
  if (!doc.is_object()) throw InputError("search options must be a JSON object");
  SearchSpec s;
  bool criterion_given = false;
  auto text = [&](const char* key) -> std::string {
    const auto& v = doc[key];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    throw InputError(std::string("search option '") + key + "' must be a string");
  };
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& key = it.key();
    if (key == "tree")
      s.tree = text("tree");
    else if (key == "random")
      s.random = RandomTreeParams::parse(text("random"));
    else if (key == "game")
      s.game = text("game");
    else if (key == "position")
      s.position = text("position");
    else if (key == "algo")
      s.algo = parse_algorithm(text("algo"));
    else if (key == "criterion") {
      criterion_given = true;
      if (!parse_criterion(text("criterion").c_str(), s.criterion)) {
        throw InputError("criterion must be gt or ge");
      }
    } else if (key == "depth") {
      if (!it.value().is_number_integer()) throw InputError("depth must be an integer");
      s.depth = it.value().get<int>();
    } else if (key == "iterative") {
      if (!it.value().is_boolean()) throw InputError("iterative must be true or false");
      s.iterative = it.value().get<bool>();
    } else if (key == "nodes") {
      if (!it.value().is_number_integer())
        throw InputError("nodes (the budget) must be an integer");
      s.node_budget = it.value().get<long long>();
    } else if (key == "tt") {
      if (!it.value().is_number_integer())
        throw InputError("tt (table entries) must be an integer");
      s.tt_entries = it.value().get<long long>();
    } else if (key == "bounds") {
      EdgeSource src;
      if (!parse_edge_source(text("bounds"), src)) {
        throw InputError("bounds must be exact, online or offline");
      }
      s.fe_bounds = src;
    } else if (key == "delta") {
      const auto& v = it.value();
      if (v.is_number()) {
        const double x = v.get<double>();
        if (!(x >= 0.0 && x <= 1.0)) throw InputError("delta must be a number from 0 to 1");
        s.fe_delta_milli = static_cast<int>(std::lround(x * 1000.0));
      } else {
        s.fe_delta_milli = parse_fe_delta(text("delta"));
      }
    } else if (key == "likely") {
      if (!it.value().is_boolean()) throw InputError("likely must be true or false");
      s.fe_likely = it.value().get<bool>();
    } else if (key == "samples") {
      if (!it.value().is_number_integer()) throw InputError("samples must be an integer");
      s.fe_samples = it.value().get<int>();
    } else if (key == "widths") {
      s.widths = text("widths");
      if (s.widths == "normal") s.widths.clear();
    } else if (key == "feedover") {
      if (!it.value().is_number_integer()) throw InputError("feedover must be an integer");
      s.feedover = it.value().get<int>();
    } else if (key == "secondary" || key == "pruning") {
      if (!it.value().is_boolean()) throw InputError(key + " must be true or false");
      (key == "secondary" ? s.secondary : s.pruning) = it.value().get<bool>();
    } else if (key == "similarity" && it.value().is_boolean()) {
      s.interest.similarity = it.value().get<bool>();
    } else if (key == "limits" && it.value().is_array()) {
      std::string list;
      for (const auto& v : it.value()) {
        if (v.is_string())
          list += (list.empty() ? "" : ",") + v.get<std::string>();
        else if (v.is_number_integer())
          list += (list.empty() ? "" : ",") + std::to_string(v.get<long long>());
        else
          throw InputError("limits must be numbers or \"inf\"");
      }
      s.interest.set("limits", list);
    } else if (InterestSpec::is_key(key)) {
      s.interest.set(key, text(key.c_str()));
    } else {
      throw InputError("unknown search option '" + key + "'");
    }
  }
  if (s.tree.empty() && !s.random && s.game.empty()) {
    throw InputError("search options need a source: \"tree\", \"random\" or \"game\"");
  }
  if (s.algo == Algorithm::greenblatt && !criterion_given)
    s.criterion = Criterion::ge;  // the paper's rule
  s.validate();
  return s;
}

}  // namespace kibitz
