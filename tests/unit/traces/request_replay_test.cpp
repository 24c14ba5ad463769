#include "traces/request_replay.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "sim/core/input_error.hpp"
#include "trace_test_support.hpp"

namespace servesim {
namespace {

class RequestReplayTest : public ::testing::Test {
 protected:
  RequestReplayOptions options(const std::string& content) {
    RequestReplayOptions o;
    o.file = dir.write("requests.csv", content);
    return o;
  }
  std::string error_of(const RequestReplayOptions& o) {
    try {
      RequestReplay spec(o);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no InputError";
  }
  test::TempDir dir;
};

// The Proteus layout: arrival_ms,qos,deadline_ms.
TEST_F(RequestReplayTest, ExactTimesAndDeadlines) {
  auto o = options("arrival_ms,qos,deadline_ms\n10,1,300\n20,1,250\n\n20.5,2,100\n20.5,1,75\n");
  o.deadline_column = 2;
  const RequestReplay spec(o);
  EXPECT_EQ(spec.requests(), 4u);
  const auto a = test::take_all(*spec.open(1, "r"));
  ASSERT_EQ(a.size(), 4u);
  EXPECT_EQ(a[0].time, SimTime{10'000'000});
  EXPECT_EQ(a[2].time, SimTime{20'500'000});
  EXPECT_EQ(a[3].time, SimTime{20'500'000});
  EXPECT_EQ(a[0].deadline, from_millis(300));
  EXPECT_EQ(a[3].deadline, from_millis(75));
  o.deadline_column.reset();
  EXPECT_TRUE(test::take_all(*RequestReplay(o).open(1, "r"))[0].deadline.is_infinite());
}

TEST_F(RequestReplayTest, TimeColumnAndUnit) {
  auto o = options("x 1.5\ny 2.25\n");
  o.time_column = 1;
  o.time_unit = TimeUnit::seconds;
  auto a = test::take_all(*RequestReplay(o).open(1, "r"));
  EXPECT_EQ(a[1].time, at_seconds(2.25));
  o = options("7\n1000000\n");
  o.time_unit = TimeUnit::micros;
  a = test::take_all(*RequestReplay(o).open(1, "r"));
  EXPECT_EQ(a[0].time, SimTime{7000});
  EXPECT_EQ(a[1].time, at_seconds(1));
}

TEST_F(RequestReplayTest, WindowShiftsAndCuts) {
  auto o = options("500\n1500\n2500\n3500\n");
  o.start_s = 1;
  o.length_s = 2;
  const RequestReplay spec(o);
  EXPECT_EQ(spec.requests(), 2u);
  const auto a = test::take_all(*spec.open(1, "r"));
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].time, at_seconds(0.5));
  EXPECT_EQ(a[1].time, at_seconds(1.5));
}

TEST_F(RequestReplayTest, EpochMillisecondsStayExact) {
  auto o = options("1700000000123\n1700000000124.5\n");
  o.start_s = 1700000000;
  const auto a = test::take_all(*RequestReplay(o).open(1, "r"));
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].time, SimTime{123'000'000});
  EXPECT_EQ(a[1].time, SimTime{124'500'000});
}

TEST_F(RequestReplayTest, Errors) {
  EXPECT_NE(error_of(options("t\n1\n2\nabc\n")).find("requests.csv:4: expected a number"), std::string::npos);
  EXPECT_NE(error_of(options("1\n3\n2\n")).find("requests.csv:3: times must not decrease"), std::string::npos);
  EXPECT_NE(error_of(options("")).find("empty trace"), std::string::npos);
  EXPECT_NE(error_of(options("arrival_ms\n")).find("empty trace"), std::string::npos);
  auto o = options("10,1\n");
  o.deadline_column = 2;
  EXPECT_NE(error_of(o).find("requests.csv:1: expected a deadline"), std::string::npos);
  o = options("10\n");
  o.start_s = 5;
  EXPECT_NE(error_of(o).find("no request falls in the window"), std::string::npos);
  o.file = dir.path() / "nope.csv";
  EXPECT_NE(error_of(o).find("nope.csv: cannot open"), std::string::npos);
}

}  // namespace
}  // namespace servesim
