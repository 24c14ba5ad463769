// cloud.spot.price_series refused while loading, in both forms (one file for
// every instance type, or a file per type): exit 2 and one line naming the
// file and the JSON path, and the price file's line where it is wrong.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_spot_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

// An instance type "box" (a CPU box, $0.1/h) for the series to name.
json& price_series(json& s, json series) {
  s["catalogs"]["hardware"][0]["instance_types"] = json::array(
      {{{"name", "box"}, {"vcpus", 4}, {"memory_mb", 1000}, {"devices", json::array({{{"type", "cpu"}, {"count", 1}}})},
        {"price_per_hour", 0.1}, {"boot_latency_s", 30}}});
  s["cloud"] = {{"spot", {{"price_series", std::move(series)}}}};
  return s["cloud"]["spot"]["price_series"];
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"spot_series_unknown_instance_type",
       [](json& s, const TempDir& dir) {
         dir.write("p.csv", "0,0.02\n");
         price_series(s, {{"c9.huge", "p.csv"}});
       },
       {kFile, "cloud.spot.price_series", "c9.huge", "instance type"}},
      {"spot_series_empty_object", [](json& s, const TempDir&) { price_series(s, json::object()); },
       {kFile, "cloud.spot.price_series", "by instance type"}},
      {"spot_series_of_a_type_missing_file", [](json& s, const TempDir&) { price_series(s, {{"box", "none.csv"}}); },
       {kFile, "cloud.spot.price_series", "none.csv"}},
      {"spot_series_of_a_type_bad_row",
       [](json& s, const TempDir& dir) {
         dir.write("p.csv", "0,0.02\n60,free\n");
         price_series(s, {{"box", "p.csv"}});
       },
       {kFile, "cloud.spot.price_series", "p.csv:2", "price_per_hour"}},
      {"spot_series_of_a_type_not_a_path",
       [](json& s, const TempDir&) { price_series(s, {{"box", 3}}); },
       {kFile, "cloud.spot.price_series"}},
      {"spot_series_for_all_types_bad_first_time",
       [](json& s, const TempDir& dir) {
         dir.write("p.csv", "10,0.02\n");
         price_series(s, "p.csv");
       },
       {kFile, "cloud.spot.price_series", "p.csv:1", "first time_s"}},
  };
  return table;
}

class BadSpotInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadSpotInput, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Spot, BadSpotInput, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace servesim::test::bad_input_spot_test
