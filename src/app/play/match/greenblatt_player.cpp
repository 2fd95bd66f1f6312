// The Greenblatt chess program (search/greenblatt/, docs/greenblatt.md) as a `kibitz match`
// player: depth=D (3), widths=normal|tournament|15/15/9/9/7, feedover=N (2). A node budget
// is handed to its own iterative deepening; a depth budget replaces its depth.
#include <string>

#include "app/play/match/player.hpp"
#include "core/error.hpp"
#include "games/chess/chess_game.hpp"
#include "search/greenblatt/greenblatt.hpp"

namespace kibitz::match {

namespace {

class GreenblattPlayer : public Player {
 public:
  explicit GreenblattPlayer(const PlayerOptions& o)
      : m_depth(static_cast<int>(o.integer("depth", 3, 1, 64))) {
    std::string widths = o.text("widths", "normal");
    for (char& c : widths) c = c == '/' ? ',' : c;
    m_options.widths = greenblatt::WidthSchedule::parse(widths);
    m_options.feedover_limit = static_cast<int>(
        o.integer("feedover", 2, 0, greenblatt::GreenblattOptions::k_max_feedover));
    o.finish();
  }

  MoveChoice choose(const std::string& game, const std::string& position,
                    const Budget& budget) override {
    if (game != "chess") throw InputError("the greenblatt player plays chess only");
    const ChessGame g = ChessGame::from_text(position);
    greenblatt::GreenblattBudget b;
    b.depth = budget.depth > 0                         ? budget.depth
              : budget.nodes > 0 || budget.time_ms > 0 ? 0
                                                       : m_depth;
    b.nodes = move_node_limit(budget);
    b.stop = budget.stop;
    const greenblatt::GreenblattChoice c = greenblatt::choose_move(g, m_options, b);
    MoveChoice out;
    out.nodes = c.nodes;
    out.capped = reached_cap(budget, c.nodes);
    out.value = c.value;
    std::vector<ChessGame::Move> moves;
    g.moves(moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (moves[i] == c.move) out.move_index = static_cast<int>(i);
    }
    return out;
  }

 private:
  int m_depth;
  greenblatt::GreenblattOptions m_options;
};

}  // namespace

std::unique_ptr<Player> make_greenblatt_player(const PlayerOptions& o) {
  return std::make_unique<GreenblattPlayer>(o);
}

}  // namespace kibitz::match
