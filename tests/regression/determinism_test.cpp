// Determinism of the real binary on the quickstart scenario: same scenario and
// seed, same bytes (whatever the thread count); another seed, other numbers;
// and every policy of a scenario sees the same arrivals (common random numbers).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "regression_support.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

// The per-run files that hold no wall-clock time and must be reproducible.
const std::vector<std::string> kReproducible = {"summary.json", "timeseries.csv"};

class Determinism : public ::testing::Test {
 protected:
  // One reference run, shared by the tests of this suite.
  static void SetUpTestSuite() {
    scratch_ = new TempDir();
    const CliResult r = run_quickstart(reference(), *scratch_);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }
  static fs::path reference() { return scratch_->path() / "reference"; }
  static TempDir* scratch_;
};

TempDir* Determinism::scratch_ = nullptr;

TEST_F(Determinism, SameSeedGivesByteIdenticalFiles) {
  const fs::path again = scratch_->path() / "again";
  const CliResult r = run_quickstart(again, *scratch_);
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& policy : kQuickstartPolicies) {
    for (const auto& file : kReproducible) {
      const std::string a = read_text(reference() / policy / file);
      ASSERT_FALSE(a.empty()) << policy << "/" << file;
      EXPECT_EQ(a, read_text(again / policy / file)) << policy << "/" << file;
    }
  }
}

TEST_F(Determinism, AnotherSeedGivesOtherNumbers) {
  const fs::path seven = scratch_->path() / "seed7";
  const CliResult r = run_quickstart(seven, *scratch_, {"--set", "seed=7"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& policy : kQuickstartPolicies) {
    const auto a = read_json(reference() / policy / "summary.json");
    const auto b = read_json(seven / policy / "summary.json");
    EXPECT_EQ(a["seed"], 42);
    EXPECT_EQ(b["seed"], 7);
    EXPECT_NE(a["queries"]["arrived"], b["queries"]["arrived"]) << policy;
    EXPECT_NE(read_text(reference() / policy / "timeseries.csv"), read_text(seven / policy / "timeseries.csv"))
        << policy;
  }
}

TEST_F(Determinism, TwoJobsGiveTheSameBytesAsOne) {
  const fs::path parallel = scratch_->path() / "jobs2";
  const CliResult r = run_quickstart(parallel, *scratch_, {"--jobs", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& policy : kQuickstartPolicies) {
    for (const auto& file : kReproducible) {
      EXPECT_EQ(read_text(reference() / policy / file), read_text(parallel / policy / file)) << policy << "/" << file;
    }
  }
}

TEST_F(Determinism, EveryPolicySeesTheSameArrivalsPerWindow) {
  const auto base = read_csv(reference() / kQuickstartPolicies[0] / "timeseries.csv");
  // 1200 s in 10 s windows, one application: "all" rows only; a policy's
  // drain may add windows with no arrivals.
  const auto first_120 = [](std::vector<std::string> v) {
    if (v.size() > 120) v.resize(120);
    return v;
  };
  const auto arrivals = first_120(base.values("arrivals"));
  ASSERT_EQ(arrivals.size(), 120u);
  for (const auto& policy : kQuickstartPolicies) {
    const auto csv = read_csv(reference() / policy / "timeseries.csv");
    EXPECT_EQ(first_120(csv.values("arrivals")), arrivals) << policy;
    EXPECT_EQ(first_120(csv.values("window_start_s")), first_120(base.values("window_start_s"))) << policy;
    for (std::size_t w = 120; w < csv.rows.size(); ++w) EXPECT_EQ(csv.values("arrivals")[w], "0") << policy;
  }
}

TEST_F(Determinism, EveryPolicySeesTheSameQueries) {
  // queries.csv lists queries in finish order, which differs by policy; by id
  // the arrival times (and deadlines) must be the same.
  const fs::path out = scratch_->path() / "queries";
  const CliResult r = run_quickstart(out, *scratch_, {"--set", "outputs.queries_csv=true", "--set", "duration_s=300"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::map<std::uint64_t, std::pair<std::string, std::string>>> by_policy;
  for (const auto& policy : kQuickstartPolicies) {
    const auto csv = read_csv(out / policy / "queries.csv");
    const std::size_t id = csv.column("id"), arrival = csv.column("arrival_s"), deadline = csv.column("deadline_s");
    auto& m = by_policy.emplace_back();
    for (const auto& row : csv.rows) {
      const bool fresh = m.emplace(std::stoull(row.at(id)), std::make_pair(row.at(arrival), row.at(deadline))).second;
      ASSERT_TRUE(fresh) << policy << ": id " << row.at(id) << " twice";
    }
    const auto summary = read_json(out / policy / "summary.json");
    const auto& q = summary["queries"];
    EXPECT_EQ(m.size(), q["arrived"].get<std::uint64_t>()) << policy;  // every query has an outcome
  }
  ASSERT_GT(by_policy[0].size(), 10000u);
  // Ids are dense from 0 and in arrival order.
  std::uint64_t expected_id = 0;
  double last = -1;
  for (const auto& [id, fields] : by_policy[0]) {
    if (id != expected_id) break;  // a gap: queries still in flight at the end
    ++expected_id;
    const double t = std::stod(fields.first);
    EXPECT_GE(t, last) << "id " << id;
    last = t;
  }
  EXPECT_GT(expected_id, by_policy[0].size() - 100);
  // Every query finished by both policies arrived at the same time.
  for (std::size_t p = 1; p < by_policy.size(); ++p) {
    std::size_t compared = 0;
    for (const auto& [id, fields] : by_policy[p]) {
      const auto it = by_policy[0].find(id);
      if (it == by_policy[0].end()) continue;
      ++compared;
      ASSERT_EQ(fields, it->second) << kQuickstartPolicies[p] << " id " << id;
    }
    EXPECT_GT(compared, by_policy[0].size() - 100) << kQuickstartPolicies[p];
  }
}

}  // namespace
}  // namespace servesim::test
