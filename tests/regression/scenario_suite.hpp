#pragma once
// One run of a scenario by the servesim binary, shared by the tests of one
// suite (gtest's SetUpTestSuite). A run that fails is reported by every test
// (SetUp): a fatal failure in SetUpTestSuite would show as skipped in ctest.
// ctest runs each test in its own process, so each test still pays for one
// run: keep expensive scenarios to few tests.
//
//   class MySuite : public test::ScenarioSuite<MySuite> {
//    protected:
//     static void SetUpTestSuite() { run_scenario(kFile, {"--jobs", "2"}); }
//   };
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/regression/regression_support.hpp"

namespace servesim::test {

template <typename Suite>  // one set of statics per suite
class ScenarioSuite : public ::testing::Test {
 protected:
  static void run_scenario(const std::string& scenario, const std::vector<std::string>& extra = {}) {
    scratch_ = new TempDir();
    std::vector<std::string> args{"run", scenario, "--out", out().string(), "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    run_ = new CliResult(run_servesim(args, scratch_->path()));
  }
  static void TearDownTestSuite() {
    delete run_;
    run_ = nullptr;
    delete scratch_;
    scratch_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(run_, nullptr);
    ASSERT_EQ(run_->status, 0) << run_->err;
  }
  static std::filesystem::path out() { return scratch_->path() / "out"; }

  static inline TempDir* scratch_ = nullptr;
  static inline CliResult* run_ = nullptr;
};

}  // namespace servesim::test
