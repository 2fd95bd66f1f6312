// The search description's one codec (session/search_spec.hpp): the options every search shares
// are read with the same ranges and messages from JSON, links and SearchSpec::set; a key given
// twice is refused; every algorithm's options survive a link and trace metadata.
#include <doctest/doctest.h>

#include <string>

#include "core/error.hpp"
#include "session/search_spec.hpp"

using namespace kibitz;

namespace {

std::string json_error(const std::string& json) {
  try {
    SearchSpec::from_json(json);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string link_error(const std::string& link) {
  try {
    SearchSpec::from_link_params(link);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("common options: one range and one message in JSON, links and set") {
  struct Case {
    const char* key;
    const char* bad;
    const char* message;
  };
  const Case cases[] = {
      {"depth", "-1", "depth must be an integer from 0 to 10000, not '-1'"},
      {"depth", "10001", "depth must be an integer from 0 to 10000"},
      {"tt", "-1", "tt must be an integer from 0 to 67108864"},
      {"nodes", "-5", "nodes must be an integer from 0 to 1099511627776"},
      {"criterion", "lt", "criterion must be gt or ge, not 'lt'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.key);
    CAPTURE(c.bad);
    const bool number = std::string(c.key) != "criterion";
    const std::string value = number ? c.bad : "\"" + std::string(c.bad) + "\"";
    CHECK(json_error(std::string("{\"tree\":\"(1 2)\",\"") + c.key + "\":" + value + "}")
              .find(c.message) != std::string::npos);
    CHECK(link_error("tree=(1%202)&" + std::string(c.key) + "=" + c.bad).find(c.message) !=
          std::string::npos);
    SearchSpec s;
    CHECK_THROWS_WITH_AS(s.set(c.key, c.bad, std::string("--") + c.key),
                         doctest::Contains((std::string("--") + c.message).c_str()), InputError);
  }
  // The same values are accepted everywhere.
  const SearchSpec j = SearchSpec::from_json(
      R"J({"tree":"((1 2)(3 4))","depth":2,"nodes":0,"tt":0,"criterion":"ge","iterative":true})J");
  const SearchSpec l = SearchSpec::from_link_params(
      "tree=((1%202)(3%204))&depth=2&nodes=0&tt=0&criterion=ge&"
      "iterative=1");
  CHECK(j.depth == 2);
  CHECK(l.depth == 2);
  CHECK(j.node_budget == l.node_budget);
  CHECK(j.tt_entries == 0);
  CHECK(l.tt_entries == 0);
  CHECK(j.criterion == Criterion::ge);
  CHECK(l.criterion == Criterion::ge);
  CHECK(j.iterative);
  CHECK(l.iterative);
  CHECK(SearchSpec::is_common_key("depth"));
  CHECK_FALSE(SearchSpec::is_common_key("feedover"));
}

TEST_CASE("a key given twice is refused, not silently the last one") {
  CHECK(json_error(R"J({"tree":"(1 2)","algo":"pvs","algo":"alphabeta"})J") ==
        "search option 'algo' is given twice");
  CHECK(json_error(R"J({"tree":"(1 2)","depth":1,"depth":2})J") ==
        "search option 'depth' is given twice");
  CHECK(json_error(R"J({"random":"b=2,d=2","algo":"interest","limits":[10,20],"limits":[5]})J") ==
        "search option 'limits' is given twice");
  CHECK(json_error(R"J({"tree":"(1 2)","algo":"pvs"})J").empty());
  CHECK(link_error("tree=(1%202)&depth=1&depth=2") == "link: depth= is given twice");
  CHECK(link_error("tree=(1%202)&tree=(3%204)") == "link: tree= is given twice");
}

TEST_CASE("every algorithm's options survive a link and trace metadata") {
  const char* specs[] = {
      R"J({"random":"b=3,d=4,seed=2","algo":"minimax"})J",
      R"J({"random":"b=3,d=4,seed=2","algo":"alphabeta","criterion":"ge","nodes":50})J",
      R"J({"random":"b=3,d=4,seed=2","algo":"pvs","depth":3,"iterative":true,"tt":1024})J",
      R"J({"random":"b=3,d=4,seed=2","algo":"alphabeta-bounds"})J",
      R"J({"random":"b=3,d=4,seed=2","algo":"forward-estimation","bounds":"offline",)J"
      R"J("delta":0.5,"likely":true,"samples":7})J",
      R"J({"game":"chess","depth":2,"algo":"greenblatt","widths":"tournament","feedover":1,)J"
      R"J("secondary":false})J",
      R"J({"random":"b=3,d=4,seed=2","algo":"interest","limits":"10,20","tallies":"joint",)J"
      R"J("extension":2})J",
  };
  for (const std::string json : specs) {
    CAPTURE(json);
    const SearchSpec a = SearchSpec::from_json(json);
    const SearchSpec b = SearchSpec::from_link_params(a.link_params());
    CHECK(b.link_params() == a.link_params());
    CHECK(b.options.items().size() == a.options.items().size());  // in the algorithm's order
    for (const auto& [key, value] : a.options.items()) CHECK(b.option(key) == value);
    trace::Meta meta;
    a.write_meta(meta);
    const std::optional<SearchSpec> c = SearchSpec::from_meta(meta);
    REQUIRE(c);
    CHECK(c->algo == a.algo);
    CHECK(c->depth == a.depth);
    CHECK(c->criterion == a.criterion);
    CHECK(c->iterative == a.iterative);
    CHECK(c->node_budget == a.node_budget);
    CHECK(c->tt_entries == a.tt_entries);
    for (const auto& [key, value] : a.options.items()) CHECK(c->option(key) == value);
  }
}
