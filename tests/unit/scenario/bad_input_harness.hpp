#pragma once
// The bad-input contract, shared by the bad-input tables (bad_input_*_test.cpp):
// a case mutates the valid base scenario (toy_scenario.hpp), runs the real
// binary, and must get exit status 2 and ONE line on stderr naming the file and
// the JSON path (or the trace line) of the mistake, never a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "tests/support/cli_runner.hpp"
#include "toy_scenario.hpp"

namespace servesim::test {

using nlohmann::json;

inline json& app0(json& s) { return s["applications"][0]; }
inline json& placement0(json& s) { return s["policies"][0]["params"]["placement"][0]; }

struct Case {
  std::string name;
  // Mutates the base scenario; may write extra files (traces, catalogs) into the folder.
  std::function<void(json&, const TempDir&)> mutate;
  // Substrings the message must contain; "$DIR" stands for the case's folder.
  std::vector<std::string> expect;
  std::vector<std::string> extra_args = {};  // after the scenario file
  std::string command = "validate";
  std::string raw_text = "";             // if set, written instead of the JSON scenario
  std::string target = "scenario.json";  // the file handed to the binary
  bool known_bug = false;                // see the note at the top
  // The load check's warning line that must come before the error (a case
  // that overloads the cluster on purpose), by a substring; empty: none.
  std::string warned = "";
};

// gtest prints a failing parameter with this instead of its bytes.
inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

inline void replay(json& s, const TempDir& dir, const std::string& content) {
  dir.write("trace.csv", content);
  app0(s)["workload"] = {{"kind", "request_replay"}, {"file", "trace.csv"}, {"time_unit", "ms"}};
}

inline std::string substitute(std::string text, const std::string& dir) {
  for (auto pos = text.find("$DIR"); pos != std::string::npos; pos = text.find("$DIR", pos + dir.size())) {
    text.replace(pos, 4, dir);
  }
  return text;
}

// Runs one case through the real binary and checks the contract.
inline void expect_bad_input(const Case& c) {
  TempDir dir;
  const std::string d = dir.path().string();
  std::filesystem::create_directories(dir.path() / "subdir");
  if (!c.raw_text.empty()) {
    dir.write("scenario.json", c.raw_text);
  } else {
    json scenario = base_scenario();
    if (c.mutate) c.mutate(scenario, dir);
    dir.write_json("scenario.json", scenario);
  }
  std::vector<std::string> args{c.command, (dir.path() / c.target).string()};
  if (c.command == "run" && std::find(c.extra_args.begin(), c.extra_args.end(), "--out") == c.extra_args.end()) {
    args.insert(args.end(), {"--out", d + "/out"});
  }
  for (const auto& a : c.extra_args) args.push_back(substitute(a, d));
  args.push_back("--quiet");
  if (c.command == "validate") args.pop_back();  // validate takes no --quiet

  // Bad input is refused while loading: a minute means a hang (status 124).
  const CliResult r = run_servesim(args, dir.path(), /*timeout_seconds=*/60);
  ::testing::Test::RecordProperty("cli_stderr", r.err);
  EXPECT_EQ(r.status, 2) << "stderr: " << r.err;
  ASSERT_FALSE(r.err.empty());
  std::string err = r.err;
  if (!c.warned.empty()) {
    const std::string warning = err.substr(0, err.find('\n') + 1);
    EXPECT_NE(warning.find(": warning: "), std::string::npos) << "expected a warning line first, got: " << r.err;
    EXPECT_NE(warning.find(substitute(c.warned, d)), std::string::npos) << warning;
    err.erase(0, warning.size());
    ASSERT_FALSE(err.empty()) << "only a warning: " << r.err;
  }
  EXPECT_EQ(err.find('\n'), err.size() - 1) << "expected exactly one line, got: " << r.err;
  EXPECT_EQ(err.rfind("servesim", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find("terminate"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("Aborted"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  for (const auto& e : c.expect) {
    const std::string want = substitute(e, d);
    EXPECT_NE(r.err.find(want), std::string::npos) << "missing \"" << want << "\" in: " << r.err;
  }
  if (c.command == "run") {
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "out" / "static" / "summary.json"));
  }
}

inline std::string case_name(const ::testing::TestParamInfo<Case>& info) { return info.param.name; }

}  // namespace servesim::test
