// Result codes (quiz_code.hpp): written and read.
#include "viewer/quiz_code.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "viewer/quiz.hpp"
#include "viewer/quiz_words.hpp"

namespace kibitz::viewer {

namespace {

unsigned check_of(const std::string& text) {
  const std::uint32_t h = quiz_words::fnv1a(text);
  return (h ^ (h >> 8) ^ (h >> 16) ^ (h >> 24)) & 0xffu;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts(1);
  for (char c : s) {
    if (c == sep)
      parts.emplace_back();
    else
      parts.back() += c;
  }
  return parts;
}

// A field of `base` digits (10 or 16), at most 8 of them.
std::optional<std::uint32_t> number(const std::string& s, int base) {
  if (s.empty() || s.size() > 8) return std::nullopt;
  char* end = nullptr;
  const unsigned long v = std::strtoul(s.c_str(), &end, base);
  if (*end || s[0] == '-' || s[0] == '+') return std::nullopt;
  return static_cast<std::uint32_t>(v);
}

std::string trimmed(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

}  // namespace

std::string encode_quiz_result(const QuizResult& r) {
  char body[96];
  std::snprintf(body, sizeof body, "KQ1-%d-%d-%d-%d-%x-%08x", r.level, r.round, r.right, r.asked,
                static_cast<unsigned>(r.missed), static_cast<unsigned>(r.quiz_hash));
  char check[8];
  std::snprintf(check, sizeof check, "-%02x", check_of(body));
  return std::string(body) + check;
}

std::optional<QuizResult> decode_quiz_result(const std::string& code, std::string& error) {
  const std::string c = trimmed(code);
  const std::vector<std::string> p = split(c, '-');
  if (p.size() != 8 || p[0] != "KQ1") {
    error = "not a quiz result code (they look like KQ1-2-0-9-12-a4-3f2a91c0-5d)";
    return std::nullopt;
  }
  static const char* const names[] = {"",      "level",  "round", "right",
                                      "asked", "missed", "quiz",  "check"};
  std::uint32_t v[8] = {};
  for (int i = 1; i < 8; ++i) {
    const auto n = number(p[static_cast<std::size_t>(i)], i >= 5 ? 16 : 10);
    if (!n) {
      error = std::string("the code's ") + names[i] + " part '" + p[static_cast<std::size_t>(i)] +
              "' is not a number";
      return std::nullopt;
    }
    v[i] = *n;
  }
  if (check_of(c.substr(0, c.rfind('-'))) != v[7]) {
    error = "the code does not check out: a character was mistyped or left out";
    return std::nullopt;
  }
  QuizResult r;
  r.level = static_cast<int>(v[1]);
  r.round = static_cast<int>(v[2]);
  r.right = static_cast<int>(v[3]);
  r.asked = static_cast<int>(v[4]);
  r.missed = v[5];
  r.quiz_hash = v[6];
  if (r.level < 1 || r.level > Quiz::k_levels || r.right > r.asked ||
      r.asked > static_cast<int>(Quiz::k_round_size)) {
    error = "the code's numbers do not make a quiz round (level 1 to 5, at most 12 questions)";
    return std::nullopt;
  }
  return r;
}

std::string describe_quiz_result(const std::string& code, const trace::Model* model) {
  std::string error;
  const std::optional<QuizResult> r = decode_quiz_result(code, error);
  if (!r) return "Not read: " + error + ".";
  std::string text = "Quiz " + std::string(Quiz::level_name(r->level)) + ", round " +
                     std::to_string(r->round + 1) + ": " + std::to_string(r->right) + " of " +
                     std::to_string(r->asked) + " right the first time.";
  Quiz q;
  if (model) q.start(*model, r->level, r->round);
  if (!model || q.quiz_hash() != r->quiz_hash) {
    return text +
           " The code is about another tree than the one shown: open the quiz's link to "
           "see which questions were missed.";
  }
  if (r->missed == 0) return text + " Nothing missed.";
  text += " Missed:";
  Answer reveal;
  reveal.reveal = true;
  for (std::size_t i = 0; q.current(); ++i) {
    const std::string question = q.current()->text, answer = q.answer(reveal).right_answer;
    if (i < 32 && (r->missed >> i & 1u))
      text += "\n" + std::to_string(i + 1) + ". " + question + "  \u2192  " + answer;
  }
  return text;
}

}  // namespace kibitz::viewer

namespace kibitz::viewer {

std::string Quiz::result_code() const {
  if (!done()) return "";
  QuizResult r;
  r.level = m_level;
  r.round = m_round;
  r.right = static_cast<int>(m_right);
  r.asked = static_cast<int>(total());
  r.missed = m_missed_mask;
  r.quiz_hash = m_hash;
  return encode_quiz_result(r);
}

}  // namespace kibitz::viewer
