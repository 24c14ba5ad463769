#include "sim/metrics/summary_csv.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sample_run.hpp"
#include "sim/core/input_error.hpp"
#include "sim/metrics/run_summary.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

class SummaryCsv : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::path(::testing::TempDir()) / (std::string("servesim_summary_csv_") + info->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path write(const std::string& relative, const std::string& text) {
    const fs::path file = root_ / relative;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
  std::string csv(const SummaryCsvCollector& c) {
    std::ostringstream out;
    c.write_csv(out);
    return out.str();
  }

  fs::path root_;
};

TEST_F(SummaryCsv, HeaderIsTheUnionOfKeysInFirstSeenOrder) {
  write("run1/summary.json", R"({"x": 1, "o": {"y": "s"}})");
  write("run2/summary.json", R"({"x": 2.5, "z": null, "o": {"w": true, "y": "t,u"}})");
  SummaryCsvCollector c;
  c.add(root_);
  ASSERT_EQ(c.size(), 2u);
  const std::string d1 = (root_ / "run1").string();
  const std::string d2 = (root_ / "run2").string();
  EXPECT_EQ(csv(c), "run_dir,x,o.y,z,o.w\n" + d1 + ",1,s,,\n" + d2 + ",2.5,\"t,u\",,true\n");
}

TEST_F(SummaryCsv, FlattensRealSummariesWithPerAppKeys) {
  RunMetrics m(testing_sample::sample_config());
  testing_sample::feed_sample(m);
  std::ostringstream json;
  write_summary_json(make_run_summary(m, RunIdentity{"s", "p", "p", 7, 25}), json);
  SummaryCsvCollector c;
  c.add(write("r/summary.json", json.str()));
  const auto& keys = c.keys();
  ASSERT_FALSE(keys.empty());
  EXPECT_EQ(keys.front(), "scenario");
  for (const char* key : {"queries.arrived", "latency_ms.p99", "cost.total", "utilisation.gpu",
                          "per_app.a.queries.arrived", "per_app.b.max_accuracy_drop"}) {
    EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end()) << key;
  }
  EXPECT_NE(csv(c).find(",0.375,"), std::string::npos);  // numbers keep their summary spelling
}

TEST_F(SummaryCsv, InvalidJsonNamesTheFile) {
  const fs::path bad = write("broken/summary.json", "{\"x\": ");
  SummaryCsvCollector c;
  try {
    c.add(bad);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(bad.string()), std::string::npos) << e.what();
  }
  EXPECT_THROW(c.add(write("array/summary.json", "[1, 2]")), InputError);
  EXPECT_THROW(c.add(root_ / "missing"), InputError);
  fs::create_directories(root_ / "nothing");
  EXPECT_THROW(c.add(root_ / "nothing"), InputError);
}

}  // namespace
}  // namespace servesim
