#include <doctest/doctest.h>

#include "core/bound.hpp"
#include "core/node_kind.hpp"
#include "core/score.hpp"

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
