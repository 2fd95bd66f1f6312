// The JavaScript API's quiz (api.hpp): its options and answers read from JSON, its state and
// feedback written as JSON (viewer/quiz.hpp, ViewerApp::start_quiz).
#include <nlohmann/json.hpp>

#include "app/web/api.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "trace/json_text.hpp"
#include "viewer/canvas.hpp"
#include "viewer/quiz_code.hpp"

namespace kibitz::api {

namespace {

using Json = nlohmann::json;

// JSON text, or an InputError saying where it is not JSON.
Json parse_json(const std::string& text, const char* what) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& e) {  // syntax, or a number out of range
    throw InputError(std::string(what) + ": not JSON (" + json_error_text(e) + ")");
  }
}

int level_of(const Json& v) {
  if (v.is_number_integer() && v.get<int>() >= 1 && v.get<int>() <= viewer::Quiz::k_levels)
    return v.get<int>();
  if (v.is_string())
    for (int l = 1; l <= viewer::Quiz::k_levels; ++l)
      if (v.get<std::string>() == viewer::Quiz::level_name(l)) return l;
  throw InputError("quiz: level is 1 to 5 or values, pruning, windows, kinds, negamax");
}

std::optional<Score> number_of(const Json& v, const char* what) {
  if (v.is_number_integer()) {
    const long long x = v.get<long long>();
    if (x > -k_score_inf && x < k_score_inf) return static_cast<Score>(x);
  } else if (v.is_string()) {
    if (auto s = viewer::parse_quiz_number(v.get<std::string>())) return s;
  }
  throw InputError(std::string("quiz: ") + what + " must be a number or \"+inf\"/\"-inf\"");
}

viewer::Answer answer_of(const Json& j) {
  if (!j.is_object()) throw InputError("quiz: an answer is a JSON object");
  viewer::Answer a;
  for (const auto& [key, v] : j.items()) {
    if (key == "value")
      a.value = number_of(v, "value");
    else if (key == "alpha")
      a.alpha = number_of(v, "alpha");
    else if (key == "beta")
      a.beta = number_of(v, "beta");
    else if (key == "cutoff" && v.is_boolean())
      a.cutoff = v.get<bool>();
    else if (key == "pruned" && v.is_number_integer())
      a.pruned = v.get<int>();
    else if (key == "reveal" && v.is_boolean())
      a.reveal = v.get<bool>();
    else if (key == "skip" && v.is_boolean())
      a.skip = v.get<bool>();
    else if (key == "kind" && v.is_string()) {
      NodeKind k = NodeKind::unknown;
      for (NodeKind c : {NodeKind::pv, NodeKind::cut, NodeKind::all})
        if (v.get<std::string>() == kind_label(c)) k = c;
      if (k == NodeKind::unknown) throw InputError("quiz: kind is Pv, Cut or All");
      a.kind = k;
    } else {
      throw InputError("quiz: '" + key +
                       "' is not part of an answer (value, alpha, beta, "
                       "cutoff, pruned, kind, reveal, skip), or not of its type");
    }
  }
  return a;
}

const char* type_name(viewer::QuestionType t) {
  switch (t) {
    case viewer::QuestionType::value:
      return "value";
    case viewer::QuestionType::cutoff:
      return "cutoff";
    case viewer::QuestionType::window:
      return "window";
    default:
      return "kind";
  }
}

const char* mark_grade(viewer::MarkGrade g) {
  return g == viewer::MarkGrade::right   ? "right"
         : g == viewer::MarkGrade::wrong ? "wrong"
                                         : "neither";
}

Json feedback_json(const viewer::QuizFeedback& f) {
  return {{"correct", f.correct}, {"right_answer", f.right_answer}, {"explanation", f.explanation}};
}

}  // namespace

std::string start_quiz(ViewerApp& app, const std::string& options) {
  int level = 1, round = 0;
  std::optional<PracticeSpec> p;
  try {
    check_json_depth(options, 4, "quiz options");
    const Json j = parse_json(options.empty() ? "{}" : options, "quiz options");
    if (!j.is_object()) throw InputError("quiz: options are a JSON object");
    for (const auto& [key, v] : j.items()) {
      if (key == "level")
        level = level_of(v);
      else if (key == "practice" && v.is_string())
        p = PracticeSpec::parse(v.get<std::string>());
      else if (key == "round" && v.is_number_integer() && v.get<int>() >= 1 && v.get<int>() <= 999)
        round = v.get<int>() - 1;
      else
        throw InputError("quiz: '" + key +
                         "' is not an option (level, practice, round: 1 to 999), or not of its "
                         "type");
    }
  } catch (const std::exception& e) {
    return error(failure_text(e));
  }
  const Done d = app.start_quiz(level, p, round);
  return d.ok() ? quiz_state(app) : error(d.error);
}

std::string quiz_state(const ViewerApp& app) {
  const viewer::ViewerState& s = app.state();
  const viewer::Quiz& q = s.quiz;
  Json j{{"active", q.active()},
         {"level", q.level()},
         {"level_name", viewer::Quiz::level_name(q.level())},
         {"done", q.done()},
         {"asked", q.asked()},
         {"total", q.total()},
         {"right", q.right_first_time()},
         {"round", q.round() + 1},
         {"at_question", s.at_quiz_question()},
         {"questions_in_all", q.questions_in_all()},
         {"marks", q.marks().size()},
         {"mark", q.last_mark().text.empty() ? Json(nullptr)
                                             : Json{{"text", q.last_mark().text},
                                                    {"grade", mark_grade(q.last_mark().grade)}}},
         {"code", q.result_code()},
         {"cursor", s.cursor()},
         {"view", trace::value_view_name(q.view())}};
  if (const viewer::Question* c = q.current())
    j["question"] = {
        {"type", type_name(c->type)}, {"text", c->text}, {"node", c->node}, {"t", c->t}};
  else
    j["question"] = nullptr;
  j["feedback"] =
      q.last_feedback().right_answer.empty() ? Json(nullptr) : feedback_json(q.last_feedback());
  j["missed"] = Json::array();
  for (const auto& [question, answer] : q.missed())
    j["missed"].push_back({{"question", question}, {"answer", answer}});
  if (app.showing_practice()) {
    j["practice"] = app.practice->to_text();
    j["tree"] = app.shown_spec()->tree;  // the same seed, the same tree, natively and in the page
  }
  return j.dump();
}

std::string answer_quiz(ViewerApp& app, const std::string& answer) {
  viewer::Answer a;
  try {
    if (!app.state().quiz.active() || app.state().quiz.done())
      throw InputError("quiz: no question is asked");
    check_json_depth(answer, 4, "a quiz answer");
    a = answer_of(parse_json(answer, "a quiz answer"));
  } catch (const std::exception& e) {
    return error(failure_text(e));
  }
  viewer::QuizFeedback f;
  const Done d = app.answer_quiz(a, f);
  return d.ok() ? feedback_json(f).dump() : error(d.error);
}

std::string quiz_edges() {
  Json out = Json::array();
  for (const viewer::QuizEdgeOnScreen& e : viewer::last_quiz_edges()) {
    Json j{{"parent", e.edge.parent},
           {"x", (e.from.x + e.to.x) * 0.5f},
           {"y", (e.from.y + e.to.y) * 0.5f}};
    if (e.edge.child != trace::k_no_node) j["child"] = e.edge.child;
    if (e.edge.ghost >= 0) j["pruned_branch"] = e.edge.ghost;
    if (e.edge.inner) j["inner"] = true;
    out.push_back(j);
  }
  return out.dump();
}

std::string read_quiz_codes(const ViewerApp& app, const std::string& codes) {
  Json out = Json::array();
  const trace::Model* m = app.state().has_trace() ? &app.state().model() : nullptr;
  std::size_t at = 0;
  while (at <= codes.size() && out.size() < 1000) {
    std::size_t end = codes.find('\n', at);
    if (end == std::string::npos) end = codes.size();
    const std::string line = codes.substr(at, end - at);
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      out.push_back({{"code", line}, {"reading", viewer::describe_quiz_result(line, m)}});
    at = end + 1;
  }
  return out.dump();
}

}  // namespace kibitz::api
