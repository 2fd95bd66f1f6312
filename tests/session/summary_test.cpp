// The report's summary read while the search records (trace/summary.hpp) against the same
// facts read from the model of the whole trace: every evaluated leaf, the principal variation,
// the roots and the events, for every algorithm, with the recorder giving its chunks back as it
// goes.
#include <doctest/doctest.h>

#include <string>

#include "session/report.hpp"
#include "session/run.hpp"
#include "trace/model.hpp"
#include "trace/summary.hpp"

using namespace kibitz;

namespace {

void check_same(const trace::TreeSummary& a, const trace::TreeSummary& b) {
  CHECK(a.leaves == b.leaves);
  CHECK(a.roots == b.roots);
  CHECK(a.events == b.events);
  REQUIRE(a.listed.size() == b.listed.size());
  for (std::size_t i = 0; i < a.listed.size(); ++i) {
    CAPTURE(i);
    CHECK(a.listed[i].path == b.listed[i].path);
    CHECK(a.listed[i].line == b.listed[i].line);
    CHECK(a.listed[i].label == b.listed[i].label);
  }
  REQUIRE(a.pv.size() == b.pv.size());
  for (std::size_t i = 0; i < a.pv.size(); ++i) {
    CHECK(a.pv[i].label == b.pv[i].label);
    CHECK(a.pv[i].k == b.pv[i].k);
  }
}

constexpr std::size_t k_all = static_cast<std::size_t>(-1);

}  // namespace

TEST_CASE("the summary read as the search records equals the model's, for every algorithm") {
  const char* specs[] = {
      R"J({"tree":"((3 12 8) (2 4 6) (14 5 2))","algo":"alphabeta"})J",
      R"J({"tree":"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))","algo":"alphabeta","iterative":true})J",
      R"J({"tree":"((3 4) (14 15) (1 2))","algo":"pvs","criterion":"ge"})J",
      R"J({"random":"b=5,d=8,lo=-99,hi=99,seed=3","algo":"alphabeta"})J",  // several chunks
      R"J({"random":"b=4,d=8,lo=-99,hi=99,seed=1","algo":"minimax"})J",
      R"J({"random":"B=9,root=5,d=7,lo=-999,hi=999,seed=2","algo":"alphabeta-bounds"})J",
      R"J({"random":"b=4,d=7,lo=-99,hi=99,seed=4","algo":"alphabeta","iterative":true,"nodes":30000})J",
      R"J({"random":"b=3,d=9,lo=-9,hi=9,seed=5","algo":"alphabeta","tt":4096})J",
      R"J({"random":"B=6,root=4,d=8,lo=-99,hi=99,seed=2","algo":"pvs","iterative":true})J",
      R"J({"game":"connect4","depth":7,"algo":"pvs","criterion":"ge"})J",
      R"J({"game":"tictactoe","depth":9,"algo":"pvs"})J",
      R"J({"game":"othello","depth":5,"algo":"alphabeta"})J",
      R"J({"random":"b=4,d=7,lo=-9,hi=9,seed=5","algo":"forward-estimation","bounds":"online"})J",
      R"J({"random":"b=4,d=7,lo=-9,hi=9,seed=5","algo":"interest","limit_growth":"start=2000,factor=2,iterations=4"})J",
      R"J({"game":"chess","depth":3,"algo":"greenblatt","iterative":true})J",
      R"J({"game":"chess","depth":3,"algo":"pvs","nodes":30000})J",
  };
  for (const char* json : specs) {
    CAPTURE(std::string(json));
    const SearchSpec spec = SearchSpec::from_json(json);
    const SearchResult whole = run_search(spec, true);
    const trace::Model model(whole.trace);
    const trace::TreeSummary expected = tree_summary(model, k_all);
    CHECK(expected.events == static_cast<long long>(model.event_count()));
    for (Recording mode : {Recording::on, Recording::verbose}) {
      RecordOptions r;
      r.mode = mode;
      r.summary = true;
      r.summary_leaves = k_all;
      r.memory_chunks = 1;
      const SearchResult streamed = run_search(spec, r);
      REQUIRE(streamed.tree);
      check_same(*streamed.tree, expected);
    }
    // The text report from the summary is the one from the model.
    RecordOptions r;
    r.mode = Recording::on;
    r.summary = true;
    r.summary_leaves = k_report_leaves;
    r.memory_chunks = 1;
    const SearchResult streamed = run_search(spec, r);
    CHECK(search_report_text(streamed, *streamed.tree) ==
          search_report_text(whole, model, nullptr));
    check_same(trace::summarize(whole.trace, k_all), expected);
  }
}

TEST_CASE("a big search summarised as it records keeps only a chunk of its trace") {
  const SearchSpec spec =
      SearchSpec::from_json(R"J({"random":"b=8,d=10,lo=-999,hi=999,seed=2","algo":"alphabeta"})J");
  RecordOptions r;
  r.mode = Recording::on;
  r.summary = true;
  r.memory_chunks = 1;
  const SearchResult out = run_search(spec, r);
  REQUIRE(out.tree);
  CHECK(out.trace.events.chunk_count() > 4);
  CHECK_FALSE(out.trace.events.complete());
  CHECK(out.trace.events.bytes_reserved() <=
        2 * trace::EventLog::k_chunk_events * sizeof(trace::Event));
  CHECK(out.tree->leaves == out.stats.leaves);
  CHECK(out.tree->listed.size() == 64);
  CHECK(out.tree->pv.size() == 10);
}
