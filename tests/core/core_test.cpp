#include <doctest/doctest.h>

#include <cmath>
#include <utility>

#include "core/bound.hpp"
#include "core/error.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"
#include "core/stats.hpp"

using namespace kibitz;

TEST_CASE("invert and join follow the seed's encoding upper=-1, exact=0, lower=+1") {
  CHECK(invert(Bound::lower) == Bound::upper);
  CHECK(invert(Bound::upper) == Bound::lower);
  CHECK(invert(Bound::exact) == Bound::exact);
  CHECK(join(Bound::upper, Bound::exact) == Bound::exact);
  CHECK(join(Bound::lower, Bound::exact) == Bound::lower);
  CHECK(join(Bound::upper, Bound::upper) == Bound::upper);
  CHECK(join(Bound::lower, Bound::upper) == Bound::lower);
}

TEST_CASE("score formatting") {
  CHECK(format_score(5) == "+5");
  CHECK(format_score(-5) == "-5");
  CHECK(format_score(0) == "0");
  CHECK(format_score(k_score_inf) == "+inf");
  CHECK(format_score(-k_score_inf) == "-inf");
  CHECK(format_score_pretty(-5) == "\u22125");
  CHECK(format_score_pretty(k_score_win - 3) == "+M3");
  CHECK(format_score_pretty(-(k_score_win - 4)) == "\u2212M4");
  CHECK(format_score(k_score_win - 3) == "+99999997");  // the CLI keeps the integer
}

TEST_CASE("node kinds from values, both criteria") {
  // window [-7, +3]
  CHECK(classify_node(5, -7, 3, Criterion::gt) == NodeKind::cut);
  CHECK(classify_node(3, -7, 3, Criterion::gt) == NodeKind::pv);
  CHECK(classify_node(3, -7, 3, Criterion::ge) == NodeKind::cut);
  CHECK(classify_node(-7, -7, 3, Criterion::gt) == NodeKind::pv);
  CHECK(classify_node(-7, -7, 3, Criterion::ge) == NodeKind::all);
  CHECK(classify_node(-8, -7, 3, Criterion::gt) == NodeKind::all);
  CHECK(classify_node(-5, -7, 3, Criterion::ge) == NodeKind::pv);
}

TEST_CASE("predicted kinds") {
  CHECK(predict_child_kind(NodeKind::pv, 0) == NodeKind::pv);
  CHECK(predict_child_kind(NodeKind::pv, 1) == NodeKind::cut);
  CHECK(predict_child_kind(NodeKind::cut, 0) == NodeKind::all);
  CHECK(predict_child_kind(NodeKind::all, 3) == NodeKind::cut);
  CHECK(revise_belief_after_child(NodeKind::cut) == NodeKind::all);
  CHECK(revise_belief_after_child(NodeKind::pv) == NodeKind::pv);
}

TEST_CASE("Student's t 95% quantiles and the interval of a mean") {
  // Published two-sided 95% values (NIST/SEMATECH table), to three decimals.
  const std::pair<int, double> known[] = {{1, 12.706},  {2, 4.303},   {10, 2.228}, {30, 2.042},
                                          {31, 2.040},  {40, 2.021},  {60, 2.000}, {100, 1.984},
                                          {120, 1.980}, {1000, 1.962}};
  for (const auto& k : known) {
    const int df = k.first;  // a plain local: CAPTURE cannot take a structured binding
    CAPTURE(df);
    CHECK(t95(df) == doctest::Approx(k.second).epsilon(0.0003));
  }
  for (int df = 1; df < 2000; ++df) CHECK(t95(df + 1) < t95(df));  // narrower with more samples
  CHECK(t95(1000000) == doctest::Approx(1.95996).epsilon(1e-5));
  CHECK_FALSE(std::isfinite(t95(0)));
  // Mean 2, sample sd 1, n = 3: half-width t95(2) / sqrt(3).
  CHECK(error95({1.0, 2.0, 3.0}) == doctest::Approx(4.303 / std::sqrt(3.0)).epsilon(1e-4));
  CHECK_FALSE(std::isfinite(error95({5.0})));
}

TEST_CASE("messages are printable: control bytes escaped, a huge echo cut in its middle") {
  const char raw[] = "bad '\0' and \x1b here\nnext";
  CHECK(printable_message(std::string(raw, sizeof raw - 1)) == "bad '\\x00' and \\x1B here\nnext");
  const std::string huge = "start " + std::string(100000, 'x') + " end";
  // UTF-8 kept (a move's name, a player's), bytes that are not UTF-8 and C1 controls escaped.
  CHECK(printable_message("\xC2\xB1 \xE2\x88\x9E \xF0\x9F\x99\x82") ==
        "\xC2\xB1 \xE2\x88\x9E \xF0\x9F\x99\x82");
  CHECK(printable_message("a\xFF"
                          "b\x85"
                          "c") == "a\\xFFb\\x85c");
  CHECK(printable_message("\xC2\x9B"
                          "31m") == "\\xC2\\x9B31m");
  CHECK(printable_message("\xED\xA0\x80 \xE2\x88") == "\\xED\\xA0\\x80 \\xE2\\x88");
  const std::string cut = printable_message(huge, 600);
  CHECK(cut.size() < 700);
  CHECK(cut.rfind("start ", 0) == 0);
  CHECK(cut.find("characters left out") != std::string::npos);
  CHECK(cut.substr(cut.size() - 4) == " end");
  // An input echoed twice is cut each time: what is said between them stays.
  const std::string z(100000, 'z');
  const std::string twice =
      printable_message("random tree: '" + z + "' is not an integer (in d=" + z + ")");
  CHECK(twice.size() < 400);
  CHECK(twice.find("' is not an integer (in d=") != std::string::npos);
  // InputError is printable from the start: what() is a C string.
  const char tree[] = "tree text: unexpected character '\0'";
  const InputError e(std::string(tree, sizeof tree - 1));
  CHECK(std::string(e.what()) == "tree text: unexpected character '\\x00'");
}
