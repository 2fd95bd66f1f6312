// Forward estimation as a trace extension (extension.hpp): fe_test. The test's own sentence is
// fe_narration (fe_index.hpp); the model indexes the tests in FeIndex.
#include "trace/extension.hpp"
#include "trace/fe_index.hpp"
#include "trace/model.hpp"
#include "trace/narration.hpp"
#include "trace/records/fe_codec.hpp"

namespace kibitz::trace {

namespace {

// A pruned successor is never entered: the node may end with fewer (or no) successors.
void fe_record(ModelBuildContext& m, std::size_t t, const Event& e) {
  if (RecordCodec<FeTestRecord>::decode(m.events(), t).pruned) ++m.node(e.node).pruned;
}

std::string narrate_fe(const Model& model, std::size_t head, int slot) {
  const FeTest* f = fe_index(model).test_at(model.event(head).node, head);
  if (!f) return "";
  auto sc = [](Score v) { return format_score_pretty(v); };
  switch (slot) {
    case 0:
      return fe_narration(*f, node_name(model, f->parent));
    case 1:
      return "The bounds used: l\u2032 = " + sc(f->l) + ", u\u2032 = " + sc(f->u) + ".";
    default:
      return "The estimate " + sc(f->estimate) + " against " +
             (f->max_root ? "\u03b2 = " : "\u03b1 = ") + sc(f->window) + ".";
  }
}

void count_fe(const EventLog& ev, std::size_t t, Counters& c) {
  ++c[Counter::fe_tests];
  if (RecordCodec<FeTestRecord>::decode(ev, t).pruned) ++c[Counter::fe_prunes];
}

// The tests per node, for a trace that has any.
std::unique_ptr<ExtensionIndex> build_fe_index(const Model& model) {
  const EventLog& ev = model.events();
  bool any = false;
  for (std::size_t t = 0; t < ev.size() && !any; ++t) any = ev[t].type == EventType::fe_test;
  if (!any) return nullptr;
  const std::uint32_t nodes = model.node_count();
  std::vector<std::uint32_t> enter_t(nodes), parent(nodes);
  for (std::uint32_t i = 0; i < nodes; ++i) {
    enter_t[i] = model.node(i).enter_t;
    parent[i] = model.node(i).parent;
  }
  auto index = std::make_unique<FeIndex>();
  index->build(TraceView{model.trace().meta, model.trace().strings, ev}, enter_t, parent);
  return index;
}

}  // namespace

extern const TraceExtension k_forward_estimation_extension = {"forward-estimation",
                                                              "forward estimation",
                                                              {EventType::fe_test},
                                                              fe_record,
                                                              narrate_fe,
                                                              count_fe,
                                                              nullptr,
                                                              RecordScope::open_node,
                                                              build_fe_index};

const FeIndex& fe_index(const Model& model) {
  static const FeIndex none;
  const ExtensionIndex* x = model.extension_index(k_forward_estimation_extension);
  return x ? static_cast<const FeIndex&>(*x) : none;
}

}  // namespace kibitz::trace
