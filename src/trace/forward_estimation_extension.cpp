// Forward estimation as a trace extension (extension.hpp): fe_test. The test's own sentence is
// fe_narration (fe_index.hpp); the model indexes the tests in FeIndex.
#include "trace/extension.hpp"
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
  const FeTest* f = model.fe().test_at(model.event(head).node, head);
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

}  // namespace

extern const TraceExtension k_forward_estimation_extension = {
    "forward-estimation", "forward estimation",
    {EventType::fe_test}, fe_record,
    narrate_fe,           count_fe};

}  // namespace kibitz::trace
