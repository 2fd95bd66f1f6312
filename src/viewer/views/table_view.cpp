// The transposition table's view: what a node's tooltip says when the table settled it.
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

class TableView final : public AlgorithmView {
 public:
  bool applies(const trace::Model& m) const override {
    return m.event_count() > 0 && m.counters_at(m.event_count() - 1)[trace::Counter::tt_probes] > 0;
  }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    if (s.model().marks(id) & trace::k_tt_settled)
      ImGui::TextUnformatted("settled by the transposition table");
  }
};

}  // namespace

const AlgorithmView& table_view() {
  static const TableView view;
  return view;
}

}  // namespace kibitz::viewer
