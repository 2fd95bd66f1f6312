// What the quiz's files share (defined in quiz.cpp): how a question names a node and writes a
// value, and the values a question is checked against, in the quiz's value view.
#pragma once

#include <cstdint>
#include <string>

#include "core/criterion.hpp"
#include "core/score.hpp"
#include "trace/minimax_form.hpp"
#include "trace/model.hpp"

namespace kibitz::viewer::quiz_words {

// Textbooks' "3", "−2", "+∞" (minimax); the seed's "+3".
std::string num(Score s, bool minimax);
// "MIN node 1", "MAX B", "leaf 0.1", "the root (MAX)".
std::string who(const trace::Model& m, std::uint32_t id, bool minimax);
Score value_of(const trace::Model& m, std::uint32_t id, bool minimax);
// The window the node was entered with.
trace::MinimaxWindow window_of(const trace::Model& m, std::uint32_t id, bool minimax);
// The successors its cutoff pruned (0 without one).
int pruned_by(const trace::Model& m, std::uint32_t id);
Criterion criterion_of(const trace::Model& m);
// FNV-1a (32 bits) of `text`, continuing from `h`: what names a quiz and checks a result code.
std::uint32_t fnv1a(const std::string& text, std::uint32_t h = 2166136261u);

}  // namespace kibitz::viewer::quiz_words
