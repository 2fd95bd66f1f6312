// The trace seam admits searches that are not depth-first: an extension whose records are about
// any node entered so far (RecordScope::any_entered, as Monte Carlo tree search's will be), beside
// the depth-first ones whose records are about the node being searched.
#include <doctest/doctest.h>

#include "trace/extension.hpp"

using namespace kibitz::trace;

TEST_CASE("a depth-first extension's record names the open node; another's any node entered") {
  // Nodes 0..4 entered, node 3 being searched.
  CHECK(record_may_name(RecordScope::open_node, 3, 3, 5));
  CHECK_FALSE(record_may_name(RecordScope::open_node, 1, 3, 5));          // an ancestor, still open
  CHECK_FALSE(record_may_name(RecordScope::open_node, 4, k_no_node, 5));  // none open
  CHECK(record_may_name(RecordScope::any_entered, 1, 3, 5));          // revisited: any entered node
  CHECK(record_may_name(RecordScope::any_entered, 4, k_no_node, 5));  // between iterations
  CHECK_FALSE(record_may_name(RecordScope::any_entered, 5, 3, 5));    // not entered yet
  CHECK_FALSE(record_may_name(RecordScope::any_entered, k_no_node, 3, 5));
  // Every extension today follows the depth-first search it records.
  for (const TraceExtension* x : all_extensions()) CHECK(x->scope == RecordScope::open_node);
}
