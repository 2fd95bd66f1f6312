#include "viewer/node_find.hpp"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "trace/records/engine_codec.hpp"

namespace kibitz::viewer {

namespace {

using trace::k_no_node;

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

// The successor of id searched last with index k (a re-search replaces its probe).
std::uint32_t successor_k(const trace::Model& m, std::uint32_t id, long k) {
  std::uint32_t found = k_no_node;
  for (std::uint32_t i = 0; i < m.child_count(id); ++i) {
    if (m.k(m.child(id, i)) == k) found = m.child(id, i);
  }
  return found;
}

std::uint32_t by_path(const trace::Model& m, const std::string& text, std::string& error) {
  std::uint32_t id = m.roots().back();
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, '.')) {
    char* end = nullptr;
    const long k = std::strtol(part.c_str(), &end, 10);
    if (part.empty() || *end != '\0' || k < 0) {
      error = "'" + part + "' in the path is not a successor index";
      return k_no_node;
    }
    const std::uint32_t next = successor_k(m, id, k);
    if (next == k_no_node) {
      error = "node " + (m.path_text(id).empty() ? std::string("root") : m.path_text(id)) +
              " has no successor " + part + " searched";
      return k_no_node;
    }
    id = next;
  }
  return id;
}

std::uint32_t by_moves(const trace::Model& m, const std::string& text, std::string& error) {
  std::string spaced = text;
  for (char& c : spaced) {
    if (c == '-' || c == ',') c = ' ';
  }
  std::stringstream in(spaced);
  std::string move;
  std::uint32_t id = m.roots().back();
  while (in >> move) {
    std::uint32_t next = k_no_node;
    for (std::uint32_t i = 0; i < m.child_count(id); ++i) {
      if (m.label(m.child(id, i)) == move) next = m.child(id, i);
    }
    if (next == k_no_node) {
      error = "no successor '" + move + "' was searched at " +
              (m.path_text(id).empty() ? std::string("the root") : "node " + m.path_text(id));
      return k_no_node;
    }
    id = next;
  }
  return id;
}

}  // namespace

std::uint32_t find_node(const trace::Model& m, const std::string& raw, std::string& error) {
  error.clear();
  const std::string text = trimmed(raw);
  if (m.roots().empty()) {
    error = "the trace has no node";
    return k_no_node;
  }
  if (text.empty()) {
    error = "type a path (0.2.1), moves (e4 e5), a name or #id";
    return k_no_node;
  }
  if (text == "root") return m.roots().back();
  if (text[0] == '#') {
    char* end = nullptr;
    const unsigned long id = std::strtoul(text.c_str() + 1, &end, 10);
    if (*end != '\0' || text.size() == 1 || id >= m.node_count()) {
      error = "no node " + text + " (ids are #0 to #" + std::to_string(m.node_count() - 1) + ")";
      return k_no_node;
    }
    return static_cast<std::uint32_t>(id);
  }
  if (std::isdigit(static_cast<unsigned char>(text[0])) &&
      text.find_first_not_of("0123456789.") == std::string::npos)
    return by_path(m, text, error);
  // A name in a named tree is a node's own label anywhere; else a line of moves.
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    if (m.label(id) == text && text.find(' ') == std::string::npos &&
        m.trace().meta.get("source") == "tree")
      return id;
  }
  return by_moves(m, text, error);
}

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_kind(const trace::ModelNode& n, SearchKind k) {
  switch (k) {
    case SearchKind::probe:
      return n.marks & trace::k_eng_probe;
    case SearchKind::research:
      return n.marks & trace::k_eng_research;
    case SearchKind::superseded:
      return n.marks & trace::k_superseded;
    case SearchKind::null_move:
      return n.marks & trace::k_eng_null_move;
    case SearchKind::quiescence:
      return n.marks & trace::k_eng_quiescence;
    case SearchKind::table_cut:
      return n.marks & trace::k_tt_settled;
    case SearchKind::pruned:
      return n.marks & trace::k_eng_pruned;
  }
  return false;
}

// Whether event e says `needle` (lower case) of its node: a note's text, a pruned or table
// move's name, a position key in hex.
bool says(const trace::Model& m, const trace::Event& e, const std::string& needle) {
  switch (e.type) {
    case trace::EventType::note:
    case trace::EventType::prune:
    case trace::EventType::table_move:
      return e.a > 0 &&
             lower(m.trace().strings.get(static_cast<std::uint32_t>(e.a))).find(needle) !=
                 std::string::npos;
    case trace::EventType::hash_key: {
      char key[24];
      const std::uint64_t k = static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.a)) |
                              static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.b)) << 32;
      std::snprintf(key, sizeof key, "%016" PRIx64, k);
      return std::string(key).find(needle) != std::string::npos;
    }
    default:
      return false;
  }
}

// The nodes whose events say q.text, in id order.
std::vector<std::uint32_t> find_text(const trace::Model& m, const FindQuery& q, std::size_t limit,
                                     std::size_t& total) {
  std::string needle = lower(trimmed(q.text));
  if (needle.size() > 2 && needle[0] == '0' && needle[1] == 'x') needle = needle.substr(2);
  std::vector<std::uint32_t> hits;
  if (needle.empty()) return hits;
  for (std::size_t t = 0; t < m.event_count(); ++t) {
    const trace::Event& e = m.event(t);
    if (e.node < m.node_count() && says(m, e, needle)) hits.push_back(e.node);
  }
  std::sort(hits.begin(), hits.end());
  hits.erase(std::unique(hits.begin(), hits.end()), hits.end());
  total = hits.size();
  if (hits.size() > limit) hits.resize(limit);
  return hits;
}

}  // namespace

std::vector<std::uint32_t> find_nodes(const trace::Model& m, const FindQuery& q, std::size_t limit,
                                      std::size_t& total) {
  std::vector<std::uint32_t> out;
  total = 0;
  if (q.condition == FindCondition::text) return find_text(m, q, limit, total);
  for (std::uint32_t id = 0; id < m.node_count(); ++id) {
    const trace::ModelNode& n = m.node(id);
    const bool left = n.leave_t != trace::k_never;
    bool match = false;
    switch (q.condition) {
      case FindCondition::wrong_expectation:
        match = left && n.kind != NodeKind::unknown && n.kind != NodeKind::leaf &&
                n.expected != NodeKind::unknown && n.kind != n.expected;
        break;
      case FindCondition::late_cutoff:
        match = n.cutoff_child >= q.min_k;
        break;
      case FindCondition::value_range:
        match = left && n.ret >= q.lo && n.ret <= q.hi;
        break;
      case FindCondition::leaf_range:
        match = left && n.leaf && n.ret >= q.lo && n.ret <= q.hi;
        break;
      case FindCondition::search_kind:
        match = is_kind(n, q.kind);
        break;
      case FindCondition::text:
        break;
    }
    if (!match) continue;
    if (out.size() < limit) out.push_back(id);
    ++total;
  }
  return out;
}

}  // namespace kibitz::viewer
