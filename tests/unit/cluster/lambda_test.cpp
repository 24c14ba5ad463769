// Lambda bills (GB-seconds at a rounding granularity, plus a request fee) and
// the account's warm/cold/throttled starts.
#include <gtest/gtest.h>

#include "sim/cluster/lambda_pool.hpp"
#include "sim/cluster/lambda_spec.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

TEST(LambdaCost, OneMillionInvocationsAt3008MbBilledPerMillisecond) {
  const LambdaSpec spec;  // $0.0000166667/GB-s, $0.20/M requests, 1 ms
  EXPECT_EQ(lambda_billed_duration(spec, from_millis(180)), from_millis(180));
  double total = 0;
  const int n = 1'000'000;
  for (int i = 0; i < n; ++i) total += lambda_invocation_cost(spec, 3008, from_millis(180));
  // 3008 MB = 2.9375 GB; 0.18 s x 2.9375 GB x 1e6 x $0.0000166667 + $0.20.
  const double expected = 0.18 * 2.9375 * 1e6 * 0.0000166667 + 0.20;
  EXPECT_NEAR(total, expected, 1e-6);
  EXPECT_NEAR(total, 9.0125, 0.0001);
}

TEST(LambdaCost, OneHundredMillisecondGranularityRoundsEachInvocationUp) {
  LambdaSpec spec;
  spec.granularity = from_millis(100);  // AWS until December 2020 (MArk's era)
  EXPECT_EQ(lambda_billed_duration(spec, from_millis(180)), from_millis(200));
  EXPECT_EQ(lambda_billed_duration(spec, from_millis(200)), from_millis(200));
  EXPECT_EQ(lambda_billed_duration(spec, from_millis(200) + Duration{1}), from_millis(300));
  double total = 0;
  for (int i = 0; i < 1000; ++i) total += lambda_invocation_cost(spec, 3008, from_millis(180));
  EXPECT_NEAR(total, 0.2 * 2.9375 * 1000 * 0.0000166667 + 1000 * 0.0000002, 1e-9);
  EXPECT_NEAR(total, 0.0099917, 1e-7);  // vs 0.0090125 at 1 ms: 11 % more
}

TEST(LambdaCost, AnInstantInvocationIsBilledOneUnit) {
  const LambdaSpec spec;
  EXPECT_EQ(lambda_billed_duration(spec, Duration::zero()), from_millis(1));
  EXPECT_NEAR(lambda_invocation_cost(spec, 1024, Duration::zero()), 0.001 * 0.0000166667 + 0.0000002, 1e-15);
}

TEST(LambdaCost, CpuShareIsProportionalToMemory) {
  const LambdaSpec spec;
  EXPECT_DOUBLE_EQ(lambda_cpu_share(spec, 1769), 1.0);
  EXPECT_NEAR(lambda_cpu_share(spec, 3008), 1.7004, 1e-4);
}

class LambdaAccountTest : public ::testing::Test {
 protected:
  static LambdaSpec spec() {
    LambdaSpec s;
    s.keep_alive = from_seconds(50 * 60);
    s.concurrency_limit = 3;
    return s;
  }
};

TEST_F(LambdaAccountTest, FirstInvocationIsColdTheNextOneWarm) {
  LambdaAccount account(spec());
  EXPECT_EQ(account.acquire(7, at_seconds(0)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.running(), 1u);
  account.release(7, at_seconds(1));
  EXPECT_EQ(account.running(), 0u);
  EXPECT_EQ(account.warm_idle(7, at_seconds(1)), 1u);
  EXPECT_EQ(account.acquire(7, at_seconds(2)), LambdaAccount::Start::kWarm);
  EXPECT_EQ(account.warm_idle(7, at_seconds(2)), 0u);
}

TEST_F(LambdaAccountTest, ContainersAreNotSharedAcrossFunctions) {
  LambdaAccount account(spec());
  ASSERT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  account.release(1, at_seconds(1));
  EXPECT_EQ(account.acquire(2, at_seconds(2)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.warm_idle(1, at_seconds(2)), 1u);
}

TEST_F(LambdaAccountTest, ConcurrentInvocationsEachNeedAContainer) {
  LambdaAccount account(spec());
  EXPECT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  account.release(1, at_seconds(1));
  account.release(1, at_seconds(1));
  EXPECT_EQ(account.warm_idle(1, at_seconds(1)), 2u);
  EXPECT_EQ(account.acquire(1, at_seconds(2)), LambdaAccount::Start::kWarm);
  EXPECT_EQ(account.acquire(1, at_seconds(2)), LambdaAccount::Start::kWarm);
  EXPECT_EQ(account.acquire(1, at_seconds(2)), LambdaAccount::Start::kCold);
}

TEST_F(LambdaAccountTest, ThrottlesAtTheConcurrencyLimitAcrossFunctions) {
  LambdaAccount account(spec());  // limit 3
  EXPECT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.acquire(2, at_seconds(0)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.acquire(3, at_seconds(0)), LambdaAccount::Start::kCold);
  EXPECT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kThrottled);
  EXPECT_EQ(account.running(), 3u);  // a throttled start does not run
  EXPECT_EQ(account.running(1), 1u);
  account.release(2, at_seconds(1));
  EXPECT_EQ(account.acquire(1, at_seconds(1)), LambdaAccount::Start::kCold);  // 2's container is not 1's
}

TEST_F(LambdaAccountTest, IdleContainersExpireAfterKeepAlive) {
  LambdaAccount account(spec());  // keep-alive 50 min
  ASSERT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  account.release(1, at_seconds(10));
  EXPECT_EQ(account.warm_idle(1, at_seconds(10 + 50 * 60 - 1)), 1u);
  EXPECT_EQ(account.warm_idle(1, at_seconds(10 + 50 * 60)), 0u);  // "less than keep_alive ago" only
  EXPECT_EQ(account.acquire(1, at_seconds(10 + 50 * 60)), LambdaAccount::Start::kCold);
}

TEST_F(LambdaAccountTest, ReusesTheMostRecentlyReleasedContainerSoOldOnesExpire) {
  LambdaAccount account(spec());
  ASSERT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  ASSERT_EQ(account.acquire(1, at_seconds(0)), LambdaAccount::Start::kCold);
  account.release(1, at_seconds(100));   // container A
  account.release(1, at_seconds(1000));  // container B
  // Reusing B leaves A, released at 100 s, which expires at 3100 s.
  ASSERT_EQ(account.acquire(1, at_seconds(2000)), LambdaAccount::Start::kWarm);
  EXPECT_EQ(account.warm_idle(1, at_seconds(3099)), 1u);
  EXPECT_EQ(account.warm_idle(1, at_seconds(3100)), 0u);
}

TEST_F(LambdaAccountTest, ReleasingWhatIsNotRunningIsAnInvariantError) {
  LambdaAccount account(spec());
  EXPECT_THROW(account.release(1, at_seconds(0)), InvariantError);
}

}  // namespace
}  // namespace servesim
