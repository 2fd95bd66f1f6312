#include "session/report.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

#include "session/algorithms/algorithm.hpp"
#include "trace/minimax_form.hpp"

namespace kibitz {

using trace::EventType;
using trace::Model;

namespace {

std::string list_path(const std::vector<int>& p) {
  std::string s;
  for (int k : p) {
    if (!s.empty()) s += '.';
    s += std::to_string(k);
  }
  return s.empty() ? "(root)" : s;
}

}  // namespace

std::uint32_t finished_root(const Model& model) {
  for (auto it = model.roots().rbegin(); it != model.roots().rend(); ++it) {
    const trace::ModelNode& n = model.node(*it);
    if (n.leave_t != trace::k_never && n.kind != NodeKind::unknown) return *it;
  }
  return trace::k_no_node;
}

void write_node_label(JsonWriter& j, const Model& model, std::uint32_t id) {
  const std::string& label = model.label(id);
  if (!label.empty())
    j.string(label);
  else
    j.number(static_cast<long long>(model.k(id)));
}

std::string node_label_text(const Model& model, std::uint32_t id) {
  const std::string& label = model.label(id);
  return label.empty() ? std::to_string(model.k(id)) : label;
}

namespace {

// Writes where a node sits in the tree: its id, name, index path, parent and depth.
void write_node_place(JsonWriter& j, const Model& model, std::uint32_t id) {
  const trace::ModelNode& n = model.node(id);
  j.key("id");
  j.number(static_cast<long long>(id));
  j.key("name");
  if (model.label(id).empty())
    j.null();
  else
    j.string(model.label(id));
  j.key("path");
  j.begin_array();
  for (int k : model.path(id)) j.number(static_cast<long long>(k));
  j.end_array();
  j.key("parent");
  if (n.parent == trace::k_no_node)
    j.null();
  else
    j.number(static_cast<long long>(n.parent));
  j.key("depth");
  j.number(static_cast<long long>(n.depth));
}

// Writes "alpha" and "best": alpha[k] and best[k] as set up to t, from the node's own events.
void write_node_alpha_best(JsonWriter& j, const Model& model, std::uint32_t id, std::size_t t,
                           bool visible) {
  const trace::ModelNode& n = model.node(id);
  std::vector<Score> alpha, best;
  if (model.has_window() && visible) alpha.push_back(n.alpha0);
  model.own_events(id, t, [&](std::size_t, const trace::Event& e) {
    if (e.type == EventType::alpha_set) {
      alpha.resize(static_cast<std::size_t>(e.a) + 1, e.b);
      alpha[static_cast<std::size_t>(e.a)] = e.b;
    } else if (e.type == EventType::best_set) {
      best.resize(static_cast<std::size_t>(e.a) + 1, e.b);
      best[static_cast<std::size_t>(e.a)] = e.b;
    }
    return true;
  });
  j.key("alpha");
  j.begin_array();
  for (Score a : alpha) j.score(a);
  j.end_array();
  j.key("best");
  j.begin_array();
  for (Score b : best) j.score(b);
  j.end_array();
}

// Writes how the node turned out by then: its kind (and the kind expected), bound and the
// successor that made its cutoff.
void write_node_outcome(JsonWriter& j, const trace::ModelNode& n, const trace::NodeState& s) {
  j.key("kind");
  if (s.kind == NodeKind::unknown)
    j.null();
  else
    j.string(kind_name(s.kind));
  j.key("expected_kind");
  if (n.expected == NodeKind::unknown)
    j.null();
  else
    j.string(kind_name(n.expected));
  j.key("bound");
  if (s.has_ret)
    j.string(bound_name(s.bound));
  else
    j.null();
  j.key("cutoff_child");
  if (s.cutoff_child >= 0)
    j.number(static_cast<long long>(s.cutoff_child));
  else
    j.null();
}

// Writes "tt" for a node that probed the transposition table: what the probe found and
// whether the node's result was stored.
void write_node_tt(JsonWriter& j, const trace::ModelNode& n) {
  j.key("tt");
  j.begin_object();
  j.key("probe");
  j.string((n.marks & trace::k_tt_settled) ? "cutoff"
           : (n.marks & trace::k_tt_found) ? "move"
                                           : "miss");
  j.key("stored");
  j.boolean((n.marks & trace::k_tt_stored) != 0);
  j.end_object();
}

// Writes "engine" for a node an engine's recorder described (engine_extension.cpp): its
// successor index k, how it was searched, and whether a later attempt superseded it.
constexpr std::uint32_t k_engine_marks = trace::k_eng_quiescence | trace::k_eng_null_move |
                                         trace::k_eng_probe | trace::k_eng_research |
                                         trace::k_eng_pruned | trace::k_eng_noted;
void write_node_engine(JsonWriter& j, const trace::ModelNode& n) {
  j.key("engine");
  j.begin_object();
  j.key("k");
  j.number(static_cast<long long>(n.k));
  j.key("search");
  j.string((n.marks & trace::k_eng_null_move)  ? "null_move"
           : (n.marks & trace::k_eng_probe)    ? "probe"
           : (n.marks & trace::k_eng_research) ? "research"
                                               : "search");
  j.key("quiescence");
  j.boolean((n.marks & trace::k_eng_quiescence) != 0);
  j.key("superseded");
  j.boolean((n.marks & trace::k_superseded) != 0);
  j.key("pruned");
  j.number(static_cast<long long>(n.pruned));
  j.end_object();
}

// Writes "evaluated_leaves": the index path of every leaf evaluated statically.
void write_evaluated_leaves(JsonWriter& j, const Model& model) {
  j.key("evaluated_leaves");
  j.begin_array();
  for (std::uint32_t id = 0; id < model.node_count(); ++id) {
    if (!model.is_leaf(id)) continue;
    j.begin_array();
    for (int k : model.path(id)) j.number(static_cast<long long>(k));
    j.end_array();
  }
  j.end_array();
}

// Writes "pv": the principal variation of the last finished root, by node labels.
void write_pv(JsonWriter& j, const Model& model) {
  j.key("pv");
  j.begin_array();
  if (finished_root(model) != trace::k_no_node) {
    for (std::uint32_t id : model.principal_variation(finished_root(model)))
      write_node_label(j, model, id);
  }
  j.end_array();
}

// The algorithm whose search made the trace, if the registry knows it: its report sections.
const AlgorithmEntry* algorithm_of(const trace::Trace& trace) {
  return find_algorithm(trace.meta.get("algo"));
}

// Writes "iterations": depth, value, nodes and completion of each iterative-deepening step.
void write_iterations(JsonWriter& j, const std::vector<IterationResult>& iterations,
                      const AlgorithmEntry* algo) {
  j.key("iterations");
  j.begin_array();
  for (const IterationResult& it : iterations) {
    j.begin_object();
    j.key("depth");
    j.number(static_cast<long long>(it.depth));
    j.key("value");
    if (it.completed)
      j.score(it.value);
    else
      j.null();
    j.key("nodes");
    j.number(it.nodes);
    j.key("completed");
    j.boolean(it.completed);
    if (it.bound != Bound::exact) {  // an aspiration attempt that failed low or high
      j.key("bound");
      j.string(bound_name(it.bound));
    }
    if (algo && algo->report_iteration_json) algo->report_iteration_json(j, it);
    j.end_object();
  }
  j.end_array();
}

// Writes the search's own figures that open both JSON reports: value, nodes, leaves_evaluated.
void write_search_figures(JsonWriter& j, const SearchResult& result);
// Writes how the search ended: aborted, iterations, tt, algo, criterion, bound, cutoffs.
void write_search_outcome(JsonWriter& j, const SearchResult& result);

// Writes "tt": the transposition table's entries and what the search did with it.
void write_tt_totals(JsonWriter& j, const SearchResult& result) {
  j.key("tt");
  j.begin_object();
  j.key("entries");
  j.number(result.tt_entries);
  j.key("probes");
  j.number(result.tt_probes);
  j.key("hits");
  j.number(result.tt_hits);
  j.key("cutoffs");
  j.number(result.stats.tt_cutoffs);
  j.key("stores");
  j.number(result.tt_stores);
  j.end_object();
}

void write_search_figures(JsonWriter& j, const SearchResult& result) {
  j.key("value");
  j.score(result.value);
  j.key("nodes");
  j.number(result.stats.nodes);
  j.key("leaves_evaluated");
  j.number(result.stats.leaves);
}

void write_search_outcome(JsonWriter& j, const SearchResult& result) {
  j.key("aborted");
  j.boolean(result.aborted);
  if (!result.stop_message.empty()) {
    j.key("stopped");
    j.string(result.stop_message);
  }
  if (!result.notes.empty()) {
    j.key("notes");
    j.begin_array();
    for (const std::string& n : result.notes) j.string(n);
    j.end_array();
  }
  if (!result.iterations.empty())
    write_iterations(j, result.iterations, algorithm_of(result.trace));
  if (result.tt_entries > 0) write_tt_totals(j, result);
  j.key("algo");
  j.string(result.trace.meta.get("algo"));
  j.key("criterion");
  j.string(result.trace.meta.get("criterion"));
  j.key("bound");
  j.string(bound_name(result.bound));
  j.key("cutoffs");
  j.number(result.stats.cutoffs);
}

}  // namespace

// The node in the textbook's form (trace/minimax_form.hpp): the player to move, and its
// window, best values and value from MAX's point of view as of t.
void write_node_minimax(JsonWriter& j, const Model& model, std::uint32_t id, std::size_t t,
                        const trace::NodeState& s) {
  const trace::ModelNode& n = model.node(id);
  j.key("player");
  j.string(trace::is_max_node(model, id) ? "max" : "min");
  j.key("minimax");
  j.begin_object();
  j.key("alpha");
  const bool window = model.has_window() && s.visible;
  const trace::MinimaxWindow w = trace::max_view_window(model, id, s.alpha, n.beta);
  if (window)
    j.score(w.alpha);
  else
    j.null();
  j.key("beta");
  if (window)
    j.score(w.beta);
  else
    j.null();
  j.key("best");
  j.begin_array();
  model.own_events(id, t, [&](std::size_t, const trace::Event& e) {
    if (e.type == EventType::best_set) j.score(trace::max_view(model, id, e.b));
    return true;
  });
  j.end_array();
  j.key("value");
  if (s.has_ret)
    j.score(trace::max_view(model, id, s.ret));
  else if (s.evaluated)
    j.score(trace::max_view(model, id, s.eval));
  else
    j.null();
  j.key("bound");
  if (s.has_ret)
    j.string(bound_name(trace::max_view(model, id, s.bound)));
  else
    j.null();
  j.end_object();
}

void write_node_entry(JsonWriter& j, const Model& model, std::uint32_t id, std::size_t t,
                      const std::vector<Score>* scores, bool minimax_form) {
  const trace::ModelNode& n = model.node(id);
  const trace::NodeState s = model.state_at(id, t);
  j.begin_object();
  write_node_place(j, model, id);
  // The window it was entered with: null before it is entered (nothing from the future).
  j.key("alpha0");
  if (s.visible)
    j.score(n.alpha0);
  else
    j.null();
  j.key("beta");
  if (s.visible)
    j.score(n.beta);
  else
    j.null();
  write_node_alpha_best(j, model, id, t, s.visible);
  j.key("ret");
  if (s.has_ret)
    j.score(s.ret);
  else
    j.null();
  if (scores) {
    j.key("score");
    j.score((*scores)[id]);
  }
  write_node_outcome(j, n, s);
  if (model.roots().size() > 1) {
    j.key("iteration");
    j.number(static_cast<long long>(n.iteration));
  }
  if (n.marks & trace::k_tt_probed) write_node_tt(j, n);
  if (n.marks & k_engine_marks) write_node_engine(j, n);
  const AlgorithmEntry* algo = algorithm_of(model.trace());
  if (algo && algo->report_node_json) algo->report_node_json(j, model, id, t);
  if (minimax_form) write_node_minimax(j, model, id, t, s);
  j.end_object();
}

std::string search_report_json(const SearchResult& result, const Model& model,
                               const std::vector<Score>* scores) {
  JsonWriter j;
  j.begin_object();
  write_search_figures(j, result);
  write_evaluated_leaves(j, model);
  write_pv(j, model);
  write_search_outcome(j, result);
  const AlgorithmEntry* algo = algorithm_of(result.trace);
  if (algo && algo->report_outcome_json) algo->report_outcome_json(j, result);
  j.key("events");
  j.number(static_cast<long long>(model.event_count()));
  j.key("nodes_generated");  // as 002_... counts them (search/sink/sink.hpp)
  j.number(nodes_generated(result.stats, static_cast<long long>(model.roots().size())));
  if (algo && algo->report_json) algo->report_json(j, result, model);
  j.key("nodes_table");
  j.begin_array();
  const std::size_t last = model.event_count() == 0 ? 0 : model.event_count() - 1;
  for (std::uint32_t id = 0; id < model.node_count(); ++id)
    write_node_entry(j, model, id, last, scores);
  if (algo && algo->report_nodes) algo->report_nodes(j, model, last, scores != nullptr);
  j.end_array();
  j.end_object();
  return j.take();
}

trace::TreeSummary tree_summary(const Model& model, std::size_t listed) {
  trace::TreeSummary tree;
  for (std::uint32_t id = 0; id < model.node_count(); ++id) {
    if (!model.is_leaf(id)) continue;
    if (static_cast<std::size_t>(tree.leaves++) >= listed) continue;
    trace::SummaryLeaf leaf;
    leaf.path = model.path(id);
    leaf.label = model.label(id);
    for (std::uint32_t n = id; model.parent(n) != trace::k_no_node; n = model.parent(n))
      leaf.line.insert(leaf.line.begin(), model.label(n));
    tree.listed.push_back(std::move(leaf));
  }
  if (finished_root(model) != trace::k_no_node) {
    for (std::uint32_t id : model.principal_variation(finished_root(model)))
      tree.pv.push_back({model.label(id), model.k(id)});
  }
  tree.roots = static_cast<long long>(model.roots().size());
  tree.events = static_cast<long long>(model.event_count());
  return tree;
}

namespace {

// A listed leaf: by name in named trees, by its move line in games, by index path otherwise.
std::string leaf_text(const trace::SummaryLeaf& leaf, bool named_tree) {
  if (leaf.label.empty()) return list_path(leaf.path);
  if (named_tree) return leaf.label;
  std::string s;
  for (std::size_t i = 0; i < leaf.line.size(); ++i) s += (i ? "-" : "") + leaf.line[i];
  return s;
}

}  // namespace

std::string search_report_text(const SearchResult& result, const trace::TreeSummary& tree) {
  std::ostringstream o;
  const AlgorithmEntry* algo = algorithm_of(result.trace);
  o << "value: " << format_score(result.value);
  if (algo && algo->value_bound) o << " (" << bound_name(result.bound) << ")";
  // Stopped part way (an iterative search's value is its last finished depth's, a result).
  if ((result.aborted || result.stopped) &&
      std::none_of(result.iterations.begin(), result.iterations.end(),
                   [](const IterationResult& it) { return it.completed; }))
    o << " (not a result: the search was stopped, see below)";
  o << "\n";
  o << "nodes: " << result.stats.nodes << "\n";
  o << "leaves evaluated: " << result.stats.leaves << "\n";
  // A long list is cut (the JSON report has all of them).
  const bool named_tree = result.trace.meta.get("source") == "tree";
  o << "evaluated leaves:";
  for (const trace::SummaryLeaf& leaf : tree.listed) o << ' ' << leaf_text(leaf, named_tree);
  if (tree.leaves > static_cast<long long>(tree.listed.size()))
    o << " ... (" << tree.leaves - static_cast<long long>(tree.listed.size())
      << " more; --json lists them all)";
  o << "\n";
  o << "pv:";
  for (const trace::SummaryStep& step : tree.pv)
    o << ' ' << (step.label.empty() ? std::to_string(step.k) : step.label);
  o << "\n";
  o << "cutoffs: " << result.stats.cutoffs << "\n";
  if (algo && algo->report_outcome_text) algo->report_outcome_text(o, result);
  for (std::size_t i = 0; i < result.iterations.size(); ++i) {
    const IterationResult& it = result.iterations[i];
    if (algo && algo->report_iteration_text) {
      o << algo->report_iteration_text(static_cast<int>(i) + 1, it) << "\n";
      continue;
    }
    o << "iteration depth " << it.depth << ": "
      << (it.completed ? format_score(it.value) : std::string("stopped before it finished"))
      << (it.bound == Bound::lower   ? " (fail-high: at least)"
          : it.bound == Bound::upper ? " (fail-low: at most)"
                                     : "")
      << ", " << it.nodes << " nodes\n";
  }
  if (!result.stop_message.empty())
    o << result.stop_message << "\n";
  else if (result.aborted && result.iterations.empty())
    o << "stopped by the node budget: the value is not a result\n";
  for (const std::string& n : result.notes) o << "note: " << n << "\n";
  if (result.tt_entries > 0) {
    o << "table: " << result.tt_entries << " entries, " << result.tt_probes << " probes, "
      << result.tt_hits << " hits, " << result.stats.tt_cutoffs << " cutoffs, " << result.tt_stores
      << " stores\n";
  }
  o << "nodes generated: " << nodes_generated(result.stats, tree.roots) << "\n";
  if (algo && algo->report_text) algo->report_text(o, result);
  return o.str();
}

std::string search_report_text(const SearchResult& result, const Model& model,
                               const std::vector<Score>* scores) {
  std::string text = search_report_text(result, tree_summary(model, k_report_leaves));
  if (scores && !model.roots().empty())
    text += "root score: " + format_score((*scores)[model.roots().back()]) + "\n";
  return text;
}

std::string search_report_streamed(const SearchResult& result, const std::string& file) {
  const long long roots = std::max<long long>(1, static_cast<long long>(result.iterations.size()));
  const long long recorded = static_cast<long long>(result.trace.events.size());
  JsonWriter j;
  j.begin_object();
  write_search_figures(j, result);
  write_search_outcome(j, result);
  j.key("events_recorded");
  j.number(recorded);
  j.key("nodes_generated");
  j.number(nodes_generated(result.stats, roots));
  j.key("trace_file");  // the leaves, the PV and every node's state are there
  j.string(file);
  j.end_object();
  return j.take();
}

std::string trace_file_line(const SearchResult& result, const std::string& file) {
  if (result.trace.events.complete()) return "";
  return "trace: " + std::to_string(result.trace.events.size()) + " events written to " + file +
         " as they were recorded (too many to keep in memory); every node's state is there: "
         "kibitz replay " +
         file + " --at N, or open it in the viewer\n";
}

}  // namespace kibitz
