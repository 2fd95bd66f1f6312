// Forward estimation in the search report (report.cpp): the "fe" object of a tested node's
// nodes_table entry, the entries of pruned successors (never entered, so without an id), and
// the summary fields ("fe_prunes", "fe_tests", "fe_bounds").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "session/run.hpp"
#include "trace/json_text.hpp"
#include "trace/model.hpp"

namespace kibitz {

// "fe": {"c","d","estimate","window_bound","pruned","root","l","u","move_index","inequality"}
// for a node entered after a test at or before event t; nothing otherwise.
void write_fe_field(JsonWriter& j, const trace::Model& model, std::uint32_t id, std::size_t t);

// One nodes_table entry per successor pruned at or before event t, with the keys of the other
// entries ("id" null, values never computed null) and its "fe" object.
void write_fe_pruned_entries(JsonWriter& j, const trace::Model& model, std::size_t t, bool scores);

// "fe_prunes", "fe_tests", "fe_bounds": {"source","l","u","delta","likely", ...}.
void write_fe_summary(JsonWriter& j, const SearchResult& result);

// "forward estimation: 40 tests, 12 pruned; bounds exact l=-9,u=9, delta 1" for the plain report.
std::string fe_summary_text(const SearchResult& result);

}  // namespace kibitz
