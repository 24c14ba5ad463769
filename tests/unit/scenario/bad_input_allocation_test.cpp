// Start allocations in the Proteus artifact's format (policies/proteus/
// artifact_allocation.hpp, start_allocation.hpp): broken files give exit
// status 2 and one line naming the file and line. The files are written here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

// "proteus" on the base world, started from alloc.txt.
void use_allocation(json& s, const TempDir& dir, const std::string& text) {
  dir.write("alloc.txt", text);
  s["policies"][0] = {{"name", "proteus"},
                      {"params",
                       {{"solve_interval_s", 60},
                        {"start_allocation", {{"file", "alloc.txt"}, {"device_map", {{"CPU", "cpu"}, {"GPU", "gpu"}}}}}}}};
}

std::string allocation(const std::string& canary, const std::string& ilp_x) {
  return "required_predictors:\n{('small', 'CPU'): 2}\ncanary_dict:\n" + canary + "\nilp_x:\n" + ilp_x + "\n";
}

const std::string kCanary = "{('CPU-0', 0): 0.5, ('CPU-1', 0): 0.5}";
const std::string kHosts = "{('small', 'CPU-0'): 1, ('small', 'CPU-1'): 1, ('big', 'GPU-0'): 1}";

Case with(const std::string& name, const std::string& text, std::vector<std::string> expect) {
  return {name, [text](json& s, const TempDir& d) { use_allocation(s, d, text); }, std::move(expect), {}, "run"};
}

class BadInputAllocation : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputAllocation, ExitsTwoWithOneLineNamingFileAndLine) { expect_bad_input(GetParam()); }

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      with("unknown_variant", allocation(kCanary, "{('huge', 'CPU-0'): 1}"),
           {"$DIR/alloc.txt:6", "unknown variant \"huge\""}),
      with("unknown_device", allocation(kCanary, "{('small', 'CPU-5'): 1}"),
           {"$DIR/alloc.txt:6", "unknown device CPU-5", "has 2 devices"}),
      with("unknown_device_type", allocation(kCanary, "{('small', 'TPU-0'): 1}"),
           {"$DIR/alloc.txt:6", "unknown device type \"TPU\""}),
      with("unknown_device_in_shares", allocation("{('CPU-9', 0): 1.0}", kHosts),
           {"$DIR/alloc.txt:4", "unknown device CPU-9"}),
      with("shares_not_summing_to_one", allocation("{('CPU-0', 0): 0.5, ('CPU-1', 0): 0.3}", kHosts),
           {"$DIR/alloc.txt:4", "query type 0", "sum to 0.8"}),
      with("device_listed_twice", allocation(kCanary, "{('small', 'CPU-0'): 1, ('big', 'CPU-0'): 1}"),
           {"$DIR/alloc.txt:6", "CPU-0 listed twice"}),
      with("share_listed_twice", allocation("{('CPU-0', 0): 0.5, ('CPU-0', 0): 0.5}", kHosts),
           {"$DIR/alloc.txt:4", "listed twice in canary_dict"}),
      with("unknown_query_type", allocation("{('CPU-0', 3): 1.0}", kHosts),
           {"$DIR/alloc.txt:4", "unknown query type 3"}),
      with("missing_header", "required_predictors:\n{}\nilp_x:\n" + kHosts + "\n",
           {"$DIR/alloc.txt:3", "expected the line \"canary_dict:\""}),
      with("not_a_dict", allocation(kCanary, "[('small', 'CPU-0')]"), {"$DIR/alloc.txt:6", "expected '{'"}),
      with("unterminated_name", allocation(kCanary, "{('small, 'CPU-0'): 1}"), {"$DIR/alloc.txt:6"}),
      with("empty_file", "",
           {"$DIR/alloc.txt", "expected the line \"required_predictors:\""}),
      {"no_such_file",
       [](json& s, const TempDir& d) {
         use_allocation(s, d, allocation(kCanary, kHosts));
         s["policies"][0]["params"]["start_allocation"]["file"] = "nowhere.txt";
       },
       {"$DIR/nowhere.txt", "cannot open file (No such file or directory)"}, {}, "run"},
      {"device_map_unknown_type",
       [](json& s, const TempDir& d) {
         use_allocation(s, d, allocation(kCanary, kHosts));
         s["policies"][0]["params"]["start_allocation"]["device_map"]["CPU"] = "tpu";
       },
       {"policies[0].params.start_allocation.device_map.CPU", "unknown device type"}, {}, "run"},
  };
  return table;
}

INSTANTIATE_TEST_SUITE_P(Table, BadInputAllocation, ::testing::ValuesIn(cases()), case_name);

// The same world with the valid file runs: the table's failures are the files'.
TEST(BadInputAllocationBase, ValidFileRuns) {
  TempDir dir;
  json s = base_scenario();
  use_allocation(s, dir, allocation(kCanary, kHosts));
  dir.write_json("scenario.json", s);
  const CliResult r = run_servesim({"run", (dir.path() / "scenario.json").string(), "--out",
                                    (dir.path() / "out").string(), "--quiet"},
                                   dir.path(), 60);
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace servesim::test
