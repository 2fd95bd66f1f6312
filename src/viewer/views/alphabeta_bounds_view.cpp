// Alpha-beta returning bounds (000_..., "Values returned by search"): its pseudocode with invert
// and join, and the line each event runs.
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;

const Listing k_listing{
    "search returning (ret, bound) (000_\u2026)",
    {
        "def search(position, alpha, beta)",
        "  iterator = moves(position)",
        "  mutable move \u2190 next!(iterator)",
        "  return evaluate(position), exact if move = none",
        "  mutable alpha \u2190 alpha",
        "  mutable retval \u2190 unknown",
        "  mutable bound \u2190 unknown",
        "  while move \u2260 none",
        "    x\u2032, d\u2032 = search(apply(position, move), \u2212beta, \u2212alpha)",
        "    x, d = \u2212x\u2032, invert(d\u2032)",
        "    if retval = unknown or x \u2265 retval",
        "      when x = retval then bound \u2190 join(bound, d)",
        "      when x > retval then bound \u2190 d",
        "      retval \u2190 x",
        "    end",
        "    move \u2190 next!(iterator)",
        "    break if retval \u22c6 beta",
        "    alpha \u2190 max(alpha, x)",
        "  end",
        "  bound \u2190 lower if retval \u22c6 beta and move \u2260 none",
        "  return retval, bound",
        "end",
    }};

class BoundsView final : public AlgorithmView {
 public:
  const char* algorithm() const override { return "alphabeta-bounds"; }
  bool applies(const trace::Model& m) const override {
    return m.trace().meta.get("algo") == "alphabeta-bounds";
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
        return 1;
      case EventType::expand:
        return 3;
      case EventType::evaluate:
      case EventType::leave:
        return leaf ? 4 : 21;
      case EventType::child_return:
        return 10;
      case EventType::best_set:
        return 14;
      case EventType::cutoff:
        return 17;
      case EventType::alpha_set:
        return 18;
      default:
        return 0;
    }
  }
  int call_line(const trace::Model&, std::uint32_t) const override { return 9; }
};

}  // namespace

const AlgorithmView& alphabeta_bounds_view() {
  static const BoundsView view;
  return view;
}

}  // namespace kibitz::viewer
