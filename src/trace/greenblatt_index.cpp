#include "trace/greenblatt_index.hpp"

#include "trace/move_names.hpp"
#include "trace/records/greenblatt_codec.hpp"

namespace kibitz::trace {

bool is_greenblatt(const Model& m) {
  if (m.trace().meta.get("algo") == "greenblatt") return true;
  const Counters c = m.counters_at(m.event_count() ? m.event_count() - 1 : 0);
  return c[Counter::gb_generations] > 0 || c[Counter::gb_statics] > 0;
}

GreenblattNode greenblatt_node(const Model& model, std::uint32_t id) {
  using namespace greenblatt;
  GreenblattNode out;
  const EventLog& ev = model.events();
  model.own_events(id, model.event_count(), [&](std::size_t t, const Event& e) {
    if (RecordCodec<WidthRecord>::matches(e)) {
      out.has_width = true;
      out.width = RecordCodec<WidthRecord>::decode(ev, t);
    } else if (RecordCodec<PlausibleMoveRecord>::matches(e)) {
      GreenblattMove m;
      m.event = static_cast<std::uint32_t>(t);
      m.rank = static_cast<int>(out.moves.size());
      m.record = RecordCodec<PlausibleMoveRecord>::decode(ev, t);
      m.contributions = RecordCodec<PlausibleMoveRecord>::contributions(ev, t);
      out.moves.push_back(std::move(m));
    } else if (RecordCodec<FeedoverRecord>::matches(e)) {
      out.feedover = RecordCodec<FeedoverRecord>::decode(ev, t);
    } else if (RecordCodec<CaptureSearchRecord>::matches(e)) {
      out.capture_search = true;
      out.capture = RecordCodec<CaptureSearchRecord>::decode(ev, t);
    }
    return true;
  });
  // Names, all at once (the namer reads the position once).
  std::vector<std::uint16_t> bits;
  bits.reserve(out.moves.size());
  for (const GreenblattMove& m : out.moves) bits.push_back(m.record.move);
  const std::vector<std::string> names = chess_move_names(model.position(id), bits);
  for (std::size_t i = 0; i < out.moves.size(); ++i) out.moves[i].name = names[i];
  // The successors searched for each move, by generation index (a second one is the secondary
  // search).
  for (std::uint32_t k = 0; k < model.child_count(id); ++k) {
    const std::uint32_t c = model.child(id, k);
    for (GreenblattMove& m : out.moves) {
      if (m.record.gen_index != model.event(model.enter_t(c)).aux) continue;
      if (m.child == k_no_node)
        m.child = c;
      else if (m.secondary == k_no_node)
        m.secondary = c;
      break;
    }
  }
  return out;
}

}  // namespace kibitz::trace
