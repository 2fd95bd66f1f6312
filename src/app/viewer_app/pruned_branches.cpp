// The branches a search never entered (viewer/game_services.hpp): for each node with successors
// never entered, those successors' subtrees down to the search's horizon, with the leaves'
// values, made again from the bracket tree or the random tree's seed the trace names, or, on
// request, from a game's position (its static values at the horizon: what a search without
// pruning, extensions or quiescence would see). Bounded: a big trace or a big pruned subtree
// gets none.
#include <string>
#include <vector>

#include "app/viewer_app/services.hpp"
#include "core/error.hpp"
#include "games/explicit_tree.hpp"
#include "games/random_tree.hpp"
#include "session/domains.hpp"
#include "session/search_spec.hpp"

namespace kibitz {

namespace {

constexpr std::uint32_t k_max_model_nodes = 20000;  // beyond, the ghosts would be unreadable
constexpr std::size_t k_max_per_cut = 128;          // ghost nodes under one Cut node
constexpr std::size_t k_max_total = 4096;           // ghost nodes in all

// A model node's move index in generation order (its successor index when not recorded).
int move_index(const trace::ModelNode& n) {
  return n.move_index != 0xFFFF ? n.move_index : n.k;
}

template <class Game>
class BranchCollector {
 public:
  BranchCollector(Game& game, const trace::Model& m, const SearchSpec& spec)
      : m_game(game), m_model(m), m_spec(spec) {}

  // The pruned branches under model node `id`, in pre-order; false when over a budget.
  bool collect(std::uint32_t id, std::vector<viewer::PrunedNode>& out) {
    std::vector<std::uint32_t> line;  // id and its ancestors, root last
    for (std::uint32_t n = id; n != trace::k_no_node; n = m_model.parent(n)) line.push_back(n);
    const trace::ModelNode& root = m_model.node(line.back());
    m_horizon = m_spec.iterative ? static_cast<int>(root.iteration) : m_spec.search_depth();
    std::vector<typename Game::Move> made;
    bool ok = walk(line, made);
    if (ok) ok = branches(id, out);
    for (auto it = made.rbegin(); it != made.rend(); ++it) m_game.unmake(*it);
    return ok;
  }

 private:
  Game& m_game;
  const trace::Model& m_model;
  const SearchSpec& m_spec;
  int m_horizon = 0;
  std::vector<typename Game::Move> m_moves;

  // Down from the root to line.front() by each node's move index.
  bool walk(const std::vector<std::uint32_t>& line, std::vector<typename Game::Move>& made) {
    for (auto it = line.rbegin() + 1; it != line.rend(); ++it) {
      m_game.moves(m_moves);
      const int k = move_index(m_model.node(*it));
      if (k < 0 || k >= static_cast<int>(m_moves.size())) return false;
      made.push_back(m_moves[static_cast<std::size_t>(k)]);
      m_game.make(made.back());
    }
    return true;
  }

  bool branches(std::uint32_t id, std::vector<viewer::PrunedNode>& out) {
    std::vector<typename Game::Move> succ;
    m_game.moves(succ);
    std::vector<bool> entered(succ.size(), false);
    for (std::uint32_t i = 0; i < m_model.child_count(id); ++i) {
      const int k = move_index(m_model.node(m_model.child(id, i)));
      if (k >= 0 && k < static_cast<int>(entered.size()))
        entered[static_cast<std::size_t>(k)] = true;
    }
    const std::string base = m_model.path_text(id);
    for (std::size_t k = 0; k < succ.size(); ++k) {
      if (entered[k]) continue;
      const std::string path = (base.empty() ? "" : base + ".") + std::to_string(k);
      if (!subtree(succ[k], path, -1, out)) return false;
    }
    return true;
  }

  // The node `move` leads to and its subtree, appended in pre-order.
  bool subtree(typename Game::Move move, const std::string& path, int parent,
               std::vector<viewer::PrunedNode>& out) {
    if (out.size() >= k_max_per_cut) return false;
    viewer::PrunedNode node;
    node.path = path;
    node.name = m_game.move_label(move);
    node.parent = parent;
    m_game.make(move);
    node.depth = m_game.ply();
    std::vector<typename Game::Move> succ;
    if (node.depth < m_horizon) m_game.moves(succ);
    node.leaf = succ.empty();
    if (node.leaf) {
      const Score v = m_game.evaluate();  // the side to move's; MAX moves at even plies
      node.value = node.depth % 2 == 0 ? v : -v;
    }
    const int self = static_cast<int>(out.size());
    out.push_back(std::move(node));
    bool ok = true;
    for (std::size_t k = 0; ok && k < succ.size(); ++k)
      ok = subtree(succ[k], path + "." + std::to_string(k), self, out);
    m_game.unmake(move);
    return ok;
  }
};

template <class Game>
PrunedBranches collect_all(Game& game, const trace::Model& m, const SearchSpec& spec) {
  PrunedBranches out;
  BranchCollector<Game> collector(game, m, spec);
  std::size_t total = 0;
  for (std::uint32_t id = 0; id < m.node_count() && total < k_max_total; ++id) {
    const trace::ModelNode& n = m.node(id);
    if (n.leaf || n.leave_t == trace::k_never || n.succ_count <= 0) continue;
    if (static_cast<std::int32_t>(m.child_count(id)) >= n.succ_count) continue;  // all entered
    std::vector<viewer::PrunedNode> nodes;
    if (!collector.collect(id, nodes) || nodes.empty()) continue;
    if (total + nodes.size() > k_max_total) break;
    total += nodes.size();
    out[id] = std::move(nodes);
  }
  return out;
}

}  // namespace

PrunedBranches pruned_branches(const trace::Model& m, bool games) {
  if (m.node_count() > k_max_model_nodes) return {};
  try {
    const std::optional<SearchSpec> spec = SearchSpec::from_meta(m.trace().meta);
    if (!spec) return {};
    if (!spec->tree.empty()) {
      const ExplicitTree tree = ExplicitTree::parse(spec->tree);
      ExplicitTreeGame game(tree);
      return collect_all(game, m, *spec);
    }
    if (spec->random) {
      RandomTreeGame game(*spec->random);
      return collect_all(game, m, *spec);
    }
    if (games && !spec->game.empty()) {
      return visit_game(spec->game, spec->position,
                        [&](auto& game) { return collect_all(game, m, *spec); });
    }
  } catch (const InputError&) {
    // a trace naming a tree it was not searched from: nothing to tell
  }
  return {};
}

}  // namespace kibitz
