// A quiz round's result code: what a student pastes to the teacher (no server): the level,
// the round, the score and which questions were missed, and a hash naming the quiz (the tree,
// its search and the level), with a check so that a mistyped code is refused, not misread.
//   KQ1-<level>-<round>-<right>-<asked>-<missed, hex bit mask>-<quiz hash>-<check>
// e.g. KQ1-2-0-9-12-a4-3f2a91c0-5d.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trace/model.hpp"

namespace kibitz::viewer {

struct QuizResult {
  int level = 1, round = 0;
  int right = 0, asked = 0;
  std::uint32_t missed = 0;  // bit i: question i of the round
  std::uint32_t quiz_hash = 0;
};

std::string encode_quiz_result(const QuizResult& r);
// The result in a code, or why it is not one (`error`, naming the part at fault).
std::optional<QuizResult> decode_quiz_result(const std::string& code, std::string& error);
// What a teacher reads for a code: the score and, when `model` is the tree the code is about,
// each missed question with its answer; else why not.
std::string describe_quiz_result(const std::string& code, const trace::Model* model);

}  // namespace kibitz::viewer
