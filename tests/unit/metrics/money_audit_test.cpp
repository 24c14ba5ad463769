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

}  // namespace
}  // namespace servesim
