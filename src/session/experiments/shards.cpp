#include "session/experiments/shards.hpp"

#include <nlohmann/json.hpp>
#include <set>

#include "core/error.hpp"
#include "trace/json_text.hpp"

namespace kibitz {

namespace {

constexpr const char* k_kind = "kibitz-experiment-shard";

// The parameters that make the experiment: shards must agree on all of them.
void write_params(JsonWriter& j, const ExperimentJob& job, const ExperimentParams& p) {
  j.key("experiment");
  j.string(job.name());
  j.key("trials");
  j.number(static_cast<long long>(job.trial_count()));
  j.key("seed");
  j.string(std::to_string(p.seed));  // a string: all 64 bits
  j.key("max_horizon");
  j.number(static_cast<long long>(p.max_horizon));
  j.key("domain");
  j.string(p.domain);
  j.key("order");
  j.string(p.order);
  j.key("fe_root");
  j.number(static_cast<long long>(p.fe_root));
}

ExperimentParams params_of(const nlohmann::json& j) {
  ExperimentParams p;
  p.trials = j.at("trials").get<int>();
  p.seed = std::stoull(j.at("seed").get<std::string>());
  p.max_horizon = j.at("max_horizon").get<int>();
  p.domain = j.at("domain").get<std::string>();
  p.order = j.at("order").get<std::string>();
  p.fe_root = j.at("fe_root").get<int>();
  return p;
}

}  // namespace

std::string experiment_shard_json(const ExperimentJob& job, const ExperimentParams& params) {
  JsonWriter j;
  j.begin_object();
  j.key("kind");
  j.string(k_kind);
  write_params(j, job, params);
  j.key("shard");
  j.string(std::to_string(job.shard().index) + "/" + std::to_string(job.shard().count));
  j.key("values");  // trial index -> its values, this shard's trials only
  j.begin_object();
  for (std::size_t i = 0; i < job.trial_count(); ++i) {
    if (!job.shard().has(i)) continue;
    j.key(std::to_string(i));
    j.begin_array();
    for (long long v : job.trial_values(i)) j.number(v);
    j.end_array();
  }
  j.end_object();
  j.end_object();
  return j.take() + "\n";
}

bool is_experiment_shard(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  return j.is_object() && j.value("kind", "") == k_kind;
}

std::unique_ptr<ExperimentJob> merge_experiment_shards(const std::vector<std::string>& names,
                                                       const std::vector<std::string>& texts) {
  std::unique_ptr<ExperimentJob> job;
  nlohmann::json first;
  std::set<int> seen;
  int count = 0;
  for (std::size_t f = 0; f < texts.size(); ++f) {
    const std::string& name = names[f];
    const nlohmann::json j = nlohmann::json::parse(texts[f], nullptr, false);
    if (!j.is_object() || j.value("kind", "") != k_kind)
      throw InputError(name + " is not an experiment's shard file (kibitz experiment --shard I/N)");
    try {
      nlohmann::json params = j;
      params.erase("shard");
      params.erase("values");
      if (!job) {
        job = make_experiment(j.at("experiment").get<std::string>(), params_of(j));
        first = params;
      } else if (params != first) {
        std::string diff;  // seed "8", not "7"
        for (const auto& [key, value] : first.items()) {
          if (params.value(key, nlohmann::json()) == value) continue;
          diff += (diff.empty() ? "" : "; ") + key + " " +
                  params.value(key, nlohmann::json()).dump() + ", not " + value.dump();
        }
        throw InputError("it is a shard of another run: " + diff);
      }
      const Shard s = parse_shard(j.at("shard").get<std::string>());
      if (count && s.count != count)
        throw InputError("it is shard " + j.at("shard").get<std::string>() +
                         ", the others are of " + std::to_string(count));
      count = s.count;
      if (!seen.insert(s.index).second)
        throw InputError("shard " + j.at("shard").get<std::string>() + " is given twice");
      for (const auto& [key, values] : j.at("values").items()) {
        const std::size_t i = std::stoul(key);
        if (i >= job->trial_count() || !s.has(i))
          throw InputError("trial " + key + " is not one of this shard's");
        job->set_trial_values(i, values.get<std::vector<long long>>());
      }
    } catch (const InputError& e) {
      throw InputError(name + ": " + e.what());
    } catch (const std::exception& e) {
      throw InputError(name + ": not a shard file (" + std::string(e.what()) + ")");
    }
  }
  if (!job) throw InputError("give the shard files to merge");
  check_all_shards(seen, count);
  job->finish_merged();
  return job;
}

}  // namespace kibitz
