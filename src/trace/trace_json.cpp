#include "trace/trace_json.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "trace/derive.hpp"
#include "trace/derive_returns.hpp"
#include "trace/json_text.hpp"
#include "trace/kbz_file.hpp"
#include "trace/records/records.hpp"

namespace kibitz::trace {

namespace {

using Json = nlohmann::ordered_json;

// A payload event's record and its place in it: the head's index and the slot (1, 2, ...).
struct PayloadPlace {
  bool found = false;
  Event head{};
  int slot = 0;
};
PayloadPlace payload_place(const TraceView& trace, std::size_t i) {
  const std::size_t head = record_head(trace.events, i);
  if (head == k_no_event || head == i) return {};
  return {true, trace.events[head], static_cast<int>(i - head)};
}

// A key and its value (a score, or an integer).
void field_score(JsonWriter& j, const char* k, Score v) {
  j.key(k);
  j.score(v);
}

void field_int(JsonWriter& j, const char* k, long long v) {
  j.key(k);
  j.number(v);
}

// A lean trace's node event: its move, label and position, then its evaluation (a leaf) or
// its successor count (an interior node), or neither (settled by the table, or explicit later).
void write_node_fields(JsonWriter& j, const TraceView& trace, const Event& e) {
  if (e.aux != k_no_move_index) field_int(j, "move_index", e.aux);
  if (e.node != 0) {
    j.key("label");
    j.string(trace.strings.get(e.node));
  }
  if (e.b != 0) {
    j.key("position");
    j.string(trace.strings.get(static_cast<std::uint32_t>(e.b)));
  }
  if (e.flags == k_node_leaf) field_score(j, "value", e.a);
  if (e.flags == k_node_interior) field_int(j, "count", e.a);
}

// The fields of the core events (the search's own, event.hpp); false for the others.
bool write_core_fields(JsonWriter& j, const TraceView& trace, const Event& e) {
  switch (e.type) {
    case EventType::iteration_begin:
      field_int(j, "iteration", e.node);
      field_score(j, "depth", e.a);
      return true;
    case EventType::iteration_end:
      field_int(j, "iteration", e.node);
      field_score(j, "value", e.a);
      return true;
    case EventType::enter:
      field_int(j, "node", e.node);
      if (e.aux != k_no_move_index) field_int(j, "move_index", e.aux);
      field_score(j, "alpha0", e.a);
      field_score(j, "beta", e.b);
      return true;
    case EventType::label:
    case EventType::position:
    case EventType::note:
      if (e.node != k_no_node) field_int(j, "node", e.node);  // a note may be about no node
      j.key("text");
      j.string(trace.strings.get(static_cast<std::uint32_t>(e.a)));
      return true;
    case EventType::expand:
      field_int(j, "node", e.node);
      field_int(j, "count", e.a);
      return true;
    case EventType::evaluate:
      field_int(j, "node", e.node);
      field_score(j, "value", e.a);
      return true;
    case EventType::child_return:
      field_int(j, "node", e.node);
      field_int(j, "k", e.a);
      field_score(j, "ret", e.b);
      j.key("bound");
      j.string(bound_name(unpack_bound(e.flags)));
      return true;
    case EventType::best_set:
      field_int(j, "node", e.node);
      field_int(j, "k", e.a);
      field_score(j, "best", e.b);
      j.key("bound");
      j.string(bound_name(unpack_bound(e.flags)));
      return true;
    case EventType::alpha_set:
      field_int(j, "node", e.node);
      field_int(j, "index", e.a);
      field_score(j, "alpha", e.b);
      j.key("raised");
      j.boolean(e.flags & 1u);
      return true;
    case EventType::cutoff:
      field_int(j, "node", e.node);
      field_int(j, "k", e.a);
      field_score(j, "best", e.b);
      return true;
    case EventType::leave:
      field_int(j, "node", e.node);
      field_score(j, "ret", e.a);
      j.key("bound");
      j.string(bound_name(unpack_bound(e.flags)));
      j.key("kind");
      j.string(kind_name(unpack_kind(e.flags)));
      return true;
    case EventType::node:
      write_node_fields(j, trace, e);
      return true;
    default:
      return false;
  }
}

// The named fields of a forward-estimation test and of some payloads; false when the event
// has none (its fields are raw).
bool write_named_fields(JsonWriter& j, const TraceView& trace, std::size_t index) {
  const Event& e = trace.events[index];
  if (e.type == EventType::fe_test) {  // forward estimation (event.hpp): named fields
    const FeTestRecord r = RecordCodec<FeTestRecord>::decode(trace.events, index);
    field_int(j, "node", e.node);
    if (e.aux != k_no_move_index) field_int(j, "move_index", r.move_index);
    j.key("root");
    j.string(r.max_root ? "max" : "min");
    field_score(j, "c", r.c);
    field_int(j, "d", r.d);
    j.key("pruned");
    j.boolean(r.pruned);
    j.key("strict");
    j.boolean(r.strict);
    return true;
  }
  if (e.type == EventType::prune || e.type == EventType::table_move) {  // a move named as text
    field_int(j, "node", e.node);
    if (e.type == EventType::prune) field_int(j, "why", e.aux);
    j.key("text");
    j.string(trace.strings.get(static_cast<std::uint32_t>(e.a)));
    return true;
  }
  if (e.type != EventType::payload) return false;
  // Named fields for the payloads of an interest total (its label) and of a
  // forward-estimation test; raw fields for the others.
  const PayloadPlace p = payload_place(trace, index);
  if (p.found && RecordCodec<InterestTotalRecord>::matches(p.head) && p.slot == 1) {
    field_int(j, "node", e.node);
    j.key("text");
    j.string(trace.strings.get(static_cast<std::uint32_t>(e.a)));
    return true;
  }
  if (p.found && RecordCodec<FeTestRecord>::matches(p.head) && p.slot <= 2 && e.node == 0) {
    field_score(j, p.slot == 1 ? "l" : "estimate", e.a);
    field_score(j, p.slot == 1 ? "u" : "window", e.b);
    return true;
  }
  return false;
}

// Extensions and other payloads: raw fields.
void write_raw_fields(JsonWriter& j, const Event& e) {
  if (e.node == k_no_node) {
    j.key("node");
    j.null();
  } else {
    field_int(j, "node", e.node);
  }
  field_int(j, "flags", e.flags);
  field_int(j, "aux", e.aux);
  field_int(j, "a", e.a);
  field_int(j, "b", e.b);
}

// One event as an object: its type, then its fields.
void write_event(JsonWriter& j, const TraceView& trace, std::size_t index) {
  const Event& e = trace.events[index];
  j.begin_object();
  j.key("type");
  j.string(event_type_name(e.type));
  if (!write_core_fields(j, trace, e) && !write_named_fields(j, trace, index))
    write_raw_fields(j, e);
  j.end_object();
}

class EventReader {
 public:
  EventReader(const Json& obj, std::size_t index, Trace& trace)
      : m_obj(obj), m_index(index), m_trace(trace) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("trace JSON, event " + std::to_string(m_index) + ": " + what);
  }
  const Json& field(const char* key) const {
    auto it = m_obj.find(key);
    if (it == m_obj.end()) fail(std::string("missing field '") + key + "'");
    return *it;
  }
  bool has(const char* key) const { return m_obj.find(key) != m_obj.end(); }
  std::int64_t integer(const char* key, std::int64_t lo, std::int64_t hi) const {
    const Json& v = field(key);
    if (!v.is_number_integer()) fail(std::string("'") + key + "' must be an integer");
    const auto x = v.get<std::int64_t>();
    if (x < lo || x > hi)
      fail(std::string("'") + key + "' = " + std::to_string(x) + " is out of range");
    return x;
  }
  Score score(const char* key) const {
    const Json& v = field(key);
    if (v.is_string()) {
      const auto s = v.get<std::string>();
      if (s == "+inf" || s == "inf") return k_score_inf;
      if (s == "-inf") return -k_score_inf;
      fail(std::string("'") + key + "' must be an integer, \"-inf\" or \"+inf\"");
    }
    return static_cast<Score>(integer(key, -k_score_inf, k_score_inf));
  }
  std::uint32_t node() const {
    const Json& v = field("node");
    if (v.is_null()) return k_no_node;
    return static_cast<std::uint32_t>(integer("node", 0, 0xFFFFFFFEll));
  }
  Bound bound(const char* key = "bound") const {
    if (!has(key)) return Bound::exact;
    const Json& v = field(key);
    Bound d;
    if (!v.is_string() || !parse_bound(v.get<std::string>().c_str(), d)) {
      fail(std::string("'") + key + "' must be \"exact\", \"lower\" or \"upper\"");
    }
    return d;
  }
  NodeKind kind() const {
    const Json& v = field("kind");
    NodeKind k;
    if (!v.is_string() || !parse_kind(v.get<std::string>().c_str(), k)) {
      fail("'kind' must be \"pv\", \"cut\", \"all\", \"leaf\" or \"unknown\"");
    }
    return k;
  }
  std::int32_t text(const char* key = "text") const {
    const Json& v = field(key);
    if (!v.is_string()) fail(std::string("'") + key + "' must be a string");
    return static_cast<std::int32_t>(m_trace.strings.intern(v.get<std::string>()));
  }

 private:
  const Json& m_obj;
  std::size_t m_index;
  Trace& m_trace;
};

// Parses the document and checks its "format" and "version".
Json parse_trace_document(const std::string& text) {
  check_json_depth(text, k_json_max_depth, "trace JSON");
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::exception& e) {  // a syntax error, or a number too large (out_of_range)
    throw InputError("trace JSON is not valid JSON: " + json_error_text(e));
  }
  if (!doc.is_object()) throw InputError("trace JSON must be an object");
  auto format = doc.find("format");
  if (format == doc.end() || !format->is_string() || format->get<std::string>() != "kibitz-trace") {
    throw InputError("trace JSON: \"format\" must be \"kibitz-trace\"");
  }
  auto version = doc.find("version");
  if (version == doc.end() || !version->is_number_integer() ||
      (version->get<long long>() != 1 && version->get<long long>() != 2)) {
    throw InputError("trace JSON: \"version\" must be 1 or 2");
  }
  return doc;
}

// A node event's fields into e (write_node_fields).
void read_node_fields(const EventReader& r, Event& e) {
  e.aux = r.has("move_index") ? static_cast<std::uint16_t>(r.integer("move_index", 0, 65534))
                              : k_no_move_index;
  if (r.has("label")) e.node = static_cast<std::uint32_t>(r.text("label"));
  if (r.has("position")) e.b = r.text("position");
  if (r.has("value") && r.has("count"))
    r.fail("a node has a 'value' (a leaf) or a 'count', not both");
  if (r.has("value")) {
    e.flags = k_node_leaf;
    e.a = r.score("value");
  } else if (r.has("count")) {
    e.flags = k_node_interior;
    e.a = static_cast<std::int32_t>(r.integer("count", 1, k_max_count));
  }
}

// The fields of the core events (the search's own, event.hpp) into e; false for the others.
bool read_core_fields(const EventReader& r, Event& e) {
  switch (e.type) {
    case EventType::iteration_begin:
      e.node = static_cast<std::uint32_t>(r.integer("iteration", 0, 65535));
      e.a = r.score("depth");
      return true;
    case EventType::iteration_end:
      e.node = static_cast<std::uint32_t>(r.integer("iteration", 0, 65535));
      e.a = r.score("value");
      return true;
    case EventType::enter:
      e.node = r.node();
      e.aux = r.has("move_index") ? static_cast<std::uint16_t>(r.integer("move_index", 0, 65534))
                                  : k_no_move_index;
      e.a = r.score("alpha0");
      e.b = r.score("beta");
      return true;
    case EventType::label:
    case EventType::position:
      e.node = r.node();
      e.a = r.text();
      return true;
    case EventType::note:
      e.node = r.has("node") ? r.node() : k_no_node;  // about no node when absent
      e.a = r.text();
      return true;
    case EventType::expand:
      e.node = r.node();
      e.a = static_cast<std::int32_t>(r.integer("count", 0, k_max_count));
      return true;
    case EventType::evaluate:
      e.node = r.node();
      e.a = r.score("value");
      return true;
    case EventType::child_return:
      e.node = r.node();
      e.a = static_cast<std::int32_t>(r.integer("k", 0, k_max_count));
      e.b = r.score("ret");
      e.flags = pack_bound(r.bound());
      return true;
    case EventType::best_set:
      e.node = r.node();
      e.a = static_cast<std::int32_t>(r.integer("k", 0, k_max_count));
      e.b = r.score("best");
      e.flags = pack_bound(r.bound());
      return true;
    case EventType::alpha_set: {
      e.node = r.node();
      e.a = static_cast<std::int32_t>(r.integer("index", 1, k_max_count));
      e.b = r.score("alpha");
      const Json& raised = r.field("raised");
      if (!raised.is_boolean()) r.fail("'raised' must be true or false");
      e.flags = raised.get<bool>() ? 1 : 0;
      return true;
    }
    case EventType::cutoff:
      e.node = r.node();
      e.a = static_cast<std::int32_t>(r.integer("k", 0, k_max_count));
      e.b = r.score("best");
      return true;
    case EventType::leave:
      e.node = r.node();
      e.a = r.score("ret");
      e.flags = pack_leave(r.bound(), r.kind());
      return true;
    case EventType::node:
      read_node_fields(r, e);
      return true;
    default:
      return false;
  }
}

// A forward-estimation test's named fields into e.
void read_fe_test(const EventReader& r, Event& e) {
  e.node = r.node();
  e.aux = r.has("move_index") ? static_cast<std::uint16_t>(r.integer("move_index", 0, 65534))
                              : k_no_move_index;
  const Json& root = r.field("root");
  if (!root.is_string() || (root.get<std::string>() != "min" && root.get<std::string>() != "max")) {
    r.fail("'root' must be \"min\" or \"max\"");
  }
  const Json& pruned = r.field("pruned");
  if (!pruned.is_boolean()) r.fail("'pruned' must be true or false");
  bool strict = false;
  if (r.has("strict")) {
    const Json& st = r.field("strict");
    if (!st.is_boolean()) r.fail("'strict' must be true or false");
    strict = st.get<bool>();
  }
  e.flags = RecordCodec<FeTestRecord>::flags(pruned.get<bool>(), root.get<std::string>() == "max",
                                             strict);
  e.a = r.score("c");
  e.b = static_cast<std::int32_t>(r.integer("d", 0, k_max_count));
}

// A payload's named fields into e: false when it has none (its fields are raw).
bool read_named_payload(const EventReader& r, Event& e) {
  if (r.has("text")) {  // an interest_terms total's label
    e.node = r.node();
    e.a = r.text();
    return true;
  }
  if (r.has("l") || r.has("estimate")) {  // a forward-estimation test's values
    const bool first = r.has("l");
    e.node = 0;
    e.a = r.score(first ? "l" : "estimate");
    e.b = r.score(first ? "u" : "window");
    return true;
  }
  return false;
}

// Extensions and payloads without named fields: raw fields into e.
void read_raw_fields(const EventReader& r, Event& e) {
  e.node = r.node();
  e.flags = static_cast<std::uint8_t>(r.integer("flags", 0, 255));
  e.aux = static_cast<std::uint16_t>(r.integer("aux", 0, 65535));
  e.a = static_cast<std::int32_t>(r.integer("a", INT32_MIN, INT32_MAX));
  e.b = static_cast<std::int32_t>(r.integer("b", INT32_MIN, INT32_MAX));
}

// Event i of the document (its text interned in t's string table).
Event read_event(const Json& obj, std::size_t i, Trace& t) {
  if (!obj.is_object())
    throw InputError("trace JSON, event " + std::to_string(i) + ": not an object");
  EventReader r(obj, i, t);
  const Json& type = r.field("type");
  EventType et;
  if (!type.is_string() || !parse_event_type(type.get<std::string>().c_str(), et)) {
    r.fail("unknown type " + type.dump());
  }
  Event e{et, 0, 0, 0, 0, 0};
  if (read_core_fields(r, e)) return e;
  if (et == EventType::fe_test) {
    read_fe_test(r, e);
    return e;
  }
  if ((et == EventType::prune || et == EventType::table_move) && r.has("text")) {
    e.node = r.node();
    if (et == EventType::prune) e.aux = static_cast<std::uint16_t>(r.integer("why", 0, 65535));
    e.a = r.text();
    return e;
  }
  if (et == EventType::payload && read_named_payload(r, e)) return e;
  read_raw_fields(r, e);
  return e;
}

}  // namespace

namespace {

// out: streamed there as it goes (nullptr: kept in the writer).
void write_json(JsonWriter& j, const Trace& trace, int version, std::FILE* out) {
  EventLog expanded;
  if (version == 1 && trace.steps.lean) expand_steps(trace, expanded);  // every step
  const WholeEvents whole(trace);  // an engine recorder's left-out steps put back
  const TraceView view{trace.meta, trace.strings,
                       version == 1 && trace.steps.lean ? expanded : whole.events()};
  j.begin_object();
  j.key("format");
  j.string("kibitz-trace");
  j.key("version");
  j.number(static_cast<long long>(version == 1 ? 1 : 2));
  if (version != 1) {
    j.key("steps");
    j.begin_object();
    j.key("rule");
    j.string(step_rule_name(trace.steps.rule));
    j.key("criterion");
    j.string(criterion_name(trace.steps.criterion));
    j.key("lean");
    j.boolean(trace.steps.lean);
    j.end_object();
  }
  j.key("meta");
  j.raw(meta_to_json(trace.meta));
  if (version != 1 && trace.meta_at_start < trace.meta.items().size()) {
    // The facts known before the search (the rest it added), as a .kbz file orders them.
    j.key("meta_at_start");
    j.number(static_cast<long long>(trace.meta_at_start));
  }
  j.key("events");
  j.begin_array();
  for (std::size_t i = 0; view.events.has(i); ++i) {
    write_event(j, view, i);
    if (out) j.flush_to(out, std::size_t{1} << 20);
  }
  j.end_array();
  j.end_object();
}

}  // namespace

std::string write_trace_json(const Trace& trace, int version) {
  JsonWriter j;
  write_json(j, trace, version, nullptr);
  return j.take();
}

void write_trace_json(const Trace& trace, int version, std::FILE* out) {
  JsonWriter j;
  write_json(j, trace, version, out);
  j.flush_to(out);
  std::fputc('\n', out);
}

namespace {

// Version 2's "steps": the rule, the criterion and whether the derived steps are left out.
Steps read_steps(const Json& doc) {
  Steps s;
  auto it = doc.find("steps");
  if (it == doc.end()) return s;
  const Json& v = *it;
  auto rule = v.find("rule"), criterion = v.find("criterion"), lean = v.find("lean");
  if (!v.is_object() || rule == v.end() || !rule->is_string() ||
      !parse_step_rule(rule->get<std::string>(), s.rule)) {
    throw InputError(
        "trace JSON: \"steps\" must name a rule: none, minimax, alphabeta, "
        "alphabeta-bounds or pvs");
  }
  if (criterion != v.end() &&
      (!criterion->is_string() ||
       !parse_criterion(criterion->get<std::string>().c_str(), s.criterion))) {
    throw InputError("trace JSON: the steps' \"criterion\" must be \"gt\" or \"ge\"");
  }
  if (lean != v.end()) {
    if (!lean->is_boolean()) throw InputError("trace JSON: the steps' \"lean\" must be a boolean");
    s.lean = lean->get<bool>();
  }
  if (s.lean && s.rule == StepRule::none)
    throw InputError("trace JSON: a lean trace needs the rule that derives its steps");
  return s;
}

}  // namespace

Trace read_trace_json(const std::string& text) {
  const Json doc = parse_trace_document(text);
  Trace t;
  if (auto meta = doc.find("meta"); meta != doc.end()) t.meta = meta_from_json(meta->dump());
  t.steps = doc["version"].get<long long>() == 1 ? steps_from_meta(t.meta) : read_steps(doc);
  if (auto at = doc.find("meta_at_start"); at != doc.end()) {
    if (!at->is_number_unsigned() || at->get<std::size_t>() > t.meta.items().size())
      throw InputError("trace JSON: \"meta_at_start\" must count some of the facts in \"meta\"");
    t.meta_at_start = at->get<std::size_t>();
  }
  auto events = doc.find("events");
  if (events == doc.end() || !events->is_array())
    throw InputError("trace JSON: \"events\" must be an array");
  for (std::size_t i = 0; i < events->size(); ++i) t.events.push(read_event((*events)[i], i, t));
  return t;
}

Trace read_trace_any(const std::uint8_t* data, std::size_t size) {
  if (looks_like_kbz(data, size)) return read_kbz(data, size);
  std::size_t i = 0;
  while (i < size && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t')) ++i;
  if (i < size && data[i] == '{')
    return read_trace_json(std::string(reinterpret_cast<const char*>(data), size));
  throw InputError("not a trace: neither a .kbz file nor a JSON trace");
}

Trace read_trace_source(std::shared_ptr<const ByteSource> bytes) {
  std::vector<std::uint8_t> scratch;
  const auto head = static_cast<std::size_t>(std::min<std::uint64_t>(bytes->size(), 8));
  if (looks_like_kbz(bytes->view(0, head, scratch), head)) return read_kbz(std::move(bytes));
  const std::vector<std::uint8_t> all = all_bytes(*bytes);
  return read_trace_any(all.data(), all.size());
}

Trace read_trace_file(const std::string& path) {
  return read_trace_source(map_file(path));
}

}  // namespace kibitz::trace
