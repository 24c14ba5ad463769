#include "sim/scenario/claim_run_results.hpp"

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {

namespace fs = std::filesystem;

ClaimRunResults::ClaimRunResults(const fs::path& own, const std::map<std::string, fs::path>& named,
                                 const std::string& where)
    : where_(where), own_(own, where) {
  for (const auto& [name, folder] : named) named_.emplace(name, RunResults(folder, where + ", run " + quote_field(name)));
}

// The ledger refuses references to runs a claim does not name (load_claims);
// this error is for a caller that did not come through it.
const RunResults& ClaimRunResults::results_of(const std::string& run) const {
  if (run.empty()) return own_;
  const auto it = named_.find(run);
  if (it == named_.end()) throw InputError(where_, "unknown run " + quote_field(run));
  return it->second;
}

double ClaimRunResults::field(const std::string& label, const std::string& path) const {
  const RunLabel split = split_run_label(label);
  return results_of(split.run).field(split.label, path);
}

double ClaimRunResults::series(const std::string& label, const std::string& column, const std::string& aggregate,
                               double from_s, double to_s, const std::string& app) const {
  const RunLabel split = split_run_label(label);
  return results_of(split.run).series(split.label, column, aggregate, from_s, to_s, app);
}

}  // namespace servesim
