// An experiment split across machines (Shard, job.hpp): a shard's run writes its trials'
// values to a file; `kibitz merge` reads the files of every shard back into one job, whose
// output is then the one a single run gives, byte for byte (the trials' numbers depend only on
// the seed and their index; the output adds them up in trial order).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "session/experiments/job.hpp"

namespace kibitz {

// The shard file of a finished shard's run of `job` (made with `params`): JSON, its kind
// "kibitz-experiment-shard".
std::string experiment_shard_json(const ExperimentJob& job, const ExperimentParams& params);
// Whether a file's text is a shard file of an experiment.
bool is_experiment_shard(const std::string& text);
// The experiment the shard files make together, finished. InputError naming the file for a
// file that is not a shard file, shards of different experiments or parameters, a shard given
// twice, or shards missing.
std::unique_ptr<ExperimentJob> merge_experiment_shards(const std::vector<std::string>& names,
                                                       const std::vector<std::string>& texts);

}  // namespace kibitz
