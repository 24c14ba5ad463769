#pragma once
// What one claim's expressions read (claim_expression.hpp): `label:path` from
// the folder of the claim's own run, `run/label:path` from the folder of its
// named run `run` (a claim's "runs", claims_ledger.hpp).
#include <filesystem>
#include <map>
#include <string>

#include "sim/scenario/claim_expression.hpp"
#include "sim/scenario/run_results.hpp"

namespace servesim {

class ClaimRunResults final : public ClaimValues {
 public:
  // `own` is the claim's run folder, `named` each named run's folder by name;
  // `where` is what errors name (the claim), with the run's name for a named run.
  ClaimRunResults(const std::filesystem::path& own, const std::map<std::string, std::filesystem::path>& named,
                  const std::string& where);

  double field(const std::string& label, const std::string& path) const override;
  double series(const std::string& label, const std::string& column, const std::string& aggregate, double from_s,
                double to_s, const std::string& app) const override;

 private:
  const RunResults& results_of(const std::string& run) const;

  std::string where_;
  RunResults own_;
  std::map<std::string, RunResults> named_;
};

}  // namespace servesim
