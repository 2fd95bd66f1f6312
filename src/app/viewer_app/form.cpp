// The app behind the viewer, its set-up form: the form as a search (read through the same codec
// as links and JSON, SearchSpec::set) and a search shown in the form (one that came from a link,
// runSearch or --options), so that Run repeats it and the user sees which options made the tree.
#include <algorithm>

#include "app/viewer_app/viewer_app.hpp"
#include "core/error.hpp"

namespace kibitz {

namespace {

using Form = viewer::SetupForm;

void source_from_form(const Form& f, const std::vector<viewer::Example>& examples,
                      SearchSpec& spec) {
  switch (f.source) {
    case Form::Source::example:
      if (f.example < 0 || f.example >= static_cast<int>(examples.size()))
        throw InputError("pick an example");
      spec.tree = examples[static_cast<std::size_t>(f.example)].tree;
      break;
    case Form::Source::tree:
      if (f.tree_text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw InputError("the tree text is empty: type a tree like ((3 12 8) (2 4 6) (14 5 2))");
      spec.tree = f.tree_text;
      break;
    case Form::Source::game:
      spec.game = Form::k_games[std::max(0, std::min(f.game, Form::k_game_count - 1))];
      spec.position = f.position;
      spec.depth = f.game_depth;
      spec.iterative = f.iterative;
      spec.node_budget = f.node_budget;
      spec.tt_entries = f.table;
      break;
    case Form::Source::random: {
      RandomTreeParams p;
      if (f.random_branching)
        p.B = f.B;
      else
        p.b = f.b;
      p.root = f.root;
      p.d = f.d;
      p.lo = f.lo;
      p.hi = f.hi;
      if (f.seed < 0) throw InputError("random tree: the seed must not be negative");
      p.seed = static_cast<std::uint64_t>(f.seed);
      p.validate();
      spec.random = p;
      break;
    }
  }
}

void source_to_form(const SearchSpec& spec, Form& f) {
  if (!spec.tree.empty()) {
    f.source = Form::Source::tree;
    f.tree_text = spec.tree;
  } else if (!spec.game.empty()) {
    f.source = Form::Source::game;
    for (int g = 0; g < Form::k_game_count; ++g) {
      if (spec.game == Form::k_games[g]) f.game = g;
    }
    f.position = spec.position;
    f.game_depth = spec.depth;
    f.iterative = spec.iterative;
    f.node_budget = static_cast<int>(spec.node_budget);
    f.table = static_cast<int>(spec.tt_entries);
  } else if (spec.random) {
    f.source = Form::Source::random;
    const RandomTreeParams& p = *spec.random;
    f.random_branching = p.B > 0;
    f.b = p.b > 0 ? p.b : f.b;
    f.B = p.B > 0 ? p.B : f.B;
    f.root = p.root;
    f.d = p.d;
    f.lo = static_cast<int>(p.lo);
    f.hi = static_cast<int>(p.hi);
    f.seed = static_cast<int>(p.seed);
  }
}

}  // namespace

SearchSpec ViewerApp::spec_from_form() const {
  const Form& f = m_state.setup;
  SearchSpec spec;
  source_from_form(f, m_state.examples, spec);
  spec.set_algorithm(f.algo);
  spec.criterion = f.criterion == 1 ? Criterion::ge : Criterion::gt;
  spec.criterion_given = true;
  if (f.source != Form::Source::game) spec.depth = f.depth;
  if (spec.algorithm().table == TableUse::refuses && spec.tt_entries > 0) spec.tt_entries = 0;
  if (const auto* values = f.options_of(f.algo)) {
    for (const auto& [key, value] : *values) spec.set(key, value);
  }
  spec.validate();
  return spec;
}

void ViewerApp::form_from_spec(const SearchSpec& spec) {
  Form& f = m_state.setup;
  source_to_form(spec, f);
  f.algo = spec.algo;
  auto& values = f.values[spec.algo];
  values.clear();
  for (const auto& [key, value] : spec.options.items()) values[key] = value;
  f.criterion = spec.criterion == Criterion::ge ? 1 : 0;
  f.depth = spec.depth;
}

}  // namespace kibitz
