// SearchSpec::from_json: the web API's options object, read through the same codec as links
// and the set-up form (SearchSpec::set), with JSON's types checked where they matter.
#include <nlohmann/json.hpp>
#include <set>

#include "core/error.hpp"
#include "session/search_spec.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

using Json = nlohmann::json;

// An option's JSON value as the text the codec reads: strings as they are, numbers in decimal,
// booleans as true/false, lists joined by commas (interest search's limits).
std::string as_text(const std::string& key, const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number_unsigned()) return std::to_string(v.get<unsigned long long>());
  if (v.is_number_float()) return std::to_string(v.get<double>());
  if (v.is_array()) {
    std::string list;
    for (const Json& x : v) {
      if (!x.is_string() && !x.is_number_integer())
        throw InputError("search option '" + key + "' must be a list of numbers or words");
      list += (list.empty() ? "" : ",") + as_text(key, x);
    }
    return list;
  }
  throw InputError("search option '" + key + "' must be a string, a number or a list");
}

void set_common(SearchSpec& s, const std::string& key, const Json& v) {
  if (key == "criterion" || key == "algo") {
    if (!v.is_string()) throw InputError("search option '" + key + "' must be a string");
  } else if (key == "iterative") {
    if (!v.is_boolean()) throw InputError("iterative must be true or false");
  } else if (key == "depth" && v.is_string() && v.get<std::string>() == "end") {
    // to the end of the game (SearchSpec::set)
  } else if (!v.is_number_integer()) {
    throw InputError(key == "depth"   ? std::string("depth must be an integer or \"end\"")
                     : key == "nodes" ? std::string("nodes (the budget) must be an integer")
                                      : std::string("tt (table entries) must be an integer"));
  }
  s.set(key, as_text(key, v));
}

// Parses the options, refusing a key given twice in one object (JSON itself would keep the
// last one silently: {"algo": "pvs", "algo": "alphabeta"} is most likely a mistake).
Json parse_options(const std::string& json) {
  check_json_depth(json, k_json_max_depth, "search options");
  std::vector<std::set<std::string>> keys;  // of each open object
  auto once = [&keys](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) {
      keys.emplace_back();
    } else if (event == Json::parse_event_t::object_end) {
      keys.pop_back();
    } else if (event == Json::parse_event_t::key) {
      const std::string key = parsed.get<std::string>();
      if (!keys.back().insert(key).second)
        throw InputError("search option '" + key + "' is given twice");
    }
    return true;
  };
  try {
    return Json::parse(json, once);
  } catch (const Json::exception& e) {
    throw InputError("search options are not valid JSON: " + json_error_text(e));
  }
}

}  // namespace

SearchSpec SearchSpec::from_json(const std::string& json, bool check) {
  const Json doc = parse_options(json);
  if (!doc.is_object()) throw InputError("search options must be a JSON object");
  SearchSpec s;
  if (auto a = doc.find("algo"); a != doc.end()) set_common(s, "algo", *a);
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& key = it.key();
    const Json& v = it.value();
    if (key == "algo") continue;
    if (key == "tree")
      s.tree = as_text(key, v);
    else if (key == "random")
      s.random = RandomTreeParams::parse(as_text(key, v));
    else if (key == "game")
      s.game = as_text(key, v);
    else if (key == "position")
      s.position = as_text(key, v);
    else if (is_common_key(key))
      set_common(s, key, v);
    else
      s.set(key, as_text(key, v));
  }
  if (s.tree.empty() && !s.random && s.game.empty()) {
    throw InputError("search options need a source: \"tree\", \"random\" or \"game\"");
  }
  if (check) s.validate();
  return s;
}

}  // namespace kibitz
