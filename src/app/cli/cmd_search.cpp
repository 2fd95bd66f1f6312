// kibitz search: run one search, print the report, optionally record the trace. The flags of
// the algorithms' own options come from the registry (app/algorithms/algorithm.hpp).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/progress_flags.hpp"
#include "app/cli/search_discs.hpp"
#include "app/viewer_app/limits.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/text.hpp"
#include "session/budgets.hpp"
#include "session/report.hpp"
#include "session/run.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"

namespace kibitz::cli {

namespace {

std::string dashes(std::string key) {
  for (char& c : key) {
    if (c == '_') c = '-';
  }
  return key;
}

// Every option flag of every algorithm: (flag, option key or alias, is a switch).
struct OptionFlag {
  std::string flag, key;
  bool is_switch;
};
std::vector<OptionFlag> option_flags() {
  std::vector<OptionFlag> flags;
  for (const AlgorithmEntry* a : algorithms()) {
    for (const Option& o : a->option_list()) {
      flags.push_back({o.cli_flag(), o.key(), o.is_switch()});
      for (const auto& alias : o.aliases())
        flags.push_back({dashes(alias.first), alias.first, false});
    }
  }
  return flags;
}

Args parse_args(int argc, char** argv) {
  std::set<std::string> valued = {"tree",     "tree-file", "random", "game",
                                  "position", "fen",       "record", "max-events"};
  std::set<std::string> switches = {"score",     "json",     "verbose-trace",
                                    "all-moves", "progress", "no-progress"};
  for (const Option& o : SearchSpec::common_options())
    (o.is_switch() ? switches : valued).insert(o.cli_flag());
  for (const OptionFlag& f : option_flags()) (f.is_switch ? switches : valued).insert(f.flag);
  return Args(argc, argv, 0, valued, switches);
}

void source_from_args(const Args& args, SearchSpec& spec) {
  int sources = 0;
  if (auto t = args.value("tree")) {
    spec.tree = *t;
    if (spec.tree.empty()) throw InputError("--tree is empty");
    ++sources;
  }
  if (auto f = args.value("tree-file")) {
    const auto bytes = read_file_bytes(*f);
    spec.tree.assign(bytes.begin(), bytes.end());
    if (spec.tree.find_first_not_of(" \t\r\n") == std::string::npos) {
      throw InputError("tree file '" + *f + "' is empty");
    }
    ++sources;
  }
  if (auto r = args.value("random")) {
    spec.random = RandomTreeParams::parse(*r);
    ++sources;
  }
  if (auto g = args.value("game")) {
    spec.game = *g;
    ++sources;
    if (args.has("position") && args.has("fen"))
      throw InputError("give --position or --fen, not both");
    spec.position = args.value_or("fen", args.value_or("position", ""));
    if ((args.has("fen") || args.has("position")) &&
        spec.position.find_first_not_of(" \t") == std::string::npos) {
      throw InputError(std::string("--") + (args.has("fen") ? "fen" : "position") +
                       " is empty: give a position, or leave it out for the game's start");
    }
  } else if (args.has("position") || args.has("fen")) {
    throw InputError("--position and --fen need --game");
  }
  if (sources != 1)
    throw InputError("give exactly one of --tree, --tree-file, --random and --game");
}

// The algorithm's own options; one of another algorithm names it.
void options_from_args(const Args& args, SearchSpec& spec) {
  const std::vector<OptionFlag> flags = option_flags();
  for (const AlgorithmEntry* a : algorithms()) {
    for (const Option& o : a->option_list()) {
      std::string given;
      int count = 0;
      if (args.has(o.cli_flag())) given = "--" + o.cli_flag(), ++count;
      for (const auto& alias : o.aliases())
        if (args.has(dashes(alias.first))) given += (count++ ? ", --" : "--") + dashes(alias.first);
      if (count > 1) throw InputError("give one of " + given + ": they set the same option");
    }
  }
  for (const OptionFlag& f : flags) {
    if (!args.has(f.flag)) continue;
    if (!find_option(spec.algorithm().option_list(), f.key)) {
      if (const AlgorithmEntry* owner = option_owner(f.key, &spec.algorithm()))
        throw InputError("--" + f.flag + " applies to --algo " + owner->name);
    }
    spec.set(f.key, f.is_switch ? "on" : args.value_or(f.flag, ""), "--" + f.flag);
  }
}

SearchSpec spec_from_args(const Args& args) {
  SearchSpec spec;
  source_from_args(args, spec);
  // The algorithm first: its options are read with it.
  for (const Option& o : SearchSpec::common_options()) {
    const std::string& flag = o.cli_flag();
    if (args.has(flag)) spec.set(o.key(), o.is_switch() ? "on" : *args.value(flag), "--" + flag);
  }
  options_from_args(args, spec);
  spec.validate();
  return spec;
}

// "[--flag HINT]" for an option, its aliases as alternatives: "[--limits L | --limit L]".
std::string usage_item(const Option& o) {
  std::string item = "[--" + o.cli_flag();
  if (!o.is_switch()) item += " " + o.value_hint();
  for (std::size_t i = 0; i < o.aliases().size(); ++i)
    item += " | --" + dashes(o.aliases()[i].first) + " " + o.alias_hint(i);
  return item + "]";
}

// Items after a lead, wrapped at 100 columns with a hanging indent.
std::string wrapped(const std::string& lead, const std::vector<std::string>& items) {
  const std::string indent(lead.size() + 1, ' ');
  std::string out = lead, line = lead;
  for (const std::string& item : items) {
    if (line.size() + 1 + item.size() > 100 && line.size() > indent.size()) {
      out += "\n" + indent;
      line = indent;
    } else {
      out += " ";
      line += " ";
    }
    out += item;
    line += item;
  }
  return out + "\n";
}

}  // namespace

std::string search_usage() {
  std::string s =
      "search --tree TEXT | --tree-file F | --random b=5,d=10,lo=-16383,hi=16384,seed=1[,B=9]"
      "[,root=5]\n"
      "         | --game tictactoe|connect4|othello|chess [--position TEXT | --fen FEN] --depth "
      "D\n";
  std::vector<std::string> common;
  for (const Option& o : SearchSpec::common_options()) common.push_back(usage_item(o));
  for (const char* more : {"[--score]", "[--json]", "[--record FILE.kbz]", "[--verbose-trace]",
                           "[--max-events N]", "[--all-moves]", "[--progress|--no-progress]"})
    common.push_back(more);
  s += wrapped("        ", common);
  for (const AlgorithmEntry* a : algorithms()) {
    if (a->option_list().empty()) continue;
    std::vector<std::string> items;
    for (const Option& o : a->option_list()) items.push_back(usage_item(o));
    s += wrapped("         " + std::string(a->name) + ":", items);
  }
  s.pop_back();
  return s;
}

// A count flag's value: a whole number, 0 or more.
long long parse_count(const Args& args, const char* flag) {
  const std::string v = args.value_or(flag, "");
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v.c_str(), &end, 10);
  if (!v.empty() && *end == '\0' && errno == ERANGE && n > 0)
    throw InputError("--" + std::string(flag) + " " + v + " is too large");
  if (v.empty() || *end != '\0' || errno == ERANGE || n < 0)
    throw InputError("--" + std::string(flag) + " must be a whole number, 0 or more (not '" + v +
                     "')");
  return n;
}

// A line on stderr while a search runs longer than a second, redrawn at most four times a
// second: nodes and events, each against its budget, the share of the nearer one, the time.
// erase() takes it away before the report; Ctrl-C ends the line first.
class ProgressLine {
 public:
  ProgressLine(std::size_t node_budget, std::size_t event_budget)
      : m_nodes(node_budget), m_events(event_budget) {
    std::signal(SIGINT, [](int sig) {
      (void)!write(STDERR_FILENO, "\n", 1);  // async-signal-safe; nothing to do if it fails
      std::signal(sig, SIG_DFL);
      std::raise(sig);
    });
  }
  void update(std::size_t events, std::size_t nodes) {
    const double t = seconds();
    if (t < 1.0 || t - m_drawn < 0.25) return;
    m_drawn = t;
    double share = 0;
    std::string line = "\rsearching: " + thousands(nodes) + " nodes";
    if (m_nodes > 0) {
      line += " of " + thousands(m_nodes);
      share = std::max(share, static_cast<double>(nodes) / static_cast<double>(m_nodes));
    }
    line += ", " + thousands(events) + " events";
    if (m_events > 0) {
      line += " of " + thousands(m_events);
      share = std::max(share, static_cast<double>(events) / static_cast<double>(m_events));
    }
    if (m_nodes > 0 || m_events > 0)
      line += " (" + std::to_string(static_cast<int>(100 * std::min(1.0, share))) + "%)";
    line += ", " + std::to_string(static_cast<int>(t)) + " s  ";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
  }
  void erase() const {
    std::signal(SIGINT, SIG_DFL);
    if (m_drawn > 0) std::fputs("\r\033[K", stderr);
  }

 private:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
  }
  std::size_t m_nodes, m_events;
  std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
  double m_drawn = 0;
};

int cmd_search(int argc, char** argv) {
  const Args args = parse_args(argc, argv);
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  const SearchSpec spec = spec_from_args(args);
  RecordOptions record;
  record.mode = args.has("verbose-trace") ? Recording::verbose : Recording::on;
  record.stream = args.value_or("record", "");  // written as the search goes
  // The text report needs only a summary of the tree, read as the search records: without
  // --record the trace is then never kept (memory independent of the search's size).
  const bool text = !args.has("json") && !args.has("score");
  if (text) {
    record.summary = true;
    record.summary_leaves = k_report_leaves;
    if (record.stream.empty()) record.memory_chunks = 1;
  }
  // The budgets (budgets.hpp): nodes unless --nodes gives the spec's own, events by memory.
  std::atomic<bool> stop{false};
  record.stop = &stop;
  const bool default_nodes = !args.has("nodes");
  if (default_nodes) record.max_nodes = k_default_node_budget;
  record.max_events = args.has("max-events")
                          ? static_cast<std::size_t>(parse_count(args, "max-events"))
                          : default_event_budget(record.stream.empty() && !text);
  // --score's unpruned search is bounded like the search: by --nodes, else the default budget;
  // a tree known to be too big is refused before searching.
  const std::size_t score_budget =
      default_nodes ? k_default_node_budget : static_cast<std::size_t>(spec.node_budget);
  if (args.has("score")) check_score_budget(completed(spec), score_budget);
  std::shared_ptr<ProgressLine> progress;
  if (wants_progress(args)) {
    progress = std::make_shared<ProgressLine>(score_budget, record.max_events);
    record.progress = [progress](std::size_t events, std::size_t nodes) {
      progress->update(events, nodes);
    };
  }
  SearchResult result = run_search(spec, record);
  if (progress) progress->erase();
  if (result.stopped || result.aborted) {  // a budget of the run's, or the search's own --nodes
    const bool finished = std::any_of(result.iterations.begin(), result.iterations.end(),
                                      [](const IterationResult& it) { return it.completed; });
    const BudgetFacts facts{default_nodes, !args.has("max-events"), finished};
    result.stop_message = budget_stop_message(static_cast<std::size_t>(result.stats.nodes),
                                              result.trace.events.size(), record, facts, spec);
  }
  // Othello to the end: the exact disc count, and with --all-moves every move's.
  const std::optional<int> discs = othello_discs(spec, result);
  std::vector<std::pair<std::string, int>> all_moves;
  if (args.has("all-moves")) all_moves = othello_all_moves(spec, record);
  const auto emit = [&](const std::string& out, bool json) {
    const std::string text = with_discs(out, json, discs, all_moves);
    std::fwrite(text.data(), 1, text.size(), stdout);
  };
  if (result.tree) {
    std::string out = search_report_text(result, *result.tree);
    if (!record.stream.empty()) out += trace_file_line(result, record.stream);
    emit(out, false);
    return 0;
  }
  if (!result.trace.events.complete()) {  // too big to keep: the file has it
    if (args.has("score")) throw InputError("--score needs the whole tree: the trace was too big");
    emit(search_report_streamed(result, record.stream) + "\n", true);
    return 0;
  }
  const trace::Model model(result.trace);
  std::optional<std::vector<Score>> scores;
  if (args.has("score")) {
    scores = compute_scores(spec, model, score_budget);
    if (!scores) throw InputError("cannot compute scores for this search");
  }
  const std::vector<Score>* sp = scores ? &*scores : nullptr;
  if (args.has("json"))
    emit(search_report_json(result, model, sp) + "\n", true);
  else
    emit(search_report_text(result, model, sp), false);
  return 0;
}

}  // namespace kibitz::cli
