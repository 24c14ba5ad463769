// Runs that would exhaust memory or disk, and outputs that cannot be written
// (issue 11, items 4 and 5): each must give exit status 2 and ONE line naming
// the file and the field or path, never a crash, and must not lose what an
// earlier run wrote.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_resources_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The base's two 4-core CPUs serve "small" at most 4 per 30 ms on each core
// (about 1070 QPS; the load check's bound, which counts the GPU too, 1867):
// 5000 QPS with no drop policy piles up queries in flight.
void overload(json& s, int cap) {
  app0(s)["workload"]["rate"] = 5000;
  s["serving"] = {{"drop", "none"}, {"max_in_flight", cap}};
}

// A folder where a run's output file goes, made before the run.
std::function<void(json&, const TempDir&)> folder_at(const std::string& relative) {
  return [relative](json&, const TempDir& d) { fs::create_directories(d.path() / relative); };
}

// The scenario's hardware catalogs also name `file` (the case makes it).
void hardware_catalog_at(json& s, const std::string& file) { s["catalogs"]["hardware"].push_back(file); }

// What is not a regular file is refused before it is read: a device never
// ends, a FIFO with no writer would block `validate` forever (the harness's
// minute would end it with 124), and a file past the size limit is refused
// without reading a byte (a sparse file: no disk used).
std::function<void(json&, const TempDir&)> catalog_is_a_fifo() {
  return [](json& s, const TempDir& d) {
    ASSERT_EQ(::mkfifo((d.path() / "fifo.json").c_str(), 0600), 0);
    hardware_catalog_at(s, "fifo.json");
  };
}
std::function<void(json&, const TempDir&)> catalog_is_dev_zero() {
  return [](json& s, const TempDir& d) {
    fs::create_symlink("/dev/zero", d.path() / "zero.json");
    hardware_catalog_at(s, "zero.json");
  };
}
std::function<void(json&, const TempDir&)> catalog_of_300_mib() {
  return [](json& s, const TempDir& d) {
    d.write("big.json", "{}");
    fs::resize_file(d.path() / "big.json", std::uintmax_t{300} << 20);
    hardware_catalog_at(s, "big.json");
  };
}
std::function<void(json&, const TempDir&)> catalog_in_a_symlink_loop() {
  return [](json& s, const TempDir& d) {
    fs::create_symlink("loop_b.json", d.path() / "loop_a.json");
    fs::create_symlink("loop_a.json", d.path() / "loop_b.json");
    hardware_catalog_at(s, "loop_a.json");
  };
}

class BadInputResources : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputResources, ExitsTwoWithOneLine) { expect_bad_input(GetParam()); }

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      // Its own --out: the harness's check that no summary.json was written
      // would see this folder.
      {"summary_json_is_a_folder", folder_at("other/static/summary.json"),
       {"$DIR/other/static/summary.json", "is a folder"}, {"--out", "$DIR/other"}, "run"},
      {"timeseries_csv_is_a_folder", folder_at("out/static/timeseries.csv"),
       {"$DIR/out/static/timeseries.csv", "is a folder"}, {}, "run"},
      {"timing_json_is_a_folder", folder_at("out/static/timing.json"),
       {"$DIR/out/static/timing.json", "is a folder"}, {}, "run"},
      {"comparison_csv_is_a_folder", folder_at("out/comparison.csv"),
       {"$DIR/out/comparison.csv", "is a folder"}, {}, "run"},
      {"queries_csv_is_a_folder",
       [](json& s, const TempDir& d) {
         s["outputs"] = {{"queries_csv", true}};
         fs::create_directories(d.path() / "out/static/queries.csv");
       },
       {"$DIR/out/static/queries.csv", "is a folder"}, {}, "run"},
      {"out_is_a_file", [](json&, const TempDir& d) { d.write("out", "not a folder"); },
       {"$DIR/out", "cannot create the output folder"}, {}, "run"},
      // (2000 + 60 s of drain) / 1 ms = 2 060 000 windows.
      {"window_count_over_the_limit",
       [](json& s, const TempDir&) {
         s["duration_s"] = 2000;
         s["outputs"] = {{"window_s", 0.001}};
       },
       {"$DIR/scenario.json", "outputs.window_s", "2060000 windows", "1000000", ">= 0.00206"}},
      {"window_count_over_the_limit_by_default",
       [](json& s, const TempDir&) { s["duration_s"] = 2e7; },
       {"$DIR/scenario.json: outputs.window_s", "2000006 windows", ">= 20.0001", "1000000", "default is 10 s"}},
      {"catalog_is_a_fifo", catalog_is_a_fifo(), {"$DIR/fifo.json", "is not a regular file", "a JSON file"}},
      {"catalog_is_dev_zero", catalog_is_dev_zero(), {"$DIR/zero.json", "is not a regular file"}},
      {"catalog_over_the_size_limit", catalog_of_300_mib(),
       {"$DIR/big.json", "is 314572800 bytes", "268435456 bytes", "Limits"}},
      {"catalog_in_a_symlink_loop", catalog_in_a_symlink_loop(),
       {"$DIR/loop_a.json", "cannot open file", "symbolic links"}},
      {"scenario_is_dev_zero", [](json&, const TempDir& d) { fs::create_symlink("/dev/zero", d.path() / "zero.json"); },
       {"$DIR/zero.json", "is not a regular file"}, {}, "validate", "", "zero.json"},
      {"max_in_flight_zero", [](json& s, const TempDir&) { s["serving"]["max_in_flight"] = 0; },
       {"$DIR/scenario.json", "serving.max_in_flight", "> 0"}},
      {"max_in_flight_fraction", [](json& s, const TempDir&) { s["serving"]["max_in_flight"] = 10.5; },
       {"$DIR/scenario.json", "serving.max_in_flight", "integer"}},
      {"max_in_flight_too_large", [](json& s, const TempDir&) { s["serving"]["max_in_flight"] = 2000000000; },
       {"$DIR/scenario.json", "serving.max_in_flight", "in [1, 1000000000]"}},
      {"max_in_flight_exceeded", [](json& s, const TempDir&) { overload(s, 100); },
       {"$DIR/scenario.json: serving.max_in_flight", "application \"app\"", "cap of 100 queries in flight",
        "$DIR/out/static/summary.partial.json"},
       {}, "run", "", "scenario.json", false,
       // 5000 QPS against the 1867 of overload()'s note
       "$DIR/scenario.json: warning: the applications offer 2.69x what the fixed cluster can serve at best"},
  };
  return table;
}

INSTANTIATE_TEST_SUITE_P(Table, BadInputResources, ::testing::ValuesIn(cases()), case_name);

struct Folder {
  TempDir dir;
  fs::path scenario;
  fs::path out() const { return dir.path() / "out"; }
  fs::path run_file(const std::string& name) const { return out() / "static" / name; }
  CliResult run() const { return run_servesim({"run", scenario.string(), "--out", out().string(), "-q"}, dir.path()); }
};

// A run stopped by the cap keeps what it wrote under partial names, with the
// marker and the reason, beside the complete outputs of an earlier run, which
// stay as they were.
TEST(BadInputResourcesRun, CapKeepsPartialOutputsBesideEarlierCompleteOnes) {
  Folder f;
  json scenario = base_scenario();
  f.scenario = f.dir.write_json("scenario.json", scenario);
  ASSERT_EQ(f.run().status, 0);
  const std::string summary_before = read_text(f.run_file("summary.json"));
  const std::string series_before = read_text(f.run_file("timeseries.csv"));

  overload(scenario, 100);
  scenario["outputs"] = {{"window_s", 0.01}};
  f.dir.write_json("scenario.json", scenario);
  const CliResult r = f.run();
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(read_text(f.run_file("summary.json")), summary_before);
  EXPECT_EQ(read_text(f.run_file("timeseries.csv")), series_before);
  const json partial = json::parse(read_text(f.run_file("summary.partial.json")));
  EXPECT_EQ(partial["partial"], true);
  EXPECT_NE(partial["partial_reason"].get<std::string>().find("cap of 100 queries in flight"), std::string::npos);
  // 100 queries in flight, plus the few served by the stop (2 CPUs, batches of 4 in 30 ms).
  EXPECT_GT(partial["arrived"].get<int>(), 100);
  EXPECT_LT(partial["arrived"].get<int>(), 130);
  EXPECT_GT(partial["stopped_at_s"].get<double>(), 0.0);
  EXPECT_LT(partial["stopped_at_s"].get<double>(), 0.03);
  // The windows closed before the stop: a header and at least one row of 10 ms.
  const std::string series = read_text(f.run_file("timeseries.partial.csv"));
  EXPECT_EQ(series.rfind("window_start_s,window_end_s,", 0), 0u);
  EXPECT_GE(std::count(series.begin(), series.end(), '\n'), 2) << series;
  EXPECT_FALSE(fs::exists(f.run_file("timing.partial.json")));
  for (const auto& entry : fs::recursive_directory_iterator(f.out())) {
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();  // no temporary left
  }

  // A later complete run replaces the partial outputs.
  f.dir.write_json("scenario.json", base_scenario());
  ASSERT_EQ(f.run().status, 0);
  EXPECT_FALSE(fs::exists(f.run_file("summary.partial.json")));
  EXPECT_FALSE(fs::exists(f.run_file("timeseries.partial.csv")));
}

// A folder in the way of timing.json shows before the run: the earlier run's
// files all stay as they were, as a set.
TEST(BadInputResourcesRun, UnwritableTimingKeepsEarlierRunWhole) {
  Folder f;
  f.scenario = f.dir.write_json("scenario.json", base_scenario());
  ASSERT_EQ(f.run().status, 0);
  const std::string summary_before = read_text(f.run_file("summary.json"));
  fs::remove(f.run_file("timing.json"));
  fs::create_directories(f.run_file("timing.json"));
  json changed = base_scenario();
  app0(changed)["workload"]["rate"] = 40;
  f.dir.write_json("scenario.json", changed);
  const CliResult r = f.run();
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(f.run_file("timing.json").string()), std::string::npos) << r.err;
  EXPECT_EQ(read_text(f.run_file("summary.json")), summary_before);
}

}  // namespace
}  // namespace servesim::test::bad_input_resources_test
