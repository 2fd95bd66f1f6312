#include "core/error.hpp"
#include "session/experiments/fe_experiments.hpp"

namespace kibitz {

const std::vector<std::string>& experiment_names() {
  static const std::vector<std::string> names = {"fe-table1", "fe-figure1", "fe-figure2",
                                                 "fe-games"};
  return names;
}

std::unique_ptr<ExperimentJob> make_experiment(const std::string& name,
                                               const ExperimentParams& params) {
  std::string known;
  for (const std::string& n : experiment_names()) known += (known.empty() ? "" : ", ") + n;
  if (params.trials < 0 || params.trials > 1'000'000)
    throw InputError("trials must be from 1 to 1000000");
  if (params.max_horizon < 0 || params.max_horizon > 30)
    throw InputError("the horizon must be from 1 to 30");
  if (!params.domain.empty() && params.domain != "random" && params.domain != "othello") {
    throw InputError("the domain must be random or othello, not '" + params.domain + "'");
  }
  if (name != "fe-games" && (params.max_horizon || !params.domain.empty())) {
    throw InputError("the horizon and the domain apply to fe-games");
  }
  if (!params.order.empty() && params.order != "interior" && params.order != "generation" &&
      params.order != "static") {
    throw InputError("the order must be interior, generation or static, not '" + params.order +
                     "'");
  }
  if (name == "fe-games" && (!params.order.empty() || params.fe_root >= 0))
    throw InputError("the successor order and --fe-root apply to the tree experiments");
  if (auto job = make_tree_experiment(name, params)) return job;
  if (auto job = make_games_experiment(name, params)) return job;
  throw InputError("unknown experiment '" + name + "' (" + known + ")");
}

}  // namespace kibitz
