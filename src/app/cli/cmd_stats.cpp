// kibitz stats FILE... [--json] [--findings]: an engine author's figures of each trace
// (trace/search_stats.hpp, docs/analysis.md) per iteration and per ply, for several files their
// sum, and the detectors' findings (trace/findings.hpp: always in JSON, with --findings in text).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/node_kind.hpp"
#include "trace/findings.hpp"
#include "trace/json_text.hpp"
#include "trace/model.hpp"
#include "trace/search_stats.hpp"
#include "trace/trace_json.hpp"

namespace kibitz::cli {

namespace {

using trace::StatCounts;

// A rate, -1 when there is nothing to measure it on (JSON null, "-" in text).
double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? static_cast<double>(part) / static_cast<double>(whole) : -1.0;
}

void rate(JsonWriter& j, const char* key, double v) {
  j.key(key);
  if (v < 0)
    j.null();
  else
    j.number(v);
}

// "63.6%", "1.25" or "-", right-aligned in `width`.
std::string cell(double v, int width, bool percent) {
  char b[32];
  if (v < 0)
    std::snprintf(b, sizeof b, "%*s", width, "-");
  else if (percent)
    std::snprintf(b, sizeof b, "%*.1f%%", width - 1, 100.0 * v);
  else
    std::snprintf(b, sizeof b, "%*.2f", width, v);
  return b;
}

void json_counts(JsonWriter& j, const StatCounts& c) {
  const auto num = [&](const char* k, std::uint64_t v) {
    j.key(k);
    j.number(static_cast<long long>(v));
  };
  const auto real = [&](const char* k, double v) { rate(j, k, v); };
  num("nodes", c.nodes);
  num("leaves", c.leaves);
  num("interior", c.interior);
  num("quiescence", c.quiescence);
  real("quiescence_share", share(c.quiescence, c.nodes));
  num("cutoffs", c.cutoffs);
  num("first_move_cutoffs", c.first_move_cutoffs);
  real("first_move_cutoff_rate", c.first_move_cutoff_rate());
  j.key("cutoff_positions");  // cutoffs by successor 0, 1, ...; the last: that one or later
  j.begin_array();
  for (std::uint64_t n : c.cutoff_positions) j.number(static_cast<long long>(n));
  j.end_array();
  num("probes", c.probes);
  num("researches", c.researches);
  real("research_rate", share(c.researches, c.probes));
  num("null_move_cutoffs", c.null_moves);
  num("tt_probes", c.tt_probes);
  num("tt_hits", c.tt_hits);
  num("tt_cuts", c.tt_cuts);
  real("tt_hit_rate", share(c.tt_hits, c.tt_probes));
  real("tt_cut_rate", share(c.tt_cuts, c.tt_probes));
  j.key("kinds");  // expected kind -> actual kind -> nodes (only the pairs that occur)
  j.begin_object();
  for (std::size_t e = 0; e < c.kinds.size(); ++e) {
    bool any = false;
    for (std::uint64_t n : c.kinds[e]) any = any || n > 0;
    if (!any) continue;
    j.key(kind_name(static_cast<NodeKind>(e)));
    j.begin_object();
    for (std::size_t a = 0; a < c.kinds[e].size(); ++a) {
      if (c.kinds[e][a] == 0) continue;
      j.key(kind_name(static_cast<NodeKind>(a)));
      j.number(static_cast<long long>(c.kinds[e][a]));
    }
    j.end_object();
  }
  j.end_object();
  real("kind_agreement", c.kind_agreement());
}

void json_stats(JsonWriter& j, const trace::SearchStats& s) {
  j.key("total");
  j.begin_object();
  json_counts(j, s.total);
  j.end_object();
  j.key("iterations");
  j.begin_array();
  for (const trace::IterationStats& it : s.iterations) {
    j.begin_object();
    j.key("depth");
    j.number(static_cast<long long>(it.depth));
    j.key("attempts");
    j.number(static_cast<long long>(it.attempts));
    j.key("first_root");
    j.number(static_cast<long long>(it.first_root));
    rate(j, "ebf", it.ebf);
    j.key("finished");
    j.boolean(it.finished);
    json_counts(j, it.counts);
    j.end_object();
  }
  j.end_array();
  j.key("plies");
  j.begin_array();
  for (const trace::PlyStats& p : s.plies) {
    j.begin_object();
    j.key("ply");
    j.number(static_cast<long long>(p.ply));
    rate(j, "branching", p.branching);
    json_counts(j, p.counts);
    j.end_object();
  }
  j.end_array();
}

void text_row(const std::string& label, const StatCounts& c, double ebf) {
  std::printf("%-12s %10llu %9llu %s %8llu %s %s %8llu %8llu %s %s\n", label.c_str(),
              static_cast<unsigned long long>(c.nodes), static_cast<unsigned long long>(c.leaves),
              cell(share(c.quiescence, c.nodes), 7, true).c_str(),
              static_cast<unsigned long long>(c.cutoffs),
              cell(c.first_move_cutoff_rate(), 7, true).c_str(), cell(ebf, 6, false).c_str(),
              static_cast<unsigned long long>(c.probes),
              static_cast<unsigned long long>(c.researches),
              cell(share(c.tt_hits, c.tt_probes), 7, true).c_str(),
              cell(c.kind_agreement(), 7, true).c_str());
}

void text_stats(const std::string& file, const trace::SearchStats& s) {
  std::printf("%s\n", file.c_str());
  std::printf("%-12s %10s %9s %7s %8s %7s %6s %8s %8s %7s %7s\n", "", "nodes", "leaves", "quies",
              "cutoffs", "1st-cut", "ebf", "probes", "re-srch", "tt-hit", "kinds");
  for (const trace::IterationStats& it : s.iterations) {
    // A depth cut short (the trace ends inside it) is marked: its figures are partial.
    text_row("depth " + std::to_string(it.depth) + (it.finished ? "" : "*"), it.counts, it.ebf);
  }
  for (const trace::PlyStats& p : s.plies) {
    text_row("ply " + std::to_string(p.ply), p.counts, p.branching);
  }
  text_row("all", s.total, -1.0);
  std::printf(
      "(ebf: nodes / the previous depth's for a depth, the next ply's nodes / interior "
      "nodes for a ply; 1st-cut: cutoffs by the first move / cutoffs by moves; kinds: Pv/Cut/All "
      "as expected; -: nothing to measure)\n");
  for (const trace::IterationStats& it : s.iterations)
    if (!it.finished)
      std::printf("(* depth %d: the trace ends inside it, its figures are partial)\n", it.depth);
}

void json_findings(JsonWriter& j, const trace::Findings& found) {
  j.key("findings_total");  // of each kind, shown or not
  j.begin_object();
  for (std::size_t k = 0; k < trace::k_finding_kinds; ++k) {
    j.key(trace::finding_name(static_cast<trace::FindingKind>(k)));
    j.number(static_cast<long long>(found.total[k]));
  }
  j.end_object();
  j.key("findings");
  j.begin_array();
  for (const trace::Finding& f : found.shown) {
    j.begin_object();
    j.key("kind");
    j.string(trace::finding_name(f.kind));
    j.key("node");
    j.number(static_cast<long long>(f.node));
    j.key("nodes");
    j.number(static_cast<long long>(f.nodes));
    j.key("value");
    j.number(f.value);
    j.key("text");
    j.string(f.text);
    j.end_object();
  }
  j.end_array();
}

void text_findings(const trace::Findings& found) {
  if (found.shown.empty()) std::printf("findings: none\n");
  std::size_t shown[trace::k_finding_kinds] = {};
  for (const trace::Finding& f : found.shown) {
    std::printf("%s: %s\n", trace::finding_name(f.kind), f.text.c_str());
    ++shown[static_cast<std::size_t>(f.kind)];
  }
  for (std::size_t k = 0; k < trace::k_finding_kinds; ++k) {
    if (found.total[k] > shown[k])
      std::printf("(%llu more %s findings not shown: the largest %zu are)\n",
                  static_cast<unsigned long long>(found.total[k] - shown[k]),
                  trace::finding_name(static_cast<trace::FindingKind>(k)), shown[k]);
  }
}

trace::FindingOptions finding_options(const Args& args) {
  trace::FindingOptions o;
  if (args.has("explosion-ratio")) {
    const std::string v = args.value_or("explosion-ratio", "");
    char* end = nullptr;
    o.explosion_ratio = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(o.explosion_ratio >= 1.0 && o.explosion_ratio <= 1e9))
      throw InputError("--explosion-ratio: a number from 1 to 1e9, not '" + v + "'");
  }
  o.explosion_min_nodes = static_cast<std::uint64_t>(
      args.integer("explosion-min", static_cast<long long>(o.explosion_min_nodes), 1, 1LL << 40));
  o.storm_min = static_cast<int>(args.integer("storm-min", o.storm_min, 2, 1000000));
  return o;
}

}  // namespace

int cmd_stats(int argc, char** argv) {
  const Args args(argc, argv, 0, {"explosion-ratio", "explosion-min", "storm-min"},
                  {"json", "findings"});
  const trace::FindingOptions options = finding_options(args);
  if (args.positional().empty())
    throw InputError("give one or more trace files: kibitz stats FILE.kbz... [--json]");
  const bool json = args.has("json");
  JsonWriter j;
  if (json) {
    j.begin_object();
    j.key("traces");
    j.begin_array();
  }
  StatCounts sum;
  for (const std::string& file : args.positional()) {
    const trace::Trace t = trace::read_trace_file(file);
    if (!t.notice.empty())
      std::fprintf(stderr, "kibitz stats: %s: %s\n", file.c_str(), t.notice.c_str());
    const trace::Model model(t);
    const trace::SearchStats s = trace::search_stats(model);
    sum.add(s.total);
    const bool findings = json || args.has("findings");
    const trace::Findings found =
        findings ? trace::find_findings(model, options) : trace::Findings{};
    if (json) {
      j.begin_object();
      j.key("file");
      j.string(file);
      if (!t.notice.empty()) {
        j.key("notice");  // a file cut short: what was read
        j.string(t.notice);
      }
      json_stats(j, s);
      json_findings(j, found);
      j.end_object();
    } else {
      text_stats(file, s);
      if (findings) text_findings(found);
    }
  }
  if (json) {
    j.end_array();
    j.key("sum");  // every trace's totals added
    j.begin_object();
    json_counts(j, sum);
    j.end_object();
    j.end_object();
    std::printf("%s\n", j.str().c_str());
  } else if (args.positional().size() > 1) {
    std::printf("all %zu traces\n", args.positional().size());
    text_row("sum", sum, 0.0);
  }
  return 0;
}

}  // namespace kibitz::cli
