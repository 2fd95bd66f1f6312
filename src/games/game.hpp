// The Game concept: what every search needs from a domain. Searches are templates over it,
// so a domain is any class with these members (checked by `static_assert(is_game_v<G>)`):
//
//   using Move = ...;                        // trivially copyable, cheap to pass by value
//   void moves(std::vector<Move>& out) const; // clears `out`, then appends the legal moves in
//                                            // the domain's fixed generation order; empty
//                                            // exactly when the position is terminal
//   void make(Move m);                       // play m (one of the moves just generated)
//   void unmake(Move m);                     // take back the last move, which was m
//   Score evaluate() const;                  // static value from the side to move (negamax);
//                                            // in a terminal position, the game's result
//   std::string move_label(Move m) const;    // m in the domain's notation, in this position
//                                            // (before make); "" when moves have no names
//   std::string position_text() const;       // self-contained text of the position, e.g. FEN
//
// Optional members that some searches use when present:
//   std::uint64_t key() const;               // hash of the position (Zobrist), for tables
//   int ply() const;                         // plies played since the search root
//   std::string root_label() const;          // a name for the root node (explicit trees)
//
// Rules that keep traces comparable everywhere: generation order is deterministic (the same
// moves in the same order on every platform), and `evaluate` never returns a value outside
// (-k_score_eval_max, k_score_eval_max) unless the game is over, where a win for the side to
// move is k_score_win - plies and a loss is -(k_score_win - plies).
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/score.hpp"

namespace kibitz {

template <class G, class = void>
struct is_game : std::false_type {};

template <class G>
struct is_game<G, std::void_t<typename G::Move,
                              decltype(std::declval<const G&>().moves(
                                  std::declval<std::vector<typename G::Move>&>())),
                              decltype(std::declval<G&>().make(std::declval<typename G::Move>())),
                              decltype(std::declval<G&>().unmake(std::declval<typename G::Move>())),
                              decltype(Score{std::declval<const G&>().evaluate()}),
                              decltype(std::string{std::declval<const G&>().move_label(
                                  std::declval<typename G::Move>())}),
                              decltype(std::string{std::declval<const G&>().position_text()})>>
    : std::is_trivially_copyable<typename G::Move> {};

template <class G>
constexpr bool is_game_v = is_game<G>::value;

template <class G, class = void>
struct has_root_label : std::false_type {};
template <class G>
struct has_root_label<G, std::void_t<decltype(std::declval<const G&>().root_label())>>
    : std::true_type {};

// The name of the search root, if the domain has one.
template <class G>
std::string root_label(const G& game) {
  if constexpr (has_root_label<G>::value)
    return game.root_label();
  else
    return std::string();
}

}  // namespace kibitz
