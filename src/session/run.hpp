// Runs a SearchSpec: picks the domain and the algorithm, searches, and (when asked) records
// the trace. Also computes each traced node's score (an unpruned minimax of the same tree).
#pragma once

#include <optional>
#include <vector>

#include "core/bound.hpp"
#include "search/sink/sink.hpp"
#include "session/search_spec.hpp"
#include "trace/model.hpp"
#include "trace/summary.hpp"
#include "trace/trace.hpp"

namespace kibitz {

struct IterationResult {
  int depth = 0;
  Score value = 0;
  Bound bound = Bound::exact;  // an aspiration attempt's value fell out of its window: a bound
  long long nodes = 0;
  bool completed = false;  // false: the node budget ran out during it
  long long limit = -1;  // interest search: the iteration's limit (k_limit_inf: none); -1 otherwise
  long long interest_cutoffs = 0;
  int deepest = -1;     // interest search: the ply of the iteration's deepest node; -1 otherwise
  std::vector<int> pv;  // the root's best move and the line after it, when the search knows them
};

struct SearchResult {
  trace::Trace trace;  // events only when recorded; meta always
  // The leaves, principal variation and roots, read as the search recorded (RecordOptions::
  // summary); the trace may then hold only its last events.
  std::optional<trace::TreeSummary> tree;
  SearchStats stats;  // totals over all iterations
  Score value = 0;    // the root's value (last completed iteration), from MAX's point of view
  Bound bound = Bound::exact;
  double seconds = 0;
  bool aborted = false;            // the node budget (or a stop) stopped the (last) search
  bool stopped = false;            // RecordOptions::stop stopped it (Cancel, the event limit)
  std::string stop_message;        // which budget stopped it and how to raise it ("" otherwise)
  std::vector<std::string> notes;  // what was changed from what was asked (a table capped)
  std::vector<IterationResult> iterations;  // iterative deepening and interest search
  long long interest_cutoffs = -1;          // interest search only (-1 otherwise)
  long long tt_probes = 0, tt_hits = 0, tt_stores = 0, tt_entries = 0;
  // The algorithm's own counters, in the order its report shows them (the Greenblatt search's
  // generations, feedovers...; principal variation search's re-searches).
  std::vector<std::pair<std::string, long long>> counters;
  void count(const std::string& name, long long n);  // adds n to the counter (created at 0)
  long long counter(const std::string& name) const;  // 0 if none
};

// Throws InputError for a bad spec. The spec is completed (its algorithm's source-dependent
// defaults filled in) and validated first; result.trace.meta says how to search it again.
// Runs the search; record: keep its trace (lean where a rule derives the steps, trace/steps.hpp),
// verbose: every step as its own event even then (--verbose-trace), as the search reports it.
SearchResult run_search(const SearchSpec& spec, const RecordOptions& record);
inline SearchResult run_search(const SearchSpec& spec, Recording recording) {
  RecordOptions r;
  r.mode = recording;
  return run_search(spec, r);
}
inline SearchResult run_search(const SearchSpec& spec, bool record) {
  return run_search(spec, record ? Recording::on : Recording::off);
}
// The spec with its algorithm's source-dependent defaults filled in, validated.
SearchSpec completed(const SearchSpec& spec);

// The depth iterative deepening goes to: the given depth, or the height of a tree.
int iterative_depth(const SearchSpec& spec);

// node.score for every node of the model (index = node id): the minimax value of the node's
// subtree searched to the same depth as in the trace. Nodes are matched to moves by their
// generation-order index. Returns nothing when the spec and the trace do not fit together, and
// for the Greenblatt search (a selective search: a full-width minimax is another tree).
// InputError when the unpruned search would enter more than max_nodes nodes (0: no budget).
std::optional<std::vector<Score>> compute_scores(const SearchSpec& spec, const trace::Model& model,
                                                 std::size_t max_nodes);
// Throws compute_scores' InputError before the search when the tree's size is known (a bracket
// or random tree) and its unpruned search would pass max_nodes (0: no budget).
void check_score_budget(const SearchSpec& spec, std::size_t max_nodes);

}  // namespace kibitz
