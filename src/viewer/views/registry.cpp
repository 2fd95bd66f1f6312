// Every view, one line each (view.hpp). A view defines `const AlgorithmView& <name>_view()` in
// its own file.
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

#define KIBITZ_VIEWS(X) \
  X(minimax)            \
  X(alphabeta)          \
  X(alphabeta_bounds)   \
  X(pvs)                \
  X(forward_estimation) \
  X(greenblatt)         \
  X(interest)           \
  X(table)              \
  X(engine)

#define KIBITZ_DECLARE_VIEW(name) const AlgorithmView& name##_view();
KIBITZ_VIEWS(KIBITZ_DECLARE_VIEW)
#undef KIBITZ_DECLARE_VIEW

const std::vector<const AlgorithmView*>& all_views() {
#define KIBITZ_LIST_VIEW(name) &name##_view(),
  static const std::vector<const AlgorithmView*> all = {KIBITZ_VIEWS(KIBITZ_LIST_VIEW)};
#undef KIBITZ_LIST_VIEW
  return all;
}

std::vector<const AlgorithmView*> applicable_views(const trace::Model& m) {
  std::vector<const AlgorithmView*> views;
  for (const AlgorithmView* v : all_views()) {
    if (v->applies(m)) views.push_back(v);
  }
  return views;
}

const AlgorithmView* view_of_algorithm(const std::string& name) {
  for (const AlgorithmView* v : all_views()) {
    if (v->algorithm() && name == v->algorithm()) return v;
  }
  return nullptr;
}

const AlgorithmView& listing_view(const trace::Model& m) {
  const std::string algo = m.trace().meta.get("algo");
  const AlgorithmView* v = view_of_algorithm(algo);
  // An engine's own search (its "algo" names no Kibitz algorithm, or its records are there, as
  // in Kibitz's PVS with a modern program's techniques): the outline of an engine's node, not a
  // textbook's pseudocode beside it.
  const bool foreign = !algo.empty() && !v;
  for (const AlgorithmView* x : all_views()) {
    if (!x->algorithm() && x->listing() && (foreign || x->applies(m))) return *x;
  }
  if (v && v->listing()) return *v;
  return *view_of_algorithm("alphabeta");
}

}  // namespace kibitz::viewer
