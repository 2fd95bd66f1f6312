// An engine's own search, as its recorder described it (trace/engine_extension.cpp): each node
// tagged with how it was searched ("LMR probe", "re-search 2/3", "null move", "Q" for
// quiescence, "TT cut ≥"), a superseded attempt dimmed, a note shown as a mark on the box; the
// tooltip and the inspector give the node's own facts (depth, ply, static value, position key,
// the bound it returned, the table's entry, the moves pruned and why, its notes) instead of
// Kibitz's pseudocode; the legend and the statistics count each kind.
#include <cinttypes>
#include <cstdio>
#include <string>

#include "core/score.hpp"
#include "trace/node_marks.hpp"
#include "trace/records/engine_codec.hpp"
#include "trace/records/table_codec.hpp"
#include "viewer/canvas_frame.hpp"
#include "viewer/views/view.hpp"
#include "viewer/views/view_marks.hpp"
#include "viewer/widgets.hpp"

namespace kibitz::viewer {

namespace {

using trace::EventType;
constexpr std::uint32_t k_engine_marks = trace::k_eng_quiescence | trace::k_eng_null_move |
                                         trace::k_eng_probe | trace::k_eng_research |
                                         trace::k_eng_pruned | trace::k_eng_noted;

// A generic outline of an engine's node, lit by the events: the engine's code is its own.
const Listing k_listing{"an engine's search (its own code; the steps it recorded)",
                        {
                            "node entered: window (\u03b1, \u03b2), depth, ply, how searched",
                            "  probe the table: a cut, or its move first",
                            "  static evaluation (a leaf's value, or stand-pat)",
                            "  for each move: prune it, or",
                            "    search it (a probe, a re-search, a null move, quiescence)",
                            "    it returns: best = max(best, \u2212ret)",
                            "    cutoff if best \u2265 \u03b2",
                            "    \u03b1 = max(\u03b1, best)",
                            "  return the value, with its bound",
                        }};

ImU32 null_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(170, 170, 185, 255) : IM_COL32(95, 95, 110, 255);
}
ImU32 quiescence_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(235, 180, 70, 255) : IM_COL32(165, 105, 0, 255);
}
ImU32 table_colour(Theme t) {
  return t == Theme::dark ? IM_COL32(130, 170, 255, 255) : IM_COL32(40, 80, 190, 255);
}

// The attempt record that announced node id (just before its enter), if any.
bool attempt_of(const trace::Model& m, std::uint32_t id, AttemptRecord& out) {
  const std::uint32_t t = m.enter_t(id);
  if (t == 0 || m.event(t - 1).type != EventType::attempt) return false;
  out = trace::RecordCodec<AttemptRecord>::decode(m.events(), t - 1);
  return true;
}

// Which attempt of its move node id is, of how many (siblings with the same k).
void attempt_number(const trace::Model& m, std::uint32_t id, int& number, int& of) {
  number = of = 0;
  const trace::ModelNode& n = m.node(id);
  if (n.parent == trace::k_no_node) return;
  for (std::uint32_t i = 0; i < m.child_count(n.parent); ++i) {
    const std::uint32_t c = m.child(n.parent, i);
    if (m.k(c) != n.k || (m.marks(c) & trace::k_eng_null_move)) continue;
    ++of;
    if (c == id) number = of;
  }
}

std::string tag_text(const trace::Model& m, std::uint32_t id) {
  const trace::ModelNode& n = m.node(id);
  std::string s;
  AttemptRecord a;
  const bool why = attempt_of(m, id, a);
  if (n.marks & trace::k_eng_null_move) s = "null move";
  if (n.marks & (trace::k_eng_probe | trace::k_eng_research)) {
    int number, of;
    attempt_number(m, id, number, of);
    const char* reason = !why                                      ? ""
                         : a.why == EngineWhy::late_move_reduction ? "LMR "
                         : a.why == EngineWhy::pvs                 ? "PVS "
                                                                   : "";
    s = std::string(reason) + ((n.marks & trace::k_eng_probe) ? "probe" : "re-search");
    if (of > 1) s += " " + std::to_string(number) + "/" + std::to_string(of);
  }
  if (n.marks & trace::k_tt_settled) s += std::string(s.empty() ? "" : " \u00b7 ") + "TT cut";
  if (n.marks & trace::k_eng_quiescence) s += std::string(s.empty() ? "" : " \u00b7 ") + "Q";
  return s;
}

ImU32 tag_colour(Theme t, std::uint32_t marks) {
  if (marks & trace::k_eng_research) return research_colour(t);
  if (marks & trace::k_eng_probe) return probe_colour(t);
  if (marks & trace::k_eng_null_move) return null_colour(t);
  if (marks & trace::k_tt_settled) return table_colour(t);
  return quiescence_colour(t);
}

// A note's mark: a small filled corner at the box's top left, with an "i".
void note_mark(const CanvasPaint& p, ImVec2 a) {
  const float r = 7.0f * p.zoom;
  const ImVec2 c(a.x + r * 0.2f, a.y + r * 0.2f);
  p.dl->AddCircleFilled(c, r, IM_COL32(250, 200, 60, 255), 12);
  p.dl->AddText(ImGui::GetFont(), 11.0f * p.zoom, ImVec2(c.x - 1.6f * p.zoom, c.y - 6.0f * p.zoom),
                IM_COL32(30, 30, 30, 255), "i");
}

// The node's own facts, read from its events.
struct Facts {
  bool has_depth = false, has_ply = false, has_eval = false, has_hash = false, has_table = false;
  int depth = 0, ply = 0;
  Score eval = 0;
  std::uint64_t hash = 0;
  TableProbeRecord table;
  std::string table_move;
  std::vector<std::string> pruned, notes;
};

Facts facts_of(const trace::Model& m, std::uint32_t id) {
  Facts f;
  const auto& strings = m.trace().strings;
  m.own_events(id, m.event_count(), [&](std::size_t t, const trace::Event& e) {
    switch (e.type) {
      case EventType::node_facts: {
        const NodeFactsRecord r = trace::RecordCodec<NodeFactsRecord>::decode(m.events(), t);
        f.has_depth = r.has_depth, f.depth = r.depth, f.has_ply = r.has_ply, f.ply = r.ply;
        break;
      }
      case EventType::static_eval:
        f.has_eval = true, f.eval = e.a;
        break;
      case EventType::hash_key:
        f.has_hash = true, f.hash = trace::RecordCodec<HashKeyRecord>::decode(m.events(), t).key;
        break;
      case EventType::tt_probe:
        f.has_table = true, f.table = trace::RecordCodec<TableProbeRecord>::decode(m.events(), t);
        break;
      case EventType::table_move:
        f.table_move = strings.get(static_cast<std::uint32_t>(e.a));
        break;
      case EventType::prune: {
        const PruneRecord r = trace::RecordCodec<PruneRecord>::decode(m.events(), t);
        f.pruned.push_back((r.move_id ? strings.get(r.move_id) : std::string("a move")) + " (" +
                           prune_why_name(r.why) + ")");
        break;
      }
      case EventType::note:
        f.notes.push_back(strings.get(static_cast<std::uint32_t>(e.a)));
        break;
      default:
        break;
    }
    return true;
  });
  return f;
}

std::string hash_text(std::uint64_t key) {
  char s[24];
  std::snprintf(s, sizeof s, "%016" PRIx64, key);
  return s;
}

// How the node was searched, in a sentence.
std::string how_searched(const trace::Model& m, std::uint32_t id) {
  const trace::ModelNode& n = m.node(id);
  AttemptRecord a;
  const bool announced = attempt_of(m, id, a);
  const std::string why = announced && a.why != EngineWhy::unspecified
                              ? std::string(" (") + engine_why_name(a.why) + ")"
                              : "";
  int number, of;
  attempt_number(m, id, number, of);
  std::string s;
  if (n.marks & trace::k_eng_null_move) {
    s = "A null move: the side to move passed, to see whether the position fails high even so.";
    s += (n.marks & trace::k_superseded) ? " It did not cut, so it counts towards nothing."
                                         : " It caused the cutoff.";
  } else if (n.marks & (trace::k_eng_probe | trace::k_eng_research)) {
    s = std::string((n.marks & trace::k_eng_probe) ? "A probe" : "A re-search") + why +
        (of > 1
             ? ": search " + std::to_string(number) + " of " + std::to_string(of) + " of its move."
             : ".");
    if (n.marks & trace::k_superseded)
      s += " Its result came out above \u03b1 and was only a bound: the move was searched again, "
           "and this search counts towards nothing (not best, \u03b1 or the kind).";
  }
  if (n.marks & trace::k_eng_quiescence)
    s += std::string(s.empty() ? "" : " ") + "A quiescence node (captures only, after stand-pat).";
  return s;
}

class EngineView final : public AlgorithmView {
 public:
  bool applies(const trace::Model& m) const override {
    if (m.event_count() == 0) return false;
    const trace::Counters c = m.counters_at(m.event_count() - 1);
    using trace::Counter;
    return c[Counter::eng_probes] + c[Counter::eng_researches] + c[Counter::eng_null_moves] +
               c[Counter::eng_quiescence] + c[Counter::eng_prunes] + c[Counter::eng_noted] >
           0;
  }
  const Listing* listing() const override { return &k_listing; }
  int line_of(const trace::Event& e, bool leaf) const override {
    switch (e.type) {
      case EventType::enter:
      case EventType::label:
      case EventType::position:
      case EventType::node_facts:
      case EventType::hash_key:
        return 1;
      case EventType::tt_probe:
      case EventType::table_move:
        return 2;
      case EventType::static_eval:
      case EventType::evaluate:
        return 3;
      case EventType::prune:
        return 4;
      case EventType::attempt:
        return 5;
      case EventType::child_return:
      case EventType::best_set:
        return 6;
      case EventType::cutoff:
        return 7;
      case EventType::alpha_set:
        return 8;
      case EventType::leave:
        return 9;
      default:
        return 0;
    }
  }
  int call_line(const trace::Model&, std::uint32_t) const override { return 5; }
  bool marks_dots() const override { return true; }
  void node(const CanvasPaint& p, std::uint32_t id, ImVec2 a, ImVec2 b) const override {
    const std::uint32_t all_marks = p.m.marks(id);
    const std::uint32_t marks = all_marks & (k_engine_marks | trace::k_tt_settled);
    if (!marks) return;
    const ImU32 col = tag_colour(p.s.theme, marks);
    if (p.lod == 0) {
      if (!(marks & (trace::k_eng_probe | trace::k_eng_research | trace::k_eng_null_move))) return;
      const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
      p.dl->AddCircle(c, std::max(2.0f, (b.x - a.x) * 0.5f + 1.5f), col, 8, 1.5f);
      return;
    }
    if (marks & (trace::k_eng_probe | trace::k_eng_research | trace::k_eng_null_move |
                 trace::k_eng_quiescence | trace::k_tt_settled)) {
      stripe(p, a, b, col);
    }
    if (all_marks & trace::k_superseded)
      p.dl->AddRectFilled(a, b, palette(p.s.theme).canvas_bg & 0x99FFFFFFu, 6.0f * p.zoom);
    if (all_marks & trace::k_eng_noted) note_mark(p, a);
    if (p.lod < 2) return;
    const std::string text = tag_text(p.m, id);
    if (!text.empty()) tag_above(p, a, b, text.c_str(), col);
  }
  void tooltip(const ViewerState& s, std::uint32_t id) const override {
    const trace::Model& m = s.model();
    if (!(m.marks(id) & (k_engine_marks | trace::k_tt_settled))) return;
    const std::string how = how_searched(m, id);
    if (!how.empty()) ImGui::TextUnformatted(how.c_str());
    const Facts f = facts_of(m, id);
    if (!f.pruned.empty()) ImGui::Text("%zu moves pruned without a search", f.pruned.size());
    for (const std::string& note : f.notes) ImGui::Text("note: %s", note.c_str());
  }
  void inspector(ViewerState& s, std::uint32_t id) const override;
  void legend(ViewerState& s) const override;
  void stats(ViewerState& s) const override {
    const trace::Model& m = s.model();
    const trace::Counters now = m.counters_at(s.cursor());
    const trace::Counters all = m.counters_at(m.event_count() - 1);
    using trace::Counter;
    auto line = [&](const char* what, Counter c) {
      ImGui::Text("%s: %u so far, %u in the whole search", what, now[c], all[c]);
    };
    line("probes", Counter::eng_probes);
    line("re-searches", Counter::eng_researches);
    line("null moves", Counter::eng_null_moves);
    line("quiescence nodes", Counter::eng_quiescence);
    line("moves pruned unsearched", Counter::eng_prunes);
  }
};

void EngineView::inspector(ViewerState& s, std::uint32_t id) const {
  const trace::Model& m = s.model();
  const trace::ModelNode& n = m.node(id);
  const Facts f = facts_of(m, id);
  if (!(n.marks & (k_engine_marks | trace::k_tt_probed)) && !f.has_depth && !f.has_eval &&
      !f.has_hash)
    return;
  section("the engine's facts");
  const std::string how = how_searched(m, id);
  if (!how.empty()) ImGui::TextWrapped("%s", how.c_str());
  if (f.has_depth || f.has_ply) {
    ImGui::Text("remaining depth %s, ply %s", f.has_depth ? std::to_string(f.depth).c_str() : "?",
                f.has_ply ? std::to_string(f.ply).c_str() : "?");
  }
  if (f.has_eval) ImGui::Text("static evaluation %s", format_score_pretty(f.eval).c_str());
  if (f.has_hash) ImGui::Text("position key %s", hash_text(f.hash).c_str());
  if (f.has_table) {
    if (f.table.result == TtProbe::miss) {
      ImGui::TextUnformatted("table: no entry");
    } else {
      ImGui::TextWrapped("table: a %s value %s from depth %d%s%s", bound_name(f.table.bound),
                         format_score_pretty(f.table.value).c_str(), f.table.depth,
                         f.table.result == TtProbe::cutoff ? ", which settled the node" : "",
                         f.table_move.empty() ? "" : (", move " + f.table_move).c_str());
    }
  }
  if (n.leave_t != trace::k_never && n.leave_t <= s.cursor())
    ImGui::Text("returned %s, %s", format_score_pretty(n.ret).c_str(), bound_name(n.bound));
  if (!f.pruned.empty()) {
    std::string list;
    for (const std::string& p : f.pruned) list += (list.empty() ? "" : ", ") + p;
    ImGui::TextWrapped("pruned without a search: %s", list.c_str());
  }
  for (const std::string& note : f.notes) ImGui::TextWrapped("note: %s", note.c_str());
}

void EngineView::legend(ViewerState& s) const {
  section("the engine's search");
  auto swatch = [&](ImU32 col, const char* text) { legend_swatch(s, col, text); };
  swatch(probe_colour(s.theme),
         "teal stripe, \"probe\": a reduced or zero-window search of a move (\"LMR\", \"PVS\": "
         "why); dimmed when it failed high and was searched again");
  swatch(research_colour(s.theme),
         "pink stripe, \"re-search 2/3\": the same move searched again; only the last attempt "
         "counts");
  swatch(null_colour(s.theme),
         "grey stripe, \"null move\": the side to move passed; dimmed when it did not cut");
  swatch(quiescence_colour(s.theme), "amber stripe, \"Q\": a quiescence node");
  swatch(table_colour(s.theme), "blue stripe, \"TT cut\": the table's entry settled the node");
  ImGui::TextWrapped("A yellow \"i\" at a box's corner: the engine wrote notes about it (hover).");
}

}  // namespace

const AlgorithmView& engine_view() {
  static const EngineView view;
  return view;
}

}  // namespace kibitz::viewer
