#include "viewer/pseudocode.hpp"

#include "viewer/views/view.hpp"

namespace kibitz::viewer {

const Listing& listing_for(const trace::Model& model) {
  return *listing_view(model).listing();
}

int line_of_event(const trace::Model& model, std::size_t t) {
  if (t >= model.event_count()) return 0;
  const std::uint32_t id = model.node_of_event(t);
  const bool leaf = id != trace::k_no_node && id < model.node_count() && model.is_leaf(id);
  return listing_view(model).line_at(model, t, leaf);
}

int line_of_node(const trace::Model& model, std::uint32_t id, std::size_t t) {
  const trace::NodeState s = model.state_at(id, t);
  if (!s.visible || s.last_event == trace::k_never) return 0;
  const AlgorithmView& view = listing_view(model);
  // A successor entered after the node's own latest event is being searched: the call line.
  if (s.open && s.children_entered > 0) {
    const std::uint32_t last_child =
        model.child(id, static_cast<std::uint32_t>(s.children_entered - 1));
    if (model.enter_t(last_child) > s.last_event) return view.call_line(model, last_child);
  }
  return view.line_at(model, s.last_event, model.is_leaf(id));
}

std::string listing_line(const trace::Model& model, int line) {
  const Listing& l = listing_for(model);
  if (line < 1 || static_cast<std::size_t>(line) > l.lines.size()) return "";
  std::string text = l.lines[static_cast<std::size_t>(line) - 1];
  const std::string star = "\u22c6";
  const std::string op = model.trace().meta.get("criterion", "gt") == "ge" ? "\u2265" : ">";
  for (std::size_t at = text.find(star); at != std::string::npos; at = text.find(star, at))
    text.replace(at, star.size(), op);
  return text;
}

}  // namespace kibitz::viewer
