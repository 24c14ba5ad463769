#pragma once
// The outputs of one `servesim run`, read back from its folder to evaluate
// claims (claim_expression.hpp): each run label's summary.json and
// timeseries.csv, loaded when first asked for.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/scenario/claim_expression.hpp"

namespace servesim {

class RunResults final : public ClaimValues {
 public:
  // `dir` holds <label>/summary.json and <label>/timeseries.csv; `where` is
  // what errors name (the claim being evaluated).
  RunResults(std::filesystem::path dir, std::string where);
  void set_where(std::string where) { where_ = std::move(where); }

  // series() reads this pseudo-column as each window's late / (on_time + late).
  static constexpr const char* kLateShare = "late_share";

  // A number (or true/false as 1/0) at the dotted path of the label's summary.
  double field(const std::string& label, const std::string& path) const override;
  double series(const std::string& label, const std::string& column, const std::string& aggregate, double from_s,
                double to_s, const std::string& app) const override;

 private:
  struct Run {
    nlohmann::json summary;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
  };
  const Run& run(const std::string& label) const;

  std::filesystem::path dir_;
  std::string where_;
  mutable std::map<std::string, Run> runs_;
};

}  // namespace servesim
