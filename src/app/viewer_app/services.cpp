#include "app/viewer_app/services.hpp"

#include "core/error.hpp"
#include "core/score.hpp"
#include "games/chess/greenblatt_eval.hpp"
#include "games/chess/position.hpp"

namespace kibitz {

namespace {

// The Greenblatt evaluation S = M + R + P + K + C of a chess position (debugging aid 3).
std::optional<viewer::EvalBreakdown> chess_breakdown(const std::string& position,
                                                     const std::string& root_position) {
  chess::Position pos, top;
  try {
    pos = chess::Position::from_fen(position);
    top = chess::Position::from_fen(root_position);
  } catch (const InputError&) {
    return std::nullopt;  // not a chess position: nothing to break down
  }
  const chess::SideMaterial now = chess::ratio_material(pos), at_root = chess::ratio_material(top);
  const chess::GreenblattTerms g = chess::greenblatt_eval(pos, at_root);
  viewer::EvalBreakdown e;
  e.title = "evaluation S = M + R + P + K + C + E (White's view)";
  e.rows = {
      {"M", g.material, "material (a pawn is 128)"},
      {"R", g.ratio,
       "piece ratio W = " + std::to_string(now.white) + "/" + std::to_string(now.black) + ", T = " +
           std::to_string(at_root.white) + "/" + std::to_string(at_root.black) + " at the root"},
      {"P", g.pawns, "pawn structure:"},
      {"  tripled", g.pawn.tripled, "tripled, doubled isolated"},
      {"  isolated", g.pawn.isolated, "isolated"},
      {"  passed", g.pawn.passed, "own passed"},
      {"  backward", g.pawn.backward, "backward"},
      {"K", g.king_safety, "king safety (queens on)"},
      {"C", g.center, "centre pawns"},
      {"E", g.ending, "bare king driven to the edge (ours, not the paper's)"},
      {"S", g.total, "the sum"},
  };
  e.footer = "From the side to move: " +
             format_score_pretty(pos.side_to_move() == chess::Color::white ? g.total : -g.total);
  return e;
}

}  // namespace

viewer::GameServices viewer_game_services() {
  viewer::GameServices s;
  s.eval_breakdown = [](const std::string& game, const std::string& position,
                        const std::string& root_position) -> std::optional<viewer::EvalBreakdown> {
    if (game != "chess") return std::nullopt;
    return chess_breakdown(position, root_position);
  };
  s.pruned_branches = pruned_branches;
  return s;
}

}  // namespace kibitz
