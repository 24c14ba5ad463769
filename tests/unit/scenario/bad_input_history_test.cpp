// applications[i].history refused while loading: exit 2 and one line naming
// the file and the JSON path. Its workload part is read by the workload
// reader, so its mistakes are named under the history.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"

namespace servesim::test::bad_input_history_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

const std::string kFile = "$DIR/scenario.json";

json& history(json& s) {
  app0(s)["history"] = {{"kind", "poisson"}, {"rate", 10}, {"duration_s", 60}};
  return app0(s)["history"];
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      {"history_missing_duration", [](json& s, const TempDir&) { history(s).erase("duration_s"); },
       {kFile, "applications[0].history.duration_s"}},
      {"history_zero_duration", [](json& s, const TempDir&) { history(s)["duration_s"] = 0; },
       {kFile, "applications[0].history.duration_s", "31536000"}},
      {"history_negative_duration", [](json& s, const TempDir&) { history(s)["duration_s"] = -60; },
       {kFile, "applications[0].history.duration_s"}},
      {"history_duration_over_a_year", [](json& s, const TempDir&) { history(s)["duration_s"] = 4e7; },
       {kFile, "applications[0].history.duration_s", "31536000"}},
      {"history_duration_not_a_number", [](json& s, const TempDir&) { history(s)["duration_s"] = "long"; },
       {kFile, "applications[0].history.duration_s"}},
      // 1e7 QPS over a year: refused from its first 10^6 arrivals, not drawn.
      {"history_arrivals_beyond_the_limit",
       [](json& s, const TempDir&) {
         json& h = history(s);
         h["rate"] = 1e7;
         h["duration_s"] = 31536000;
       },
       {kFile, "applications[0].history: about 3.15e+14 arrivals", "more than the 2000000000 a history may hold"}},
      {"history_not_an_object", [](json& s, const TempDir&) { app0(s)["history"] = "trace.csv"; },
       {kFile, "applications[0].history", "duration_s"}},
      {"history_missing_kind", [](json& s, const TempDir&) { history(s).erase("kind"); },
       {kFile, "applications[0].history.kind"}},
      {"history_unknown_kind", [](json& s, const TempDir&) { history(s)["kind"] = "lstm"; },
       {kFile, "applications[0].history.kind"}},
      {"history_negative_rate", [](json& s, const TempDir&) { history(s)["rate"] = -5; },
       {kFile, "applications[0].history.rate"}},
      {"history_unknown_key", [](json& s, const TempDir&) { history(s)["days"] = 14; },
       {kFile, "applications[0].history", "days"}},
      {"history_missing_trace",
       [](json& s, const TempDir&) {
         history(s) = {{"kind", "request_replay"}, {"file", "nowhere.txt"}, {"duration_s", 60}};
       },
       {kFile, "applications[0].history.file", "nowhere.txt"}},
      {"history_bad_trace_line",
       [](json& s, const TempDir& dir) {
         dir.write("log.txt", "100\nabc\n");
         history(s) = {{"kind", "request_replay"}, {"file", "log.txt"}, {"time_unit", "ms"}, {"duration_s", 60}};
       },
       {"log.txt:2"}},
  };
  return table;
}

class BadHistoryInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadHistoryInput, ExitsTwoWithOneLineNamingTheField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(History, BadHistoryInput, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace servesim::test::bad_input_history_test
