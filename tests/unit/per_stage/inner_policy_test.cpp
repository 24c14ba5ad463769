// Which policies per-stage takes as its inner one comes from the registry
// (PolicyEntry::per_stage_refusal): each refused policy is refused with its
// entry's reason, and every other one passes the check.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "policies/per_stage/per_stage_params.hpp"
#include "policies/policy_registry.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::test {
namespace {

// The error parse_per_stage_params gives for this inner policy, "" for none.
std::string refusal_of(const std::string& inner) {
  const nlohmann::json params = {{"policy", inner}};
  try {
    per_stage::parse_per_stage_params(JsonNode(params, "s.json", "policies[0].params"));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(PerStageInnerPolicy, RefusesExactlyWhatTheRegistrySaysWithItsReason) {
  int refused = 0;
  for (const PolicyEntry& entry : policy_registry()) {
    SCOPED_TRACE(entry.name);
    const std::string error = refusal_of(entry.name);
    if (entry.per_stage_refusal.empty()) {
      EXPECT_EQ(error, "");
    } else {
      ++refused;
      EXPECT_NE(error.find("policy \"" + entry.name + "\" " + entry.per_stage_refusal), std::string::npos) << error;
      EXPECT_NE(error.find("policies[0].params.policy"), std::string::npos) << error;
    }
  }
  EXPECT_EQ(refused, 7);  // static, infaas-ilp, infaas-v2, inferline, cg-mean, cg-peak, per-stage
  EXPECT_EQ(refusal_of("mark"), "");
}

}  // namespace
}  // namespace servesim::test
