// `servesim collect` as sweep.sh calls it: from inside OUT_DIR, point folders
// as arguments, --points FILE for the per-point statistics.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>

#include "tests/support/cli_runner.hpp"

namespace servesim {
namespace {

constexpr int kShortTimeout = 60;

void write_point(const test::TempDir& tmp, const std::string& dir, const std::string& slo, int seed,
                 double goodput) {
  tmp.write(dir + "/point.json", R"({"parameters": [{"name": "slo_ms", "path": "applications[0].slo_ms", "value": ")" +
                                     slo + R"("}, {"name": "seed", "path": "seed", "value": ")" +
                                     std::to_string(seed) + R"("}], "hash": "00"})");
  tmp.write(dir + "/a/summary.json", R"({"scenario": "s", "policy": "p", "seed": )" + std::to_string(seed) +
                                         R"(, "goodput_qps": )" + std::to_string(goodput) + "}");
}

TEST(CollectCommand, WritesTheRunsAndThePointsCsv) {
  test::TempDir tmp;
  write_point(tmp, "out/slo_ms=50__seed=1", "50", 1, 10);
  write_point(tmp, "out/slo_ms=50__seed=2", "50", 2, 12);
  write_point(tmp, "out/slo_ms=50__seed=3", "50", 3, 17);
  const auto out = tmp.path() / "out";
  const auto points = out / "sweep_points.csv";
  const auto r = test::run_servesim({"collect", out.string(), "--points", points.string()}, tmp.path(), kShortTimeout);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "slo_ms,run_dir,scenario,policy,seed,goodput_qps\n"
                   "50," + (out / "slo_ms=50__seed=1/a").string() + ",s,p,1,10\n"
                   "50," + (out / "slo_ms=50__seed=2/a").string() + ",s,p,2,12\n"
                   "50," + (out / "slo_ms=50__seed=3/a").string() + ",s,p,3,17\n");
  // Hand computation in replication_stats_test.cpp: mean 13, sd sqrt(13), ci95 8.9566859.
  EXPECT_EQ(test::read_text(points), "slo_ms,label,policy,runs,goodput_qps.mean,goodput_qps.sd,goodput_qps.n,"
                                     "goodput_qps.ci95\n50,a,p,3,13,3.60555128,3,8.9566859\n");
  EXPECT_FALSE(std::filesystem::exists(points.string() + ".partial"));
}

TEST(CollectCommand, MalformedPointJsonIsOneLineNamingFileAndField) {
  test::TempDir tmp;
  const auto file = tmp.write("p/point.json", R"({"parameters": [{"name": "slo_ms", "value": 50}]})");
  tmp.write("p/a/summary.json", R"({"seed": 1})");
  const auto r = test::run_servesim({"collect", tmp.path().string()}, tmp.path(), kShortTimeout);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(file.string() + ": parameters[0].value: expected a string"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

// Damaged run folders (copied between machines, left by a killed task) are
// the user's input: one line naming the file, exit 2, never a crash or an
// internal error.
TEST(CollectCommand, DamagedRunFoldersAreOneLineNamingTheFile) {
  const auto refused = [](const std::function<void(const test::TempDir&)>& damage, const std::string& expected) {
    test::TempDir tmp;
    write_point(tmp, "out/slo_ms=50__seed=1", "50", 1, 10);
    damage(tmp);
    const auto r = test::run_servesim({"collect", (tmp.path() / "out").string()}, tmp.path(), kShortTimeout);
    EXPECT_EQ(r.status, 2) << expected << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  };
  const std::string summary = "out/slo_ms=50__seed=1/a/summary.json";
  refused([&](const test::TempDir& t) { t.write(summary, std::string(100, '[') + std::string(100, ']')); },
          "nested more than 64 levels deep");
  refused([&](const test::TempDir& t) { t.write(summary, R"({"goodput_qps": 1e999})"); }, "goodput_qps: invalid JSON");
  refused([&](const test::TempDir& t) { t.write(summary, R"({"a": 1, "a": 2})"); }, "duplicate key");
  refused(
      [&](const test::TempDir& t) {
        std::filesystem::remove(t.path() / summary);
        std::filesystem::create_directories(t.path() / summary / "inside");
      },
      "summary.json: is not a readable file");
  refused(
      [&](const test::TempDir& t) {
        std::filesystem::remove(t.path() / summary);
        std::filesystem::create_symlink("summary.json", t.path() / summary);  // a link to itself
      },
      "summary.json: is not a readable file (Too many levels of symbolic links)");
}

TEST(CollectCommand, HelpDescribesPoints) {
  test::TempDir tmp;
  const auto r = test::run_servesim({"collect", "--help"}, tmp.path(), kShortTimeout);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--points FILE"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("point.json"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace servesim
