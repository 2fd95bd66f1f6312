// What the registry's entries share when they run (algorithm.hpp, `run`): the spec's domain at
// its root with a sink (the recorder when the trace is wanted), and for the depth-first searches
// the transposition table, the node budget and iterative deepening. Included only by the
// algorithms' own files, each of which instantiates its search for every domain.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "search/search_options.hpp"
#include "search/transposition_table.hpp"
#include "session/budgets.hpp"
#include "session/domains.hpp"
#include "session/run.hpp"
#include "trace/kbz_file.hpp"
#include "trace/recorder.hpp"
#include "trace/summary.hpp"

namespace kibitz {

// A recording's readers as it goes: the file, the summary, the progress and the event limit.
class ChunkTee final : public trace::ChunkSink {
 public:
  ChunkTee(trace::ChunkSink* a, trace::ChunkSink* b, const RecordOptions& record,
           std::function<std::size_t()> nodes)
      : m_a(a), m_b(b), m_record(record), m_nodes(std::move(nodes)) {}
  void write_chunk(const trace::Trace& trace, std::size_t i) override {
    if (m_a) m_a->write_chunk(trace, i);
    if (m_b) m_b->write_chunk(trace, i);
    ++m_chunks;
    const std::size_t events = m_chunks * trace::EventLog::k_chunk_events, nodes = m_nodes();
    if (m_record.progress) m_record.progress(events, nodes);
    const bool over_events = m_record.max_events > 0 && events >= m_record.max_events;
    const bool over_nodes = m_record.max_nodes > 0 && nodes >= m_record.max_nodes;
    if (!(over_events || over_nodes) || !m_record.stop) return;
    m_record.stop->store(true, std::memory_order_relaxed);
    if (m_fired.empty()) {
      m_fired = std::string("stopped by the ") + (over_nodes ? "node" : "event") + " budget (" +
                std::to_string(over_nodes ? m_record.max_nodes : m_record.max_events) +
                (over_nodes ? " nodes" : " events") +
                "): the trace holds what was searched, its open nodes unfinished";
    }
  }
  std::size_t chunks_written() const override { return m_chunks; }
  // Which budget stopped the search ("" when none did), for the trace's "stopped" fact.
  const std::string& fired() const { return m_fired; }

 private:
  trace::ChunkSink *m_a, *m_b;
  const RecordOptions& m_record;
  std::function<std::size_t()> m_nodes;  // entered so far
  std::size_t m_chunks = 0;
  std::string m_fired;
};

// Runs search() with the recorder, streaming its trace to record.stream when one is given,
// reading it into out.tree when a summary is asked for, and reporting progress and the event
// limit per chunk (a trace kept whole in memory when there is no file).
template <class Recorder, class Search>
void record_with(Recorder& recorder, const RecordOptions& record, SearchResult& out,
                 Search&& search) {
  if (record.stream.empty() && !record.summary && !record.progress && record.max_events == 0 &&
      record.max_nodes == 0) {
    search();
    return;
  }
  std::optional<trace::KbzStream> file;
  if (!record.stream.empty()) file.emplace(record.stream, out.trace);
  std::optional<trace::SummaryStream> summary;
  if (record.summary) summary.emplace(out.trace, record.summary_leaves);
  ChunkTee tee(file ? &*file : nullptr, summary ? &*summary : nullptr, record,
               [&recorder] { return static_cast<std::size_t>(recorder.nodes_entered()); });
  const bool keep_all = !file && !summary;
  recorder.stream_to(&tee, keep_all ? static_cast<std::size_t>(-1) : record.memory_chunks);
  search();
  if (!tee.fired().empty()) {
    out.trace.meta.set("stopped", tee.fired());              // marked partial
  } else if (out.aborted && !stop_requested(record.stop)) {  // the search's own --nodes
    out.trace.meta.set("stopped", "stopped by the search's node budget (" +
                                      std::to_string(out.stats.nodes) +
                                      " nodes): the trace holds what was searched, its open "
                                      "nodes unfinished");
  }
  if (file) file->finish(out.trace);
  if (summary) out.tree = summary->finish(out.trace);
}

// Calls f(game, sink) with the spec's domain and, when the trace is wanted, a recorder into
// out.trace: a lean one when a rule derives the search's steps (Rule, trace/steps.hpp), an
// explicit one otherwise or when verbose (which the reader then checks against the rule); a
// NullSink when not recording. Positions are not recorded: the model
// derives them from the root's and the moves when they are shown.
template <trace::StepRule Rule = trace::StepRule::none, class F>
void with_domain(const SearchSpec& spec, const RecordOptions& record, SearchResult& out, F&& f) {
  visit_domain(spec, [&](auto& game) {
    if (record.mode == Recording::off) {
      NullSink sink;
      f(game, sink);
      return 0;
    }
    if constexpr (Rule != trace::StepRule::none) {
      if (record.mode == Recording::on) {
        trace::LeanRecorder recorder(out.trace, Rule, spec.criterion);
        record_with(recorder, record, out, [&] { f(game, recorder); });
        return 0;
      }
    }
    trace::Recorder recorder(out.trace);
    if (Rule != trace::StepRule::none) out.trace.steps = trace::Steps{Rule, spec.criterion, false};
    record_with(recorder, record, out, [&] { f(game, recorder); });
    return 0;
  });
}

// The table a spec asks for (none when it has no entries), capped by the tree and the memory
// (budgets.hpp) with a note saying so.
inline std::unique_ptr<TranspositionTable> make_table(const SearchSpec& spec, SearchResult& out) {
  if (spec.table_entries() <= 0) return nullptr;
  std::string note;
  const std::size_t entries = table_entry_cap(spec, &note);
  if (!note.empty() && spec.tt_entries >= 0) out.notes.push_back(note);  // asked for, not a default
  return std::make_unique<TranspositionTable>(entries);
}

inline void note_table(const TranspositionTable* table, SearchResult& out) {
  if (!table) return;
  out.tt_entries = static_cast<long long>(table->size());
  out.tt_probes = static_cast<long long>(table->probes());
  out.tt_hits = static_cast<long long>(table->hits());
  out.tt_stores = static_cast<long long>(table->stores());
}

// One search of a depth-first algorithm to a depth.
struct Outcome {
  Score value = 0;  // from the root's side to move
  Bound bound = Bound::exact;
  SearchStats stats;
  bool finished = true;  // false: the node budget ran out
  // The root's best move and the line after it, as generation indices, when the search knows
  // them (a player plays the first; the table may continue the line).
  std::vector<int> pv;
};

inline void add_stats(SearchStats& total, const SearchStats& s) {
  total.nodes += s.nodes;
  total.leaves += s.leaves;
  total.cutoffs += s.cutoffs;
  total.generated += s.generated;
  total.tt_cutoffs += s.tt_cutoffs;
  total.fe_prunes += s.fe_prunes;
}

// A depth's root window with aspiration (`width` > 0): centred on the depth before's value,
// widened on the side the value fell out of (by the width, then twice, four times, ...: after
// a few attempts that side is unbounded) until the value falls inside. Width 0: the full window
// once.
class Aspiration {
 public:
  Aspiration(Criterion c, int width, Score centre) : m_criterion(c), m_step(width) {
    if (width <= 0 || is_game_result(centre)) return;
    m_alpha = std::max<long long>(-k_score_inf, static_cast<long long>(centre) - width);
    m_beta = std::min<long long>(k_score_inf, static_cast<long long>(centre) + width);
  }
  Score alpha() const { return m_alpha; }
  Score beta() const { return m_beta; }
  // The bound a root value carries in this window: lower when it failed high, upper when low.
  Bound bound_of(Score v) const {
    if (m_beta < k_score_inf && causes_cutoff(v, m_beta, m_criterion)) return Bound::lower;
    const bool low = m_criterion == Criterion::gt ? v < m_alpha : v <= m_alpha;
    if (m_alpha > -k_score_inf && low) return Bound::upper;
    return Bound::exact;
  }
  // After an attempt that returned v: true (the window widened) when v is only a bound.
  bool widen(Score v) {
    const Bound b = bound_of(v);
    if (b == Bound::exact) return false;
    m_step = m_step >= k_score_inf / 4 ? k_score_inf : 2 * m_step;
    if (b == Bound::upper)
      m_alpha = std::max<long long>(-k_score_inf, static_cast<long long>(v) - m_step);
    else
      m_beta = std::min<long long>(k_score_inf, static_cast<long long>(v) + m_step);
    if (m_step >= 1000 || is_game_result(v)) {  // far out, or a mate: give that side up
      if (b == Bound::upper)
        m_alpha = -k_score_inf;
      else
        m_beta = k_score_inf;
    }
    return true;
  }

 private:
  Criterion m_criterion;
  long long m_step;
  Score m_alpha = -k_score_inf, m_beta = k_score_inf;
};

// An algorithm's aspiration width for a spec: its static `aspiration(spec)`, or none.
template <class Algo, class = void>
struct AspirationOf {
  static int get(const SearchSpec&) { return 0; }
};
template <class Algo>
struct AspirationOf<Algo,
                    std::void_t<decltype(Algo::aspiration(std::declval<const SearchSpec&>()))>> {
  static int get(const SearchSpec& spec) { return Algo::aspiration(spec); }
};
template <class Algo>
int aspiration_of(const SearchSpec& spec) {
  return AspirationOf<Algo>::get(spec);
}

// How a deepening goes beyond what the spec says: a player's budget (session/play.hpp).
struct Deepening {
  const std::atomic<bool>* stop = nullptr;  // set: the search stops (Cancel, a clock)
  bool iterate = false;                     // depth 1, 2, ...; else once at the spec's depth
  int max_depth = 0;                        // the last iteration (when iterating)
  long long node_budget = 0;                // over all iterations (0: none)
  double seconds = 0;        // no iteration starts after half of it (it would not finish)
  bool stop_at_win = false;  // a forced win found ends the deepening (deeper cannot do better)
  TranspositionTable* table = nullptr;  // a player's own (kept between moves); else the spec's
  bool settle_root = true;              // whether the table may settle the root
  std::function<void(int index, int number)> on_root_move;
  // After each finished iteration, with its outcome (a player's info line).
  std::function<void(int depth, const Outcome& o)> on_iteration;
};

// The deepening `kibitz search` does: the spec's depth once, or by iterative deepening with its
// node budget; stopped by `stop`.
inline Deepening search_deepening(const SearchSpec& spec, const std::atomic<bool>* stop);

// The one deepening loop, for searches and players alike. Searches once, or by iterative
// deepening (depth 1, 2, ..., each a new root in the trace, the table carried from one to the
// next; the budget covers all iterations; the value is that of the last iteration that
// finished). Algo::once<Game, Sink>(spec, game, sink, options, depth, out) returns an Outcome;
// it may add its own counters and facts to out.
template <class Algo, class Game, class Sink>
void deepen(const SearchSpec& spec, Game& game, Sink& sink, SearchResult& out,
            const Deepening& how) {
  const auto start = std::chrono::steady_clock::now();
  const std::unique_ptr<TranspositionTable> own = how.table ? nullptr : make_table(spec, out);
  TranspositionTable* const table = how.table ? how.table : own.get();
  SearchOptions options;
  options.tt = table;
  options.node_budget = how.node_budget;
  options.stop = how.stop;
  options.on_root_move = how.on_root_move;
  options.settle_root = how.settle_root;
  if (!how.iterate) {
    const Outcome o = Algo::once(spec, game, sink, options, spec.search_depth(), out);
    out.value = o.value;
    out.bound = o.bound;
    out.stats = o.stats;
    out.aborted = !o.finished;
  } else {
    int number = 0;  // the trace's iteration number: a depth's aspiration attempts each have one
    for (int d = 1; d <= how.max_depth; ++d) {
      if (how.node_budget > 0) {
        options.node_budget = how.node_budget - out.stats.nodes;
        if (options.node_budget <= 0) break;
      }
      if (stop_requested(how.stop)) {
        out.aborted = true;  // the deeper iterations were not searched
        break;
      }
      if (d > 1 && how.seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
              how.seconds / 2)
        break;
      Aspiration window(spec.criterion, d > 1 ? aspiration_of<Algo>(spec) : 0, out.value);
      Outcome o;
      do {
        options.root_alpha = window.alpha();
        options.root_beta = window.beta();
        sink.iteration_begin(++number, d);
        o = Algo::once(spec, game, sink, options, d, out);
        add_stats(out.stats, o.stats);
        if (how.node_budget > 0) options.node_budget = how.node_budget - out.stats.nodes;
        IterationResult it;
        it.depth = d;
        it.value = o.value;
        it.bound = o.finished ? window.bound_of(o.value) : Bound::exact;
        it.nodes = o.stats.nodes;
        it.completed = o.finished;
        it.pv = o.pv;
        out.iterations.push_back(std::move(it));
        sink.iteration_end(
            number, o.finished ? o.value : (out.iterations.size() > 1 ? out.value : o.value));
      } while (o.finished && window.widen(o.value) && !stop_requested(how.stop) &&
               (how.node_budget <= 0 || options.node_budget > 0));
      if (!o.finished || window.bound_of(o.value) != Bound::exact) {
        out.aborted = true;
        break;
      }
      out.value = o.value;
      out.bound = o.bound;
      if (how.on_iteration) how.on_iteration(d, o);
      if (how.stop_at_win && is_game_result(o.value) && o.value > 0) break;
    }
  }
  note_table(table, out);
}

inline Deepening search_deepening(const SearchSpec& spec, const std::atomic<bool>* stop) {
  Deepening how;
  how.stop = stop;
  how.iterate = spec.iterative;
  how.max_depth = spec.iterative ? iterative_depth(spec) : 0;
  how.node_budget = spec.node_budget;
  return how;
}

// The rule that derives Algo's steps: its `k_rule`, or none.
template <class Algo, class = void>
constexpr trace::StepRule k_rule_of = trace::StepRule::none;
template <class Algo>
constexpr trace::StepRule k_rule_of<Algo, std::void_t<decltype(Algo::k_rule)>> = Algo::k_rule;

// The registry's `run` for a depth-first algorithm (Algo as for deepen; a static constexpr
// `k_rule` when a rule derives its steps).
template <class Algo>
void run_depth_first(const SearchSpec& spec, const RecordOptions& record, SearchResult& out) {
  with_domain<k_rule_of<Algo>>(spec, record, out, [&](auto& game, auto& sink) {
    deepen<Algo>(spec, game, sink, out, search_deepening(spec, record.stop));
  });
}

}  // namespace kibitz
