// The money invariant (docs/invariants.md, I4), broken on purpose: a ledger
// that billed a window twice, or missed one, no longer matches the costs
// computed once from their rates.
#include "sim/metrics/money_audit.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

CostLedger ledger() {
  CostLedger l;
  l.add_fixed(3.0);
  l.add_on_demand("m5.large", 0.5);
  l.add_spot("p3.2xlarge", 1.25);
  l.add_lambda(0.002);
  return l;
}

TEST(MoneyAudit, BalancedBooksPass) { EXPECT_FALSE(money_problem(ledger(), ExpectedCharges{3.0, 1.75, 0.002})); }

TEST(MoneyAudit, AWindowBilledTwiceIsCaught) {
  CostLedger twice = ledger();
  twice.add_fixed(0.1);  // one window of the fixed cluster again
  const auto problem = money_problem(twice, ExpectedCharges{3.0, 1.75, 0.002});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("fixed cluster billed $3.100000000"), std::string::npos) << *problem;
}

TEST(MoneyAudit, EachCostIsCheckedOnItsOwn) {
  EXPECT_TRUE(money_problem(ledger(), ExpectedCharges{3.0, 1.5, 0.002}));    // an instance's hour missed
  EXPECT_TRUE(money_problem(ledger(), ExpectedCharges{3.0, 1.75, 0.003}));   // an invocation missed
  CostLedger untyped = ledger();
  untyped.on_demand += 1;  // by_instance_type no longer adds up
  EXPECT_TRUE(money_problem(untyped, ExpectedCharges{3.0, 2.75, 0.002}));
}

// Hosted is a view of the fixed cluster, not a cost of its own: its windows
// must add up to its integral over the run, and it can never exceed fixed.
TEST(MoneyAudit, HostedAddsUpAndStaysWithinTheFixedCluster) {
  CostLedger hosted = ledger();
  hosted.add_hosted(1.2);
  EXPECT_FALSE(money_problem(hosted, ExpectedCharges{3.0, 1.75, 0.002, 1.2}));

  const auto missed = money_problem(hosted, ExpectedCharges{3.0, 1.75, 0.002, 1.5});  // a window not taken
  ASSERT_TRUE(missed);
  EXPECT_NE(missed->find("hosted billed $1.200000000 but its rate comes to $1.500000000"), std::string::npos)
      << *missed;

  CostLedger over = ledger();
  over.add_hosted(3.5);  // more than the whole fixed cluster, in windows and integral alike
  const auto problem = money_problem(over, ExpectedCharges{3.0, 1.75, 0.002, 3.5});
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("hosted came to $3.500000000, more than the whole fixed cluster's $3.000000000"),
            std::string::npos)
      << *problem;

  CostLedger all = ledger();
  all.add_hosted(3.0 + 1e-12);  // every device hosted all the time: equal, to rounding
  EXPECT_FALSE(money_problem(all, ExpectedCharges{3.0, 1.75, 0.002, 3.0}));
}

}  // namespace
}  // namespace servesim
