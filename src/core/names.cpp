// Names and parsers of the small core enums.
#include <cstring>

#include "core/bound.hpp"
#include "core/criterion.hpp"
#include "core/node_kind.hpp"

namespace kibitz {

const char* bound_name(Bound d) {
  switch (d) {
    case Bound::exact:
      return "exact";
    case Bound::lower:
      return "lower";
    case Bound::upper:
      return "upper";
  }
  return "exact";
}

bool parse_bound(const char* text, Bound& out) {
  for (Bound d : {Bound::exact, Bound::lower, Bound::upper}) {
    if (std::strcmp(text, bound_name(d)) == 0) {
      out = d;
      return true;
    }
  }
  return false;
}

const char* criterion_name(Criterion c) {
  return c == Criterion::gt ? "gt" : "ge";
}
const char* criterion_symbol(Criterion c) {
  return c == Criterion::gt ? ">" : "\u2265";
}

bool parse_criterion(const char* text, Criterion& out) {
  if (!std::strcmp(text, "gt") || !std::strcmp(text, ">")) {
    out = Criterion::gt;
    return true;
  }
  if (!std::strcmp(text, "ge") || !std::strcmp(text, ">=") || !std::strcmp(text, "\u2265")) {
    out = Criterion::ge;
    return true;
  }
  return false;
}

const char* kind_name(NodeKind k) {
  switch (k) {
    case NodeKind::pv:
      return "pv";
    case NodeKind::cut:
      return "cut";
    case NodeKind::all:
      return "all";
    case NodeKind::leaf:
      return "leaf";
    default:
      return "unknown";
  }
}

const char* kind_label(NodeKind k) {
  switch (k) {
    case NodeKind::pv:
      return "Pv";
    case NodeKind::cut:
      return "Cut";
    case NodeKind::all:
      return "All";
    case NodeKind::leaf:
      return "Leaf";
    default:
      return "?";
  }
}

bool parse_kind(const char* text, NodeKind& out) {
  for (NodeKind k :
       {NodeKind::unknown, NodeKind::pv, NodeKind::cut, NodeKind::all, NodeKind::leaf}) {
    if (std::strcmp(text, kind_name(k)) == 0) {
      out = k;
      return true;
    }
  }
  return false;
}

}  // namespace kibitz
