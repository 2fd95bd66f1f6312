#include "trace/event.hpp"

#include <cstring>
#include <string>

namespace kibitz::trace {

namespace {
struct Name {
  EventType type;
  const char* name;
};
#define KIBITZ_EVENT_NAME(name, number) {EventType::name, #name},
constexpr Name k_names[] = {KIBITZ_EVENT_TYPES(KIBITZ_EVENT_NAME)};
#undef KIBITZ_EVENT_NAME
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
