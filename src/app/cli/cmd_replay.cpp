// kibitz replay FILE [--at N] [--view minimax|negamax]: the state of the search at event N (the
// last by default), its
// narration in the seed's negamax form (the default) or the textbook's minimax form.
#include <cstdio>
#include <sstream>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "session/report.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/trace_json.hpp"

namespace kibitz::cli {

namespace {
// --view: the narration's form (the seed's negamax unless asked).
trace::ValueView view_of(const Args& args) {
  trace::ValueView view = trace::ValueView::negamax;
  if (args.has("view") && !trace::parse_value_view(args.value_or("view", ""), view))
    throw InputError("--view: minimax or negamax, not '" + args.value_or("view", "") + "'");
  return view;
}
// A file cut short, or a search a budget stopped, says so on stderr.
void say_partial(const trace::Trace& t) {
  if (!t.notice.empty()) std::fprintf(stderr, "kibitz replay: %s\n", t.notice.c_str());
  const std::string stopped = t.meta.get("stopped");
  if (!stopped.empty() && stopped != t.notice)
    std::fprintf(stderr, "kibitz replay: partial trace: %s\n", stopped.c_str());
}

// A search stopped before it searched (a UCI move stopped at once): nothing to replay.
int say_empty(const trace::Trace& t, bool json) {
  if (json) {
    JsonWriter j;
    j.begin_object();
    j.key("events");
    j.number(0LL);
    j.key("stopped");
    j.string(t.meta.get("stopped"));
    j.key("why");
    j.string(trace::why_no_events(t));
    j.end_object();
    std::printf("%s\n", j.str().c_str());
  } else {
    const std::string why = trace::why_no_events(t);
    std::printf("the trace has no events (%s)\n",
                why.empty() ? "nothing was searched" : why.c_str());
  }
  return 0;
}

// The state at event `at` as JSON: the counters, the narration and every node entered by then,
// written as it goes.
void print_json(const trace::Model& model, std::size_t at, const std::string& sentence) {
  const trace::Counters c = model.counters_at(at);
  const std::uint32_t current = model.node_of_event(at);
  const std::uint32_t visible = model.nodes_visible_at(at);
  JsonWriter j;
  j.begin_object();
  j.key("t");
  j.number(static_cast<long long>(at));
  j.key("events");
  j.number(static_cast<long long>(model.event_count()));
  j.key("event");
  j.string(trace::event_type_name(model.event(at).type));
  j.key("narration");
  j.string(sentence);
  j.key("current_node");
  if (current == trace::k_no_node)
    j.null();
  else
    j.number(static_cast<long long>(current));
  j.key("counters");
  j.begin_object();
  const std::pair<const char*, std::uint32_t> counts[] = {
      {"nodes", c.nodes}, {"leaves", c.leaves}, {"cutoffs", c.cutoffs},
      {"pv", c.pv},       {"cut", c.cut},       {"all", c.all}};
  for (const auto& [name, n] : counts) {
    j.key(name);
    j.number(static_cast<long long>(n));
  }
  j.end_object();
  j.key("nodes_table");
  j.begin_array();
  for (std::uint32_t id = 0; id < visible; ++id) {
    write_node_entry(j, model, id, at, nullptr);
    j.flush_to(stdout, std::size_t{1} << 20);
  }
  j.end_array();
  j.end_object();
  j.flush_to(stdout);
  std::fputc('\n', stdout);
}

// The same as text: a line per node entered by then, written as it goes.
void print_text(const trace::Model& model, std::size_t at, const std::string& sentence) {
  const trace::Counters c = model.counters_at(at);
  const std::uint32_t current = model.node_of_event(at);
  const std::uint32_t visible = model.nodes_visible_at(at);
  std::ostringstream o;
  o << "event " << at << " of " << model.event_count() << ": "
    << trace::event_type_name(model.event(at).type) << "\n";
  o << sentence << "\n";
  o << "nodes " << c.nodes << ", leaves " << c.leaves << ", cutoffs " << c.cutoffs << "\n";
  for (std::uint32_t id = 0; id < visible; ++id) {
    if (o.tellp() > (1 << 20)) {
      std::fputs(o.str().c_str(), stdout);
      o.str("");
    }
    const trace::NodeState s = model.state_at(id, at);
    const trace::ModelNode n = model.node(id);
    o << (id == current ? "> " : "  ") << id << " [" << model.path_text(id) << "]";
    if (n.label != 0) o << " " << model.trace().strings.get(n.label);
    o << "  alpha0=" << format_score(n.alpha0) << " beta=" << format_score(n.beta);
    if (model.has_window()) o << " alpha[" << s.alpha_index << "]=" << format_score(s.alpha);
    if (s.has_best) o << " best[" << s.best_index << "]=" << format_score(s.best);
    if (s.evaluated) o << " eval=" << format_score(s.eval);
    if (s.has_ret) o << " ret=" << format_score(s.ret) << " " << bound_name(s.bound);
    if (s.kind != NodeKind::unknown) o << " " << kind_label(s.kind);
    if (s.cutoff_child >= 0) o << " cutoff by " << s.cutoff_child;
    o << "\n";
  }
  std::fputs(o.str().c_str(), stdout);
}

}  // namespace

int cmd_replay(int argc, char** argv) {
  const Args args(argc, argv, 0, {"at", "view"}, {"json"});
  const trace::ValueView view = view_of(args);
  if (args.positional().size() != 1)
    throw InputError("give one trace file: kibitz replay FILE.kbz [--at N]");
  // Read where it lies; what is printed is written as it goes (a trace of any size in little
  // memory).
  const trace::Trace t = trace::read_trace_file(args.positional()[0]);
  say_partial(t);
  const trace::Model model(t);
  if (model.event_count() == 0) return say_empty(t, args.has("json"));
  // --at N, or the last event: the search as it ended.
  const auto at =
      static_cast<std::size_t>(args.integer("at", static_cast<long long>(model.event_count()) - 1,
                                            0, static_cast<long long>(model.event_count()) - 1));
  const std::string sentence = narrate(model, at, view);
  if (args.has("json"))
    print_json(model, at, sentence);
  else
    print_text(model, at, sentence);
  return 0;
}

}  // namespace kibitz::cli
