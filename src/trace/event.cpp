#include "trace/event.hpp"

#include <cstring>
#include <string>

namespace kibitz::trace {

namespace {
struct Name {
  EventType type;
  const char* name;
};
constexpr Name k_names[] = {
    {EventType::iteration_begin, "iteration_begin"},
    {EventType::iteration_end, "iteration_end"},
    {EventType::enter, "enter"},
    {EventType::label, "label"},
    {EventType::position, "position"},
    {EventType::expand, "expand"},
    {EventType::evaluate, "evaluate"},
    {EventType::child_return, "child_return"},
    {EventType::best_set, "best_set"},
    {EventType::alpha_set, "alpha_set"},
    {EventType::cutoff, "cutoff"},
    {EventType::leave, "leave"},
    {EventType::tt_probe, "tt_probe"},
    {EventType::tt_store, "tt_store"},
    {EventType::interest_move, "interest_move"},
    {EventType::interest_terms, "interest_terms"},
    {EventType::fe_test, "fe_test"},
    {EventType::plausibility, "plausibility"},
    {EventType::feedover, "feedover"},
    {EventType::capture_search, "capture_search"},
    {EventType::note, "note"},
    {EventType::payload, "payload"},
};
}  // namespace

const char* event_type_name(EventType t) {
  for (const Name& n : k_names) {
    if (n.type == t) return n.name;
  }
  static thread_local std::string unknown;
  unknown = "type_" + std::to_string(static_cast<int>(t));
  return unknown.c_str();
}

bool parse_event_type(const char* name, EventType& out) {
  for (const Name& n : k_names) {
    if (std::strcmp(n.name, name) == 0) {
      out = n.type;
      return true;
    }
  }
  if (std::strncmp(name, "type_", 5) == 0) {
    char* end = nullptr;
    long v = std::strtol(name + 5, &end, 10);
    if (*end == '\0' && v >= 32 && v <= 255) {
      out = static_cast<EventType>(v);
      return true;
    }
  }
  return false;
}

}  // namespace kibitz::trace
