#include "search/greenblatt/modifications.hpp"

#include <algorithm>

#include "search/sink/greenblatt_records.hpp"

namespace kibitz::greenblatt {

Penalty value_penalty(const Position& pos, const std::vector<Move>& legal, const PlausibleMove& pm,
                      const Line& reply, const GreenblattOptions& options) {
  Penalty p;
  if (!options.modifications) return p;
  if (pm.poor) {
    p.points += options.poor_penalty;
    p.reasons |= k_penalty_poor;
  }
  // The same piece moved again two plies down the principal variation.
  if (reply.length < 2 || reply.moves[1].from() != pm.move.to()) return p;
  const Move next = reply.moves[1];
  int tempo = 0;
  if (next.to() == pm.move.from()) {
    tempo = options.back_penalty;
    p.reasons |= k_penalty_back;
  } else if (std::any_of(legal.begin(), legal.end(), [&](Move l) {
               return l.from() == pm.move.from() && l.to() == next.to() && !l.is_castle();
             })) {
    tempo = options.translation_penalty;
    p.reasons |= k_penalty_translation;
  }
  if (pos.in_first_eight_moves()) {
    tempo = std::max(tempo, options.opening_penalty);
    p.reasons |= k_penalty_opening;
  }
  p.points += tempo;
  return p;
}

}  // namespace kibitz::greenblatt
