#include "app/cli/search_discs.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "games/othello/othello.hpp"
#include "trace/json_text.hpp"

namespace kibitz::cli {

std::optional<int> othello_discs(const SearchSpec& spec, const SearchResult& result) {
  int discs = 0;
  if (spec.game != "othello" || spec.depth >= 0 || result.aborted || result.stopped ||
      !OthelloGame::final_discs(result.value, discs))
    return std::nullopt;
  return discs;
}

std::vector<std::pair<std::string, int>> othello_all_moves(const SearchSpec& spec,
                                                           const RecordOptions& record) {
  std::vector<std::pair<std::string, int>> out;
  if (spec.game != "othello" || spec.depth >= 0)
    throw InputError("--all-moves needs --game othello --depth end");
  const OthelloGame root = OthelloGame::from_text(spec.position);
  std::vector<OthelloGame::Move> moves;
  root.moves(moves);
  const bool has_moves = spec.position.find("moves") != std::string::npos;
  for (OthelloGame::Move m : moves) {
    SearchSpec after = spec;
    after.position = spec.position + (has_moves ? " " : " moves ") + root.move_label(m);
    RecordOptions r = record;
    r.stream.clear();
    r.summary = true;
    r.memory_chunks = 1;
    const SearchResult res = run_search(after, r);
    int discs = 0;
    if (res.aborted || res.stopped || !OthelloGame::final_discs(res.value, discs))
      throw InputError("--all-moves: the search after " + root.move_label(m) +
                       " was stopped by a budget: its value is not exact");
    out.emplace_back(root.move_label(m), -discs);  // the opponent's count, negated
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::string with_discs(std::string report, bool json, std::optional<int> discs,
                       const std::vector<std::pair<std::string, int>>& moves) {
  if (!discs && moves.empty()) return report;
  if (json) {
    JsonWriter j;  // the fields, spliced in after the report's opening brace
    j.begin_object();
    if (discs) {
      j.key("discs");
      j.number(static_cast<long long>(*discs));
    }
    if (!moves.empty()) {
      j.key("moves");
      j.begin_array();
      for (const auto& [move, d] : moves) {
        j.begin_object();
        j.key("move");
        j.string(move);
        j.key("discs");
        j.number(static_cast<long long>(d));
        j.end_object();
      }
      j.end_array();
    }
    j.end_object();
    std::string fields = j.take();
    fields = fields.substr(1, fields.size() - 2);
    const std::size_t brace = report.find('{');
    return brace == std::string::npos ? report : report.insert(brace + 1, fields + ",");
  }
  std::string lines;
  if (discs) {
    lines += "discs: " + std::string(*discs > 0 ? "+" : "") + std::to_string(*discs) +
             " (the final disc difference for the side to move, empties to the winner)\n";
  }
  if (!moves.empty()) {
    lines += "moves:";
    for (const auto& [move, d] : moves)
      lines += " " + move + " " + (d > 0 ? "+" : "") + std::to_string(d);
    lines += "\n";
  }
  return report + lines;
}

}  // namespace kibitz::cli
