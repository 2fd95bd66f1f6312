// Alpha-beta (search!, 000_...): its pseudocode, the seed's, with the line each event runs. It is
// also the listing of traces from elsewhere whose algorithm has none.
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

const Listing k_listing{"search! (000_\u2026, minimax with \u03b1/\u03b2 pruning)",
                        {
                            "def search!(node)",
                            "  if count(node.succ) = 0",
                            "    node.ret = evaluate(node.position)",
                            "    return",
                            "  end",
                            "  mutable retval \u2190 unknown",
                            "  for k from 0 to count(node.succ) \u2212 1",
                            "    node.succ[k].alpha[0] = \u2212node.beta",
                            "    node.succ[k].beta = \u2212node.alpha[k]",
                            "    search!(node.succ[k])",
                            "    if k = 0",
                            "      node.best[0] = \u2212node.succ[0].ret",
                            "    else",
                            "      node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].ret)",
                            "    end",
                            "    retval \u2190 node.best[k]",
                            "    break if retval \u22c6 node.beta",
                            "    node.alpha[k+1] = max(node.alpha[k], \u2212node.succ[k].ret)",
                            "  end",
                            "  node.ret = retval",
                            "end",
                        }};

class AlphaBetaView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "alphabeta"; }
  bool applies(const trace::Model& m) const override {
    return m.trace().meta.get("algo") == "alphabeta";
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
        return 1;
      case EventType::expand:
        return 7;
      case EventType::evaluate:
        return 3;
      case EventType::child_return:
        return 10;
      case EventType::best_set:
        return e.a == 0 ? 12 : 14;
      case EventType::cutoff:
        return 17;
      case EventType::alpha_set:
        return 18;
      case EventType::leave:
        return leaf ? 4 : 20;
      default:
        return 0;
    }
  }
  int call_line(const trace::Model&, std::uint32_t) const override { return 10; }
};

}  // namespace

const AlgorithmView& alphabeta_view() {
  static const AlphaBetaView view;
  return view;
}

}  // namespace kibitz::viewer
