// An engine's own search as a trace extension (extension.hpp): the attempt, node_facts,
// static_eval, hash_key, prune and table_move records its recorder writes (include/kibitz/
// record.h), checked against the tree, marked on the nodes and told in words.
#include <cinttypes>
#include <cstdio>

#include "trace/extension.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/records/engine_codec.hpp"

namespace kibitz::trace {

namespace {

// Facts about a node come before its search: no successor entered, not evaluated.
void expect_fresh(ModelBuildContext& m, std::size_t t, const Event& e, const char* what) {
  if (m.successors_entered(e.node) > 0 || m.node(e.node).leaf)
    m.fail(t, std::string(what) + " after the node's search began");
}

void on_attempt(ModelBuildContext& m, std::size_t t, const Event& e) {
  const AttemptRecord r = RecordCodec<AttemptRecord>::decode(m.events(), t);
  if (r.search != EngineSearch::research) {
    if (r.k != m.next_successor_k(e.node)) {
      m.fail(t, "announces successor " + std::to_string(r.k) + ", but the next successor is " +
                    std::to_string(m.next_successor_k(e.node)));
    }
    m.next_child(e.node, r.search == EngineSearch::probe ? k_eng_probe : k_eng_null_move, false,
                 NodeKind::unknown);
    return;
  }
  const std::uint32_t earlier = m.returned_successor(t, e.node, r.k);
  if (m.node(earlier).marks & k_eng_null_move)
    m.fail(t, "a re-search of successor " + std::to_string(r.k) + ", which was a null move");
  // A full-window re-search is expected Pv (its probe showed the move beats alpha), as PVS's
  // own; a reduced one's re-search at full depth keeps its zero window: the usual rule.
  m.next_child(e.node, k_eng_research, true,
               r.why == EngineWhy::pvs ? NodeKind::pv : NodeKind::unknown);
}

void engine_record(ModelBuildContext& m, std::size_t t, const Event& e) {
  ModelNode& node = m.node(e.node);
  switch (e.type) {
    case EventType::attempt:
      on_attempt(m, t, e);
      break;
    case EventType::node_facts:
      expect_fresh(m, t, e, "the node's depth and ply");
      if (e.flags & k_facts_quiescence) node.marks |= k_eng_quiescence;
      break;
    case EventType::static_eval:
      expect_fresh(m, t, e, "a static evaluation");
      if (e.a < -k_score_inf || e.a > k_score_inf) m.fail(t, "a static evaluation out of range");
      break;
    case EventType::hash_key:
      expect_fresh(m, t, e, "a position key");
      break;
    case EventType::prune:
      node.marks |= k_eng_pruned;
      ++node.pruned;
      break;
    case EventType::table_move:
      if (!(node.marks & k_tt_probed)) m.fail(t, "a table move without a table probe");
      break;
    default:
      break;
  }
}

// The attempt a re-search at event t repeats: the parent's last successor with that k entered
// before t (not a null move). model.successor gives the last one of the whole trace instead.
std::uint32_t repeated_attempt(const Model& model, std::uint32_t parent, std::int32_t k,
                               std::size_t t) {
  std::uint32_t found = k_no_node;
  const std::uint32_t count = model.child_count(parent);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t c = model.child(parent, i);
    if (model.node(c).enter_t >= t) break;
    if (model.node(c).k == k && !(model.node(c).marks & k_eng_null_move)) found = c;
  }
  return found;
}

std::string narrate_engine(const Model& model, std::size_t head, int slot) {
  const EventLog& ev = model.events();
  const Event& e = ev[head];
  if (slot != 0 || e.node >= model.node_count()) return "";
  const std::string here = node_name(model, e.node);
  const ModelNode& n = model.node(e.node);
  switch (e.type) {
    case EventType::attempt: {
      const AttemptRecord r = RecordCodec<AttemptRecord>::decode(ev, head);
      const std::string why =
          r.why == EngineWhy::unspecified ? "" : std::string(" (") + engine_why_name(r.why) + ")";
      if (r.search == EngineSearch::null_move)
        return here +
               " tries a null move: the side to move passes, and if even that fails high "
               "against \u03b2 = " +
               format_score_pretty(n.beta) + ", the node is cut without searching its moves.";
      if (r.search == EngineSearch::probe)
        return "Successor " + std::to_string(r.k) + " of " + here + " is probed" + why +
               ": a cheaper search that only asks whether it beats \u03b1; if it does, it is "
               "searched again.";
      const std::uint32_t earlier = repeated_attempt(model, e.node, r.k, head);
      const std::string value =
          earlier != k_no_node ? format_score_pretty(-model.node(earlier).ret) : "?";
      const char* how = r.why == EngineWhy::pvs ? " with the full window, because its "
                                                  "zero-window search failed high"
                        : r.why == EngineWhy::late_move_reduction
                            ? " at full depth, because its reduced search failed high"
                            : ", because its last attempt failed high";
      return "Successor " + std::to_string(r.k) + " of " + here + " is searched again" + how +
             ": it came out at " + value +
             ", above \u03b1, and a value that was only a bound counts towards nothing.";
    }
    case EventType::node_facts: {
      const NodeFactsRecord r = RecordCodec<NodeFactsRecord>::decode(ev, head);
      std::string s = here + (r.quiescence ? " is a quiescence node" : " is searched");
      if (r.has_depth) s += ", remaining depth " + std::to_string(r.depth);
      if (r.has_ply) s += ", ply " + std::to_string(r.ply);
      return s + ".";
    }
    case EventType::static_eval:
      return here + "'s static evaluation is " + format_score_pretty(e.a) + ".";
    case EventType::hash_key: {
      char key[24];
      std::snprintf(key, sizeof key, "%016" PRIx64,
                    RecordCodec<HashKeyRecord>::decode(ev, head).key);
      return here + "'s position key is " + key + ".";
    }
    case EventType::prune: {
      const PruneRecord r = RecordCodec<PruneRecord>::decode(ev, head);
      const std::string move = r.move_id ? model.trace().strings.get(r.move_id) : "a move";
      return here + " prunes " + move + " without searching it (" + prune_why_name(r.why) + ").";
    }
    case EventType::table_move:
      return "The table suggests " + model.trace().strings.get(static_cast<std::uint32_t>(e.a)) +
             " first at " + here + ".";
    default:
      return "";
  }
}

void count_engine(const EventLog& ev, std::size_t t, Counters& c) {
  if (ev[t].type == EventType::prune) ++c[Counter::eng_prunes];
}

void count_engine_node(std::uint32_t marks, Counters& c) {
  if (marks & k_eng_probe) ++c[Counter::eng_probes];
  if (marks & k_eng_research) ++c[Counter::eng_researches];
  if (marks & k_eng_null_move) ++c[Counter::eng_null_moves];
  if (marks & k_eng_quiescence) ++c[Counter::eng_quiescence];
  if (marks & k_eng_noted) ++c[Counter::eng_noted];
}

}  // namespace

extern const TraceExtension k_engine_extension = {
    "engine",
    "engine's own search",
    {EventType::attempt, EventType::node_facts, EventType::static_eval, EventType::hash_key,
     EventType::prune, EventType::table_move},
    engine_record,
    narrate_engine,
    count_engine,
    count_engine_node};

}  // namespace kibitz::trace
