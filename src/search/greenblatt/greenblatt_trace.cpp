#include "search/greenblatt/greenblatt_trace.hpp"

#include "core/error.hpp"
#include "games/chess/movegen.hpp"
#include "games/chess/notation.hpp"
#include "trace/narration.hpp"

namespace kibitz::greenblatt {

using trace::Event;
using trace::EventType;
using trace::PlausibilityRecord;

namespace {

std::string sc(Score s) {
  return format_score_pretty(s);
}

// The move's name in the node's position: SAN when the position is known and the move legal.
std::string move_name(const chess::Position* pos, chess::Move m) {
  if (pos) {
    chess::MoveList legal;
    chess::generate_legal(*pos, legal);
    if (legal.contains(m)) return chess::to_san(*pos, m);
  }
  return chess::to_uci(m);
}

bool parse_position(const std::string& fen, chess::Position& out) {
  if (fen.empty()) return false;
  try {
    out = chess::Position::from_fen(fen);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

MoveRecord move_record(const Event& e, std::uint32_t t, const chess::Position* pos) {
  MoveRecord r;
  r.event = t;
  r.gen_index = e.aux;
  r.score = e.a;
  r.move = chess::Move(e.b & 63, (e.b >> 6) & 63, static_cast<chess::MoveKind>((e.b >> 12) & 15));
  const int reason = (e.b >> 16) & 0xFF;
  r.reason =
      reason <= static_cast<int>(Reason::principal) ? static_cast<Reason>(reason) : Reason::none;
  r.poor = (e.b >> 24) & 1;
  r.check = (e.b >> 25) & 1;
  r.safe = (e.b >> 26) & 1;
  r.capture = (e.b >> 27) & 1;
  r.name = move_name(pos, r.move);
  return r;
}

std::string square_text(int s) {
  return s >= 0 && s < 64 ? chess::square_name(s) : "?";
}

}  // namespace

std::string penalty_reasons(std::int32_t bits) {
  std::string s;
  auto add = [&](std::int32_t bit, const char* text) {
    if (bits & bit) s += (s.empty() ? "" : ", ") + std::string(text);
  };
  add(trace::k_penalty_poor, "developmentally poor");
  add(trace::k_penalty_back, "the same piece moved back to its square");
  add(trace::k_penalty_translation, "two moves for a translation one move could make");
  add(trace::k_penalty_opening, "the same piece moved twice in the first eight moves");
  return s;
}

NodeRecords node_records(const trace::Model& model, std::uint32_t id) {
  NodeRecords out;
  chess::Position pos;
  const bool known = parse_position(model.position(id), pos);
  const std::uint32_t* ev = model.node_events_begin(id);
  const std::uint32_t count = model.node_event_count(id);
  for (std::uint32_t i = 0; i < count; ++i) {
    const Event& e = model.event(ev[i]);
    switch (e.type) {
      case EventType::plausibility:
        if (e.flags == static_cast<std::uint8_t>(PlausibilityRecord::width)) {
          out.has_width = true;
          out.level = e.aux;
          out.width = e.a;
          out.distinct_min = e.b & 0xFF;
          out.safe_pieces = (e.b >> 8) & 0xFF;
          out.selected = (e.b >> 16) & 0xFF;
          out.mode = static_cast<trace::GreenblattMode>((e.b >> 24) & 0xFF);
        } else if (e.flags == static_cast<std::uint8_t>(PlausibilityRecord::move)) {
          MoveRecord r = move_record(e, ev[i], known ? &pos : nullptr);
          r.rank = static_cast<int>(out.moves.size());
          out.moves.push_back(std::move(r));
        }
        break;
      case EventType::payload: {
        // A heuristic contribution follows its move record (or another contribution).
        const Event& before = model.event(ev[i] - 1);
        const bool after_move =
            before.type == EventType::payload ||
            (before.type == EventType::plausibility &&
             before.flags == static_cast<std::uint8_t>(PlausibilityRecord::move));
        if (!out.moves.empty() && after_move)
          out.moves.back().contributions.push_back(Contribution::unpack(e.node, e.a));
        break;
      }
      case EventType::feedover:
        out.feedover = static_cast<FeedoverCondition>(e.flags <= 4 ? e.flags : 0);
        out.feedover_ours = e.a;
        out.feedover_theirs = e.b;
        break;
      case EventType::capture_search:
        out.capture_search = true;
        out.stand_pat_cut = e.flags & 1;
        out.static_value = e.a;
        out.plausible_captures = e.b;
        break;
      default:
        break;
    }
  }
  // The successors searched for each move, by generation index (a second one is the secondary
  // search).
  for (std::uint32_t k = 0; k < model.child_count(id); ++k) {
    const std::uint32_t c = model.child(id, k);
    for (MoveRecord& r : out.moves) {
      if (r.gen_index != model.node(c).move_index) continue;
      if (r.child == trace::k_no_node)
        r.child = c;
      else if (r.secondary == trace::k_no_node)
        r.secondary = c;
      break;
    }
  }
  return out;
}

std::string narrate_greenblatt(const trace::Model& model, std::size_t t) {
  if (t >= model.event_count()) return "";
  const Event& e = model.event(t);
  const std::uint32_t id = model.node_of_event(t);
  if (id == trace::k_no_node) return "";
  const std::string here = node_name(model, id);
  auto child_name = [&](int k) {
    return k >= 0 && static_cast<std::uint32_t>(k) < model.child_count(id)
               ? node_name(model, model.child(id, static_cast<std::uint32_t>(k)))
               : "successor " + std::to_string(k);
  };
  chess::Position pos;
  const bool known = parse_position(model.position(id), pos);
  switch (e.type) {
    case EventType::plausibility:
      switch (static_cast<PlausibilityRecord>(e.flags)) {
        case PlausibilityRecord::width: {
          const auto mode = static_cast<trace::GreenblattMode>((e.b >> 24) & 0xFF);
          if (mode == trace::GreenblattMode::capture) {
            return here + " has " + std::to_string(e.a) +
                   " plausible captures (captures and promotions that appear to gain material), "
                   "all searched.";
          }
          return std::string(mode == trace::GreenblattMode::feedover ? "Feedover: the" : "The") +
                 " plausible move generator scores the moves of " + here + " (level " +
                 std::to_string(e.aux) + "): basic width " + std::to_string(e.a) +
                 ", moves of at least " + std::to_string(e.b & 0xFF) + " distinct pieces (" +
                 std::to_string((e.b >> 8) & 0xFF) + " have safe moves); " +
                 std::to_string((e.b >> 16) & 0xFF) + " moves selected.";
        }
        case PlausibilityRecord::move: {
          const MoveRecord r =
              move_record(e, static_cast<std::uint32_t>(t), known ? &pos : nullptr);
          std::string s =
              "Plausibility of " + r.name + " at " + here + ": " + std::to_string(r.score);
          s += r.reason == Reason::none ? "; not searched (beyond the width)"
                                        : std::string("; searched: ") + reason_name(r.reason);
          if (r.poor) s += "; developmentally poor";
          return s + ".";
        }
        case PlausibilityRecord::modification:
          return "Value modification: " + child_name(e.aux) + "'s value to " + here +
                 " is lowered by " + std::to_string(e.a) + " (" + penalty_reasons(e.b) + ").";
        case PlausibilityRecord::secondary:
          return "Secondary search for " + here + ": follow its principal variation " +
                 std::to_string(e.aux) + (e.aux == 1 ? " ply" : " plies") +
                 " as the plausible move generator chose it, then search two plies more; the value "
                 "first found was " +
                 sc(e.a) + ".";
        case PlausibilityRecord::mate_skip:
          return child_name(e.aux) + " leads to mate against the side to move (" + sc(e.a) +
                 "): it does not count against the basic width, so another move is searched.";
        case PlausibilityRecord::secondary_result:
          return "The secondary search values " + child_name(e.aux) + " at " + sc(e.b) +
                 " against " + sc(e.a) + " first: " +
                 (e.b < e.a ? "the secondary value is worse for the side to move and replaces it."
                            : "the first value stands.");
        default:
          return "A plausibility record at " + here + ".";
      }
    case EventType::feedover: {
      std::string s = "Feedover at " + here + ": condition " +
                      feedover_name(static_cast<FeedoverCondition>(e.flags <= 4 ? e.flags : 0));
      if (e.a >= 0 && e.a < 64)
        s += " (" + square_text(e.a) +
             (e.b >= 0 && e.b < 64 ? " and " + square_text(e.b) : std::string()) + ")";
      return s +
             ", so the plausible move generator is applied again instead of the static evaluation.";
    }
    case EventType::capture_search: {
      std::string s = here + " is evaluated statically: " + sc(e.a) + " for the side to move";
      if (e.flags & 1) return s + ", which reaches \u03b2: no capture needs to be searched.";
      if (e.b == 0) return s + "; no capture appears to gain material.";
      return s + "; " + std::to_string(e.b) +
             (e.b == 1 ? " plausible capture is" : " plausible captures are") +
             " searched, and the side to move may keep the static value.";
    }
    case EventType::payload: {
      // A heuristic contribution: name the move of the record it belongs to.
      std::size_t i = t;
      while (i > 0 && model.event(i).type == EventType::payload) --i;
      const Event& rec = model.event(i);
      if (rec.type != EventType::plausibility ||
          rec.flags != static_cast<std::uint8_t>(PlausibilityRecord::move))
        return "";
      const MoveRecord r = move_record(rec, static_cast<std::uint32_t>(i), known ? &pos : nullptr);
      return r.name + ": " + describe(Contribution::unpack(e.node, e.a)) + ".";
    }
    default:
      return "";
  }
}

}  // namespace kibitz::greenblatt
