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

double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

void json_counts(JsonWriter& j, const StatCounts& c) {
  const auto num = [&](const char* k, std::uint64_t v) {
    j.key(k);
    j.number(static_cast<long long>(v));
  };
  const auto real = [&](const char* k, double v) {
    j.key(k);
    j.number(v);
  };
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
    j.key("ebf");
    j.number(it.ebf);
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
    j.key("branching");
    j.number(p.branching);
    json_counts(j, p.counts);
    j.end_object();
  }
  j.end_array();
}

void text_row(const char* label, const StatCounts& c, double ebf) {
  std::printf("%-10s %10llu %9llu %6.1f%% %8llu %6.1f%% %6.2f %8llu %8llu %6.1f%% %6.1f%%\n", label,
              static_cast<unsigned long long>(c.nodes), static_cast<unsigned long long>(c.leaves),
              100.0 * share(c.quiescence, c.nodes), static_cast<unsigned long long>(c.cutoffs),
              100.0 * c.first_move_cutoff_rate(), ebf, static_cast<unsigned long long>(c.probes),
              static_cast<unsigned long long>(c.researches), 100.0 * share(c.tt_hits, c.tt_probes),
              100.0 * c.kind_agreement());
}

void text_stats(const std::string& file, const trace::SearchStats& s) {
  std::printf("%s\n", file.c_str());
  std::printf("%-10s %10s %9s %7s %8s %7s %6s %8s %8s %7s %7s\n", "", "nodes", "leaves", "quies",
              "cutoffs", "1st-cut", "ebf", "probes", "re-srch", "tt-hit", "kinds");
  for (const trace::IterationStats& it : s.iterations) {
    const std::string label = "depth " + std::to_string(it.depth);
    text_row(label.c_str(), it.counts, it.ebf);
  }
  for (const trace::PlyStats& p : s.plies) {
    const std::string label = "ply " + std::to_string(p.ply);
    text_row(label.c_str(), p.counts, p.branching);
  }
  text_row("all", s.total, 0.0);
  std::printf(
      "(ebf: nodes / the previous depth's for a depth, the next ply's nodes / interior "
      "nodes for a ply; kinds: Pv/Cut/All as expected)\n");
}

void json_findings(JsonWriter& j, const std::vector<trace::Finding>& found) {
  j.key("findings");
  j.begin_array();
  for (const trace::Finding& f : found) {
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

void text_findings(const std::vector<trace::Finding>& found) {
  if (found.empty()) std::printf("findings: none\n");
  for (const trace::Finding& f : found)
    std::printf("%s: %s\n", trace::finding_name(f.kind), f.text.c_str());
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
    const std::vector<trace::Finding> found =
        findings ? trace::find_findings(model, options) : std::vector<trace::Finding>{};
    if (json) {
      j.begin_object();
      j.key("file");
      j.string(file);
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
