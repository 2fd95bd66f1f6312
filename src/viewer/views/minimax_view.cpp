// Minimax without pruning: its pseudocode (node.score) and the line each event runs.
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

const Listing k_listing{"minimax, no pruning (node.score)",
                        {
                            "def minimax(node)",
                            "  if count(node.succ) = 0",
                            "    node.score = evaluate(node.position)",
                            "    return",
                            "  end",
                            "  for k from 0 to count(node.succ) \u2212 1",
                            "    minimax(node.succ[k])",
                            "    node.best[k] = max(node.best[k\u22121], \u2212node.succ[k].score)",
                            "  end",
                            "  node.score = node.best[count(node.succ) \u2212 1]",
                            "end",
                        }};

class MinimaxView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "minimax"; }
  bool applies(const trace::Model& m) const override {
    return m.trace().meta.get("algo") == "minimax";
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
        return 1;
      case EventType::expand:
        return 6;
      case EventType::evaluate:
        return 3;
      case EventType::child_return:
        return 7;
      case EventType::best_set:
        return 8;
      case EventType::leave:
        return leaf ? 4 : 10;
      default:
        return 0;
    }
  }
  int call_line(const trace::Model&, std::uint32_t) const override { return 7; }
};

}  // namespace

const AlgorithmView& minimax_view() {
  static const MinimaxView view;
  return view;
}

}  // namespace kibitz::viewer
