// The search report of `kibitz search` (plain and --json) and the nodes_table entry, shared by
// the CLI and the web API (nodeState returns the same entry as of the cursor).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "session/run.hpp"
#include "trace/json_text.hpp"
#include "trace/model.hpp"
#include "trace/summary.hpp"

namespace kibitz {

// One nodes_table entry: {"id","name","path","parent","depth","alpha0","beta","alpha":[...],
// "best":[...],"ret","score"?,"kind","expected_kind","bound","cutoff_child"} as of event t;
// with minimax_form also "player" ("max"/"min") and "minimax": {"alpha","beta","best":[...],
// "value","bound"}, the textbook's form (trace/minimax_form.hpp). Values not known yet at t are
// null.
void write_node_entry(JsonWriter& j, const trace::Model& model, std::uint32_t id, std::size_t t,
                      const std::vector<Score>* scores, bool minimax_form = false);

// The root whose line the report shows: the last one whose search finished (iterative
// deepening under a node budget may end with an unfinished one); k_no_node if none.
std::uint32_t finished_root(const trace::Model& model);

// The label of a node in a PV or leaf list: its name or move if it has one, else its index k.
void write_node_label(JsonWriter& j, const trace::Model& model, std::uint32_t id);
std::string node_label_text(const trace::Model& model, std::uint32_t id);

// The whole --json report.
std::string search_report_json(const SearchResult& result, const trace::Model& model,
                               const std::vector<Score>* scores);
// The plain-text report lists this many evaluated leaves (the JSON report has them all).
constexpr std::size_t k_report_leaves = 64;

// What the text report shows of the tree, read from a model (the summary the recording gives
// when no model is kept is the same, trace/summary.hpp).
trace::TreeSummary tree_summary(const trace::Model& model, std::size_t listed);

// The plain-text report: from the model, or from the summary of a search not kept in memory.
std::string search_report_text(const SearchResult& result, const trace::Model& model,
                               const std::vector<Score>* scores);
std::string search_report_text(const SearchResult& result, const trace::TreeSummary& tree);

// The JSON report of a search whose trace went to `file` as it was recorded and outgrew memory
// (RecordOptions::memory_chunks): the search's own figures, without what needs the tree (the
// evaluated leaves, the principal variation, the nodes table), which the file holds.
std::string search_report_streamed(const SearchResult& result, const std::string& file);
// The text report's last line when the trace went to `file`: how many events, and whether the
// whole trace stayed in memory.
std::string trace_file_line(const SearchResult& result, const std::string& file);

}  // namespace kibitz
