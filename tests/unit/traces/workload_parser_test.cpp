#include "sim/scenario/workload_parser.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "sim/core/input_error.hpp"
#include "traces/application_mix.hpp"
#include "traces/gamma_arrivals.hpp"
#include "traces/mmpp_arrivals.hpp"
#include "traces/rate_series_arrivals.hpp"
#include "trace_test_support.hpp"

namespace servesim {
namespace {

class WorkloadParser : public ::testing::Test {
 protected:
  std::shared_ptr<const WorkloadSpec> parse(const std::string& text) {
    json_ = nlohmann::json::parse(text);
    return parse_workload(JsonNode(json_, "scenario.json", "workload"), dir.path());
  }
  std::shared_ptr<const WorkloadSpec> mix(const std::string& text, std::size_t apps) {
    json_ = nlohmann::json::parse(text);
    return parse_mix(JsonNode(json_, "scenario.json", "mix"), apps, dir.path());
  }
  // The InputError message, or "" if the text parses.
  std::string error(const std::string& text, std::size_t apps = 0) {
    try {
      apps ? mix(text, apps) : parse(text);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  test::TempDir dir;
  nlohmann::json json_;
};

TEST_F(WorkloadParser, ParsesEveryKind) {
  dir.write("w.txt", "1 2 3");
  dir.write("r.csv", "10,1,300\n20,1,300\n");
  const char* kinds[] = {
      R"({"kind": "poisson", "rate": 100})",
      R"({"kind": "gamma", "rate": 100, "cv": 2.0})",
      R"({"kind": "gamma", "rate": 100, "cv2": 4.0})",
      R"({"kind": "mmpp", "states": [{"rate": 10, "mean_sojourn_s": 60}, {"rate": 100, "mean_sojourn_s": 10}],
          "transitions": [[0, 1], [1, 0]], "initial": "stationary"})",
      R"({"kind": "mmpp", "rates": [10, 100], "generator": [[-0.1, 0.1], [0.5, -0.5]], "initial": 1})",
      R"({"kind": "segments", "repeat": true, "segments": [{"duration_s": 60, "workload": {"kind": "poisson", "rate": 1}}]})",
      R"({"kind": "gamma_transition", "from": {"rate": 100, "cv": 1}, "to": {"rate": 200, "cv2": 4},
          "start_s": 60, "transition_s": 30})",
      R"({"kind": "rate_series", "file": "w.txt", "format": "counts_line", "interval_s": 1,
          "window": {"start_s": 1, "length_s": 2}, "scale": {"min_qps": 10, "max_qps": 1000}, "zeros": "hold",
          "within": {"kind": "gamma", "cv": 2}})",
      R"({"kind": "request_replay", "file": "r.csv", "time_column": 0, "time_unit": "ms", "deadline_column": 2, "start_s": 0})",
      R"({"kind": "diurnal", "mean_qps": 100, "peak_to_valley": 4, "period_s": 86400, "phase_s": 0,
          "noise_cv": 0.1, "step_s": 60, "spikes": {"rate_per_hour": 0.5, "magnitude": 2.0, "duration_s": 120}})",
  };
  for (const char* text : kinds) {
    const auto spec = parse(text);
    ASSERT_TRUE(spec) << text;
    EXPECT_TRUE(spec->open(1, "w")->next().has_value()) << text;
  }
}

TEST_F(WorkloadParser, Cv2IsInferLinesSquaredCv) {
  const auto spec = std::dynamic_pointer_cast<const GammaArrivals>(parse(R"({"kind": "gamma", "rate": 5, "cv2": 4})"));
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->cv(), 2);
}

TEST_F(WorkloadParser, RelativeFilesResolveAgainstTheScenarioFolder) {
  std::filesystem::create_directories(dir.path() / "traces");
  dir.write("traces/w.txt", "4 6");
  const auto spec = std::dynamic_pointer_cast<const RateSeriesArrivals>(
      parse(R"({"kind": "rate_series", "file": "traces/w.txt", "scale": {"mean_qps": 50}})"));
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->scaled_rate(spec->stats().mean_rate), 50);
}

TEST_F(WorkloadParser, AzureDefaultsToMinutesAndSum) {
  dir.write("a.csv", "HashOwner,HashApp,HashFunction,Trigger,1,2\no,a,f,http,60,120\no,b,g,http,60,0\n");
  const auto spec = std::dynamic_pointer_cast<const RateSeriesArrivals>(
      parse(R"({"kind": "rate_series", "file": "a.csv", "format": "azure_functions"})"));
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->stats().max_rate, 2.0);
  EXPECT_EQ(spec->length(), from_seconds(120));
  const auto picked = std::dynamic_pointer_cast<const RateSeriesArrivals>(
      parse(R"({"kind": "rate_series", "file": "a.csv", "format": "azure_functions", "rows": {"function": "g"}})"));
  EXPECT_DOUBLE_EQ(picked->stats().max_rate, 1.0);
}

TEST_F(WorkloadParser, ErrorsNameTheJsonPath) {
  EXPECT_NE(error(R"({"kind": "poisson", "rate": 1, "burst": 2})").find("scenario.json: workload.burst: unknown key"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "poisson", "rate": -3})").find("workload.rate: expected a number > 0"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "gamma", "rate": 1, "cv": 0})").find("workload.cv: expected a number > 0"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "gamma", "rate": 1, "cv": 1, "cv2": 1})").find("not both"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "gamma", "rate": 1})").find("workload: missing \"cv\""), std::string::npos);
  EXPECT_NE(error(R"({"kind": "nope"})").find("workload.kind: expected one of"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "mmpp", "rates": [1, 2], "generator": [[-1, 1], [0, 0]]})").find("workload: the chain must be irreducible"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "mmpp", "rates": [1, 2], "generator": [[-1, 1]]})").find("workload.generator: expected 2 rows"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "mmpp", "states": [{"rate": 1, "mean_sojourn_s": 1}], "initial": 3})").find("workload.initial"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "segments", "segments": [{"duration_s": 1, "workload": {"kind": "poisson", "rate": 0}}]})").find("workload.segments[0].workload.rate"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "diurnal", "mean_qps": 10, "peak_to_valley": 0.5})").find("workload.peak_to_valley"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "missing.txt"})").find("workload.file: cannot open trace file"), std::string::npos);
  dir.write("w.txt", "1 2 3");
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "w.txt", "rows": [0]})").find("workload.rows: only an azure_functions"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "w.txt", "scale": {"factor": 2, "mean_qps": 3}})").find("workload.scale: expected exactly one"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "w.txt", "window": {"start_s": 0.5}})").find("workload: window start_s"), std::string::npos);
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "w.txt", "within": {"kind": "gamma"}})").find("workload.within: missing"), std::string::npos);
  dir.write("bad.txt", "1 x");
  EXPECT_NE(error(R"({"kind": "rate_series", "file": "bad.txt"})").find("bad.txt: value 2"), std::string::npos);
}

TEST_F(WorkloadParser, MixSplitsByZipfOrWeights) {
  const auto zipf = std::dynamic_pointer_cast<const ApplicationMix>(
      mix(R"({"workload": {"kind": "poisson", "rate": 10}, "split": {"zipf": 1.001}})", 3));
  ASSERT_TRUE(zipf);
  EXPECT_NEAR(zipf->probabilities()[0], zipf_weights(3, 1.001)[0], 1e-15);
  const auto weights = std::dynamic_pointer_cast<const ApplicationMix>(
      mix(R"({"workload": {"kind": "poisson", "rate": 10}, "split": {"weights": [1, 3]}})", 2));
  EXPECT_DOUBLE_EQ(weights->probabilities()[1], 0.75);
  const auto single = mix(R"({"workload": {"kind": "poisson", "rate": 10}})", 1);
  EXPECT_EQ(single->open(1, "x")->next()->app, 0u);
  EXPECT_NE(error(R"({"workload": {"kind": "poisson", "rate": 10}, "split": {"weights": [1, 2]}})", 3).find("mix.split.weights: expected 3 weights"), std::string::npos);
  EXPECT_NE(error(R"({"workload": {"kind": "poisson", "rate": 10}})", 2).find("mix.split: missing required field"), std::string::npos);
  EXPECT_NE(error(R"({"workload": {"kind": "poisson", "rate": 10}, "split": {"zipf": 1, "weights": [1, 1]}})", 2).find("exactly one"), std::string::npos);
}

TEST_F(WorkloadParser, ListsEveryKind) {
  std::set<std::string> names;
  for (const auto& [kind, description] : workload_kinds()) {
    names.insert(kind);
    EXPECT_FALSE(description.empty());
  }
  EXPECT_EQ(names, (std::set<std::string>{"poisson", "gamma", "mmpp", "segments", "gamma_transition", "rate_series",
                                          "request_replay", "diurnal"}));
}

}  // namespace
}  // namespace servesim
